# The probes of scripts/gen-gfx9-opcodes.sh: for every gfx9 encoding and
# every value of its opcode field, instructions with fixed operand fields,
# each field a different register number so that the disassembly shows which
# field lands where. An operand an opcode does not have must often be zero,
# so each opcode is probed with every subset of its encoding's operand
# fields, most fields first; gen-parse.awk keeps the first that llvm-mc
# decodes cleanly. Each probe is followed by three markers (s_nop 0x2000+N
# for probe N): an instruction that takes a literal, or the junk llvm-mc
# decodes after an invalid word, eats at most two of them.
# Prints the llvm-mc input on stdout and "ENC FORM OP" keys to the file KEYS.
# Field layouts: AMD "Vega Instruction Set Architecture" reference guide,
# section "Microcode Formats" (and the MI200 guide for gfx90a).
function byte(w, i) { return int(w / 2 ^ (8 * i)) % 256 }
function emit(enc, form, op, w0, w1, n,   s, i, m) {
	s = ""
	for (i = 0; i < 4; i++) s = s sprintf("%s0x%02x", i ? "," : "", byte(w0, i))
	if (n == 2) for (i = 0; i < 4; i++) s = s sprintf(",0x%02x", byte(w1, i))
	print s
	m = sprintf("0x%02x,0x%02x,0x80,0xbf", (8192 + NP) % 256, int((8192 + NP) / 256))
	print m "," m "," m
	NP++
	print enc, form, op > KEYS
}
# FIELDS: "WORD:VALUE ..." where VALUE is already shifted into place; every
# subset of them, by decreasing size, added to the opcode's word pair.
function probe(enc, form, nops, opmul, w0, w1, n, fields,   f, nf, op, mask, k, bits, v0, v1, i, a) {
	nf = split(fields, f, " ")
	for (op = 0; op < nops; op++)
		for (k = nf; k >= 0; k--)
			for (mask = 2 ^ nf - 1; mask >= 0; mask--) {
				bits = 0; v0 = w0 + op * opmul; v1 = w1
				for (i = 1; i <= nf; i++)
					if (int(mask / 2 ^ (i - 1)) % 2) {
						bits++
						split(f[i], a, ":")
						if (a[1] == 0) v0 += a[2]; else v1 += a[2]
					}
				if (bits == k) emit(enc, form, op, v0, v1, n)
			}
}
BEGIN {
	# SOP2 ops from 0x60 on are SOPK and the SOP1/SOPC/SOPP prefixes
	probe("SOP2", "-", 96, 2^23, 2^31, 0, 1, "0:" 16*2^16 " 0:" 48*2^8 " 0:32")
	probe("SOPK", "-", 32, 2^23, 11*2^28, 0, 1, "0:" 16*2^16 " 0:64")
	probe("SOP1", "-", 256, 2^8, 381*2^23, 0, 1, "0:" 16*2^16 " 0:32")
	probe("SOPC", "-", 128, 2^16, 382*2^23, 0, 1, "0:" 48*2^8 " 0:32")
	probe("SOPP", "-", 128, 2^16, 383*2^23, 0, 1, "0:64")
	# sdata s16, sbase s[4:5], immediate offset 0x40
	probe("SMEM", "-", 256, 2^18, 48*2^26 + 2^17, 0, 2, "0:" 16*2^6 " 0:2 1:64")
	# vdst v10, src0 v20, vsrc1 v30; SDWA and DPP take src0 from the second word
	sdwa = "1:" 6*2^8+2*2^11 " 1:" 6*2^16 " 1:" 6*2^24
	dpp = 20 + 228*2^8 + 15*2^24 + 15*2^28
	probe("VOP2", "-", 62, 2^25, 0, 0, 1, "0:" 10*2^17 " 0:" 30*2^9 " 0:276")
	probe("VOP2", "sdwa", 62, 2^25, 249, 20, 2, "0:" 10*2^17 " 0:" 30*2^9 " " sdwa)
	probe("VOP2", "dpp", 62, 2^25, 250, dpp, 2, "0:" 10*2^17 " 0:" 30*2^9)
	probe("VOP1", "-", 256, 2^9, 63*2^25, 0, 1, "0:" 10*2^17 " 0:276")
	probe("VOP1", "sdwa", 256, 2^9, 63*2^25 + 249, 20, 2, "0:" 10*2^17 " " sdwa)
	probe("VOP1", "dpp", 256, 2^9, 63*2^25 + 250, dpp, 2, "0:" 10*2^17)
	probe("VOPC", "-", 256, 2^17, 62*2^25, 0, 1, "0:" 30*2^9 " 0:276")
	probe("VOPC", "sdwa", 256, 2^17, 62*2^25 + 249, 20, 2, "0:" 30*2^9 " " sdwa)
	probe("VOPC", "dpp", 256, 2^17, 62*2^25 + 250, dpp, 2, "0:" 30*2^9)
	# vdst v10 (VOP3b's sdst left at s[0:1]), src0 v20, src1 v30, src2 v40;
	# ops from 0x380 on are VOP3P
	probe("VOP3", "-", 896, 2^16, 52*2^26, 0, 2, "0:10 1:276 1:" 286*2^9 " 1:" 296*2^18)
	# op_sel_hi at its default (all ones)
	probe("VOP3P", "-", 128, 2^16, 423*2^23 + 2^14, 3*2^27, 2, "0:10 1:276 1:" 286*2^9 " 1:" 296*2^18)
	# addr v20, data0 v30, data1 v40, vdst v10
	probe("DS", "-", 256, 2^17, 54*2^26, 0, 2, "1:20 1:" 30*2^8 " 1:" 40*2^16 " 1:" 10*2^24)
	# addr v[20:21], data v30, vdst v10; saddr 0 for FLAT, off (0x7f) otherwise
	probe("FLAT", "-", 128, 2^18, 55*2^26, 0, 2, "1:20 1:" 30*2^8 " 1:" 10*2^24)
	probe("SCRATCH", "-", 128, 2^18, 55*2^26 + 2^14, 127*2^16, 2, "1:20 1:" 30*2^8 " 1:" 10*2^24)
	probe("GLOBAL", "-", 128, 2^18, 55*2^26 + 2*2^14, 127*2^16, 2, "1:20 1:" 30*2^8 " 1:" 10*2^24)
	# offen, srsrc s[12:15], soffset s48, vaddr v20, vdata v10; the cache
	# controls (buffer_wbl2, buffer_invl2, buffer_wbinvl1_vol) decode only
	# with every field zero, so the base fields are probed off too
	probe("MUBUF", "-", 128, 2^18, 56*2^26, 0, 2, "0:" 2^12 " 1:" 3*2^16 " 1:" 48*2^24 " 1:20 1:" 10*2^8)
}
