# frame_agree.awk LLVM_DWARFDUMP_DEBUG_FRAME HDREF_DUMP: compares what
# `llvm-dwarfdump-15 --debug-frame` and `hdref dump` say about the same
# .debug_frame. Each is reduced to lines
#   cie AUGMENTATION CODE_ALIGN DATA_ALIGN   (a set: hdref prints equal CIEs once)
#   fde SIZE ROWS                            (a multiset)
# where ROWS is how many rows of the CFI table the FDE has, so the two
# readers must agree on the framing of the section and on where each rule
# changes. Prints the differences and exits 1 when they are not equal.

function hexval(s,    v, i, c) {
	v = 0
	s = tolower(s)
	sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1)) - 1
		if (c < 0)
			return -1
		v = v * 16 + c
	}
	return v
}

# Ends the FDE being counted in file f.
function close_fde(f) {
	if (size[f] != "")
		fact[f, "fde " size[f] " " rows[f]]++
	size[f] = ""
	rows[f] = 0
}

FNR == 1 { f = (FILENAME == ARGV[1]) ? 1 : 2; in_frame = 0 }

# llvm-dwarfdump-15
f == 1 && /^[0-9a-f]+ [0-9a-f]+ [0-9a-f]+ CIE/ { close_fde(1); aug = ""; next }
f == 1 && /^  Augmentation:/ { aug = $2; next }
f == 1 && /^  Code alignment factor:/ { code = $4; next }
f == 1 && /^  Data alignment factor:/ { cie[1, "cie " aug " " code " " $4] = 1; next }
f == 1 && / FDE cie=/ {
	close_fde(1)
	split(substr($6, 4), r, /\.\.\./)
	size[1] = hexval(r[2]) - hexval(r[1])
	next
}
f == 1 && /^  0x[0-9a-f]+: CFA=/ { rows[1]++; next }

# hdref dump: only the .debug_frame block
f == 2 && /^frame / { in_frame = ($2 == ".debug_frame"); next }
f == 2 && !in_frame { next }
f == 2 && /^  cie / { cie[2, "cie " $6 " " $8 " " $10] = 1; next }
f == 2 && /^  fde / {
	close_fde(2)
	for (i = 1; i < NF; i++)
		if ($i == "size")
			size[2] = hexval($(i + 1))
	next
}
f == 2 && /^    \+0x/ { rows[2]++; next }

END {
	close_fde(1)
	close_fde(2)
	bad = 0
	for (k in cie) {
		split(k, p, SUBSEP)
		o = p[1] == 1 ? 2 : 1
		if (!((o, p[2]) in cie)) {
			printf "only %s: %s\n", p[1] == 1 ? "llvm-dwarfdump" : "hdref dump", p[2]
			bad = 1
		}
	}
	for (k in fact) {
		split(k, p, SUBSEP)
		o = p[1] == 1 ? 2 : 1
		other = ((o, p[2]) in fact) ? fact[o, p[2]] : 0
		if (fact[k] != other) {
			printf "%s has %d of: %s, the other %d\n",
			    p[1] == 1 ? "llvm-dwarfdump" : "hdref dump", fact[k], p[2], other
			bad = 1
		}
	}
	exit bad
}
