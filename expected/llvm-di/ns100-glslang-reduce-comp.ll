; LLVM 15 debug metadata translated from SPIR-V by hdref llvm-di (docs/llvm-translation.md)
target triple = "spir64-unknown-unknown"

@"gl_LocalInvocationID" = global i8 0, !dbg !82
@"inputs" = global i8 0, !dbg !98
@"gl_GlobalInvocationID" = global i8 0, !dbg !100
@"partial" = addrspace(3) global i8 0, !dbg !103
@"outputs" = global i8 0, !dbg !113
@"gl_WorkGroupID" = global i8 0, !dbg !114

define void @"main"() !dbg !4 {
entry:
  %v12 = alloca i8
  %v13 = alloca i8
  %v19 = alloca i8
  %v27 = alloca i8
  %v33 = alloca i8
  %v35 = alloca i8
  call void @llvm.dbg.declare(metadata ptr %v12, metadata !5, metadata !DIExpression()), !dbg !150
  call void @llvm.donothing(), !dbg !151
  call void @llvm.dbg.declare(metadata ptr %v13, metadata !12, metadata !DIExpression()), !dbg !152
  call void @llvm.donothing(), !dbg !153
  call void @llvm.dbg.declare(metadata ptr %v19, metadata !17, metadata !DIExpression()), !dbg !154
  call void @llvm.donothing(), !dbg !155
  call void @llvm.dbg.declare(metadata ptr %v27, metadata !27, metadata !DIExpression()), !dbg !156
  call void @llvm.donothing(), !dbg !157
  call void @llvm.donothing(), !dbg !158
  call void @llvm.donothing(), !dbg !159
  call void @llvm.donothing(), !dbg !160
  call void @llvm.dbg.declare(metadata ptr %v33, metadata !30, metadata !DIExpression()), !dbg !161
  call void @llvm.donothing(), !dbg !162
  call void @llvm.donothing(), !dbg !163
  call void @llvm.donothing(), !dbg !164
  call void @llvm.donothing(), !dbg !165
  call void @llvm.dbg.declare(metadata ptr %v35, metadata !34, metadata !DIExpression()), !dbg !166
  call void @llvm.donothing(), !dbg !167
  call void @llvm.donothing(), !dbg !168
  call void @llvm.donothing(), !dbg !169
  call void @llvm.donothing(), !dbg !170
  call void @llvm.donothing(), !dbg !171
  call void @llvm.donothing(), !dbg !172
  ret void
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.donothing()

!llvm.dbg.cu = !{!3}
!llvm.module.flags = !{!148, !149}

!148 = !{i32 7, !"Dwarf Version", i32 4}
!149 = !{i32 2, !"Debug Info Version", i32 3}
!0 = !DIBasicType(name: "uint", size: 32, encoding: DW_ATE_unsigned)
!1 = !DISubroutineType(flags: DIFlagPublic, types: !{null})
!3 = distinct !DICompileUnit(language: 52, file: !DIFile(filename: "reduce.comp", directory: ""), isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !{!82, !98, !100, !103, !113, !114})
!4 = distinct !DISubprogram(name: "main", file: !DIFile(filename: "reduce.comp", directory: ""), linkageName: "main", scope: !3, type: !1, flags: DIFlagPublic, spFlags: DISPFlagDefinition, unit: !3, retainedNodes: !{!5, !12, !17, !27, !30, !34})
!5 = !DILocalVariable(name: "lane", scope: !4, file: !DIFile(filename: "reduce.comp", directory: ""), line: 16, type: !0)
!7 = !DICompositeType(tag: DW_TAG_array_type, baseType: !0, size: 128, flags: DIFlagVector, elements: !{!DISubrange(count: 3)})
!8 = distinct !DIGlobalVariable(name: "gl_LocalInvocationID", file: !DIFile(filename: "reduce.comp", directory: ""), line: 16, linkageName: "gl_LocalInvocationID", scope: !3, type: !7, isLocal: false, isDefinition: true)
!82 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!9 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!10 = !DICompositeType(tag: DW_TAG_array_type, baseType: !9, size: 64, flags: DIFlagVector, elements: !{!DISubrange(count: 2)})
!11 = !DICompositeType(tag: DW_TAG_array_type, baseType: !10, elements: !{!DISubrange(count: 2)})
!12 = !DILocalVariable(name: "rotate", scope: !4, file: !DIFile(filename: "reduce.comp", directory: ""), line: 17, type: !11)
!13 = !DICompositeType(tag: DW_TAG_array_type, baseType: !9, size: 128, flags: DIFlagVector, elements: !{!DISubrange(count: 4)})
!14 = !DIDerivedType(tag: DW_TAG_member, name: "value", file: !DIFile(filename: "reduce.comp", directory: ""), line: 5, scope: !16, baseType: !13, size: 0, offset: 0, flags: DIFlagPublic)
!15 = !DIDerivedType(tag: DW_TAG_member, name: "weight", file: !DIFile(filename: "reduce.comp", directory: ""), line: 6, scope: !16, baseType: !0, size: 0, offset: 0, flags: DIFlagPublic)
!16 = !DICompositeType(tag: DW_TAG_structure_type, name: "Sample", file: !DIFile(filename: "reduce.comp", directory: ""), line: 18, scope: !3, size: 0, flags: DIFlagPublic, elements: !{!14, !15}, identifier: "Sample")
!17 = !DILocalVariable(name: "s", scope: !4, file: !DIFile(filename: "reduce.comp", directory: ""), line: 18, type: !16)
!18 = !DIDerivedType(tag: DW_TAG_member, name: "value", file: !DIFile(filename: "reduce.comp", directory: ""), line: 5, scope: !20, baseType: !13, size: 0, offset: 0, flags: DIFlagPublic)
!19 = !DIDerivedType(tag: DW_TAG_member, name: "weight", file: !DIFile(filename: "reduce.comp", directory: ""), line: 6, scope: !20, baseType: !0, size: 0, offset: 0, flags: DIFlagPublic)
!20 = !DICompositeType(tag: DW_TAG_structure_type, name: "Sample", file: !DIFile(filename: "reduce.comp", directory: ""), line: 18, scope: !3, size: 0, flags: DIFlagPublic, elements: !{!18, !19}, identifier: "Sample")
!21 = !DICompositeType(tag: DW_TAG_array_type, baseType: !20, elements: !{!DISubrange(count: 0)})
!22 = !DIDerivedType(tag: DW_TAG_member, name: "samples", file: !DIFile(filename: "reduce.comp", directory: ""), line: 9, scope: !23, baseType: !21, size: 0, offset: 0, flags: DIFlagPublic)
!23 = !DICompositeType(tag: DW_TAG_structure_type, name: "Inputs", file: !DIFile(filename: "reduce.comp", directory: ""), line: 18, scope: !3, size: 0, flags: DIFlagPublic, elements: !{!22}, identifier: "Inputs")
!24 = distinct !DIGlobalVariable(name: "inputs", file: !DIFile(filename: "reduce.comp", directory: ""), line: 18, linkageName: "inputs", scope: !3, type: !23, isLocal: false, isDefinition: true)
!98 = !DIGlobalVariableExpression(var: !24, expr: !DIExpression())
!25 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!26 = distinct !DIGlobalVariable(name: "gl_GlobalInvocationID", file: !DIFile(filename: "reduce.comp", directory: ""), line: 18, linkageName: "gl_GlobalInvocationID", scope: !3, type: !7, isLocal: false, isDefinition: true)
!100 = !DIGlobalVariableExpression(var: !26, expr: !DIExpression())
!27 = !DILocalVariable(name: "acc", scope: !4, file: !DIFile(filename: "reduce.comp", directory: ""), line: 19, type: !13)
!28 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, size: 8192, elements: !{!DISubrange(count: 64)})
!29 = distinct !DIGlobalVariable(name: "partial", file: !DIFile(filename: "reduce.comp", directory: ""), line: 21, linkageName: "partial", scope: !3, type: !28, isLocal: false, isDefinition: true)
!103 = !DIGlobalVariableExpression(var: !29, expr: !DIExpression())
!30 = !DILocalVariable(name: "stride", scope: !4, file: !DIFile(filename: "reduce.comp", directory: ""), line: 23, type: !0)
!31 = !DIBasicType(name: "bool", size: 32, encoding: DW_ATE_boolean)
!32 = !DIBasicType(name: "bool", size: 32, encoding: DW_ATE_boolean)
!33 = distinct !DILexicalBlock(scope: !4, file: !DIFile(filename: "reduce.comp", directory: ""))
!34 = !DILocalVariable(name: "other", scope: !33, file: !DIFile(filename: "reduce.comp", directory: ""), line: 25, type: !13)
!35 = !DIBasicType(name: "bool", size: 32, encoding: DW_ATE_boolean)
!36 = !DICompositeType(tag: DW_TAG_array_type, baseType: !13, elements: !{!DISubrange(count: 0)})
!37 = !DIDerivedType(tag: DW_TAG_member, name: "sums", file: !DIFile(filename: "reduce.comp", directory: ""), line: 10, scope: !38, baseType: !36, size: 0, offset: 0, flags: DIFlagPublic)
!38 = !DICompositeType(tag: DW_TAG_structure_type, name: "Outputs", file: !DIFile(filename: "reduce.comp", directory: ""), line: 31, scope: !3, size: 0, flags: DIFlagPublic, elements: !{!37}, identifier: "Outputs")
!39 = distinct !DIGlobalVariable(name: "outputs", file: !DIFile(filename: "reduce.comp", directory: ""), line: 31, linkageName: "outputs", scope: !3, type: !38, isLocal: false, isDefinition: true)
!113 = !DIGlobalVariableExpression(var: !39, expr: !DIExpression())
!40 = distinct !DIGlobalVariable(name: "gl_WorkGroupID", file: !DIFile(filename: "reduce.comp", directory: ""), line: 31, linkageName: "gl_WorkGroupID", scope: !3, type: !7, isLocal: false, isDefinition: true)
!114 = !DIGlobalVariableExpression(var: !40, expr: !DIExpression())
!150 = !DILocation(line: 16, column: 0, scope: !4)
!151 = !DILocation(line: 16, column: 0, scope: !4)
!152 = !DILocation(line: 17, column: 0, scope: !4)
!153 = !DILocation(line: 17, column: 0, scope: !4)
!154 = !DILocation(line: 18, column: 0, scope: !4)
!155 = !DILocation(line: 18, column: 0, scope: !4)
!156 = !DILocation(line: 19, column: 0, scope: !4)
!157 = !DILocation(line: 19, column: 0, scope: !4)
!158 = !DILocation(line: 20, column: 0, scope: !4)
!159 = !DILocation(line: 21, column: 0, scope: !4)
!160 = !DILocation(line: 22, column: 0, scope: !4)
!161 = !DILocation(line: 23, column: 0, scope: !4)
!162 = !DILocation(line: 23, column: 0, scope: !4)
!163 = !DILocation(line: 23, column: 0, scope: !4)
!164 = !DILocation(line: 23, column: 0, scope: !4)
!165 = !DILocation(line: 24, column: 0, scope: !4)
!166 = !DILocation(line: 25, column: 0, scope: !33)
!167 = !DILocation(line: 25, column: 0, scope: !33)
!168 = !DILocation(line: 26, column: 0, scope: !33)
!169 = !DILocation(line: 28, column: 0, scope: !4)
!170 = !DILocation(line: 23, column: 0, scope: !4)
!171 = !DILocation(line: 30, column: 0, scope: !4)
!172 = !DILocation(line: 31, column: 0, scope: !4)
