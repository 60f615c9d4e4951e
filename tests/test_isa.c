/* The gfx9 decoder (docs/gfx9-isa.md): instructions of every kind the
 * corpus's code objects hold, with their operands, fields and text (the
 * words and texts from llvm-mc-15 -show-encoding), the differences between
 * the machines, and bad input as error values with the address. */
#include <string.h>

#include "tap.h"

#include "amdgpu/isa/isa.h"

/* Decodes bytes on mach, checks the size and the text; the insn is kept
 * in *in for further checks. */
static int text_is(hd_isa_mach mach, const uint8_t *b, size_t n, unsigned size, const char *want,
                   hd_isa_insn *in)
{
	hd_status st;
	hd_buf out;
	int ok;

	hd_status_clear(&st);
	if (!OK(hd_isa_decode(mach, b, n, 0x1000, in, &st) == 0, want)) {
		printf("# %s\n", st.msg);
		return 0;
	}
	hd_buf_init(&out);
	hd_isa_print(in, &out);
	ok = EQ_STR(hd_buf_str(&out), want, "its text") && EQ_U64(in->size, size, "its size");
	hd_buf_free(&out);
	return ok;
}

static void fails(hd_isa_mach mach, const uint8_t *b, size_t n, const char *code, const char *what)
{
	hd_isa_insn in;
	hd_status st;

	hd_status_clear(&st);
	OK(hd_isa_decode(mach, b, n, 0x2000, &in, &st) != 0, what);
	EQ_STR(st.code != NULL ? st.code : "", code, "  its reason");
	EQ_U64(st.offset, 0x2000, "  at the instruction's address");
}

int main(void)
{
	hd_isa_insn in;

	tap_begin();
	{
		static const uint8_t b[] = { 0x00, 0x02, 0x02, 0x68 };
		if (text_is(HD_ISA_GFX90A, b, 4, 4, "v_add_u32_e32 v1, s0, v1", &in)) {
			EQ_U64(in.noperands, 3, "VOP2: three operands");
			OK(in.op[0].kind == HD_ISA_VGPR && in.op[0].is_dst && in.op[0].num == 1, "  vdst v1, written");
			OK(in.op[1].kind == HD_ISA_SGPR && in.op[1].num == 0 && !in.op[1].is_dst, "  src0 s0, read");
			EQ_U64(in.row->op, 0x34, "  opcode 0x34");
		}
	}
	{
		static const uint8_t b[] = { 0x00, 0x01, 0x06, 0xc0, 0, 0, 0, 0 };
		if (text_is(HD_ISA_GFX900, b, 8, 8, "s_load_dwordx2 s[4:5], s[0:1], 0x0", &in))
			OK(in.op[0].width == 2 && in.op[1].width == 2 && in.f.imm, "SMEM: widths and imm");
	}
	{
		static const uint8_t b[] = { 0x04, 0x00, 0x70, 0xe0, 0x00, 0x00, 0x00, 0x80 };
		if (text_is(HD_ISA_GFX90A, b, 8, 8, "buffer_store_dword v0, off, s[0:3], 0 offset:4", &in))
			OK(in.op[1].kind == HD_ISA_OFF && in.op[2].width == 4 && in.op[3].kind == HD_ISA_INT &&
			   in.f.offset == 4, "MUBUF: vaddr off, srsrc 4 dwords, soffset inline 0, offset 4");
	}
	{
		static const uint8_t b[] = { 0x0c, 0x00, 0x88, 0xbf };
		if (text_is(HD_ISA_GFX90A, b, 4, 4, "s_cbranch_execz 12", &in))
			OK(in.has_target && in.target == 0x1000 + 4 + 48, "SOPP branch: target address");
	}
	{
		static const uint8_t b[] = { 0x00, 0x80, 0x50, 0xdc, 0x00, 0x00, 0x02, 0x01 };
		if (text_is(HD_ISA_GFX90A, b, 8, 8, "global_load_dword v1, v0, s[2:3]", &in))
			OK(in.op[1].width == 1 && in.op[2].kind == HD_ISA_SGPR && in.op[2].width == 2,
			   "GLOBAL with saddr: vaddr one dword, saddr an SGPR pair");
	}
	{
		static const uint8_t b[] = { 0xf8, 0x9f, 0x50, 0xdc, 0x02, 0x00, 0xff, 0x01 };
		if (text_is(HD_ISA_GFX90A, b, 8, 8, "global_load_dword a1, v[2:3], off offset:-8", &in))
			OK(in.op[0].kind == HD_ISA_AGPR && in.f.acc && in.f.offset == -8,
			   "gfx90a: the acc bit makes the data an AGPR; signed offset");
	}
	{
		static const uint8_t b[] = { 0xff, 0x02, 0x00, 0x7e, 0x34, 0x12, 0x00, 0x00 };
		if (text_is(HD_ISA_GFX900, b, 8, 8, "v_mov_b32_e32 v0, 0x1234", &in))
			OK(in.op[1].kind == HD_ISA_LITERAL && in.op[1].value == 0x1234, "the literal constant");
	}
	{
		static const uint8_t b[] = { 0x01, 0x81, 0x01, 0xd1, 0x02, 0xe1, 0x01, 0x28 };
		if (text_is(HD_ISA_GFX906, b, 8, 8, "v_add_f32_e64 v1, -|v2|, 0.5 clamp mul:2", &in))
			OK(in.op[2].kind == HD_ISA_FLOAT && in.op[2].value == 0x3f000000 && in.f.neg == 1 &&
			   in.f.abs == 1 && in.f.omod == 1 && in.f.clamp, "VOP3: float constant bits, neg, abs, omod, clamp");
	}
	{
		static const uint8_t b[] = { 0xf9, 0x0a, 0x02, 0x68, 0x01, 0x06, 0x06, 0x00 };
		if (text_is(HD_ISA_GFX900, b, 8, 8, "v_add_u32_sdwa v1, v1, v5 dst_sel:DWORD "
		            "dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:BYTE_0", &in))
			OK(in.row->form == HD_ISA_SDWA && in.f.dst_sel == 6 && in.f.src1_sel == 0, "SDWA controls");
	}
	{
		static const uint8_t b[] = { 0xfa, 0x02, 0x02, 0x7e, 0x02, 0x01, 0x01, 0xa5 };
		if (text_is(HD_ISA_GFX90A, b, 8, 8, "v_mov_b32_dpp v1, v2 row_shl:1 row_mask:0xa bank_mask:0x5", &in))
			OK(in.f.dpp_ctrl == 0x101 && in.f.row_mask == 0xa && in.f.bank_mask == 5, "DPP controls");
	}
	{
		static const uint8_t b[] = { 0x00, 0x40, 0xb0, 0xd3, 0x02, 0x09, 0x1a, 0x1c };
		text_is(HD_ISA_GFX90A, b, 8, 8, "v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7]", &in);
		fails(HD_ISA_GFX900, b, 8, "isa-opcode", "v_pk_fma_f32 is gfx90a's: no row on gfx900");
	}
	{
		/* VOP2 opcode 4: v_mul_legacy_f32 on gfx900, v_fmac_f64 on gfx90a */
		static const uint8_t b[] = { 0x02, 0x05, 0x00, 0x08 };
		text_is(HD_ISA_GFX900, b, 4, 4, "v_mul_legacy_f32_e32 v0, v2, v2", &in);
		text_is(HD_ISA_GFX90A, b, 4, 4, "v_fmac_f64_e32 v[0:1], v[2:3], v[2:3]", &in);
	}
	{
		static const uint8_t nop[] = { 0x00, 0x00, 0x80, 0xbf };
		static const uint8_t smem[] = { 0x00, 0x01, 0x06, 0xc0, 0, 0 };
		static const uint8_t lit[] = { 0xff, 0x02, 0x00, 0x7e, 0x34, 0x12 };
		static const uint8_t seg3[] = { 0x00, 0xc0, 0x50, 0xdc, 0, 0, 0, 0 };
		static const uint8_t vop3lit[] = { 0x01, 0x00, 0x01, 0xd1, 0xff, 0x00, 0x00, 0x00 };
		static const uint8_t mimg[] = { 0, 0, 0, 0xf0, 0, 0, 0, 0 };
		fails(HD_ISA_GFX90A, nop, 3, "isa-truncated", "3 bytes: truncated");
		fails(HD_ISA_GFX90A, smem, 6, "isa-truncated", "SMEM in 6 bytes: truncated");
		fails(HD_ISA_GFX90A, lit, 6, "isa-truncated", "a literal cut off: truncated");
		fails(HD_ISA_GFX90A, seg3, 8, "isa-reserved", "FLAT seg 3: reserved");
		fails(HD_ISA_GFX90A, vop3lit, 8, "isa-reserved", "a literal in VOP3: reserved on gfx9");
		fails(HD_ISA_GFX90A, mimg, 8, "isa-opcode", "MIMG is not decoded");
	}
	{
		/* a returning atomic (glc): the row has no vdst, the decoder adds
		 * it, as wide as the data, half a cmpswap's (llvm-mc-15) */
		static const uint8_t add[] = { 0x00, 0x80, 0x09, 0xdd, 0x02, 0x04, 0x7f, 0x01 };
		static const uint8_t cas[] = { 0x18, 0x80, 0x85, 0xdd, 0x00, 0x04, 0x7f, 0x00 };
		if (text_is(HD_ISA_GFX90A, add, 8, 8, "global_atomic_add v1, v[2:3], v4, off glc", &in))
			OK(in.op[0].is_dst && strcmp(in.op[0].field, "vdst") == 0 && in.op[0].num == 1,
			   "  vdst first, a destination");
		if (text_is(HD_ISA_GFX90A, cas, 8, 8,
		            "global_atomic_cmpswap_x2 v[0:1], v[0:1], v[4:7], off offset:24 glc", &in))
			EQ_U64(in.op[0].width, 2, "  cmpswap_x2 returns 2 dwords of its 4");
	}
	{
		/* buffer_wbl2 as clang writes it for gfx90a, glc and slc set:
		 * llvm-objdump prints no bit of a cache control */
		static const uint8_t b[] = { 0x00, 0xc0, 0xa0, 0xe0, 0x00, 0x00, 0x00, 0x00 };
		text_is(HD_ISA_GFX90A, b, 8, 8, "buffer_wbl2", &in);
	}
	{
		/* s_sendmsg's operand, as llvm-mc-15 prints each encoding */
		static const struct { uint16_t v; const char *text; } m[] = {
			{ 0x01, "s_sendmsg sendmsg(MSG_INTERRUPT)" },
			{ 0x02, "s_sendmsg sendmsg(2, 0, 0)" },
			{ 0x03, "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)" },
			{ 0x0b, "s_sendmsg sendmsg(11, 0, 0)" },
			{ 0x22, "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)" },
			{ 0x133, "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_EMIT_CUT, 1)" },
			{ 0x103, "s_sendmsg sendmsg(3, 0, 1)" },
			{ 0x2f, "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)" },
			{ 0x10f, "s_sendmsg sendmsg(15, 0, 1)" },
		};
		for (size_t i = 0; i < sizeof m / sizeof m[0]; i++) {
			const uint8_t b[] = { (uint8_t)m[i].v, (uint8_t)(m[i].v >> 8), 0x90, 0xbf };
			text_is(HD_ISA_GFX90A, b, 4, 4, m[i].text, &in);
		}
	}
	return tap_end();
}
