; expect: ok
; LLVM 14 and 15's form: typed pointers, llvm.dbg.declare and
; llvm.dbg.value calls with metadata operands, isDefinition: instead of
; spFlags, a template value parameter and a namespace.
source_filename = "k.clcpp"

%struct.pair = type { i32, float }

define spir_func void @_ZN2ns1fEi(i32 %a) #0 !dbg !9 {
entry:
  %a.addr = alloca i32, align 4
  %p = alloca %struct.pair, align 4
  store i32 %a, i32* %a.addr, align 4
  call void @llvm.dbg.declare(metadata i32* %a.addr, metadata !13, metadata !DIExpression()), !dbg !14
  call void @llvm.dbg.declare(metadata %struct.pair* %p, metadata !15, metadata !DIExpression(DW_OP_plus_uconst, 4, DW_OP_deref)), !dbg !16
  call void @llvm.dbg.value(metadata i32 0, metadata !13, metadata !DIExpression(DW_OP_LLVM_convert, 32, DW_ATE_signed, DW_OP_stack_value)), !dbg !14
  ret void, !dbg !16
}

declare void @llvm.dbg.declare(metadata, metadata, metadata) #1
declare void @llvm.dbg.value(metadata, metadata, metadata) #1

attributes #0 = { noinline }
attributes #1 = { nofree nosync nounwind readnone speculatable willreturn }

!llvm.module.flags = !{!0, !1}
!llvm.dbg.cu = !{!2}

!0 = !{i32 7, !"Dwarf Version", i32 5}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !3, producer: "clang 14", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, imports: !4)
!3 = !DIFile(filename: "k.clcpp", directory: "/src")
!4 = !{!5}
!5 = !DIImportedEntity(tag: DW_TAG_imported_module, scope: !2, entity: !6, file: !3, line: 2)
!6 = !DINamespace(name: "ns", scope: null)
!7 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!8 = !DIBasicType(name: "float", size: 32, encoding: DW_ATE_float)
!9 = distinct !DISubprogram(name: "f", linkageName: "_ZN2ns1fEi", scope: !6, file: !3, line: 3, type: !10, scopeLine: 3, flags: DIFlagPrototyped, isLocal: false, isDefinition: true, unit: !2, templateParams: !12, retainedNodes: !20)
!10 = !DISubroutineType(types: !11)
!11 = !{null, !7}
!12 = !{!21}
!13 = !DILocalVariable(name: "a", arg: 1, scope: !9, file: !3, line: 3, type: !7)
!14 = !DILocation(line: 3, column: 12, scope: !9)
!15 = !DILocalVariable(name: "p", scope: !9, file: !3, line: 4, type: !17)
!16 = !DILocation(line: 4, column: 8, scope: !9)
!17 = !DICompositeType(tag: DW_TAG_structure_type, name: "pair", scope: !6, file: !3, line: 1, size: 64, flags: DIFlagTypePassByValue, elements: !18, identifier: "_ZTSN2ns4pairE")
!18 = !{!19, !22}
!19 = !DIDerivedType(tag: DW_TAG_member, name: "x", scope: !17, file: !3, line: 1, baseType: !7, size: 32)
!20 = !{}
!21 = !DITemplateValueParameter(name: "N", type: !7, value: i32 3)
!22 = !DIDerivedType(tag: DW_TAG_member, name: "y", scope: !17, file: !3, line: 1, baseType: !8, size: 32, offset: 32)
