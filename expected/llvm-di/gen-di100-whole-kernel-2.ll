; LLVM 15 debug metadata translated from SPIR-V by hdref llvm-di (docs/llvm-translation.md)
target triple = "spir64-unknown-unknown"

@"g_buf" = addrspace(1) global i8 0, !dbg !65
@"g_const" = addrspace(2) global i8 0, !dbg !67
@"g_tile" = addrspace(3) global i8 0, !dbg !69

define void @"main"(ptr addrspace(1) %v87) !dbg !14 {
entry:
  %v89 = alloca i8
  %v90 = alloca i8
  %v99 = freeze i32 undef
  %v96 = freeze i32 undef
  %v105 = freeze i32 undef
  %v108 = freeze i32 undef
  call void @llvm.dbg.value(metadata ptr addrspace(1) %v87, metadata !15, metadata !DIExpression()), !dbg !118
  call void @llvm.dbg.declare(metadata ptr %v89, metadata !34, metadata !DIExpression()), !dbg !119
  call void @llvm.donothing(), !dbg !120
  call void @llvm.dbg.declare(metadata ptr %v90, metadata !35, metadata !DIExpression()), !dbg !121
  call void @llvm.donothing(), !dbg !122
  call void @llvm.dbg.value(metadata i32 %v99, metadata !36, metadata !DIExpression()), !dbg !123
  call void @llvm.dbg.value(metadata i32 %v99, metadata !21, metadata !DIExpression()), !dbg !126
  call void @llvm.donothing(), !dbg !127
  call void @llvm.dbg.value(metadata i32 %v105, metadata !23, metadata !DIExpression()), !dbg !128
  call void @llvm.donothing(), !dbg !129
  call void @llvm.dbg.value(metadata i32 %v108, metadata !25, metadata !DIExpression()), !dbg !130
  call void @llvm.donothing(), !dbg !131
  call void @llvm.donothing(), !dbg !132
  ret void
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.donothing()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!116, !117}

!116 = !{i32 7, !"Dwarf Version", i32 5}
!117 = !{i32 2, !"Debug Info Version", i32 3}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !DIFile(filename: "k.cl", directory: ""), isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, globals: !{!65, !67, !69})
!1 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!2 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!3 = !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !DIFile(filename: "k.cl", directory: ""), line: 1, scope: !0, size: 96, elements: !{!4, !5, !6})
!4 = !DIDerivedType(tag: DW_TAG_member, name: "m0", file: !DIFile(filename: "k.cl", directory: ""), line: 1, scope: !3, baseType: !1, size: 32, offset: 0, flags: DIFlagPublic)
!5 = !DIDerivedType(tag: DW_TAG_member, name: "m1", file: !DIFile(filename: "k.cl", directory: ""), line: 1, scope: !3, baseType: !2, size: 32, offset: 32, flags: DIFlagPublic)
!6 = !DIDerivedType(tag: DW_TAG_member, name: "m2", file: !DIFile(filename: "k.cl", directory: ""), line: 1, scope: !3, baseType: !1, size: 32, offset: 64, flags: DIFlagPublic)
!7 = distinct !DIGlobalVariable(name: "g_buf", file: !DIFile(filename: "k.cl", directory: ""), line: 2, linkageName: "g_buf", scope: !0, type: !1, isLocal: false, isDefinition: true)
!65 = !DIGlobalVariableExpression(var: !7, expr: !DIExpression())
!8 = !DIDerivedType(tag: DW_TAG_const_type, baseType: !1)
!9 = distinct !DIGlobalVariable(name: "g_const", file: !DIFile(filename: "k.cl", directory: ""), line: 4, linkageName: "g_const", scope: !0, type: !8, isLocal: false, isDefinition: true)
!67 = !DIGlobalVariableExpression(var: !9, expr: !DIExpression())
!10 = !DICompositeType(tag: DW_TAG_array_type, baseType: !1, size: 128, elements: !{!DISubrange(count: 4)})
!11 = distinct !DIGlobalVariable(name: "g_tile", file: !DIFile(filename: "k.cl", directory: ""), line: 7, linkageName: "g_tile", scope: !0, type: !10, isLocal: true, isDefinition: true)
!69 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!12 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !1, size: 64, dwarfAddressSpace: 1)
!13 = !DISubroutineType(types: !{null, !12})
!14 = distinct !DISubprogram(name: "main", file: !DIFile(filename: "k.cl", directory: ""), line: 9, linkageName: "main", scope: !0, type: !13, flags: DIFlagPrototyped, scopeLine: 7, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !{!15, !34, !35, !36, !37})
!15 = !DILocalVariable(name: "out", arg: 1, scope: !14, file: !DIFile(filename: "k.cl", directory: ""), line: 9, type: !12)
!16 = distinct !DILexicalBlock(scope: !14, file: !DIFile(filename: "k.cl", directory: ""), line: 11, column: 3)
!17 = distinct !DILexicalBlock(scope: !16, file: !DIFile(filename: "k.cl", directory: ""), line: 14, column: 3)
!18 = !DISubroutineType(types: !{!1, !1})
!20 = distinct !DISubprogram(name: "f0", file: !DIFile(filename: "k.cl", directory: ""), line: 17, linkageName: "f0", scope: !0, type: !18, flags: DIFlagPrototyped, scopeLine: 14, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{!21})
!21 = !DILocalVariable(name: "n", arg: 1, scope: !20, file: !DIFile(filename: "k.cl", directory: ""), line: 17, type: !1)
!22 = distinct !DISubprogram(name: "f1", file: !DIFile(filename: "k.cl", directory: ""), line: 19, linkageName: "f1", scope: !0, type: !18, flags: DIFlagPrototyped, scopeLine: 17, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{!23})
!23 = !DILocalVariable(name: "n", arg: 1, scope: !22, file: !DIFile(filename: "k.cl", directory: ""), line: 19, type: !1)
!24 = distinct !DISubprogram(name: "f2", file: !DIFile(filename: "k.cl", directory: ""), line: 20, linkageName: "f2", scope: !0, type: !18, flags: DIFlagPrototyped, scopeLine: 19, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !{!25})
!25 = !DILocalVariable(name: "n", arg: 1, scope: !24, file: !DIFile(filename: "k.cl", directory: ""), line: 20, type: !1)
!26 = distinct !DILocation(line: 23, scope: !17)
!28 = distinct !DILocation(line: 24, scope: !20, inlinedAt: !26)
!30 = distinct !DILocation(line: 25, scope: !22, inlinedAt: !28)
!34 = !DILocalVariable(name: "s", scope: !16, file: !DIFile(filename: "k.cl", directory: ""), line: 27, type: !3)
!35 = !DILocalVariable(name: "t", scope: !17, file: !DIFile(filename: "k.cl", directory: ""), line: 28, type: !1)
!36 = !DILocalVariable(name: "x", scope: !17, file: !DIFile(filename: "k.cl", directory: ""), line: 31, type: !1)
!37 = !DILocalVariable(name: "p", scope: !17, file: !DIFile(filename: "k.cl", directory: ""), line: 33, type: !3)
!118 = !DILocation(line: 36, column: 5, scope: !14)
!119 = !DILocation(line: 37, column: 5, scope: !16)
!120 = !DILocation(line: 37, column: 5, scope: !16)
!121 = !DILocation(line: 39, column: 5, scope: !17)
!122 = !DILocation(line: 39, column: 5, scope: !17)
!123 = !DILocation(line: 39, column: 5, scope: !17)
!124 = !DILocation(line: 39, column: 5, scope: !17)
!125 = !DILocation(line: 39, column: 5, scope: !17)
!126 = !DILocation(line: 41, column: 5, scope: !20, inlinedAt: !26)
!127 = !DILocation(line: 41, column: 5, scope: !20, inlinedAt: !26)
!128 = !DILocation(line: 42, column: 5, scope: !22, inlinedAt: !28)
!129 = !DILocation(line: 42, column: 5, scope: !22, inlinedAt: !28)
!130 = !DILocation(line: 44, column: 5, scope: !24, inlinedAt: !30)
!131 = !DILocation(line: 44, column: 5, scope: !24, inlinedAt: !30)
!132 = !DILocation(line: 47, column: 5, scope: !17)

; not translated: DebugValue %101: an operation LLVM's DIExpression has not (BitPiece)
; not translated: DebugValue %102: an operation LLVM's DIExpression has not (BitPiece)
