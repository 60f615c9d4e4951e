# Reads what llvm-mc --disassemble printed for the probes of gen-probes.awk
# (FILENAME keys, then warnings, then the disassembly) and prints one line
# per probe llvm-mc decoded: "ENC FORM OP|mnemonic|shape".
# The shape is the operand list as llvm-mc prints it, each operand named by
# the encoding field whose probe register number it shows:
#   FIELD:CW   a register operand: class C (v, s, a) and width W in dwords
#   =NAME      an implicit operand printed as a fixed name (vcc, exec, off...)
#   simm16 hwreg sendmsg waitcnt   SOPP/SOPK 16-bit immediates and their forms
#              (simm16? when llvm-mc leaves it out at zero)
#   offset lit  a memory offset / a literal constant printed as an operand
function field(enc, base, cls) {
	if (enc == "SOP2") return base == 16 ? "sdst" : base == 32 ? "ssrc0" : base == 48 ? "ssrc1" : ""
	if (enc == "SOPK") return base == 16 ? "sdst" : ""
	if (enc == "SOP1") return base == 16 ? "sdst" : base == 32 ? "ssrc0" : ""
	if (enc == "SOPC") return base == 32 ? "ssrc0" : base == 48 ? "ssrc1" : ""
	if (enc == "SMEM") return base == 16 ? "sdata" : base == 4 ? "sbase" : ""
	if (enc == "VOP1" || enc == "VOP2" || enc == "VOPC")
		return base == 10 ? "vdst" : base == 20 ? "src0" : base == 30 ? "vsrc1" : base == 0 && cls == "s" ? "sdst" : ""
	if (enc == "VOP3" || enc == "VOP3P")
		return base == 10 ? "vdst" : base == 0 && cls == "s" ? "sdst" : base == 20 ? "src0" : base == 30 ? "src1" : base == 40 ? "src2" : ""
	if (enc == "DS") return base == 10 ? "vdst" : base == 20 ? "addr" : base == 30 ? "data0" : base == 40 ? "data1" : ""
	if (enc == "FLAT" || enc == "GLOBAL" || enc == "SCRATCH")
		return base == 10 ? "vdst" : base == 20 ? "addr" : base == 30 ? "data" : ""
	if (enc == "MUBUF") return base == 10 ? "vdata" : base == 20 ? "vaddr" : base == 12 ? "srsrc" : base == 48 ? "soffset" : ""
	return ""
}
# The operand list split at commas outside parentheses and brackets; the
# last operand ends at the first space outside them (modifiers follow).
function operands(s, out,   n, d, i, c, cur) {
	n = 0; d = 0; cur = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "(" || c == "[") d++
		if (c == ")" || c == "]") d--
		if (d == 0 && c == ",") { out[++n] = cur; cur = ""; i++; continue }
		if (d == 0 && c == " ") break
		cur = cur c
	}
	if (cur != "") out[++n] = cur
	return n
}
function shape(enc, rest,   ops, n, i, t, f, cls, lo, hi, s, a) {
	if (rest ~ /cnt\(/) return "waitcnt"
	n = operands(rest, ops)
	s = ""
	for (i = 1; i <= n; i++) {
		t = ops[i]
		if (t ~ /^[vsa][0-9]+$/) {
			cls = substr(t, 1, 1); lo = substr(t, 2) + 0; hi = lo
		} else if (t ~ /^[vsa]\[[0-9]+:[0-9]+\]$/) {
			cls = substr(t, 1, 1); split(substr(t, 3, length(t) - 3), a, ":"); lo = a[1] + 0; hi = a[2] + 0
		} else if (t ~ /^hwreg\(/) { s = s " hwreg"; continue
		} else if (t ~ /^sendmsg\(/) { s = s " sendmsg"; continue
		} else if (t ~ /^0x[0-9a-f]+$/ && length(t) > 6) { s = s " lit"; continue
		} else if (t ~ /^-?(0x)?[0-9a-f]+$/) { s = s ((enc == "SMEM") ? " offset" : " simm16"); continue
		} else if (t ~ /^[a-z_]+[0-9]*$/) { s = s " =" t; continue
		} else { s = s " ?" t; continue }
		f = field(enc, lo, cls)
		if (f == "") f = "?" lo
		s = s " " f ":" cls (hi - lo + 1)
	}
	return substr(s, 2)
}
FNR == 1 { fileno++ }
fileno == 1 { key[FNR - 1] = $0; next }
fileno == 2 && /warning: invalid instruction encoding/ {
	split($0, a, ":"); l = a[2] + 0
	if (l % 2 == 1) bad[(l - 1) / 2] = 1
	next
}
fileno == 2 { next }
fileno == 3 {
	if ($1 == ".text") next
	if ($1 == "s_nop" && $2 ~ /^0x/) {
		cur = 0
		# markers are s_nop 0x2000 + probe number
		for (i = 3; i <= length($2); i++) cur = cur * 16 + index("0123456789abcdef", substr($2, i, 1)) - 1
		cur = cur - 8192 + 1
		next
	}
	cur += 0
	if (cur in seen || cur in bad || !(cur in key)) next
	seen[cur] = 1
	if (key[cur] in done) {
		# an immediate llvm-mc leaves out when it is zero (s_endpgm): optional
		if (shp[key[cur]] == "simm16" && $0 ~ /^[ \t]*[a-z_0-9]+[ \t]*$/) shp[key[cur]] = "simm16?"
		next
	}
	line = $0; sub(/^[ \t]+/, "", line); sub(/[ \t]*(\/\/.*)?$/, "", line)
	m = line; sub(/ .*/, "", m)
	rest = substr(line, length(m) + 2)
	split(key[cur], k, " ")
	s = shape(k[1], rest)
	# an operand no field explains: a zeroed field the opcode does have
	if (s ~ /\?/) next
	done[key[cur]] = 1
	order[++nrows] = key[cur]; mn[key[cur]] = m; shp[key[cur]] = s
}
END { for (i = 1; i <= nrows; i++) print order[i] "|" mn[order[i]] "|" shp[order[i]] }
