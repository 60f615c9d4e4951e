; LLVM 15 debug metadata translated from SPIR-V by hdref llvm-di (docs/llvm-translation.md)
target triple = "spir64-unknown-unknown"


declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.donothing()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!6, !7}

!6 = !{i32 7, !"Dwarf Version", i32 5}
!7 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: 0, file: !DIFile(filename: "k.cl", directory: ""), isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !{!2})
!1 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!2 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "n1", file: !DIFile(filename: "k.cl", directory: ""), line: 1, scope: !0, baseType: !1, size: 32, elements: !{!DIEnumerator(name: "n2", value: 0), !DIEnumerator(name: "n3", value: 1), !DIEnumerator(name: "n4", value: 2)})
