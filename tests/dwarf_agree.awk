# dwarf_agree.awk LLVM_DWARFDUMP_OUTPUT HDREF_DUMP: compares what
# `llvm-dwarfdump-N --debug-info` (LLVM 15 or 22) and `hdref dump` say about
# the same object. Both are reduced to lines "TAG ATTRIBUTE VALUE" for the
# attributes whose values both print the same way (names, sizes, encodings,
# positions, languages, accessibility, calling conventions, counts), numbers
# in decimal; the two multisets must be equal. Prints the differences and
# exits 1 when they are not.
#
# Where the two name a code differently, LLVM's name is respelled as hdref
# dump (libdwarf) prints it: LLVM 22 names the languages 0x34-0x39 of the
# dwarfstd.org registry, which libdwarf prints as numbers, and calls the
# calling convention 0xc7 DW_CC_LLVM_DeviceKernel, LLVM 15's and libdwarf's
# DW_CC_LLVM_OpenCLKernel.

function hexval(s,    v, i, c) {
	v = 0
	s = tolower(substr(s, 3))
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1)) - 1
		if (c < 0)
			return -1
		v = v * 16 + c
	}
	return v
}

function norm(v) {
	if (v ~ /^0x[0-9a-fA-F]+$/)
		return hexval(v)
	return v
}

BEGIN {
	keep["name"]; keep["byte_size"]; keep["bit_size"]; keep["encoding"]
	keep["decl_line"]; keep["decl_column"]; keep["decl_file"]
	keep["data_member_location"]; keep["data_bit_offset"]; keep["language"]
	keep["accessibility"]; keep["calling_convention"]; keep["count"]
	keep["call_line"]; keep["call_file"]; keep["linkage_name"]
	lang["DW_LANG_GLSL"] = 52; lang["DW_LANG_GLSL_ES"] = 53; lang["DW_LANG_HLSL"] = 54
	lang["DW_LANG_OpenCL_CPP"] = 55; lang["DW_LANG_CPP_for_OpenCL"] = 56
	lang["DW_LANG_SYCL"] = 57
}

# llvm-dwarfdump: "0x0000001d:   DW_TAG_subprogram", then "DW_AT_name\t("main")"
FNR == NR {
	if (match($0, /DW_TAG_[a-z_]+/) && $0 ~ /^0x[0-9a-f]+:/) {
		tag = substr($0, RSTART + 7, RLENGTH - 7)
		next
	}
	if (match($0, /^ +DW_AT_[a-z_]+\t\(/)) {
		at = $0
		sub(/^ +DW_AT_/, "", at)
		val = at
		sub(/\t.*/, "", at)
		if (!(at in keep))
			next
		sub(/^[^\t]*\t\(/, "", val)
		sub(/\)$/, "", val)
		gsub(/^"|"$/, "", val)
		if (at == "language" && (val in lang))
			val = lang[val]
		if (at == "calling_convention" && val == "DW_CC_LLVM_DeviceKernel")
			val = "DW_CC_LLVM_OpenCLKernel"
		left[tag " " at " " norm(val)]++
	}
	next
}

# hdref dump: "    DW_TAG_member \"a\"", then "      DW_AT_name string \"a\""
{
	if (match($0, /^ +DW_TAG_[a-z_]+/)) {
		tag = substr($0, RSTART, RLENGTH)
		sub(/^ +DW_TAG_/, "", tag)
		next
	}
	if ($1 ~ /^DW_AT_/) {
		at = substr($1, 7)
		if (!(at in keep))
			next
		val = $0
		sub(/^ +DW_AT_[a-z_]+ [a-z]+ /, "", val)
		gsub(/^"|"$/, "", val)
		right[tag " " at " " norm(val)]++
	}
}

END {
	bad = 0
	for (k in left)
		if (left[k] != right[k]) {
			printf "llvm-dwarfdump %d, hdref dump %d: %s\n", left[k], right[k] + 0, k
			bad = 1
		}
	for (k in right)
		if (!(k in left)) {
			printf "llvm-dwarfdump 0, hdref dump %d: %s\n", right[k], k
			bad = 1
		}
	exit bad
}
