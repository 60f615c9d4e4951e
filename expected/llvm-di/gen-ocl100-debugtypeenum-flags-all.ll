; LLVM 15 debug metadata translated from SPIR-V by hdref llvm-di (docs/llvm-translation.md)
target triple = "spir64-unknown-unknown"


declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.donothing()

!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!8, !9}

!8 = !{i32 7, !"Dwarf Version", i32 5}
!9 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !DIFile(filename: "k.cl", directory: ""), isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !{!3})
!2 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!3 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "n1", file: !DIFile(filename: "k.cl", directory: ""), line: 1, scope: !1, baseType: !2, size: 32, flags: DIFlagPublic | DIFlagFwdDecl | DIFlagArtificial | DIFlagExplicit | DIFlagPrototyped | DIFlagObjectPointer | DIFlagStaticMember | DIFlagEnumClass | DIFlagTypePassByValue | DIFlagTypePassByReference, elements: !{})
