/* Case format v1 and canonical output: the parser accepts every documented
 * directive, every malformed input is refused with the right line, and the
 * printer spells hand-built locations and values as docs/canonical-output.md
 * says. The last group runs a few cases end to end. */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "case_test.h"
#include "case/case.h"
#include "dwarf/eval/print.h"
#include "amdgpu/model.h"

/* ---- accepted input ---- */

static const char full_case[] =
	"# every directive once\n"
	"format hdcts-case 1\n"
	"arch amdgpu:wave32   # comment after a directive\n"
	"encoding llvm-user dwarf64\n"
	"context lane=5 pc=0x1000 result=location\n"
	"context thread=present frame=2 cu=present\n"
	"strict\n"
	"exec 0xffff\n"
	"reg s33 = 0x4000\n"
	"reg v1 = 0x10, 0x11, 0x12\n"
	"reg v2 lane 7 = 0xdeadbeef\n"
	"mem global 0x2000 = 2a 00 00 00\n"
	"mem private_lane:5 0x10 = 01 02 03 04\n"
	"mem 3 0x8 = 0a0b\n"
	"type 0x30 int32 signed 32\n"
	"type 0x38 float4 float 32 vector 4\n"
	"type 0x50 flag 2 8\n"
	"die 0x40 location: DW_OP_addr 0x2000\n"
	"die 0x40 const_value = 2a 00 00 00\n"
	"die 0x48 location bytes: 03 00 20 00 00 00 00 00 00\n"
	"addr 0 = 0x2000\n"
	"addr 2 = 0x3000\n"
	"object: DW_OP_addr 0x3000\n"
	"push value generic 7\n"
	"push value int32 -1\n"
	"push value float4 1, 2, 3, 4\n"
	"push value int32 bytes: 01 02 03 04\n"
	"push location: DW_OP_regx v1 | DW_OP_regx s3\n"
	"cfa: DW_OP_regx s32\n"
	"frame-base frame 1: DW_OP_regx s33\n"
	"entry-reg exec: DW_OP_regx s4\n"
	"unwound-reg 16 frame 1: DW_OP_regx s30\n"
	"read 32\n"
	"expr: DW_OP_regx v1; DW_OP_LLVM_push_lane\n"
	"expr: DW_OP_lit4; DW_OP_mul; DW_OP_LLVM_offset\n";

static void test_accepts(void)
{
	hd_status st;
	hd_case *c = parse(full_case, &st);
	uint64_t v1;

	if (!OK(c != NULL, "a case using every directive parses")) {
		printf("  # %llu: %s\n", (unsigned long long)st.offset, st.msg);
		return;
	}
	EQ_U64(c->wave, 32, "arch amdgpu:wave32");
	EQ_U64(c->enc.profile, HD_PROFILE_LLVM_USER, "encoding llvm-user");
	EQ_U64(c->enc.offset_size, 8, "dwarf64 offsets");
	OK(c->has_lane && c->lane == 5, "context lane=5");
	OK(c->has_pc && c->pc == 0x1000, "context pc");
	EQ_U64(c->result, HD_RESULT_LOCATION, "context result=location");
	OK(c->has_frame && c->frame == 2, "context frame=2");
	OK(c->has_thread && c->has_cu, "context thread and cu present");
	OK(c->strict, "strict");
	EQ_U64(c->nsets, 7, "exec, reg and mem lines in order");
	EQ_U64(c->sets[0].reg, HD_AMDGPU_EXEC_32, "exec is EXEC_32 in wave32");
	EQ_U64(c->sets[1].reg, HD_AMDGPU_SGPR0 + 33, "s33");
	hd_amdgpu_reg_lookup(32, "v1", 2, &v1);
	OK(c->sets[2].reg == v1 && c->sets[2].nvals == 3 && c->sets[2].vals[2] == 0x12,
	   "vector register values");
	OK(c->sets[3].kind == HD_SET_REG_LANE && c->sets[3].lane == 7, "reg ... lane 7");
	OK(c->sets[5].kind == HD_SET_MEM && c->sets[5].has_lane && c->sets[5].lane == 5 &&
	   c->sets[5].aspace == HD_ASPACE_PRIVATE_LANE && c->sets[5].nbytes == 4,
	   "mem private_lane:5");
	OK(c->sets[4].aspace == 0 && c->sets[4].addr == 0x2000 && c->sets[4].bytes[0] == 0x2a,
	   "mem global");
	EQ_U64(c->cu.ntypes, 3, "three types");
	OK(c->cu.types[1].vector == 4 && strcmp(c->cu.types[1].name, "float4") == 0,
	   "vector type");
	EQ_U64(c->cu.types[2].encoding, 2, "numeric encoding");
	EQ_U64(c->cu.ndies, 2, "two DIEs (attributes merged)");
	OK(c->cu.dies[0].location_len == 9 && c->cu.dies[0].const_value_len == 4,
	   "DIE 0x40 has a location and a constant");
	OK(c->cu.dies[1].location_len == 9 && c->cu.dies[1].location[0] == 0x03,
	   "die location bytes:");
	OK(c->cu.naddrs == 3 && c->cu.addrs[2] == 0x3000 && c->cu.addrs[1] == 0,
	   ".debug_addr with a gap");
	OK(c->object != NULL && c->object->len == 9, "object");
	EQ_U64(c->npush, 5, "five initial stack entries");
	OK(c->push[0].type == NULL && c->push[0].nbytes == 8 && c->push[0].bytes[0] == 7,
	   "push value generic");
	OK(c->push[1].nbytes == 4 && c->push[1].bytes[3] == 0xff, "push negative value");
	OK(c->push[2].nbytes == 16 && c->push[2].bytes[12] == 4, "push vector value");
	OK(c->push[3].bytes[0] == 1 && c->push[3].bytes[3] == 4, "push value bytes:");
	OK(c->push[4].is_loc && c->push[4].nalts == 2, "push location with two alternatives");
	EQ_U64(c->nframes, 4, "four frame answers");
	OK(c->has_read && c->read_bits == 32, "read 32");
	/* regx v1 (3 bytes) push_lane (2) lit4 mul (2) offset (2) in llvm-user */
	EQ_U64(c->expr.len, 9, "expr lines joined");
	EQ_U64(c->expr.line, 34, "expression line");
	hd_case_free(c);
}

static void test_defaults(void)
{
	hd_status st;
	hd_case *c = parse("format hdcts-case 1\nbytes: 30\nbytes: 31 22\n", &st);

	if (!OK(c != NULL, "a minimal case parses"))
		return;
	EQ_U64(c->wave, 64, "default arch wave64");
	EQ_U64(c->enc.profile, HD_PROFILE_AMDGPU_V0, "default encoding amdgpu-v0");
	EQ_U64(c->enc.offset_size, 4, "default dwarf32");
	EQ_U64(c->result, HD_RESULT_ANY, "default result any");
	OK(c->has_thread && !c->has_lane && c->has_frame && c->frame == 0 && !c->has_pc &&
	   c->has_cu, "default context");
	OK(!c->strict && !c->has_read && c->object == NULL, "default flags");
	OK(c->expr.len == 3 && c->expr.bytes[2] == 0x22, "bytes lines concatenated");
	hd_case_free(c);

	c = parse("format hdcts-case 1\narch none\ncontext lane=none frame=none cu=none "
	          "thread=none result=value\nexpr: DW_OP_regx 40\n", &st);
	if (!OK(c != NULL, "arch none with register numbers parses"))
		return;
	OK(c->wave == 0 && !c->has_frame && !c->has_cu && !c->has_thread, "none values");
	hd_case_free(c);
}

/* Location lists: the main one keeps file order; a DIE's lines, wherever
 * they are, become that DIE's list. */
static void test_loclist(void)
{
	hd_status st;
	hd_case *c = parse("format hdcts-case 1\n"
	                   "loclist 0x1000 0x10: DW_OP_regx v1\n"
	                   "die 0x50 loclist default bytes: 30 9f\n"
	                   "loclist default bytes: 30\n"
	                   "die 0x50 loclist 0x20 0: DW_OP_lit1\n"
	                   "die 0x50 const_value = 2a\n", &st);

	if (!OK(c != NULL, "location list lines parse")) {
		printf("  # %llu: %s\n", (unsigned long long)st.offset, st.msg);
		return;
	}
	OK(c->has_loclist && !c->has_expr && c->loclist.n == 2, "a main list of two entries");
	OK(!c->loclist.entries[0].is_default && c->loclist.entries[0].low == 0x1000 &&
	   c->loclist.entries[0].high == 0x1010 && c->loclist.entries[0].len == 3,
	   "a bounded entry is [start, start+size)");
	OK(c->loclist.entries[1].is_default && c->loclist.entries[1].len == 1,
	   "a default entry in bytes");
	OK(c->cu.ndies == 1 && c->cu.dies[0].loclist != NULL && c->cu.dies[0].loclist->n == 2 &&
	   c->cu.dies[0].const_value_len == 1, "a DIE with a list and a constant");
	OK(c->cu.dies[0].loclist->entries[0].is_default &&
	   c->cu.dies[0].loclist->entries[1].low == 0x20 &&
	   c->cu.dies[0].loclist->entries[1].high == 0x20, "the DIE's entries in file order");
	hd_case_free(c);
}

/* ---- refused input ---- */

static const case_refusal bad[] = {
	{ "", 1, "missing `format" },
	{ "# only a comment\n", 1, "missing `format" },
	{ "arch none\nformat hdcts-case 1\n", 1, "first directive" },
	{ "format hdcts-case 2\nbytes: 00\n", 1, "version" },
	{ "format other 1\n", 1, "hdcts-case" },
	{ "format hdcts-case 1\nformat hdcts-case 1\n", 2, "second `format`" },
	{ "format hdcts-case 1\nfrob 1\nbytes: 00\n", 2, "unknown directive `frob`" },
	{ "format hdcts-case 1\narch x86\nbytes: 00\n", 2, "unknown architecture" },
	{ "format hdcts-case 1\narch none\narch none\n", 3, "second `arch`" },
	{ "format hdcts-case 1\nencoding dwarf6\n", 2, "unknown encoding" },
	{ "format hdcts-case 1\nencoding amdgpu-v0 dwarf16\n", 2, "dwarf32" },
	{ "format hdcts-case 1\nencoding llvm-user\nencoding llvm-user\n", 3, "second" },
	{ "format hdcts-case 1\n\nexpr: DW_OP_lit1\nbytes: 30\n", 4, "mixed" },
	{ "format hdcts-case 1\nbytes: 30\nexpr: DW_OP_lit1\n", 3, "mixed" },
	{ "format hdcts-case 1\nread 32\n", 2, "no `expr:`" },
	{ "format hdcts-case 1\nloclist default: lit0\nexpr: lit0\n", 3, "mixed" },
	{ "format hdcts-case 1\nbytes: 30\nloclist 0 1: lit0\n", 3, "mixed" },
	{ "format hdcts-case 1\nloclist 0x10: lit0\n", 2, "a size" },
	{ "format hdcts-case 1\nloclist 0 1 lit0\n", 2, "`:`" },
	{ "format hdcts-case 1\nloclist default 4: lit0\n", 2, "unexpected `4`" },
	{ "format hdcts-case 1\nloclist 0xffffffffffffffff 2: lit0\n", 2, "entry runs past the last" },
	{ "format hdcts-case 1\nloclist 0 1: frob\n", 2, "unknown operation" },
	{ "format hdcts-case 1\ndie 0x40 loclist 0 1: lit0\ndie 0x40 location: lit1\nbytes: 30\n",
	  3, "already has" },
	{ "format hdcts-case 1\nreg s33 = 0x1g\nbytes: 00\n", 2, "bad register value" },
	{ "format hdcts-case 1\nreg s33 = 18446744073709551616\nbytes: 00\n", 2, "bad" },
	{ "format hdcts-case 1\nreg s33 = 0x10000000000000000\nbytes: 00\n", 2, "bad" },
	{ "format hdcts-case 1\nreg q7 = 1\nbytes: 00\n", 2, "unknown register `q7`" },
	{ "format hdcts-case 1\nreg s1 lane 64 = 1\nbytes: 00\n", 2, "outside" },
	{ "format hdcts-case 1\nreg s1 1\nbytes: 00\n", 2, "expected `=`" },
	{ "format hdcts-case 1\narch none\nreg 40 = 1\nbytes: 00\n", 3, "needs an architecture" },
	{ "format hdcts-case 1\nmem heap 0 = 00\nbytes: 00\n", 2, "unknown address space" },
	{ "format hdcts-case 1\nmem global 0 = 0\nbytes: 00\n", 2, "bad hex" },
	{ "format hdcts-case 1\nmem global 0 = zz\nbytes: 00\n", 2, "bad hex" },
	{ "format hdcts-case 1\nmem global 0 =\nbytes: 00\n", 2, "expected bytes" },
	{ "format hdcts-case 1\nmem private_lane:x 0 = 00\nbytes: 00\n", 2, "bad lane" },
	{ "format hdcts-case 1\ntype 0x30 int signed 32\ntype 0x30 i2 signed 32\n", 3,
	  "also declared on line 2" },
	{ "format hdcts-case 1\ntype 0x30 int signed 32\ntype 0x34 int signed 32\n", 3,
	  "type name `int`" },
	{ "format hdcts-case 1\ntype 0x30 int wobbly 32\n", 2, "unknown base type encoding" },
	{ "format hdcts-case 1\ntype 0x30 int signed 0\n", 2, "type size" },
	{ "format hdcts-case 1\ntype 0x30 1x signed 8\n", 2, "bad type name" },
	{ "format hdcts-case 1\ntype 0x30 int signed 8 vector\n", 2, "vector size" },
	{ "format hdcts-case 1\npush value int8 1\nbytes: 00\n", 2, "unknown type `int8`" },
	{ "format hdcts-case 1\ntype 0x30 int8 signed 8\npush value int8 256\nbytes: 00\n", 3,
	  "does not fit" },
	{ "format hdcts-case 1\ntype 0x30 int8 signed 8\npush value int8 -129\nbytes: 00\n", 3,
	  "does not fit" },
	{ "format hdcts-case 1\ntype 0x30 v2 signed 8 vector 2\npush value v2 1\nbytes: 00\n", 3,
	  "2 elements" },
	{ "format hdcts-case 1\npush value generic bytes: 00\nbytes: 00\n", 2, "8 bytes" },
	{ "format hdcts-case 1\npush frob 1\nbytes: 00\n", 2, "push value" },
	{ "format hdcts-case 1\npush location: DW_OP_regx s1 |\nbytes: 00\n", 2,
	  "empty alternative" },
	{ "format hdcts-case 1\ncontext lane=x\nbytes: 00\n", 2, "bad lane" },
	{ "format hdcts-case 1\ncontext result=maybe\nbytes: 00\n", 2, "result must be" },
	{ "format hdcts-case 1\ncontext colour=red\nbytes: 00\n", 2, "unknown context key" },
	{ "format hdcts-case 1\ncontext lane=1\ncontext lane=2\nbytes: 00\n", 3, "set twice" },
	{ "format hdcts-case 1\ncontext thread=maybe\nbytes: 00\n", 2, "present or none" },
	{ "format hdcts-case 1\nstrict\nstrict\nbytes: 00\n", 3, "second `strict`" },
	{ "format hdcts-case 1\nstrict 1\nbytes: 00\n", 2, "unexpected `1`" },
	{ "format hdcts-case 1\nexec 1\nexec 1\nbytes: 00\n", 3, "second `exec`" },
	{ "format hdcts-case 1\narch amdgpu:wave32\nexec 0x100000000\nbytes: 00\n", 3, "wider" },
	{ "format hdcts-case 1\nread 0\nbytes: 00\n", 2, "read size" },
	{ "format hdcts-case 1\nread 8\nread 8\nbytes: 00\n", 3, "second `read`" },
	{ "format hdcts-case 1\nobject: DW_OP_lit0\nobject: DW_OP_lit0\nbytes: 00\n", 3,
	  "second `object`" },
	{ "format hdcts-case 1\nobject DW_OP_lit0\nbytes: 00\n", 2, "expected `:`" },
	{ "format hdcts-case 1\ndie 0x40 name: x\nbytes: 00\n", 2, "location" },
	{ "format hdcts-case 1\ndie 0x40 location: DW_OP_lit0\ndie 0x40 location: DW_OP_lit1\n"
	  "bytes: 00\n", 3, "already has" },
	{ "format hdcts-case 1\naddr 0 = 1\naddr 0 = 2\nbytes: 00\n", 3, "also set on line 2" },
	{ "format hdcts-case 1\naddr 99999999 = 1\nbytes: 00\n", 2, "index" },
	{ "format hdcts-case 1\ncfa: DW_OP_lit0\ncfa frame 0: DW_OP_lit1\nbytes: 00\n", 3,
	  "same frame answer" },
	{ "format hdcts-case 1\ncfa fram 1: DW_OP_lit0\nbytes: 00\n", 2, "frame N" },
	{ "format hdcts-case 1\nentry-reg: DW_OP_lit0\nbytes: 00\n", 2, "expected a register" },
	{ "format hdcts-case 1\nexpr: DW_OP_lit0; DW_OP_frob\n", 2, "column 19:" },
	{ "format hdcts-case 1\nexpr: DW_OP_lit0\nexpr:   DW_OP_frob\n", 3, "column 9:" },
	{ "format hdcts-case 1\ndie 1 location: DW_OP_regx q9\nbytes: 00\n", 2, "column 28:" },
	{ "format hdcts-case 1\npush location: DW_OP_lit0 | DW_OP_bogus\nbytes: 00\n", 2,
	  "column 29:" },
	{ "format hdcts-case 1\nbytes: 0g\n", 2, "bad hex" },
	{ "format hdcts-case 1\nexpr bytes: 00\n", 2, "`bytes:`" },
};

static void test_refuses(void)
{
	check_refusals(bad, sizeof bad / sizeof bad[0]);
}

static void test_limits(void)
{
	size_t n = HD_CASE_MAX_LINE + 10;
	char *text = malloc(n + 64);
	hd_case *c;
	hd_status st;

	strcpy(text, "format hdcts-case 1\n# ");
	memset(text + strlen(text), 'x', n);
	strcpy(text + 22 + n, "\nbytes: 00\n");
	hd_status_clear(&st);
	OK(hd_case_parse(text, strlen(text), &c, &st) != 0 && st.offset == 2 &&
	   strstr(st.msg, "longer") != NULL, "a line over 64 KiB is refused, even a comment");
	free(text);

	text = "format hdcts-case 1\nbytes: 00\0 01\n";
	OK(hd_case_parse(text, 33, &c, &st) != 0 && st.offset == 2 &&
	   strstr(st.msg, "NUL") != NULL, "a NUL byte is refused");

	OK(hd_case_parse("", (size_t)HD_CASE_MAX_FILE + 1, &c, &st) != 0 &&
	   st.kind == HD_BAD_INPUT && strstr(st.msg, "larger") != NULL,
	   "a file over 16 MiB is refused before reading it");

	text = "format hdcts-case 1\r\nbytes: 30\r\n";
	c = parse(text, &st);
	OK(c != NULL && c->expr.len == 1, "CRLF line ends are accepted");
	hd_case_free(c);

	OK(hd_case_load("/nonexistent/x.case", &c, &st) != 0 && st.offset == 0,
	   "a missing file fails without a line");
}

static void test_garbage(void)
{
	OK(mutations(full_case, 3000, 0), "3000 mutated cases are parsed or refused as bad input");
}

/* ---- the printer ---- */

static int fake_aspace(void *self, uint64_t aspace, hd_aspace_info *info)
{
	(void)self;
	if (aspace == 0) {
		info->name = "global";
		info->addr_bits = 64;
		info->per_lane = 0;
		return 0;
	}
	if (aspace == 5) {
		info->name = "private_lane";
		info->addr_bits = 32;
		info->per_lane = 1;
		return 0;
	}
	return -1;
}

static int fake_name(void *self, uint64_t reg, char *out, size_t outsz)
{
	(void)self;
	if (reg != 33)
		return -1;
	snprintf(out, outsz, "s1");
	return 0;
}

static const hd_target_ops fake_ops = { .aspace = fake_aspace };
static const hd_target fake = {
	.ops = &fake_ops, .name = "fake", .generic_bits = 64, .lanes = 64,
	.names = { NULL, NULL, fake_name },
};

static const char *show_loc(hd_buf *b, const hd_loc *loc, const hd_target *arch)
{
	hd_buf_reset(b);
	hd_print_loc(b, loc, arch, 2);
	return hd_buf_str(b);
}

static void test_print_locations(void)
{
	hd_buf b;
	hd_storage mem = { .kind = HD_STORAGE_MEMORY, .size = (hd_bits)1 << 67 };
	hd_storage lane = { .kind = HD_STORAGE_MEMORY, .size = (hd_bits)1 << 35 };
	hd_storage reg = { .kind = HD_STORAGE_REGISTER, .size = 32 };
	hd_storage reg2 = { .kind = HD_STORAGE_REGISTER, .size = 2048 };
	static const uint8_t imp_bytes[] = { 0x34, 0x12, 0x00, 0xff };
	hd_storage imp = { .kind = HD_STORAGE_IMPLICIT, .size = 32 };
	hd_storage iptr = { .kind = HD_STORAGE_IMPLICIT_POINTER, .size = 64 };
	hd_storage undef = { .kind = HD_STORAGE_UNDEFINED };
	hd_storage comp = { .kind = HD_STORAGE_COMPOSITE, .size = 48 };
	hd_sloc s[4];
	hd_loc loc = { 1, s };
	hd_loc l_reg = { 1, &s[1] }, l_undef = { 1, &s[2] };
	hd_part parts[2];

	hd_buf_init(&b);
	mem.u.mem.aspace = 0;
	s[0].storage = &mem;
	s[0].offset = 0x2000 * 8 + 3;
	EQ_STR(show_loc(&b, &loc, &fake), "  memory global addr=0x2000 bit=3\n", "memory");
	mem.u.mem.has_lane = 1;
	mem.u.mem.lane = 4;
	EQ_STR(show_loc(&b, &loc, &fake), "  memory global addr=0x2000 bit=3\n",
	       "no lane for a shared address space");
	s[0].offset = ((hd_bits)0xffffffffffffffffull) * 8 + 7;
	EQ_STR(show_loc(&b, &loc, &fake), "  memory global addr=0xffffffffffffffff bit=7\n",
	       "the last bit of a 64-bit address space");
	lane.u.mem.aspace = 5;
	lane.u.mem.has_lane = 1;
	lane.u.mem.lane = 9;
	s[0].storage = &lane;
	s[0].offset = 0x40;
	EQ_STR(show_loc(&b, &loc, &fake), "  memory private_lane addr=0x8 bit=0 lane=9\n",
	       "per-lane memory names its lane");
	lane.u.mem.has_lane = 0;
	EQ_STR(show_loc(&b, &loc, &fake), "  memory private_lane addr=0x8 bit=0\n",
	       "no lane captured");
	lane.u.mem.aspace = 7;
	EQ_STR(show_loc(&b, &loc, &fake), "  memory 7 addr=0x8 bit=0\n",
	       "an address space the target does not name");
	EQ_STR(show_loc(&b, &loc, NULL), "  memory 7 addr=0x8 bit=0\n", "no architecture");

	reg.u.reg.reg = 33;
	s[1].storage = &reg;
	s[1].offset = 8;
	reg2.u.reg.reg = 2561;
	s[2].storage = &reg2;
	s[2].offset = 160;
	loc.s = &s[1];
	loc.n = 2;
	EQ_STR(show_loc(&b, &loc, &fake), "  register s1 bit=8\n  register 2561 bit=160\n",
	       "registers, named and numbered; several single locations");

	imp.u.imp.bytes = imp_bytes;
	s[0].storage = &imp;
	s[0].offset = 16;
	loc.s = s;
	loc.n = 1;
	EQ_STR(show_loc(&b, &loc, &fake), "  implicit bytes=341200ff bit=16\n", "implicit");

	iptr.u.iptr.die = 0x48;
	iptr.u.iptr.disp = -8;
	iptr.u.iptr.aspace = 5;
	s[0].storage = &iptr;
	s[0].offset = 0;
	EQ_STR(show_loc(&b, &loc, &fake), "  implicit-pointer die=0x48 disp=-8 aspace=5 bit=0\n",
	       "implicit pointer");

	s[0].storage = &undef;
	EQ_STR(show_loc(&b, &loc, &fake), "  undefined\n", "undefined");

	s[1].storage = &reg;
	s[1].offset = 0;
	s[2].storage = &undef;
	s[2].offset = 0;
	parts[0].loc = &l_reg;
	parts[0].bits = 32;
	parts[1].loc = &l_undef;
	parts[1].bits = 16;
	comp.u.comp.parts = parts;
	comp.u.comp.nparts = 2;
	comp.u.comp.complete = 1;
	s[0].storage = &comp;
	s[0].offset = 8;
	EQ_STR(show_loc(&b, &loc, &fake),
	       "  composite bits=48 bit=8\n"
	       "    part bits=32\n"
	       "      register s1 bit=0\n"
	       "    part bits=16\n"
	       "      undefined\n", "composite with parts");

	{
		hd_result res;
		memset(&res, 0, sizeof res);
		res.kind = HD_OUT_LOCATION;
		res.loc = &l_reg;
		hd_buf_reset(&b);
		hd_print_result(&b, &res, &fake);
		EQ_STR(hd_buf_str(&b), "location\n  register s1 bit=0\n", "location result");
		res.kind = HD_OUT_ERROR;
		hd_fail(&res.status, HD_EVAL_ERROR, "memory-unwritten", 0, "x");
		hd_buf_reset(&b);
		hd_print_result(&b, &res, &fake);
		EQ_STR(hd_buf_str(&b), "error evaluation: memory-unwritten\n", "evaluation error");
		hd_fail(&res.status, HD_ILL_FORMED, "stack-underflow", 0, "x");
		hd_buf_reset(&b);
		hd_print_result(&b, &res, &fake);
		EQ_STR(hd_buf_str(&b), "error ill-formed: stack-underflow\n", "ill-formed");
	}
	hd_buf_free(&b);
}

static void test_print_values(void)
{
	hd_buf b;
	hd_value v;
	hd_base_type i16 = { 0x30, "int16", 5, 16, 0 };
	hd_base_type v3 = { 0x38, "short3", 5, 16, 3 };
	hd_base_type v4b = { 0x40, "bool4", 2, 1, 4 };
	hd_base_type wide = { 0x48, "u128", 7, 128, 0 };
	static const uint8_t big[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0xf0 };
	hd_ipv ipv = { .die = 0x50, .disp = 4, .aspace = 0 };

	hd_buf_init(&b);
	memset(&v, 0, sizeof v);
	v.bits = 64;
	v.lo = 7;
	hd_print_value(&b, &v);
	EQ_STR(hd_buf_str(&b), "value generic = 0x0000000000000007\n", "generic value");

	hd_buf_reset(&b);
	v.type = &i16;
	v.bits = 16;
	v.lo = 0xfffe;
	hd_print_value(&b, &v);
	EQ_STR(hd_buf_str(&b), "value int16 = 0xfffe\n", "typed value, padded to its size");

	hd_buf_reset(&b);
	v.type = &v3;
	v.bits = 48;
	v.lo = 0x000300020001ull;
	hd_print_value(&b, &v);
	EQ_STR(hd_buf_str(&b), "value short3 = [0x0001, 0x0002, 0x0003]\n",
	       "vector, lowest element first");

	hd_buf_reset(&b);
	v.type = &v4b;
	v.bits = 4;
	v.lo = 0x5;
	hd_print_value(&b, &v);
	EQ_STR(hd_buf_str(&b), "value bool4 = [0x1, 0x0, 0x1, 0x0]\n", "vector of 1-bit elements");

	hd_buf_reset(&b);
	v.type = &wide;
	v.bits = 128;
	v.big = big;
	hd_print_value(&b, &v);
	EQ_STR(hd_buf_str(&b), "value u128 = 0xf00f0e0d0c0b0a090807060504030201\n",
	       "a value wider than 64 bits");

	hd_buf_reset(&b);
	memset(&v, 0, sizeof v);
	v.bits = 12;
	v.lo = 0xabc;
	hd_print_value(&b, &v);
	EQ_STR(hd_buf_str(&b), "value generic = 0xabc\n", "odd sizes round up to a digit");

	hd_buf_reset(&b);
	v.ipv = &ipv;
	hd_print_value(&b, &v);
	EQ_STR(hd_buf_str(&b), "value implicit-pointer die=0x50 disp=4 aspace=0\n",
	       "implicit pointer value");

	hd_buf_reset(&b);
	hd_print_bits(&b, 0);
	hd_buf_byte(&b, ' ');
	hd_print_bits(&b, -1);
	hd_buf_byte(&b, ' ');
	hd_print_bits(&b, (hd_bits)1 << 67);
	hd_buf_byte(&b, ' ');
	hd_print_bits(&b, -(hd_bits)((__extension__ (unsigned __int128)1 << 127) - 1) - 1);
	EQ_STR(hd_buf_str(&b),
	       "0 -1 147573952589676412928 -170141183460469231731687303715884105728",
	       "hd_print_bits, including the extremes");

	{
		static const uint8_t le[] = { 0x21, 0x43, 0x05 };
		hd_buf_reset(&b);
		hd_print_hex(&b, le, 20);
		EQ_STR(hd_buf_str(&b), "0x54321", "hd_print_hex masks to the bit count");
	}
	hd_buf_free(&b);
}

/* ---- end to end (needs the evaluator and the model) ---- */

static void test_run(void)
{
	hd_buf b;
	const char *out;

	hd_buf_init(&b);
	EQ_STR(run(&b, "format hdcts-case 1\ncontext lane=5 result=location\n"
	           "reg v1 = 0x10, 0x11, 0x12, 0x13, 0x14, 0x15\nread 32\n"
	           "expr: DW_OP_regx v1; DW_OP_LLVM_push_lane; DW_OP_lit4; DW_OP_mul; "
	           "DW_OP_LLVM_offset\n", 0),
	       "location\n  register v1 bit=160\nread 32 = 0x00000015\n",
	       "the example of the format documentation");
	EQ_STR(run(&b, "format hdcts-case 1\nmem global 0x2000 = 2a 00 00 00\nread 32\n"
	           "expr: DW_OP_addr 0x2000\n", 0),
	       "location\n  memory global addr=0x2000 bit=0\nread 32 = 0x0000002a\n",
	       "memory location read back");
	EQ_STR(run(&b, "format hdcts-case 1\ncontext result=value\npush value generic 7\n"
	           "expr: DW_OP_lit3; DW_OP_plus\n", 0),
	       "value generic = 0x000000000000000a\n", "initial stack value");
	out = run(&b, "format hdcts-case 1\nexpr: DW_OP_plus\n", 1);
	OK(strncmp(out, "error ", 6) == 0 && strstr(out, "\n  # ") != NULL,
	   "an error outcome, with its message under -v");
	out = run(&b, "format hdcts-case 1\nobject: DW_OP_plus\nexpr: DW_OP_lit0\n", 0);
	OK(strncmp(out, "error setup ", 12) == 0, "a failing setup expression is the outcome");
	EQ_STR(run(&b, "format hdcts-case 1\npush location: DW_OP_regx s3 | DW_OP_regx s4\n"
	           "expr: DW_OP_nop\n", 0),
	       "location\n  register s3 bit=0\n  register s4 bit=0\n",
	       "push location with alternatives");
	EQ_STR(run(&b, "format hdcts-case 1\ncontext lane=3\nmem private_lane:3 0 = 11 22 33 44\n"
	           "cfa: DW_OP_lit0; DW_OP_lit5; DW_OP_LLVM_form_aspace_address\nread 32\n"
	           "expr: DW_OP_call_frame_cfa\n", 0),
	       "location\n  memory private_lane addr=0x0 bit=0 lane=3\nread 32 = 0x44332211\n",
	       "frame answer for the CFA");
	out = run(&b, "format hdcts-case 1\n\nreg s3 = 0x100000000\nexpr: DW_OP_lit0\n", 0);
	OK(strncmp(out, "run error 3:", 12) == 0, "a value wider than its register: bad input");
	out = run(&b, "format hdcts-case 1\nreg s3 = 1, 2\nexpr: DW_OP_lit0\n", 0);
	OK(strncmp(out, "run error 2:", 12) == 0, "two values for a scalar register");
	/* 2^20 parts that each share a 2^20-part composite: 2^40 leaves */
	out = run(&b, "format hdcts-case 1\nexpr: regx s33; LLVM_extend 1 1048576; "
	          "LLVM_extend 32 1048576\n", 0);
	{
		size_t lines = 0;
		const char *last = out;
		for (const char *p = out; *p; p++)
			if (*p == '\n') {
				lines++;
				if (p[1] != '\0')
					last = p + 1;
			}
		OK(lines == HD_PRINT_MAX_LINES + 2 && strstr(last, "... output limit") != NULL,
		   "printing a huge shared composite stops at the line budget");
	}
	EQ_STR(run(&b, "format hdcts-case 1\npush location: DW_OP_regx s3 | DW_OP_addr 0x10\n"
	           "expr: DW_OP_nop\nwrite 16 = 01 02\nread 16\n", 0),
	       "location\n  register s3 bit=0\n  memory global addr=0x10 bit=0\nwrite 16 ok\n"
	       "read 16 = 0x0201\n", "write, then read");
	hd_buf_free(&b);
}

int main(void)
{
	tap_begin();
	test_accepts();
	test_defaults();
	test_loclist();
	test_refuses();
	test_limits();
	test_garbage();
	test_print_locations();
	test_print_values();
	test_run();
	return tap_end();
}
