; LLVM 15 debug metadata translated from SPIR-V by hdref llvm-di (docs/llvm-translation.md)
target triple = "spir64-unknown-unknown"

@"g_buf" = addrspace(1) global i8 0, !dbg !67
@"g_const" = addrspace(2) global i8 0, !dbg !69
@"g_tile" = addrspace(3) global i8 0, !dbg !71

define void @"main"(ptr addrspace(1) %v88) !dbg !15 {
entry:
  %v90 = alloca i8
  %v91 = alloca i8
  %v100 = freeze i32 undef
  %v97 = freeze i32 undef
  %v106 = freeze i32 undef
  %v109 = freeze i32 undef
  call void @llvm.dbg.value(metadata ptr addrspace(1) %v88, metadata !16, metadata !DIExpression()), !dbg !120
  call void @llvm.dbg.declare(metadata ptr %v90, metadata !35, metadata !DIExpression()), !dbg !121
  call void @llvm.donothing(), !dbg !122
  call void @llvm.dbg.declare(metadata ptr %v91, metadata !36, metadata !DIExpression()), !dbg !123
  call void @llvm.donothing(), !dbg !124
  call void @llvm.dbg.value(metadata i32 %v100, metadata !37, metadata !DIExpression()), !dbg !125
  call void @llvm.dbg.value(metadata i32 %v100, metadata !38, metadata !DIExpression(DW_OP_LLVM_fragment, 0, 32)), !dbg !126
  call void @llvm.dbg.value(metadata i32 %v97, metadata !38, metadata !DIExpression(DW_OP_LLVM_fragment, 32, 32)), !dbg !127
  call void @llvm.dbg.value(metadata i32 %v100, metadata !22, metadata !DIExpression()), !dbg !128
  call void @llvm.donothing(), !dbg !129
  call void @llvm.dbg.value(metadata i32 %v106, metadata !24, metadata !DIExpression()), !dbg !130
  call void @llvm.donothing(), !dbg !131
  call void @llvm.dbg.value(metadata i32 %v109, metadata !26, metadata !DIExpression()), !dbg !132
  call void @llvm.donothing(), !dbg !133
  call void @llvm.donothing(), !dbg !134
  ret void
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.donothing()

!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!118, !119}

!118 = !{i32 7, !"Dwarf Version", i32 5}
!119 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !DIFile(filename: "k.cl", directory: ""), isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !{!67, !69, !71})
!2 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!3 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!4 = !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !DIFile(filename: "k.cl", directory: ""), line: 3, scope: !1, size: 96, elements: !{!5, !6, !7}, identifier: "S")
!5 = !DIDerivedType(tag: DW_TAG_member, name: "m0", file: !DIFile(filename: "k.cl", directory: ""), line: 3, scope: !4, baseType: !2, size: 32, offset: 0, flags: DIFlagPublic)
!6 = !DIDerivedType(tag: DW_TAG_member, name: "m1", file: !DIFile(filename: "k.cl", directory: ""), line: 3, scope: !4, baseType: !3, size: 32, offset: 32, flags: DIFlagPublic)
!7 = !DIDerivedType(tag: DW_TAG_member, name: "m2", file: !DIFile(filename: "k.cl", directory: ""), line: 3, scope: !4, baseType: !2, size: 32, offset: 64, flags: DIFlagPublic)
!8 = distinct !DIGlobalVariable(name: "g_buf", file: !DIFile(filename: "k.cl", directory: ""), line: 5, linkageName: "g_buf", scope: !1, type: !2, isLocal: false, isDefinition: true)
!67 = !DIGlobalVariableExpression(var: !8, expr: !DIExpression())
!9 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !2)
!10 = distinct !DIGlobalVariable(name: "g_const", file: !DIFile(filename: "k.cl", directory: ""), line: 6, linkageName: "g_const", scope: !1, type: !9, isLocal: false, isDefinition: true)
!69 = !DIGlobalVariableExpression(var: !10, expr: !DIExpression())
!11 = !DICompositeType(tag: DW_TAG_array_type, baseType: !2, size: 128, elements: !{!DISubrange(count: 4)})
!12 = distinct !DIGlobalVariable(name: "g_tile", file: !DIFile(filename: "k.cl", directory: ""), line: 9, linkageName: "g_tile", scope: !1, type: !11, isLocal: true, isDefinition: true)
!71 = !DIGlobalVariableExpression(var: !12, expr: !DIExpression())
!13 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !2, size: 64, dwarfAddressSpace: 1)
!14 = !DISubroutineType(types: !{null, !13})
!15 = distinct !DISubprogram(name: "main", file: !DIFile(filename: "k.cl", directory: ""), line: 10, linkageName: "main", scope: !1, type: !14, flags: DIFlagPrototyped, scopeLine: 9, spFlags: DISPFlagDefinition, unit: !1, retainedNodes: !{!16, !35, !36, !37, !38})
!16 = !DILocalVariable(name: "out", arg: 1, scope: !15, file: !DIFile(filename: "k.cl", directory: ""), line: 10, type: !13)
!17 = distinct !DILexicalBlock(scope: !15, file: !DIFile(filename: "k.cl", directory: ""), line: 11, column: 3)
!18 = distinct !DILexicalBlock(scope: !17, file: !DIFile(filename: "k.cl", directory: ""), line: 13, column: 3)
!19 = !DISubroutineType(types: !{!2, !2})
!21 = distinct !DISubprogram(name: "f0", file: !DIFile(filename: "k.cl", directory: ""), line: 14, linkageName: "f0", scope: !1, type: !19, flags: DIFlagPrototyped, scopeLine: 13, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !1, retainedNodes: !{!22})
!22 = !DILocalVariable(name: "n", arg: 1, scope: !21, file: !DIFile(filename: "k.cl", directory: ""), line: 14, type: !2)
!23 = distinct !DISubprogram(name: "f1", file: !DIFile(filename: "k.cl", directory: ""), line: 16, linkageName: "f1", scope: !1, type: !19, flags: DIFlagPrototyped, scopeLine: 14, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !1, retainedNodes: !{!24})
!24 = !DILocalVariable(name: "n", arg: 1, scope: !23, file: !DIFile(filename: "k.cl", directory: ""), line: 16, type: !2)
!25 = distinct !DISubprogram(name: "f2", file: !DIFile(filename: "k.cl", directory: ""), line: 18, linkageName: "f2", scope: !1, type: !19, flags: DIFlagPrototyped, scopeLine: 16, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !1, retainedNodes: !{!26})
!26 = !DILocalVariable(name: "n", arg: 1, scope: !25, file: !DIFile(filename: "k.cl", directory: ""), line: 18, type: !2)
!27 = distinct !DILocation(line: 21, scope: !18)
!29 = distinct !DILocation(line: 24, scope: !21, inlinedAt: !27)
!31 = distinct !DILocation(line: 27, scope: !23, inlinedAt: !29)
!35 = !DILocalVariable(name: "s", scope: !17, file: !DIFile(filename: "k.cl", directory: ""), line: 30, type: !4)
!36 = !DILocalVariable(name: "t", scope: !18, file: !DIFile(filename: "k.cl", directory: ""), line: 33, type: !2)
!37 = !DILocalVariable(name: "x", scope: !18, file: !DIFile(filename: "k.cl", directory: ""), line: 34, type: !2)
!38 = !DILocalVariable(name: "p", scope: !18, file: !DIFile(filename: "k.cl", directory: ""), line: 35, type: !4)
!120 = !DILocation(line: 36, column: 5, scope: !15)
!121 = !DILocation(line: 38, column: 5, scope: !17)
!122 = !DILocation(line: 38, column: 5, scope: !17)
!123 = !DILocation(line: 41, column: 5, scope: !18)
!124 = !DILocation(line: 41, column: 5, scope: !18)
!125 = !DILocation(line: 41, column: 5, scope: !18)
!126 = !DILocation(line: 41, column: 5, scope: !18)
!127 = !DILocation(line: 41, column: 5, scope: !18)
!128 = !DILocation(line: 43, column: 5, scope: !21, inlinedAt: !27)
!129 = !DILocation(line: 43, column: 5, scope: !21, inlinedAt: !27)
!130 = !DILocation(line: 46, column: 5, scope: !23, inlinedAt: !29)
!131 = !DILocation(line: 46, column: 5, scope: !23, inlinedAt: !29)
!132 = !DILocation(line: 47, column: 5, scope: !25, inlinedAt: !31)
!133 = !DILocation(line: 47, column: 5, scope: !25, inlinedAt: !31)
!134 = !DILocation(line: 49, column: 5, scope: !18)
