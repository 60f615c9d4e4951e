/* Case format v1, call stacks: the stack, CIE/FDE, .debug_frame,
 * subprogram and evaluate directives are accepted as documented, refused
 * with the right line, and run end to end through the unwinder. */
#include "case_test.h"
#include "amdgpu/model.h"

static const case_refusal bad[] = {
#define S "format hdcts-case 1\nstack 0x1000\n"
	{ S "stack 0x2000\nbytes: 00\n", 3, "second `stack`" },
	{ "format hdcts-case 1\nstack\nbytes: 00\n", 2, "at least one frame" },
	{ "format hdcts-case 1\nstack 0x1000 12z\nbytes: 00\n", 2, "bad program counter" },
	{ "format hdcts-case 1\nbytes: 00\ncie c\n", 3, "`cie` needs a `stack`" },
	{ "format hdcts-case 1\nbytes: 00\nfde f: DW_CFA_nop\n", 3, "`fde` needs" },
	{ "format hdcts-case 1\ndebug-frame bytes: 00\nbytes: 00\n", 2, "`debug-frame` needs" },
	{ "format hdcts-case 1\nsubprogram s 0 4\nbytes: 00\n", 2, "`subprogram` needs" },
	{ "format hdcts-case 1\nevaluate cfa\nevaluate pc\n", 2, "`evaluate` needs" },
	{ S "bytes: 00\ncfa: DW_OP_lit0\n", 4, "exclude each other" },
	{ S "unwound-reg pc frame 1: DW_OP_lit0\nframe-base: DW_OP_lit0\nbytes: 00\n", 3,
	  "frame answers and a call stack" },
	{ S "reg s1 = 1\nreg pc = 0x1000\nbytes: 00\n", 4, "no `reg pc`" },
	{ S "reg 16 = 0x1000\nbytes: 00\n", 3, "no `reg pc`" },
	{ S "cie c\ndebug-frame bytes: 00\nevaluate cfa\n", 4, "exclude each other" },
	{ S "debug-frame bytes: 00\nfde f c 0 4\ncie c\nevaluate cfa\n", 4,
	  "`debug-frame` and `cie`/`fde`" },
	{ S "\ncontext pc=0x2000\nbytes: 00\n", 4, "not the stack PC 0x1000" },
	{ S "context frame=1 pc=0x1000\nbytes: 00\n", 3, "outside the stack" },
	{ S "context frame=none pc=0x1000\nbytes: 00\n", 3, "outside the stack" },
	{ S "cie c\ncie d\ncie c code_align=1\nbytes: 00\n", 5, "cie `c` is also declared on line 3" },
	{ S "cie c\nfde f c 0 4\nfde f c 8 4\nbytes: 00\n", 5, "also declared on line 4" },
	{ S "subprogram s 0 4\nsubprogram s 8 4\nbytes: 00\n", 4, "subprogram `s` is also" },
	{ S "cie c\nfde f d 0 4\nbytes: 00\n", 4, "unknown cie `d`" },
	{ S "bytes: 00\ncie c: DW_CFA_nop\n", 4, "cie `c` is not declared" },
	{ S "cie c\nfde f bytes: 00\nbytes: 00\n", 4, "fde `f` is not declared" },
	{ S "subprogram s frame_base: DW_OP_lit0\nbytes: 00\n", 3, "subprogram `s` is not" },
	{ S "subprogram s 0 4\nsubprogram s frame_base: DW_OP_lit0\n"
	  "subprogram s frame_base bytes: 30\nbytes: 00\n", 5, "already has frame_base (line 4)" },
	{ S "subprogram s lane_pc: DW_OP_lit0\nsubprogram s 0 4\n"
	  "subprogram s lane_pc: DW_OP_lit1\nbytes: 00\n", 5, "already has lane_pc" },
	{ S "cie c\ncie c: DW_CFA_nop\ncie c bytes: 00\nbytes: 00\n", 5, "cannot be mixed" },
	{ S "cie c\nfde f c 0 4\nfde f bytes: 00\n\nfde f: DW_CFA_nop\nbytes: 00\n", 7,
	  "cannot be mixed" },
	{ S "cie c: DW_CFA_nop; DW_CFA_frob\ncie c\nbytes: 00\n", 3, "column 20:" },
	{ S "cie c\nfde f c 0 4\nfde f: DW_CFA_nop\nfde f:   DW_CFA_undefined q9\nbytes: 00\n",
	  6, "column 27:" },
	{ S "cie c\ncie c: DW_CFA_def_cfa_expression { DW_OP_frob }\nbytes: 00\n", 4,
	  "column 36:" },
	{ S "subprogram s 0 4\nsubprogram s active_lane: DW_OP_lit0; DW_OP_bogus\nbytes: 00\n",
	  4, "column 39:" },
	{ S "cie c$\nbytes: 00\n", 3, "bad cie name `c$`" },
	{ S "cie\nbytes: 00\n", 3, "expected a cie name" },
	{ S "cie c colour=red\nbytes: 00\n", 3, "unknown cie option `colour`" },
	{ S "cie c ra=pc ra=s1\nbytes: 00\n", 3, "`ra` given twice" },
	{ S "cie c dwarf64 dwarf64\nbytes: 00\n", 3, "`dwarf64` given twice" },
	{ S "cie c address_size=3\nbytes: 00\n", 3, "1, 2, 4 or 8" },
	{ S "cie c segment_selector_size=9\nbytes: 00\n", 3, "0 to 8" },
	{ S "cie c data_align=0x8000000000000000\nbytes: 00\n", 3, "data alignment" },
	{ S "cie c ra=q1\nbytes: 00\n", 3, "unknown register `q1`" },
	{ S "cie c code_align\nbytes: 00\n", 3, "expected `=`" },
	{ S "cie c bytes: 0\nbytes: 00\n", 3, "bad hex" },
	{ S "cie c\nfde f c 0\nbytes: 00\n", 4, "expected a size" },
	{ S "cie c\nfde f c 0 4 dwarf32\nbytes: 00\n", 4, "expected `dwarf64`" },
	{ S "cie c address_size=4\nfde f c 0x100000000 4\nbytes: 00\n", 4, "does not fit" },
	{ S "debug-frame: 00\nbytes: 00\n", 3, "write `debug-frame bytes:`" },
	{ S "debug-frame bytes: 0x\nbytes: 00\n", 3, "bad hex" },
	{ S "subprogram s 0 4 lanes=1 lanes=2\nbytes: 00\n", 3, "`lanes` given twice" },
	{ S "subprogram s 0 4 colour=1\nbytes: 00\n", 3, "unknown subprogram option" },
	{ S "subprogram s 0xffffffffffffffff 2\nbytes: 00\n", 3, "past the last address" },
	{ S "subprogram s: DW_OP_lit0\nbytes: 00\n", 3, "expected `frame_base:`" },
	{ S "subprogram s 0\nbytes: 00\n", 3, "expected a size" },
	{ S "evaluate frob\n", 3, "cannot evaluate `frob`" },
	{ S "evaluate reg\n", 3, "expected a register" },
	{ S "evaluate reg q1\n", 3, "unknown register" },
	{ S "evaluate cfa fram 1\n", 3, "expected `frame N`" },
	{ S "evaluate pc frame 1 2\n", 3, "unexpected `2`" },
	{ S "evaluate pc frame x\n", 3, "bad frame number" },
	{ S "read 8\n", 3, "no `expr:`" },
#undef S
};

static void test_stack_refuses(void)
{
	check_refusals(bad, sizeof bad / sizeof bad[0]);
}

static const char stack_case[] =
	"format hdcts-case 1\n"
	"evaluate reg s33 frame 1\n"          /* requests before their subjects */
	"fde f: DW_CFA_advance_loc 4\n"
	"fde f: DW_CFA_undefined s1;\n"
	"cie amd: DW_CFA_LLVM_def_aspace_cfa s32, 0, 6\n"
	"cie amd\n"
	"cie other augmentation=[xyz:v1.0] code_align=1 data_align=-8 ra=s30 address_size=4 "
	"segment_selector_size=2 dwarf64\n"
	"cie none augmentation=none\n"
	"cie none bytes: 00 00\n"
	"cie none bytes: 00\n"
	"fde f amd 0x1000 0x100\n"
	"fde g other 0x2000 0x80 dwarf64\n"
	"fde g: DW_CFA_set_loc 0x2010\n"
	"subprogram callee 0x1000 0x100 lanes=0\n"
	"subprogram callee frame_base: DW_OP_call_frame_cfa\n"
	"subprogram callee lane_pc bytes: 30 9f\n"
	"subprogram caller.x-1 0x2000 0x80\n"
	"stack 0x1010 0x2024\n"
	"context frame=1 lane=2\n"
	"evaluate cfa\n"
	"evaluate pc frame 3\n"
	"evaluate frame_base frame 0\n"
	"evaluate lane_pc\n"
	"evaluate active_lane frame 1\n";

static void test_stack_accepts(void)
{
	hd_status st;
	hd_case *c = parse(stack_case, &st);

	if (!OK(c != NULL, "a case using every call stack directive parses")) {
		printf("  # %llu: %s\n", (unsigned long long)st.offset, st.msg);
		return;
	}
	OK(c->nstack == 2 && c->stack[0] == 0x1010 && c->stack[1] == 0x2024, "stack PCs");
	OK(c->has_pc && c->pc == 0x2024, "the context pc is the stack PC of its frame");
	OK(!c->has_expr && c->expr.len == 0, "no main expression with requests");
	EQ_U64(c->ncies, 3, "three CIEs");
	OK(strcmp(c->cies[0].name, "amd") == 0 && c->cies[0].line == 6, "CIEs in file order");
	OK(strcmp(c->cies[0].desc.augmentation, HD_CIE_AUGMENTATION_AMD) == 0 &&
	   c->cies[0].desc.code_align == 4 && c->cies[0].desc.data_align == 4 &&
	   c->cies[0].desc.ra_column == 16 && c->cies[0].desc.address_size == 8 &&
	   c->cies[0].desc.segment_selector_size == 0 && !c->cies[0].desc.dwarf64,
	   "CIE defaults are the AMDGPU conventions");
	OK(c->cies[0].desc.insns_len == 4 && c->cies[0].desc.insns[0] == 0x30,
	   "CIE instructions from text");
	OK(strcmp(c->cies[1].desc.augmentation, "[xyz:v1.0]") == 0 &&
	   c->cies[1].desc.code_align == 1 && c->cies[1].desc.data_align == -8 &&
	   c->cies[1].desc.ra_column == HD_AMDGPU_SGPR0 + 30 &&
	   c->cies[1].desc.address_size == 4 && c->cies[1].desc.segment_selector_size == 2 &&
	   c->cies[1].desc.dwarf64, "every CIE option");
	OK(strcmp(c->cies[2].desc.augmentation, "") == 0, "augmentation=none is empty");
	OK(c->cies[2].desc.insns_len == 3, "CIE bytes lines concatenated");
	EQ_U64(c->nfdes, 2, "two FDEs");
	OK(c->fdes[0].desc.cie == 0 && c->fdes[0].desc.initial_location == 0x1000 &&
	   c->fdes[0].desc.address_range == 0x100 && !c->fdes[0].desc.dwarf64,
	   "FDE of the first CIE");
	/* advance_loc 4 (1 byte) ; undefined s1 (07 + ULEB 33) */
	OK(c->fdes[0].desc.insns_len == 3 && c->fdes[0].desc.insns[0] == 0x44 &&
	   c->fdes[0].desc.insns[1] == 0x07, "FDE text lines joined in file order");
	OK(c->fdes[1].desc.cie == 1 && c->fdes[1].desc.dwarf64, "FDE of the second CIE");
	OK(c->fdes[1].desc.insns_len == 5 && c->fdes[1].desc.insns[0] == 0x01 &&
	   c->fdes[1].desc.insns[1] == 0x10, "set_loc takes the CIE's 4-byte addresses");
	EQ_U64(c->nsubs, 2, "two subprograms");
	OK(c->subs[0].sub.has_lanes && c->subs[0].sub.lanes == 0, "lanes=0 is kept");
	OK(c->subs[0].sub.low_pc == 0x1000 && c->subs[0].sub.high_pc == 0x1100,
	   "subprogram range");
	OK(c->subs[0].sub.frame_base_len == 1 && c->subs[0].sub.lane_pc_len == 2 &&
	   c->subs[0].sub.active_lane == NULL, "subprogram attributes");
	OK(!c->subs[1].sub.has_lanes && strcmp(c->subs[1].sub.name, "caller.x-1") == 0,
	   "a name with '.' and '-', no lanes");
	EQ_U64(c->nrequests, 6, "six requests");
	OK(c->requests[0].what == HD_REQ_REG && c->requests[0].frame == 1 &&
	   c->requests[0].reg == HD_AMDGPU_SGPR0 + 33 && c->requests[0].line == 2,
	   "evaluate reg s33 frame 1");
	OK(c->requests[1].what == HD_REQ_CFA && c->requests[1].frame == 0, "frame defaults to 0");
	OK(c->requests[2].what == HD_REQ_PC && c->requests[2].frame == 3 &&
	   c->requests[3].what == HD_REQ_FRAME_BASE && c->requests[4].what == HD_REQ_LANE_PC &&
	   c->requests[5].what == HD_REQ_ACTIVE_LANE && c->requests[5].frame == 1,
	   "requests in file order");
	hd_case_free(c);

	c = parse("format hdcts-case 1\nstack 1 2 3\ncontext frame=2 pc=3\n"
	          "debug-frame bytes: 01 02\ndebug-frame bytes:\ndebug-frame bytes: 0304\n"
	          "expr: DW_OP_lit0\n", &st);
	OK(c != NULL && c->has_debug_frame && c->debug_frame_len == 4 &&
	   c->debug_frame[3] == 4 && c->has_pc && c->pc == 3 && c->has_expr,
	   "debug-frame lines concatenated; a pc= equal to the stack PC");
	hd_case_free(c);
	c = parse("format hdcts-case 1\nstack 1\ncontext pc=none\nexpr: DW_OP_lit0\n", &st);
	OK(c != NULL && !c->has_pc, "pc=none with a stack: no pc");
	hd_case_free(c);
	c = parse("format hdcts-case 1\nstack 1\ncontext frame=4\nexpr: DW_OP_lit0\n", &st);
	OK(c != NULL && !c->has_pc, "a context frame outside the stack has no pc");
	hd_case_free(c);
}

/* A callee at 0x1000 whose CFA is s32 in private_wave memory and whose
 * caller's pc is saved at CFA+8; the caller is at 0x2000. */
#define CALLEE \
	"format hdcts-case 1\nstack 0x1010 0x2024\nreg s32 = 0x100\n" \
	"mem private_wave 0x108 = 24 20 00 00 00 00 00 00\n" \
	"cie c\ncie c: DW_CFA_LLVM_def_aspace_cfa s32, 0, 6\n" \
	"fde f c 0x1000 0x100\nfde f: DW_CFA_offset pc, 2\nfde g c 0x2000 0x100\n"


static void test_stack_run(void)
{
	hd_buf b;
	const char *out;

	hd_buf_init(&b);
	EQ_STR(run(&b, CALLEE "evaluate cfa\nevaluate reg pc frame 1\nevaluate pc frame 1\n", 0),
	       "evaluate cfa frame 0\nlocation\n  memory private_wave addr=0x100 bit=0\n"
	       "evaluate reg pc frame 1\nlocation\n  memory private_wave addr=0x108 bit=0\n"
	       "read 64 = 0x0000000000002024\n"
	       "evaluate pc frame 1\nvalue generic = 0x0000000000002024\n",
	       "requests answered from the CFI, a register read whole");
	EQ_STR(run(&b, CALLEE "context result=value\nexpr: DW_OP_bregx pc 0\nevaluate reg s33\n", 0),
	       "value generic = 0x0000000000001010\n"
	       "evaluate reg s33 frame 0\nlocation\n  register s33 bit=0\n"
	       "read 32 = 0x00000000\n",
	       "the stack sets pc; the main expression comes before the requests");
	EQ_STR(run(&b, CALLEE "subprogram k 0x1000 0x100 lanes=3\n"
	           "subprogram k frame_base: DW_OP_call_frame_cfa\n"
	           "subprogram k lane_pc: DW_OP_constu 0x1000; DW_OP_stack_value; DW_OP_piece 8;"
	           " DW_OP_LLVM_undefined; DW_OP_piece 8; DW_OP_lit0; DW_OP_piece 8\n"
	           "evaluate frame_base\nevaluate lane_pc\n", 0),
	       "evaluate frame_base frame 0\nlocation\n  memory private_wave addr=0x100 bit=0\n"
	       "evaluate lane_pc frame 0\nlocation\n  composite bits=192 bit=0\n"
	       "    part bits=64\n      implicit bytes=0010000000000000 bit=0\n"
	       "    part bits=64\n      undefined\n"
	       "    part bits=64\n      memory global addr=0x0 bit=0\n"
	       "lane 0 pc = 0x0000000000001000\nlane 1 pc undefined\n"
	       "lane 2 pc = 0x0000000000000000\n",
	       "frame base and one line per lane of lane_pc");
	EQ_STR(run(&b, CALLEE "subprogram k 0x1000 0x100 lanes=0\nevaluate lane_pc\n", 1),
	       "evaluate lane_pc frame 0\nerror ill-formed: lanes-zero\n"
	       "  # DW_AT_LLVM_lanes is 0\n", "lanes=0 is the evaluator's to refuse");
	EQ_STR(run(&b, "format hdcts-case 1\nstack 0x1010 0x2028\nreg s32 = 0x100\n"
	           "mem private_wave 0x108 = 24 20 00 00 00 00 00 00\n"
	           "cie c: DW_CFA_LLVM_def_aspace_cfa s32, 0, 6\ncie c\n"
	           "fde f c 0x1000 0x100\nfde f: DW_CFA_offset pc, 2\nevaluate cfa\n", 0),
	       "error setup evaluation: call-stack-mismatch\n",
	       "a stack unwinding disagrees with is the whole outcome");
	EQ_STR(run(&b, "format hdcts-case 1\nstack 0x10\ndebug-frame bytes: 04 00 00 00\n"
	           "evaluate cfa\nexpr: DW_OP_lit0\n", 0),
	       "error setup ill-formed: truncated\n", "a .debug_frame that does not parse");
	out = run(&b, "format hdcts-case 1\nstack 0x10\ndebug-frame bytes: 04 00 00 00\n"
	          "evaluate cfa\n", 1);
	OK(strncmp(out, "error setup ill-formed: truncated\n  # ", 38) == 0,
	   "with -v the setup error has its message");
	out = run(&b, "format hdcts-case 1\nstack 0x10\nevaluate pc frame 1\n", 0);
	EQ_STR(out, "evaluate pc frame 1\nerror evaluation: frame-not-active\n",
	       "a frame outside the stack");
	out = run(&b, "format hdcts-case 1\nstack 0x10\nevaluate cfa\n", 0);
	OK(strncmp(out, "evaluate cfa frame 0\nerror ", 27) == 0, "no .debug_frame at all");
	hd_buf_free(&b);
}

static void test_stack_garbage(void)
{
	OK(mutations(stack_case, 2000, 0), "2000 mutated call stack cases parse or are refused");
	OK(mutations(CALLEE "subprogram k 0x1000 0x100 lanes=2\n"
	             "subprogram k lane_pc: DW_OP_lit1; DW_OP_stack_value; DW_OP_piece 8\n"
	             "evaluate cfa\nevaluate reg pc frame 1\nevaluate lane_pc\n"
	             "evaluate active_lane frame 1\nexpr: DW_OP_call_frame_cfa\n", 2000, 1),
	   "2000 mutated call stack cases run or are refused");
}

int main(void)
{
	tap_begin();
	test_stack_refuses();
	test_stack_accepts();
	test_stack_run();
	test_stack_garbage();
	return tap_end();
}
