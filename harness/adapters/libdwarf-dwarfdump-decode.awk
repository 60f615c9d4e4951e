# libdwarf's `dwarfdump -i` output (Debian dwarfdump 20210528) to
# decode-protocol lines (with canon.awk). dwarfdump prints the DIEs as
#   < 1><0x00000014>    DW_TAG_variable
#                         DW_AT_name   (indexed string: 0x00000002)e0
#                         DW_AT_location   len 0x0003: 0x3036e1:
#                             DW_OP_lit0
# one op a line after the DW_AT_location line, registers as numbers, most
# integers in decimal and references in 0x%08x. An expression libdwarf cannot
# read prints "dwarfdump ERROR: ..." lines before its DW_AT_location line and
# no ops; that becomes an `error` line with libdwarf's message. Blocks are
# "LEN contents 0xBYTES" (the bytes as far as dwarfdump shows them), and
# dwarfdump appends its own complaints ("ERROR: ... Cannot access DIE") to an
# op's line, which are cut off.

BEGIN {
	canon_load(OPERANDS)
	reset()
}

function reset() {
	name = ""
	err = ""
	ops = ""
	has_loc = 0
	in_loc = 0
}

function flush() {
	if (has_loc && name != "")
		print canon_line(name, ops, err != "" ? "dwarfdump: " err : "")
	reset()
}

# A register with bregx's offset glued on ("0x00000041+0"; a negative
# offset comes out as "0x00000041+-8") as two tokens in T from index nt+1;
# returns the new count.
function split_glued(w, T, nt) {
	if (match(w, /^(0x[0-9a-fA-F]+|[0-9]+)(\+|\+-|-)[0-9]+$/) && match(w, /(\+|\+-|-)[0-9]+$/)) {
		T[++nt] = substr(w, 1, RSTART - 1)
		T[++nt] = substr(w, RSTART)
		sub(/^\+-/, "-", T[nt])
		return nt
	}
	T[++nt] = w
	return nt
}

function dd_op(line,    opname, rest, W, nw, T, nt, i, k) {
	sub(/^[ \t]+/, "", line)
	sub(/ERROR:.*$/, "", line)
	sub(/[ \t\r]+$/, "", line)
	if (!match(line, /^[A-Za-z0-9_]+/))
		return line
	opname = substr(line, 1, RLENGTH)
	rest = substr(line, RLENGTH + 1)
	# const_type's block: "const length: 4 contents 0x..."; the others:
	# "LEN contents 0x..."
	gsub(/const length: [0-9]+ /, "", rest)
	nw = split(rest, W, " ")
	nt = 0
	for (i = 1; i <= nw; i++) {
		k = KIND[opname, nt + 1]
		if (W[i] == "offset" && opname == "DW_OP_bit_piece")
			continue
		if (W[i] == "contents" && i < nw) {
			T[++nt] = canon_hexbytes(W[++i])
			continue
		}
		if ((k == "block" || k == "expr") && W[i] ~ /^(0x)?[0-9a-fA-F]+$/) {
			# the block's length: its bytes follow after "contents", or
			# there are none
			if (i + 1 <= nw && W[i + 1] == "contents")
				continue
			T[++nt] = canon_dec(W[i]) == "0" ? "[]" : W[i]
			continue
		}
		nt = split_glued(W[i], T, nt)
	}
	return canon_op(opname, nt, T)
}

/^< *[0-9]+><0x[0-9a-f]+>/ {
	flush()
	in_var = $0 ~ /DW_TAG_variable[ \t]*$/
	next
}

in_var && $1 == "DW_AT_name" {
	name = $0
	sub(/^[ \t]*DW_AT_name[ \t]+/, "", name)
	sub(/^\(indexed string: 0x[0-9a-f]+\)/, "", name)
	sub(/[ \t\r]+$/, "", name)
	in_loc = 0
	next
}

# Its messages come before the DW_AT_location line of the variable they are
# about; the last "ERROR: " part is libdwarf's own text.
in_var && /^dwarfdump ERROR:/ {
	if (err == "") {
		err = $0
		sub(/^.*ERROR: /, "", err)
		sub(/[.]* *Attempting to continue[.]*$/, "", err)
	}
	next
}

in_var && $1 == "DW_AT_location" {
	has_loc = 1
	in_loc = 1
	next
}

in_var && $1 ~ /^DW_AT_/ {
	in_loc = 0
	next
}

in_loc && $1 ~ /^DW_OP_/ {
	ops = ops (ops == "" ? "" : "; ") dd_op($0)
	next
}

END {
	flush()
}
