; LLVM 15 debug metadata translated from SPIR-V by hdref llvm-di (docs/llvm-translation.md)
target triple = "spir64-unknown-unknown"


declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.donothing()

!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!18, !19}

!18 = !{i32 7, !"Dwarf Version", i32 5}
!19 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !DIFile(filename: "k.cl", directory: ""), isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DICompositeType(tag: DW_TAG_structure_type, name: "n1", file: !DIFile(filename: "k.cl", directory: ""), line: 1, scope: !1, size: 32, elements: !{!4}, templateParams: !{!5, !6, !7}, identifier: "n2")
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!4 = !DIDerivedType(tag: DW_TAG_member, name: "n3", file: !DIFile(filename: "k.cl", directory: ""), line: 2, scope: !2, baseType: !3, size: 32, offset: 32)
!5 = !DITemplateValueParameter(name: "n4", type: !3, value: i32 32)
!6 = !DITemplateValueParameter(name: "n6", type: !3, value: i32 32)
!7 = !DITemplateValueParameter(name: "n8", type: !3, value: i32 32)
