# `llvm-dwarfdump-N --debug-info` output to decode-protocol lines (with
# canon.awk), for LLVM 15 and LLVM 22. LLVM prints a location expression on
# one line:
#   DW_AT_location	(DW_OP_regx SGPR33_LO16, DW_OP_piece 0x4, <decoding error> e1)
#   DW_AT_location	(DW_OP_regx SGPR33, DW_OP_LLVM_user DW_OP_LLVM_offset_uconst 0x4)
# with ", " between ops, unsigned operands in hex, signed ones as %+d,
# register names of its AMDGPU target where it has one, an entry_value's
# expression in parentheses, a block as its length and then each byte, and
# "<decoding error> BYTES" where it stopped understanding the bytes. LLVM 22
# prints an op of the DW_OP_LLVM_user encoding as the prefix's name and then
# the sub-op's. An expression it could not finish is an `error` line quoting
# what it printed, after TOOL (the tool's name, set with -v).

BEGIN {
	canon_load(OPERANDS)
	name = ""
	loc = ""
	has_loc = 0
}

# LLVM's AMDGPU register names back to DWARF numbers (docs/amdgpu-model.md,
# "AMDGPU DWARF register numbers"). LLVM 15 names a DWARF register after the
# first of its MC registers with that number, often a 16-bit half
# ("SGPR33_LO16"); the half's suffix is dropped. It names the wave64 vector
# registers only (a wave32 VGPR comes out as a number). An unknown name is
# kept, so the difference shows.
function llvm_reg(r,    n) {
	sub(/_(LO|HI)16$/, "", r)
	if (r ~ /^SGPR[0-9]+$/) {
		n = substr(r, 5) + 0
		return n < 64 ? 32 + n : 1088 + n - 64
	}
	if (r ~ /^VGPR[0-9]+$/)
		return 2560 + substr(r, 5)
	if (r ~ /^AGPR[0-9]+$/)
		return 3072 + substr(r, 5)
	if (r == "PC_REG")
		return 16
	if (r == "EXEC_LO")
		return 1
	if (r == "EXEC")
		return 17
	if (r == "VCC_LO")
		return 512
	if (r == "VCC")
		return 768
	return r
}

function is_regname(t) {
	return t ~ /^[A-Za-z_][A-Za-z0-9_]*([+-][0-9]+)?$/
}

# Splits s at the ", " between ops that are not inside parentheses into
# P[1..n]; returns n.
function split_ops(s, P,    n, depth, i, c, start) {
	n = 0
	depth = 0
	start = 1
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "(")
			depth++
		else if (c == ")" && depth > 0)
			depth--
		else if (c == "," && depth == 0 && substr(s, i + 1, 1) == " ") {
			P[++n] = substr(s, start, i - start)
			start = i + 2
			i++
		}
	}
	if (start <= length(s))
		P[++n] = substr(s, start)
	return n
}

# The canonical text of LLVM's op list s; FAILED set when LLVM stopped
# with a decoding error (the text then says where).
function llvm_ops(s,    P, n, i, out, op) {
	if (s == "<empty>")
		return ""
	n = split_ops(s, P)
	out = ""
	for (i = 1; i <= n; i++) {
		if (P[i] ~ /^<decoding error>/)
			FAILED = 1
		op = FAILED ? P[i] : llvm_op(P[i])
		out = out (out == "" ? "" : "; ") op
	}
	return out
}

function llvm_op(p,    opname, rest, W, nw, T, nt, i, k, len, bytes, j, inner, family) {
	if (!match(p, /^[A-Za-z0-9_]+/))
		return p
	opname = substr(p, 1, RLENGTH)
	rest = substr(p, RLENGTH + 1)
	# LLVM 22: "DW_OP_LLVM_user DW_OP_LLVM_offset_uconst 0x4" is the sub-op
	# the prefix carries; the canonical text names the sub-op alone
	if (opname == "DW_OP_LLVM_user" && match(rest, /^ DW_OP_LLVM_[A-Za-z0-9_]+/)) {
		opname = substr(rest, 2, RLENGTH - 1)
		rest = substr(rest, RLENGTH + 1)
	}
	# entry_value(ops): the nested list, in braces as the canonical text has it
	if (rest ~ /^\(.*\)$/) {
		inner = llvm_ops(substr(rest, 2, length(rest) - 2))
		return opname " {" inner "}"
	}
	# a base type reference LLVM could not resolve: the offset is the operand
	while (match(rest, /<invalid base_type ref: 0x[0-9a-fA-F]+>/))
		rest = substr(rest, 1, RSTART - 1) substr(rest, RSTART + 24, RLENGTH - 25) \
		       substr(rest, RSTART + RLENGTH)
	nw = split(rest, W, " ")
	family = opname ~ /^DW_OP_b?reg[0-9]+$/
	nt = 0
	for (i = 1; i <= nw; i++) {
		k = KIND[opname, nt + 1]
		if (is_regname(W[i]) && (family || k == "reg")) {
			# "SGPR33_LO16+8": a register name, maybe with breg's offset
			if (match(W[i], /[+-][0-9]+$/)) {
				if (!family)
					T[++nt] = llvm_reg(substr(W[i], 1, RSTART - 1))
				T[++nt] = substr(W[i], RSTART)
			} else if (!family) {
				T[++nt] = llvm_reg(W[i])
			}
			continue
		}
		if (k == "block" && W[i] ~ /^0x[0-9a-fA-F]+$/) {
			# the length, then that many bytes
			len = canon_dec(W[i]) + 0
			bytes = ""
			for (j = 1; j <= len && i + j <= nw; j++) {
				W[i + j] = tolower(W[i + j])
				sub(/^0x/, "", W[i + j])
				bytes = bytes (bytes == "" ? "" : " ") W[i + j]
			}
			i += j - 1
			T[++nt] = "[" bytes "]"
			continue
		}
		T[++nt] = W[i]
	}
	return canon_op(opname, nt, T)
}

function flush() {
	if (has_loc && name != "") {
		FAILED = 0
		ops = llvm_ops(loc)
		print canon_line(name, FAILED ? "" : ops, FAILED ? TOOL ": " ops : "")
	}
	name = ""
	loc = ""
	has_loc = 0
}

/^0x[0-9a-f]+: *DW_TAG_/ {
	flush()
	in_var = $0 ~ /DW_TAG_variable$/
	next
}

/^0x[0-9a-f]+: *NULL/ {
	flush()
	in_var = 0
	next
}

in_var && $1 == "DW_AT_name" {
	if (match($0, /\("[^"]*"\)/))
		name = substr($0, RSTART + 2, RLENGTH - 4)
	next
}

in_var && $1 == "DW_AT_location" {
	loc = $0
	sub(/^[^(]*\(/, "", loc)
	sub(/\)[ \t\r]*$/, "", loc)
	has_loc = 1
	next
}

END {
	flush()
}
