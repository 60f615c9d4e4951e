; expect: llvmdi-field-unknown
; A DIBasicType with a colour: field (ok-records.ll with one change).
source_filename = "k.cl"
target triple = "spir64"

%struct.node = type { ptr addrspace(1), i32 }

@table = dso_local addrspace(1) global i32 0, align 4, !dbg !0

define dso_local spir_func i32 @twice(i32 noundef %v) #0 !dbg !20 {
entry:
  %v.addr = alloca i32, align 4
  store i32 %v, ptr %v.addr, align 4
    #dbg_declare(ptr %v.addr, !23, !DIExpression(), !24)
  %0 = load i32, ptr %v.addr, align 4, !dbg !25
  %mul = mul nsw i32 %0, 2, !dbg !25
  ret i32 %mul, !dbg !25
}

define dso_local spir_kernel void @k(ptr addrspace(1) noundef %out) #0 !dbg !30 {
entry:
  %out.addr = alloca ptr addrspace(1), align 8
  %n = alloca %struct.node, align 8
  %e = alloca i32, align 4
    #dbg_declare(ptr %out.addr, !33, !DIExpression(DW_OP_constu, 0, DW_OP_swap, DW_OP_xderef), !36)
    #dbg_declare(ptr %n, !34, !DIExpression(), !37)
    #dbg_value(i32 3, !35, !DIExpression(DW_OP_LLVM_fragment, 0, 32), !38)
  %c = call spir_func i32 @twice(i32 noundef 4), !dbg !39
    #dbg_label(!41, !40)
  store i32 %c, ptr %e, align 4, !dbg !40
  ret void, !dbg !42
}

attributes #0 = { noinline nounwind }

!llvm.dbg.cu = !{!2}
!llvm.module.flags = !{!10, !11}

!0 = !DIGlobalVariableExpression(var: !1, expr: !DIExpression())
!1 = distinct !DIGlobalVariable(name: "table", scope: !2, file: !3, line: 1, type: !8, isLocal: false, isDefinition: true)
!2 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !3, producer: "hand \22made\22 \5C", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !4, globals: !9, nameTableKind: None)
!3 = !DIFile(filename: "k.cl", directory: "/src", checksumkind: CSK_MD5, checksum: "00112233445566778899aabbccddeeff")
!4 = !{!5}
!5 = !DICompositeType(tag: DW_TAG_enumeration_type, name: "mode", file: !3, line: 2, baseType: !8, size: 32, elements: !6)
!6 = !{!7, !12}
!7 = !DIEnumerator(name: "low", value: -1)
!8 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed, colour: 3)
!9 = !{!0}
!10 = !{i32 7, !"Dwarf Version", i32 5}
!11 = !{i32 2, !"Debug Info Version", i32 3}
!12 = !DIEnumerator(name: "high", value: 0x10, isUnsigned: true)
!13 = !DICompositeType(tag: DW_TAG_structure_type, name: "node", file: !3, line: 3, size: 128, elements: !14)
!14 = !{!15, !17}
!15 = !DIDerivedType(tag: DW_TAG_member, name: "next", scope: !13, file: !3, line: 4, baseType: !16, size: 64)
!16 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !13, size: 64, dwarfAddressSpace: 1)
!17 = !DIDerivedType(tag: DW_TAG_member, name: "v", scope: !13, file: !3, line: 5, baseType: !8, size: 32, offset: 64, flags: DIFlagPublic | DIFlagBitField, extraData: i64 64)
!20 = distinct !DISubprogram(name: "twice", scope: !3, file: !3, line: 7, type: !21, scopeLine: 7, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition, unit: !2, retainedNodes: !26)
!21 = !DISubroutineType(cc: DW_CC_LLVM_SpirFunction, types: !22)
!22 = !{!8, !8}
!23 = !DILocalVariable(name: "v", arg: 1, scope: !20, file: !3, line: 7, type: !8)
!24 = !DILocation(line: 7, column: 20, scope: !20)
!25 = !DILocation(line: 8, column: 3, scope: !20)
!26 = !{}
!30 = distinct !DISubprogram(name: "k", scope: !3, file: !3, line: 10, type: !31, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition, unit: !2, retainedNodes: !43)
!31 = !DISubroutineType(types: !32)
!32 = !{null, !16}
!33 = !DILocalVariable(name: "out", arg: 1, scope: !30, file: !3, line: 10, type: !16)
!34 = !DILocalVariable(name: "n", scope: !44, file: !3, line: 12, type: !13)
!35 = !DILocalVariable(name: "e", scope: !44, file: !3, line: 13, type: !5)
!36 = !DILocation(line: 10, column: 30, scope: !30)
!37 = !DILocation(line: 12, column: 17, scope: !44)
!38 = !DILocation(line: 13, column: 8, scope: !44)
!39 = !DILocation(line: 8, column: 3, scope: !20, inlinedAt: !40)
!40 = !DILocation(line: 14, column: 5, scope: !44)
!41 = !DILabel(scope: !44, name: "done", file: !3, line: 14)
!42 = !DILocation(line: 15, column: 1, scope: !30)
!43 = !{!33, !34, !35, !41}
!44 = distinct !DILexicalBlock(scope: !30, file: !3, line: 11, column: 3)
