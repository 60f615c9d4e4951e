; LLVM 15 debug metadata translated from SPIR-V by hdref llvm-di (docs/llvm-translation.md)
target triple = "spir64-unknown-unknown"


define void @"main"() !dbg !8 {
entry:
  %v34 = freeze i32 undef
  %v37 = freeze i32 undef
  call void @llvm.donothing(), !dbg !30
  call void @llvm.donothing(), !dbg !31
  call void @llvm.donothing(), !dbg !32
  ret void
}

declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @llvm.dbg.value(metadata, metadata, metadata)
declare void @llvm.donothing()

!llvm.dbg.cu = !{!1}
!llvm.module.flags = !{!28, !29}

!28 = !{i32 7, !"Dwarf Version", i32 5}
!29 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !DIFile(filename: "k.cl", directory: ""), isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!2 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!3 = !DICompositeType(tag: DW_TAG_structure_type, name: "S", file: !DIFile(filename: "k.cl", directory: ""), line: 1, scope: !1, size: 64, elements: !{!4, !5, !6}, identifier: "S")
!4 = !DIDerivedType(tag: DW_TAG_member, name: "s", file: !DIFile(filename: "k.cl", directory: ""), line: 2, scope: !3, baseType: !2, flags: DIFlagStaticMember)
!5 = !DIDerivedType(tag: DW_TAG_member, name: "a", file: !DIFile(filename: "k.cl", directory: ""), line: 3, scope: !3, baseType: !2, size: 32, offset: 0, flags: DIFlagPublic)
!6 = !DIDerivedType(tag: DW_TAG_member, name: "b", file: !DIFile(filename: "k.cl", directory: ""), line: 4, scope: !3, baseType: !2, size: 32, offset: 32, flags: DIFlagPublic)
!7 = !DISubroutineType(types: !{null})
!8 = distinct !DISubprogram(name: "main", file: !DIFile(filename: "k.cl", directory: ""), line: 5, linkageName: "main", scope: !1, type: !7, scopeLine: 5, spFlags: DISPFlagDefinition, unit: !1, retainedNodes: !{!10})
!10 = !DILocalVariable(name: "v", scope: !8, file: !DIFile(filename: "k.cl", directory: ""), line: 6, type: !3)
!30 = !DILocation(line: 6, column: 3, scope: !8)
!31 = !DILocation(line: 6, column: 3, scope: !8)
!32 = !DILocation(line: 7, column: 3, scope: !8)

; not translated: DebugValue %35: Indexes: LLVM's records name whole values
; not translated: DebugValue %38: Indexes: LLVM's records name whole values
