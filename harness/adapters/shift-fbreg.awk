# A deliberately broken producer (docs/value-check.md, "A broken candidate"):
# reads clang's AMDGPU assembly and adds 4 to the offset of every
# DW_OP_fbreg that starts a DW_AT_location expression of .debug_info, so
# every variable's frame offset is 4 bytes off. The watch check must call
# those variables wrong. Only offsets whose SLEB128 first byte takes +4
# without a carry change (positive one-byte offsets below 60, or a longer
# encoding's low 7 bits below 124), so no length changes; the others are
# counted on stderr.
#
# clang prints an exprloc as its length line, commented "DW_AT_location",
# then one `.byte` line per byte of the expression.
BEGIN { left = 0; skipped = 0 }
function byte_of(line,    f) { split(line, f, /[ \t]+/); return f[3] + 0 }
{
	if (left > 0 && $1 == ".byte") {
		if (at == 0 && byte_of($0) == 145)   # DW_OP_fbreg
			fbreg = 1
		else if (at == 1 && fbreg) {
			b = byte_of($0)
			if ((b < 128 && b < 60) || (b >= 128 && b % 128 < 124))
				$0 = "\t.byte\t" (b + 4)
			else
				skipped++
			fbreg = 0
		}
		at++
		left--
	} else if ($0 ~ /; DW_AT_location$/ && $1 == ".byte") {
		left = byte_of($0)
		at = 0
		fbreg = 0
	}
	print
}
END { if (skipped) print "shift-fbreg: " skipped " offsets left as they were" > "/dev/stderr" }
