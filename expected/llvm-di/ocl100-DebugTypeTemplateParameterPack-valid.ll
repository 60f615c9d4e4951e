; LLVM 15 debug metadata translated from SPIR-V by hdref llvm-di (docs/llvm-translation.md)
target triple = "spir64-unknown-unknown"


declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.donothing()

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!20, !21}

!20 = !{i32 7, !"Dwarf Version", i32 5}
!21 = !{i32 2, !"Debug Info Version", i32 3}
!2 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !DIFile(filename: "k.cl", directory: ""), isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!3 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!4 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!5 = !DITemplateTypeParameter(type: !3)
!6 = !DITemplateTypeParameter(type: !4)
!7 = !DITemplateValueParameter(tag: DW_TAG_GNU_template_parameter_pack, name: "Ts", value: !{!5, !6})
!8 = !DICompositeType(tag: DW_TAG_structure_type, name: "Tup<int, float>", file: !DIFile(filename: "k.cl", directory: ""), line: 2, scope: !2, flags: DIFlagFwdDecl, elements: !{}, templateParams: !{!7}, identifier: "Tup<int, float>")
