/* The gfx9 decoder: the encoding from the top bits of the first dword, the
 * opcode's row from the generated table, then the operands the row's shape
 * names and every other field of the encoding (docs/gfx9-isa.md). Field
 * positions: AMD "Vega Instruction Set Architecture", "Microcode Formats";
 * the acc bits and matrix fields of gfx90a: "AMD Instinct MI200 (CDNA2)
 * Instruction Set Architecture", the same section. */
#include <stdlib.h>
#include <string.h>

#include "isa.h"

#define M900 HD_ISA_GFX900
#define M906 HD_ISA_GFX906
#define M90A HD_ISA_GFX90A
#define E HD_ISA_E
#define SDWA HD_ISA_SDWA
#define DPP HD_ISA_DPP
#define X(enc, form, op, machs, mn, shape) { HD_ISA_##enc, form, op, machs, mn, shape },
const hd_isa_row hd_isa_rows[] = {
#include "gfx9-opcodes.def"
};
#undef X
#undef M900
#undef M906
#undef M90A
#undef E
#undef SDWA
#undef DPP
const size_t hd_isa_nrows = sizeof hd_isa_rows / sizeof hd_isa_rows[0];

static uint32_t bits(uint64_t w, unsigned hi, unsigned lo)
{
	return (uint32_t)(w >> lo) & (uint32_t)((1ull << (hi - lo + 1)) - 1);
}

hd_isa_mach hd_isa_mach_named(const char *name)
{
	if (strcmp(name, "gfx900") == 0)
		return HD_ISA_GFX900;
	if (strcmp(name, "gfx906") == 0)
		return HD_ISA_GFX906;
	if (strcmp(name, "gfx90a") == 0)
		return HD_ISA_GFX90A;
	return 0;
}

static int reserved(hd_status *st, uint64_t addr, const char *what)
{
	return hd_fail(st, HD_BAD_INPUT, "isa-reserved", addr, "gfx9 decode at 0x%llx: %s",
	               (unsigned long long)addr, what);
}

/* The encoding, the opcode and the size without a literal, from the first
 * dword; -1 for the encodings not decoded (MIMG, MTBUF, EXP, VINTRP), 1
 * for FLAT's reserved segment 3. */
static int classify(uint32_t w, unsigned *enc, unsigned *op, unsigned *size)
{
	*size = 4;
	if ((w >> 31) == 0) {
		unsigned top = bits(w, 30, 25);
		if (top == 0x3f)
			return *enc = HD_ISA_VOP1, *op = bits(w, 16, 9), 0;
		if (top == 0x3e)
			return *enc = HD_ISA_VOPC, *op = bits(w, 24, 17), 0;
		return *enc = HD_ISA_VOP2, *op = top, 0;
	}
	if ((w >> 30) == 2) {
		unsigned top9 = w >> 23;
		if (top9 == 0x17d)
			return *enc = HD_ISA_SOP1, *op = bits(w, 15, 8), 0;
		if (top9 == 0x17e)
			return *enc = HD_ISA_SOPC, *op = bits(w, 22, 16), 0;
		if (top9 == 0x17f)
			return *enc = HD_ISA_SOPP, *op = bits(w, 22, 16), 0;
		if ((w >> 28) == 0xb)
			return *enc = HD_ISA_SOPK, *op = bits(w, 27, 23), 0;
		return *enc = HD_ISA_SOP2, *op = bits(w, 29, 23), 0;
	}
	*size = 8;
	switch (w >> 26) {
	case 0x30: return *enc = HD_ISA_SMEM, *op = bits(w, 25, 18), 0;
	case 0x34:
		if ((w >> 23) == 0x1a7)
			return *enc = HD_ISA_VOP3P, *op = bits(w, 22, 16), 0;
		return *enc = HD_ISA_VOP3, *op = bits(w, 25, 16), 0;
	case 0x36: return *enc = HD_ISA_DS, *op = bits(w, 24, 17), 0;
	case 0x37: {
		unsigned seg = bits(w, 15, 14);
		if (seg == 3)
			return 1;  /* reserved */
		*enc = seg == 0 ? HD_ISA_FLAT : seg == 1 ? HD_ISA_SCRATCH : HD_ISA_GLOBAL;
		return *op = bits(w, 24, 18), 0;
	}
	case 0x38: return *enc = HD_ISA_MUBUF, *op = bits(w, 24, 18), 0;
	default: return -1;
	}
}

static int row_cmp(const void *k, const void *r)
{
	const hd_isa_row *a = k, *b = r;
	if (a->enc != b->enc)
		return a->enc < b->enc ? -1 : 1;
	return a->op < b->op ? -1 : a->op > b->op;
}

/* The row of (enc, form, op) that mach has: the rows of one (enc, op) are
 * neighbours in the table, so a binary search then a short scan. */
static const hd_isa_row *find_row(hd_isa_mach mach, unsigned enc, unsigned form, unsigned op)
{
	hd_isa_row key = { (uint8_t)enc, (uint8_t)form, (uint16_t)op, 0, NULL, NULL };
	const hd_isa_row *r = bsearch(&key, hd_isa_rows, hd_isa_nrows, sizeof *r, row_cmp);
	if (r == NULL)
		return NULL;
	while (r > hd_isa_rows && row_cmp(&key, r - 1) == 0)
		r--;
	for (; r < hd_isa_rows + hd_isa_nrows && row_cmp(&key, r) == 0; r++)
		if (r->form == form && (r->machs & mach))
			return r;
	return NULL;
}

/* The operand a 9-bit source code (or an 8-bit scalar one) stands for:
 * SGPRs, special registers, inline constants, the literal, VGPRs. */
static void source(hd_isa_operand *o, unsigned code, unsigned width)
{
	static const uint32_t f32[] = { 0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000,
	                                0x40000000, 0xc0000000, 0x40800000, 0xc0800000,
	                                0x3e22f983 };
	static const uint64_t f64[] = { 0x3fe0000000000000, 0xbfe0000000000000,
	                                0x3ff0000000000000, 0xbff0000000000000,
	                                0x4000000000000000, 0xc000000000000000,
	                                0x4010000000000000, 0xc010000000000000,
	                                0x3fc45f306dc9c882 };
	o->num = (uint16_t)code;
	o->width = (uint8_t)width;
	if (code < 102) {
		o->kind = HD_ISA_SGPR;
	} else if (code >= 256) {
		o->kind = HD_ISA_VGPR;
		o->num = (uint16_t)(code - 256);
	} else if (code >= 128 && code <= 208) {
		o->kind = HD_ISA_INT;
		o->value = (uint64_t)(code <= 192 ? (int64_t)code - 128 : 192 - (int64_t)code);
	} else if (code >= 240 && code <= 248) {
		o->kind = HD_ISA_FLOAT;
		o->value = width == 2 ? f64[code - 240] : f32[code - 240];
	} else if (code == 255) {
		o->kind = HD_ISA_LITERAL;
	} else {
		o->kind = HD_ISA_SPECIAL;
	}
}

/* A register field whose class the row fixes (vdst, DS and memory data):
 * v, a (or v made a by gfx90a's acc bit), or s (an 8-bit scalar code). */
static void reg(hd_isa_operand *o, char cls, unsigned num, unsigned width, int acc)
{
	if (cls == 's') {
		source(o, num, width);
		return;
	}
	o->kind = cls == 'a' || acc ? HD_ISA_AGPR : HD_ISA_VGPR;
	o->num = (uint16_t)num;
	o->width = (uint8_t)width;
}

/* The value of a named field of the instruction's words. */
static int field_value(const hd_isa_insn *in, const char *name, unsigned *v)
{
	uint64_t w = in->words[0] | (uint64_t)in->words[1] << 32;
	unsigned enc = in->row->enc, form = in->row->form;
	int vop = enc == HD_ISA_VOP1 || enc == HD_ISA_VOP2 || enc == HD_ISA_VOPC;

	if (strcmp(name, "sdst") == 0)
		*v = enc == HD_ISA_VOP3 || enc == HD_ISA_VOP3P ? bits(w, 14, 8) :
		     vop ? bits(w, 46, 40) : bits(w, 22, 16);
	else if (strcmp(name, "ssrc0") == 0)
		*v = bits(w, 7, 0);
	else if (strcmp(name, "ssrc1") == 0)
		*v = bits(w, 15, 8);
	else if (strcmp(name, "sdata") == 0)
		*v = bits(w, 12, 6);
	else if (strcmp(name, "sbase") == 0)
		*v = bits(w, 5, 0) << 1;
	else if (strcmp(name, "vdst") == 0)
		*v = vop ? bits(w, 24, 17) : enc == HD_ISA_VOP3 || enc == HD_ISA_VOP3P ? bits(w, 7, 0) :
		     bits(w, 63, 56);
	else if (strcmp(name, "src0") == 0)
		*v = !vop ? bits(w, 40, 32) : form == HD_ISA_E ? bits(w, 8, 0) :
		     form == HD_ISA_DPP || !bits(w, 55, 55) ? 256 + bits(w, 39, 32) : bits(w, 39, 32);
	else if (strcmp(name, "vsrc1") == 0)
		*v = form == HD_ISA_SDWA && bits(w, 63, 63) ? bits(w, 16, 9) : 256 + bits(w, 16, 9);
	else if (strcmp(name, "src1") == 0)
		*v = bits(w, 49, 41);
	else if (strcmp(name, "src2") == 0)
		*v = bits(w, 58, 50);
	else if (strcmp(name, "addr") == 0 || strcmp(name, "vaddr") == 0)
		*v = bits(w, 39, 32);
	else if (strcmp(name, "data0") == 0 || strcmp(name, "data") == 0 || strcmp(name, "vdata") == 0)
		*v = bits(w, 47, 40);
	else if (strcmp(name, "data1") == 0)
		*v = bits(w, 55, 48);
	else if (strcmp(name, "srsrc") == 0)
		*v = bits(w, 52, 48) << 2;
	else if (strcmp(name, "soffset") == 0)
		*v = bits(w, 63, 56);
	else
		return -1;
	return 0;
}

/* The fields of the encoding that are not operands. */
static void fields(hd_isa_insn *in)
{
	uint64_t w = in->words[0] | (uint64_t)in->words[1] << 32;
	hd_isa_fields *f = &in->f;
	int a = in->mach == HD_ISA_GFX90A;

	switch (in->row->enc) {
	case HD_ISA_SOPK:
	case HD_ISA_SOPP:
		f->simm16 = (uint16_t)bits(w, 15, 0);
		break;
	case HD_ISA_SMEM:
		f->imm = (uint8_t)bits(w, 17, 17);
		f->glc = (uint8_t)bits(w, 16, 16);
		f->nv = (uint8_t)bits(w, 15, 15);
		f->soe = (uint8_t)bits(w, 14, 14);
		f->offset = (int32_t)(bits(w, 52, 32) ^ 0x100000) - 0x100000;
		f->soffset = (uint16_t)bits(w, 63, 57);
		break;
	case HD_ISA_VOP3:
		f->clamp = (uint8_t)bits(w, 15, 15);
		f->op_sel = (uint8_t)bits(w, 14, 11);
		f->abs = (uint8_t)bits(w, 10, 8);
		f->omod = (uint8_t)bits(w, 60, 59);
		f->neg = (uint8_t)bits(w, 63, 61);
		if (strstr(in->row->shape, "sdst:") != NULL)
			f->abs = f->op_sel = 0;  /* VOP3b: bits 14:8 are sdst */
		break;
	case HD_ISA_VOP3P:
		f->clamp = (uint8_t)bits(w, 15, 15);
		f->op_sel = (uint8_t)bits(w, 13, 11);
		f->op_sel_hi = (uint8_t)(bits(w, 60, 59) | bits(w, 14, 14) << 2);
		f->neg_hi = (uint8_t)bits(w, 10, 8);
		f->neg = (uint8_t)bits(w, 63, 61);
		/* the matrix ops of gfx90a reuse these bits */
		f->acc_cd = f->clamp;
		f->cbsz = f->neg_hi;
		f->abid = (uint8_t)bits(w, 14, 11);
		f->blgp = f->neg;
		break;
	case HD_ISA_DS:
		f->offset0 = (uint8_t)bits(w, 7, 0);
		f->offset1 = (uint8_t)bits(w, 15, 8);
		f->offset = (int32_t)bits(w, 15, 0);
		f->gds = (uint8_t)bits(w, 16, 16);
		f->acc = (uint8_t)(a && bits(w, 25, 25));
		break;
	case HD_ISA_FLAT:
	case HD_ISA_SCRATCH:
	case HD_ISA_GLOBAL:
		f->seg = (uint8_t)bits(w, 15, 14);
		f->offset = f->seg == 0 ? (int32_t)bits(w, 11, 0) :
		            (int32_t)(bits(w, 12, 0) ^ 0x1000) - 0x1000;
		f->lds = (uint8_t)bits(w, 13, 13);
		f->glc = (uint8_t)bits(w, 16, 16);
		f->slc = (uint8_t)bits(w, 17, 17);
		f->saddr = (uint16_t)bits(w, 54, 48);
		f->nv = (uint8_t)(!a && bits(w, 55, 55));
		f->acc = (uint8_t)(a && bits(w, 55, 55));
		break;
	case HD_ISA_MUBUF:
		f->offset = (int32_t)bits(w, 11, 0);
		f->offen = (uint8_t)bits(w, 12, 12);
		f->idxen = (uint8_t)bits(w, 13, 13);
		f->glc = (uint8_t)bits(w, 14, 14);
		f->lds = (uint8_t)bits(w, 16, 16);
		f->slc = (uint8_t)bits(w, 17, 17);
		f->soffset = (uint16_t)bits(w, 63, 56);
		f->acc = (uint8_t)(a && bits(w, 55, 55));
		break;
	default:
		break;
	}
	if (in->row->form == HD_ISA_SDWA) {
		f->dst_sel = (uint8_t)bits(w, 42, 40);
		f->dst_unused = (uint8_t)bits(w, 44, 43);
		f->clamp = (uint8_t)bits(w, 45, 45);
		f->omod = (uint8_t)bits(w, 47, 46);
		f->src0_sel = (uint8_t)bits(w, 50, 48);
		f->src0_sext = (uint8_t)bits(w, 51, 51);
		f->src0_neg = (uint8_t)bits(w, 52, 52);
		f->src0_abs = (uint8_t)bits(w, 53, 53);
		f->src1_sel = (uint8_t)bits(w, 58, 56);
		f->src1_sext = (uint8_t)bits(w, 59, 59);
		f->src1_neg = (uint8_t)bits(w, 60, 60);
		f->src1_abs = (uint8_t)bits(w, 61, 61);
		if (in->row->enc == HD_ISA_VOPC)
			f->sd = (uint8_t)bits(w, 47, 47);
	} else if (in->row->form == HD_ISA_DPP) {
		f->dpp_ctrl = (uint16_t)bits(w, 48, 40);
		f->bound_ctrl = (uint8_t)bits(w, 51, 51);
		f->src0_neg = (uint8_t)bits(w, 52, 52);
		f->src0_abs = (uint8_t)bits(w, 53, 53);
		f->src1_neg = (uint8_t)bits(w, 54, 54);
		f->src1_abs = (uint8_t)bits(w, 55, 55);
		f->bank_mask = (uint8_t)bits(w, 59, 56);
		f->row_mask = (uint8_t)bits(w, 63, 60);
	}
}

/* One operand of the row's shape: "FIELD:CW", "=NAME" or an immediate. */
static int operand(hd_isa_insn *in, const char *tok, size_t n, hd_isa_operand *o, hd_status *st)
{
	char name[16];
	const char *colon = memchr(tok, ':', n);
	unsigned v, width;
	char cls;

	memset(o, 0, sizeof *o);
	if (tok[0] == '=') {
		/* implicit: vcc, exec, off (FLAT saddr, handled with the address) */
		o->field = strncmp(tok, "=off", n) == 0 ? "off" : strncmp(tok, "=exec", n) == 0 ? "exec" : "vcc";
		o->kind = o->field[0] == 'o' ? HD_ISA_OFF : HD_ISA_SPECIAL;
		o->num = o->field[0] == 'e' ? 126 : 106;
		o->width = 2;
		return 0;
	}
	if (colon == NULL) {
		o->kind = HD_ISA_IMM;
		o->field = strncmp(tok, "lit", n) == 0 ? "lit" : strncmp(tok, "offset", n) == 0 ? "offset" : "simm16";
		o->value = o->field[0] == 'o' ? (uint64_t)(int64_t)in->f.offset : in->f.simm16;
		if (o->field[0] == 'l')
			o->kind = HD_ISA_LITERAL;
		return 0;
	}
	if ((size_t)(colon - tok) >= sizeof name)
		return hd_fail(st, HD_INTERNAL, "isa-table", in->addr, "bad shape token");
	memcpy(name, tok, (size_t)(colon - tok));
	name[colon - tok] = '\0';
	cls = colon[1];
	width = (unsigned)strtoul(colon + 2, NULL, 10);
	if (field_value(in, name, &v) != 0)
		return hd_fail(st, HD_INTERNAL, "isa-table", in->addr, "unknown field %s", name);
	o->field = strcmp(name, "vdst") == 0 ? "vdst" : strcmp(name, "sdst") == 0 ? "sdst" :
	           strcmp(name, "sdata") == 0 ? "sdata" : strcmp(name, "vdata") == 0 ? "vdata" :
	           strcmp(name, "src0") == 0 ? "src0" : strcmp(name, "src1") == 0 ? "src1" :
	           strcmp(name, "src2") == 0 ? "src2" : strcmp(name, "vsrc1") == 0 ? "vsrc1" :
	           strcmp(name, "ssrc0") == 0 ? "ssrc0" : strcmp(name, "ssrc1") == 0 ? "ssrc1" :
	           strcmp(name, "sbase") == 0 ? "sbase" : strcmp(name, "srsrc") == 0 ? "srsrc" :
	           strcmp(name, "soffset") == 0 ? "soffset" : strcmp(name, "addr") == 0 ? "addr" :
	           strcmp(name, "vaddr") == 0 ? "vaddr" : strcmp(name, "data0") == 0 ? "data0" :
	           strcmp(name, "data1") == 0 ? "data1" : "data";
	o->is_dst = o->field[1] == 'd' || (strcmp(o->field, "sdata") == 0 &&
	                                   strncmp(in->row->mnemonic, "s_store", 7) != 0 &&
	                                   strncmp(in->row->mnemonic, "s_buffer_store", 14) != 0 &&
	                                   strncmp(in->row->mnemonic, "s_scratch_store", 15) != 0);
	if (strncmp(name, "src", 3) == 0 || strncmp(name, "ssrc", 4) == 0 || strcmp(name, "vsrc1") == 0 ||
	    strcmp(name, "soffset") == 0) {
		int mai = in->row->enc == HD_ISA_VOP3P && in->mach == HD_ISA_GFX90A && in->row->op >= 0x40 &&
		          in->row->op < 0x58;
		source(o, v, width);
		if (cls == 'a' && o->kind == HD_ISA_VGPR && !mai)
			o->kind = HD_ISA_AGPR;  /* v_accvgpr_read_b32, v_accvgpr_mov_b32 */
		if (mai && o->kind == HD_ISA_VGPR && (strcmp(name, "src2") == 0 ? in->f.acc_cd :
		    (in->f.op_sel_hi >> (name[3] - '0')) & 1))
			o->kind = HD_ISA_AGPR;
		return 0;
	}
	if (strcmp(name, "vdst") == 0 && in->row->enc == HD_ISA_VOP3P && cls != 's')
		return reg(o, in->row->op >= 0x40 && in->row->op < 0x58 && in->mach == HD_ISA_GFX90A ?
		           (in->f.acc_cd ? 'a' : 'v') : cls, v, width, 0), 0;
	reg(o, cls, v, width, in->f.acc && cls == 'v' && strcmp(name, "addr") != 0 &&
	    strcmp(name, "vaddr") != 0);
	return 0;
}

/* Whether in is a FLAT, GLOBAL or SCRATCH atomic with glc set, which
 * returns the memory's old value (the Vega guide's "Flat Atomic"
 * instructions): the table's row is the form without a destination. */
static int returns_old(const hd_isa_insn *in)
{
	unsigned enc = in->row->enc;

	return (enc == HD_ISA_FLAT || enc == HD_ISA_GLOBAL || enc == HD_ISA_SCRATCH) && in->f.glc &&
	       strstr(in->row->mnemonic, "_atomic_") != NULL;
}

/* The returning atomic's vdst, first: as wide as its data, but half of a
 * cmpswap's, whose data holds the comparand too. */
static void add_vdst(hd_isa_insn *in)
{
	const hd_isa_operand *data = NULL;
	hd_isa_operand *o;
	unsigned v = 0, width;

	for (unsigned i = 0; i < in->noperands; i++)
		if (strcmp(in->op[i].field, "data") == 0)
			data = &in->op[i];
	width = data != NULL ? data->width : 1;
	if (strstr(in->row->mnemonic, "_cmpswap") != NULL && width > 1)
		width /= 2;
	(void)field_value(in, "vdst", &v);
	memmove(&in->op[1], &in->op[0], in->noperands * sizeof in->op[0]);
	o = &in->op[0];
	memset(o, 0, sizeof *o);
	o->field = "vdst";
	o->is_dst = 1;
	reg(o, 'v', v, width, in->f.acc);
	in->noperands++;
}

/* The address operands whose width and presence depend on the bits, not on
 * the opcode: MUBUF vaddr (off, one or two dwords), GLOBAL vaddr (two
 * dwords with saddr off), SCRATCH (vaddr or saddr). */
static void addresses(hd_isa_insn *in)
{
	for (unsigned i = 0; i < in->noperands; i++) {
		hd_isa_operand *o = &in->op[i];
		if (in->row->enc == HD_ISA_MUBUF && strcmp(o->field, "vaddr") == 0) {
			if (!in->f.offen && !in->f.idxen)
				o->kind = HD_ISA_OFF;
			o->width = in->f.offen && in->f.idxen ? 2 : 1;
		} else if ((in->row->enc == HD_ISA_GLOBAL || in->row->enc == HD_ISA_SCRATCH) &&
		           strcmp(o->field, "addr") == 0) {
			int off = in->f.saddr == 0x7f;
			if (in->row->enc == HD_ISA_GLOBAL)
				o->width = off ? 2 : 1;
			else if (!off)
				o->kind = HD_ISA_OFF;
		} else if (o->kind == HD_ISA_OFF && strcmp(o->field, "off") == 0 && in->f.saddr != 0x7f) {
			/* saddr: an SGPR pair (GLOBAL) or one SGPR (SCRATCH) */
			o->field = "saddr";
			source(o, in->f.saddr, in->row->enc == HD_ISA_GLOBAL ? 2 : 1);
		}
	}
}

int hd_isa_decode(hd_isa_mach mach, const uint8_t *buf, size_t len, uint64_t addr,
                  hd_isa_insn *in, hd_status *st)
{
	unsigned enc, op, size, form = HD_ISA_E;
	int rc;
	const char *s;

	memset(in, 0, sizeof *in);
	in->addr = addr;
	in->mach = mach;
	if (len < 4)
		return hd_fail(st, HD_BAD_INPUT, "isa-truncated", addr,
		               "gfx9 decode at 0x%llx: %zu bytes, an instruction has at least 4",
		               (unsigned long long)addr, len);
	in->words[0] = (uint32_t)buf[0] | (uint32_t)buf[1] << 8 | (uint32_t)buf[2] << 16 |
	               (uint32_t)buf[3] << 24;
	if ((rc = classify(in->words[0], &enc, &op, &size)) > 0)
		return reserved(st, addr, "FLAT seg 3 is reserved");
	if (rc != 0)
		return hd_fail(st, HD_BAD_INPUT, "isa-opcode", addr,
		               "gfx9 decode at 0x%llx: encoding of 0x%08x is not decoded",
		               (unsigned long long)addr, in->words[0]);
	if ((enc == HD_ISA_VOP1 || enc == HD_ISA_VOP2 || enc == HD_ISA_VOPC) &&
	    (bits(in->words[0], 8, 0) == 249 || bits(in->words[0], 8, 0) == 250)) {
		form = bits(in->words[0], 8, 0) == 249 ? HD_ISA_SDWA : HD_ISA_DPP;
		size = 8;
	}
	if (len < size)
		return hd_fail(st, HD_BAD_INPUT, "isa-truncated", addr,
		               "gfx9 decode at 0x%llx: %zu bytes, the instruction has %u",
		               (unsigned long long)addr, len, size);
	if (size == 8)
		in->words[1] = (uint32_t)buf[4] | (uint32_t)buf[5] << 8 | (uint32_t)buf[6] << 16 |
		               (uint32_t)buf[7] << 24;
	in->size = size;
	in->row = find_row(mach, enc, form, op);
	if (in->row == NULL)
		return hd_fail(st, HD_BAD_INPUT, "isa-opcode", addr,
		               "gfx9 decode at 0x%llx: no instruction has opcode %u of this encoding",
		               (unsigned long long)addr, op);
	fields(in);
	for (s = in->row->shape; *s != '\0';) {
		size_t n = strcspn(s, " ");
		if (in->noperands == HD_ISA_MAX_OPERANDS)
			return hd_fail(st, HD_INTERNAL, "isa-table", addr, "too many operands");
		if (operand(in, s, n, &in->op[in->noperands], st) != 0)
			return -1;
		in->noperands++;
		s += n + (s[n] == ' ');
	}
	if (returns_old(in) && in->noperands < HD_ISA_MAX_OPERANDS)
		add_vdst(in);
	addresses(in);
	for (unsigned i = 0; i < in->noperands; i++) {
		hd_isa_operand *o = &in->op[i];
		if (o->kind != HD_ISA_LITERAL)
			continue;
		if (enc == HD_ISA_VOP3 || enc == HD_ISA_VOP3P)
			return reserved(st, addr, "VOP3 has no literal constant on gfx9");
		if (in->size == 4) {
			if (len < 8)
				return hd_fail(st, HD_BAD_INPUT, "isa-truncated", addr,
				               "gfx9 decode at 0x%llx: the literal constant is cut off",
				               (unsigned long long)addr);
			in->words[1] = (uint32_t)buf[4] | (uint32_t)buf[5] << 8 | (uint32_t)buf[6] << 16 |
			               (uint32_t)buf[7] << 24;
			in->size = 8;
		}
		o->value = in->words[1];
	}
	if (enc == HD_ISA_SOPP && (strncmp(in->row->mnemonic, "s_branch", 8) == 0 ||
	                           strncmp(in->row->mnemonic, "s_cbranch_", 10) == 0)) {
		in->has_target = 1;
		in->target = addr + 4 + (uint64_t)((int64_t)(int16_t)in->f.simm16 * 4);
	}
	return 0;
}
