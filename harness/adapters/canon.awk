# What the decode adapters share (docs/adapter-protocol.md, "decode"): the
# operand table `hdref decode --operand-table` wrote into operands.txt, and
# turning one op (a name and a tool's operand tokens) into the canonical text.
# POSIX awk; numbers are handled as digit strings, since awk's doubles lose
# 64-bit values. An adapter only respells: it never decodes bytes itself, so a
# tool that printed something else is reported as printed.
#
# The caller sets OPERANDS (the table's path) with -v.

# Reads the table into KIND[name, 1..n] and NKIND[name].
function canon_load(path,    line, f, n, i) {
	while ((getline line < path) > 0) {
		if (line ~ /^#/ || line == "")
			continue
		n = split(line, f, " ")
		NKIND[f[1]] = n - 1
		for (i = 2; i <= n; i++)
			KIND[f[1], i - 1] = f[i]
	}
	close(path)
}

# Decimal digit string of hex digits h (no 0x).
function hex2dec(h,    i, k, n, d, v, carry, out) {
	h = tolower(h)
	n = 1
	D[1] = 0
	for (i = 1; i <= length(h); i++) {
		carry = index("0123456789abcdef", substr(h, i, 1)) - 1
		if (carry < 0)
			return ""
		for (k = 1; k <= n; k++) {
			v = D[k] * 16 + carry
			D[k] = v % 10
			carry = int(v / 10)
		}
		while (carry > 0) {
			D[++n] = carry % 10
			carry = int(carry / 10)
		}
	}
	out = ""
	for (k = n; k >= 1; k--)
		out = out D[k]
	sub(/^0+/, "", out)
	return out == "" ? "0" : out
}

# Lowercase hex digits of decimal digit string s.
function dec2hex(s,    out, q, r, i, v, qd) {
	sub(/^0+/, "", s)
	if (s == "")
		return "0"
	out = ""
	while (s != "") {
		q = ""
		r = 0
		for (i = 1; i <= length(s); i++) {
			v = r * 10 + substr(s, i, 1)
			qd = int(v / 16)
			r = v % 16
			if (q != "" || qd > 0)
				q = q qd
		}
		out = substr("0123456789abcdef", r + 1, 1) out
		s = q
	}
	return out
}

# A number as decimal: "0x1f" -> "31", "+8" -> "8", "-5" stays. Anything
# that is no number comes back unchanged, so the difference shows.
function canon_dec(t,    neg) {
	neg = ""
	if (t ~ /^[+-]/) {
		neg = substr(t, 1, 1) == "-" ? "-" : ""
		t = substr(t, 2)
	}
	if (t ~ /^0[xX][0-9a-fA-F]+$/)
		t = hex2dec(substr(t, 3))
	else if (t ~ /^[0-9]+$/) {
		sub(/^0+/, "", t)
		if (t == "")
			t = "0"
	} else
		return neg t
	return (t == "0" ? "" : neg) t
}

# A number as 0x-hex, lowercase, no leading zeros.
function canon_hex(t) {
	if (t ~ /^0[xX][0-9a-fA-F]+$/) {
		t = tolower(substr(t, 3))
		sub(/^0+/, "", t)
		return "0x" (t == "" ? "0" : t)
	}
	if (t ~ /^[0-9]+$/)
		return "0x" dec2hex(t)
	return t
}

# Bytes written as one hex string ("0x01020304" or "01020304") as "[01 02 03 04]".
function canon_hexbytes(h,    out, i) {
	sub(/^0[xX]/, "", h)
	h = tolower(h)
	out = ""
	for (i = 1; i + 1 <= length(h); i += 2)
		out = out (out == "" ? "" : " ") substr(h, i, 2)
	return "[" out "]"
}

# One op: name and operand tokens T[1..n], registers already numbers and
# blocks already [..] or {..}. Tokens beyond the table's operands, or an op
# the table does not know, are kept as the tool printed them.
function canon_op(name, n, T,    out, i, k) {
	out = name
	if (!(name in NKIND)) {
		for (i = 1; i <= n; i++)
			out = out " " T[i]
		return out
	}
	for (i = 1; i <= n; i++) {
		k = i <= NKIND[name] ? KIND[name, i] : ""
		if (k == "dec" || k == "reg")
			out = out " " canon_dec(T[i])
		else if (k == "hex")
			out = out " " canon_hex(T[i])
		else
			out = out " " T[i]
	}
	return out
}

# The protocol line for variable name: "eN: ops" or "eN: error why".
function canon_line(name, ops, err) {
	if (err != "")
		return name ": error " err
	return ops == "" ? name ":" : name ": " ops
}
