/* The text form of a decoded gfx9 instruction, as llvm-objdump 15 prints it
 * (docs/gfx9-isa.md, "The text form"): the mnemonic, the operands in the
 * order of the table's shape, then the encoding's modifiers. */
#include <string.h>

#include "isa.h"

/* The names of the 8-bit codes from 102 that are not SGPRs, one and two
 * dwords wide. */
static const char *special(unsigned code, unsigned width)
{
	static const struct { unsigned code; const char *one, *two; } names[] = {
		{ 102, "flat_scratch_lo", "flat_scratch" }, { 103, "flat_scratch_hi", NULL },
		{ 104, "xnack_mask_lo", "xnack_mask" }, { 105, "xnack_mask_hi", NULL },
		{ 106, "vcc_lo", "vcc" }, { 107, "vcc_hi", NULL },
		{ 124, "m0", NULL }, { 126, "exec_lo", "exec" }, { 127, "exec_hi", NULL },
		{ 235, "src_shared_base", "src_shared_base" }, { 236, "src_shared_limit", "src_shared_limit" },
		{ 237, "src_private_base", "src_private_base" },
		{ 238, "src_private_limit", "src_private_limit" },
		{ 239, "src_pops_exiting_wave_id", "src_pops_exiting_wave_id" },
		{ 251, "src_vccz", "src_vccz" }, { 252, "src_execz", "src_execz" },
		{ 253, "src_scc", "src_scc" }, { 254, "src_lds_direct", "src_lds_direct" },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (names[i].code == code)
			return width == 1 ? names[i].one : names[i].two;
	return NULL;
}

static void range(hd_buf *out, const char *cls, unsigned num, unsigned width)
{
	if (width <= 1)
		hd_buf_printf(out, "%s%u", cls, num);
	else
		hd_buf_printf(out, "%s[%u:%u]", cls, num, num + width - 1);
}

/* The inline float constants by code 240..248. */
static const char *const float_names[] = { "0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0",
                                           "4.0", "-4.0", "0.15915494" };

/* A 32-bit value as llvm-objdump 15 prints a literal: like the inline
 * constant it equals, if any, else in hex. */
static void literal(hd_buf *out, uint32_t v)
{
	static const uint32_t f32[] = { 0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000,
	                                0x40000000, 0xc0000000, 0x40800000, 0xc0800000,
	                                0x3e22f983 };
	int32_t s = (int32_t)v;
	if (s >= -16 && s <= 64) {
		hd_buf_printf(out, "%d", s);
		return;
	}
	for (size_t i = 0; i < sizeof f32 / sizeof f32[0]; i++)
		if (f32[i] == v) {
			hd_buf_printf(out, "%s", float_names[i]);
			return;
		}
	hd_buf_printf(out, "0x%x", v);
}

static void operand(hd_buf *out, const hd_isa_operand *o)
{
	const char *name;

	switch (o->kind) {
	case HD_ISA_VGPR: range(out, "v", o->num, o->width); return;
	case HD_ISA_AGPR: range(out, "a", o->num, o->width); return;
	case HD_ISA_SGPR: range(out, "s", o->num, o->width); return;
	case HD_ISA_INT: hd_buf_printf(out, "%lld", (long long)(int64_t)o->value); return;
	case HD_ISA_FLOAT: hd_buf_printf(out, "%s", float_names[o->num - 240]); return;
	case HD_ISA_LITERAL: literal(out, (uint32_t)o->value); return;
	case HD_ISA_OFF: hd_buf_printf(out, "off"); return;
	case HD_ISA_IMM: hd_buf_printf(out, "%llu", (unsigned long long)o->value); return;
	case HD_ISA_SPECIAL:
		if (o->num >= 108 && o->num <= 123) {
			range(out, "ttmp", o->num - 108u, o->width);
			return;
		}
		name = special(o->num, o->width);
		if (name != NULL)
			hd_buf_printf(out, "%s", name);
		else
			hd_buf_printf(out, "%u", o->num);
		return;
	}
}

/* s_waitcnt's counters, the ones below their maximum (all when none is). */
static void waitcnt(hd_buf *out, unsigned v)
{
	unsigned vm = (v & 0xf) | (v >> 14 & 3) << 4, exp = v >> 4 & 7, lgkm = v >> 8 & 0xf;
	int any = vm != 63 || exp != 7 || lgkm != 15;
	const char *sep = "";

	if (!any || vm != 63)
		hd_buf_printf(out, "vmcnt(%u)", vm), sep = " ";
	if (!any || exp != 7)
		hd_buf_printf(out, "%sexpcnt(%u)", sep, exp), sep = " ";
	if (!any || lgkm != 15)
		hd_buf_printf(out, "%slgkmcnt(%u)", sep, lgkm);
}

/* hwreg(NAME[, offset, size]) of s_getreg/s_setreg. */
static void hwreg(hd_buf *out, unsigned v)
{
	static const char *const names[] = { NULL, "HW_REG_MODE", "HW_REG_STATUS", "HW_REG_TRAPSTS",
	                                     "HW_REG_HW_ID", "HW_REG_GPR_ALLOC", "HW_REG_LDS_ALLOC",
	                                     "HW_REG_IB_STS", NULL, NULL, NULL, NULL, NULL, NULL, NULL,
	                                     "HW_REG_SH_MEM_BASES" };
	unsigned id = v & 0x3f, off = v >> 6 & 0x1f, size = (v >> 11) + 1;

	if (id < sizeof names / sizeof names[0] && names[id] != NULL)
		hd_buf_printf(out, "hwreg(%s", names[id]);
	else
		hd_buf_printf(out, "hwreg(%u", id);
	if (off != 0 || size != 32)
		hd_buf_printf(out, ", %u, %u", off, size);
	hd_buf_printf(out, ")");
}

/* s_sendmsg's operand as llvm-objdump 15 prints it for gfx9 (AMDGPUUsage
 * and the Vega guide, "S_SENDMSG"): a message that takes no operation by
 * name when none is given, MSG_GS and MSG_GS_DONE with their GS_OP and
 * stream, MSG_SYSMSG with its operation; any other combination as numbers. */
static void sendmsg(hd_buf *out, unsigned v)
{
	static const char *const msg[16] = {
		[1] = "MSG_INTERRUPT", [2] = "MSG_GS", [3] = "MSG_GS_DONE", [4] = "MSG_SAVEWAVE",
		[5] = "MSG_STALL_WAVE_GEN", [6] = "MSG_HALT_WAVES", [7] = "MSG_ORDERED_PS_DONE",
		[8] = "MSG_EARLY_PRIM_DEALLOC", [9] = "MSG_GS_ALLOC_REQ", [10] = "MSG_GET_DOORBELL",
		[15] = "MSG_SYSMSG" };
	static const char *const gs_op[4] = { "GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT" };
	static const char *const sys_op[5] = { NULL, "SYSMSG_OP_ECC_ERR_INTERRUPT", "SYSMSG_OP_REG_RD",
	                                       "SYSMSG_OP_HOST_TRAP_ACK", "SYSMSG_OP_TTRACE_PC" };
	unsigned id = v & 0xf, op = v >> 4 & 7, stream = v >> 8 & 3;

	if ((id == 2 || id == 3) && op >= 1 && op <= 3)
		hd_buf_printf(out, "sendmsg(%s, %s, %u)", msg[id], gs_op[op], stream);
	else if (id == 3 && op == 0 && stream == 0)
		hd_buf_printf(out, "sendmsg(%s, %s)", msg[id], gs_op[0]);
	else if (id == 15 && op >= 1 && op <= 4 && stream == 0)
		hd_buf_printf(out, "sendmsg(%s, %s)", msg[id], sys_op[op]);
	else if (id != 2 && id != 3 && id != 15 && msg[id] != NULL && op == 0 && stream == 0)
		hd_buf_printf(out, "sendmsg(%s)", msg[id]);
	else
		hd_buf_printf(out, "sendmsg(%u, %u, %u)", id, op, stream);
}

static void simm16(hd_buf *out, const hd_isa_insn *in, const char *form)
{
	unsigned v = in->f.simm16;

	if (strcmp(form, "waitcnt") == 0)
		waitcnt(out, v);
	else if (strcmp(form, "hwreg") == 0)
		hwreg(out, v);
	else if (strcmp(form, "sendmsg") == 0)
		sendmsg(out, v);
	else if (in->row->enc == HD_ISA_SOPK)
		hd_buf_printf(out, "0x%x", v);
	else if (in->has_target || v <= 64)
		hd_buf_printf(out, "%u", v);
	else
		hd_buf_printf(out, "0x%x", v);
}

/* Source modifiers of VOP3 (neg, abs) and SDWA/DPP (neg, abs, sext). */
static void source(hd_buf *out, const hd_isa_insn *in, const hd_isa_operand *o, int src)
{
	int neg = 0, abs = 0, sext = 0;

	if (in->row->enc == HD_ISA_VOP3 && src >= 0) {
		neg = in->f.neg >> src & 1;
		abs = in->f.abs >> src & 1;
	} else if (in->row->form != HD_ISA_E && src >= 0) {
		neg = src == 0 ? in->f.src0_neg : in->f.src1_neg;
		abs = src == 0 ? in->f.src0_abs : in->f.src1_abs;
		sext = in->row->form == HD_ISA_SDWA && (src == 0 ? in->f.src0_sext : in->f.src1_sext);
	}
	hd_buf_printf(out, "%s%s%s", neg ? "-" : "", abs ? "|" : "", sext ? "sext(" : "");
	operand(out, o);
	hd_buf_printf(out, "%s%s", sext ? ")" : "", abs ? "|" : "");
}

static int src_index(const char *field)
{
	if (strcmp(field, "src0") == 0)
		return 0;
	if (strcmp(field, "src1") == 0 || strcmp(field, "vsrc1") == 0)
		return 1;
	if (strcmp(field, "src2") == 0)
		return 2;
	return -1;
}

/* [b0,b1,...] of the first n bits of v, when any is set or always. */
static void bitlist(hd_buf *out, const char *name, unsigned v, unsigned n)
{
	hd_buf_printf(out, " %s:[", name);
	for (unsigned i = 0; i < n; i++)
		hd_buf_printf(out, "%s%u", i ? "," : "", v >> i & 1);
	hd_buf_printf(out, "]");
}

static void vop3_modifiers(hd_buf *out, const hd_isa_insn *in, unsigned nsrc)
{
	const hd_isa_fields *f = &in->f;
	static const char *const omod[] = { "", " mul:2", " mul:4", " div:2" };

	if (in->row->enc == HD_ISA_VOP3P) {
		if (f->op_sel)
			bitlist(out, "op_sel", f->op_sel, nsrc);
		if ((f->op_sel_hi & ((1u << nsrc) - 1)) != (1u << nsrc) - 1)
			bitlist(out, "op_sel_hi", f->op_sel_hi, nsrc);
		if (f->neg)
			bitlist(out, "neg_lo", f->neg, nsrc);
		if (f->neg_hi)
			bitlist(out, "neg_hi", f->neg_hi, nsrc);
		if (f->clamp)
			hd_buf_printf(out, " clamp");
		return;
	}
	if (f->op_sel)
		bitlist(out, "op_sel", f->op_sel, nsrc + 1);
	if (f->clamp)
		hd_buf_printf(out, " clamp");
	hd_buf_printf(out, "%s", omod[f->omod]);
}

static void sdwa_modifiers(hd_buf *out, const hd_isa_insn *in)
{
	static const char *const sel[] = { "BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3", "WORD_0",
	                                   "WORD_1", "DWORD", "7" };
	static const char *const unused[] = { "UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE", "3" };
	const hd_isa_fields *f = &in->f;

	if (f->clamp)
		hd_buf_printf(out, " clamp");
	if (in->row->enc != HD_ISA_VOPC)
		hd_buf_printf(out, " dst_sel:%s dst_unused:%s", sel[f->dst_sel], unused[f->dst_unused]);
	hd_buf_printf(out, " src0_sel:%s", sel[f->src0_sel]);
	if (in->row->enc != HD_ISA_VOP1)
		hd_buf_printf(out, " src1_sel:%s", sel[f->src1_sel]);
}

static void dpp_modifiers(hd_buf *out, const hd_isa_insn *in)
{
	unsigned c = in->f.dpp_ctrl;

	if (c <= 0xff)
		hd_buf_printf(out, " quad_perm:[%u,%u,%u,%u]", c & 3, c >> 2 & 3, c >> 4 & 3, c >> 6 & 3);
	else if (c >= 0x101 && c <= 0x10f)
		hd_buf_printf(out, " row_shl:%u", c & 0xf);
	else if (c >= 0x111 && c <= 0x11f)
		hd_buf_printf(out, " row_shr:%u", c & 0xf);
	else if (c >= 0x121 && c <= 0x12f)
		hd_buf_printf(out, " row_ror:%u", c & 0xf);
	else if (c == 0x130 || c == 0x134 || c == 0x138 || c == 0x13c)
		hd_buf_printf(out, " %s:1", c == 0x130 ? "wave_shl" : c == 0x134 ? "wave_rol" :
		              c == 0x138 ? "wave_shr" : "wave_ror");
	else if (c == 0x140 || c == 0x141)
		hd_buf_printf(out, " %s", c == 0x140 ? "row_mirror" : "row_half_mirror");
	else if (c == 0x142 || c == 0x143)
		hd_buf_printf(out, " row_bcast:%u", c == 0x142 ? 15 : 31);
	else
		hd_buf_printf(out, " dpp_ctrl:0x%x", c);
	hd_buf_printf(out, " row_mask:0x%x bank_mask:0x%x", in->f.row_mask, in->f.bank_mask);
	if (in->f.bound_ctrl)
		hd_buf_printf(out, " bound_ctrl:0");
}

static void memory_modifiers(hd_buf *out, const hd_isa_insn *in)
{
	const hd_isa_fields *f = &in->f;
	unsigned enc = in->row->enc;

	/* the cache controls (buffer_wbl2, buffer_invl2, buffer_wbinvl1...)
	 * take no operand, and llvm-objdump prints none of their bits: gfx90a
	 * sets glc and slc in buffer_wbl2's own encoding */
	if (enc == HD_ISA_MUBUF && in->row->shape[0] == '\0')
		return;
	if (enc == HD_ISA_MUBUF) {
		hd_buf_printf(out, "%s%s", f->idxen ? " idxen" : "", f->offen ? " offen" : "");
		if (f->offset)
			hd_buf_printf(out, " offset:%d", f->offset);
	} else if (enc == HD_ISA_DS) {
		if (strstr(in->row->mnemonic, "2") != NULL && strncmp(in->row->mnemonic, "ds_", 3) == 0 &&
		    (strstr(in->row->mnemonic, "read2") || strstr(in->row->mnemonic, "write2") ||
		     strstr(in->row->mnemonic, "wrxchg2"))) {
			if (f->offset0)
				hd_buf_printf(out, " offset0:%u", f->offset0);
			if (f->offset1)
				hd_buf_printf(out, " offset1:%u", f->offset1);
		} else if (f->offset) {
			hd_buf_printf(out, " offset:%d", f->offset);
		}
		if (f->gds)
			hd_buf_printf(out, " gds");
		return;
	} else if (f->offset) {
		hd_buf_printf(out, " offset:%d", f->offset);
	}
	hd_buf_printf(out, "%s%s%s", f->glc ? " glc" : "", f->slc ? " slc" : "", f->lds ? " lds" : "");
}

void hd_isa_print(const hd_isa_insn *in, hd_buf *out)
{
	unsigned enc = in->row->enc, nsrc = 0;
	const char *sep = " ";

	hd_buf_printf(out, "%s", in->row->mnemonic);
	for (unsigned i = 0; i < in->noperands; i++) {
		const hd_isa_operand *o = &in->op[i];
		int src = src_index(o->field);
		if (o->kind == HD_ISA_IMM && o->value == 0 && strcmp(in->row->shape, "simm16?") == 0)
			continue;  /* an optional immediate llvm-objdump leaves out at zero */
		hd_buf_printf(out, "%s", sep);
		sep = ", ";
		nsrc += src >= 0;
		if (o->kind == HD_ISA_IMM && strcmp(o->field, "offset") == 0) {
			/* SMEM: an immediate offset, an SGPR, or both */
			if (!in->f.imm)
				range(out, "s", in->f.soe ? in->f.soffset : (unsigned)in->f.offset & 0x7f, 1);
			else if (in->f.soe)
				hd_buf_printf(out, "s%u offset:0x%x", in->f.soffset, (unsigned)in->f.offset);
			else
				hd_buf_printf(out, "0x%x", (unsigned)in->f.offset & 0x1fffff);
		} else if (o->kind == HD_ISA_IMM && enc != HD_ISA_SMEM) {
			simm16(out, in, in->row->shape[0] == 'w' ? "waitcnt" :
			       strstr(in->row->shape, "hwreg") ? "hwreg" :
			       strstr(in->row->shape, "sendmsg") ? "sendmsg" : "simm16");
		} else if (enc == HD_ISA_VOPC && in->row->form == HD_ISA_SDWA && o->kind == HD_ISA_SPECIAL &&
		           strcmp(o->field, "vcc") == 0 && in->f.sd) {
			hd_isa_operand d = *o;
			d.num = (uint16_t)((in->words[1] >> 8) & 0x7f);
			d.kind = d.num < 102 ? HD_ISA_SGPR : HD_ISA_SPECIAL;
			operand(out, &d);
		} else {
			source(out, in, o, src);
		}
	}
	if (in->row->shape[0] == 'w' && in->noperands == 0) {
		hd_buf_printf(out, " ");
		waitcnt(out, in->f.simm16);
	}
	if (enc == HD_ISA_VOP3 || enc == HD_ISA_VOP3P)
		vop3_modifiers(out, in, nsrc);
	else if (in->row->form == HD_ISA_SDWA)
		sdwa_modifiers(out, in);
	else if (in->row->form == HD_ISA_DPP)
		dpp_modifiers(out, in);
	else if (enc == HD_ISA_SMEM && in->f.glc)
		hd_buf_printf(out, " glc");
	else if (enc >= HD_ISA_DS)
		memory_modifiers(out, in);
}
