#!/bin/sh
# Independent readers check the lowering: every valid module of CASES_DIR
# is lowered in the llvm-user encoding, then
#  - libdwarf's dwarfdump reads the whole object and reports no error but
#    the three it cannot avoid (docs/lowering.md, "Independent readers"): an
#    extension op in an expression (it knows no DW_OP_LLVM_*), the CIE
#    augmentation [amd:v0.0] and .debug_names (it reads neither, clang's
#    own included);
#  - llvm-dwarfdump-22 --verify reports no error at all (LLVM 22 decodes
#    every DW_OP_LLVM_user op) and no warning but the one on the line
#    table's file 1 repeating file 0, which the lowering writes on purpose;
#  - llvm-dwarfdump-22 --debug-info and `hdref dump` agree on every DIE's
#    tag, name and constant attributes (dwarf_agree.awk says which);
#  - llvm-dwarfdump-22 --debug-frame reads .debug_frame without a warning
#    and agrees with `hdref dump` on its CIEs, on every FDE's size and on
#    how many rows its table has (frame_agree.awk). This checks the dump's
#    own framing of the section, which libdwarf cannot do for [amd:v0.0].
# and lowered again in the amdgpu-v0 encoding, which LLVM 22 misreads
# (0xe9 is always its DW_OP_LLVM_user prefix, and it gives the extension's
# attribute codes 0x3e08-0x3e0d other meanings), so
#  - llvm-dwarfdump-15 --verify reports no error but "invalid DWARF
#    expression" where decoding stops at a raw extension op 0xe1-0xec.
# Prints TAP version 13, one test per case; exits 77 (skip) when the tools
# are not installed.
#
# usage: dwarf_readers.sh HDREF CASES_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: dwarf_readers.sh HDREF CASES_DIR" >&2
	exit 2
fi
hdref=$1
cases=$2
here=$(dirname "$0")
for tool in llvm-dwarfdump-22 llvm-dwarfdump-15 dwarfdump; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "1..0 # SKIP $tool is not installed"
		exit 77
	fi
done

. "$here/tap.sh"
scratch dwarf-readers

n=0
failed=0

echo "TAP version 13"
for case in "$cases"/*.spvasm; do
	[ -e "$case" ] || continue
	grep -q '^; *expect: *ok *$' "$case" || continue
	grep -q '^; *lower:' "$case" && continue  # refused: dwarf_corpus checks that
	n=$((n + 1))
	name=${case##*/}
	name=${name%.spvasm}
	: >"$tmp/why"
	obj=$tmp/$name.o
	if ! "$hdref" lower "$case" --encoding llvm-user -o "$obj" 2>"$tmp/why"; then
		not_ok "$name" "$tmp/why"
		continue
	fi
	ok=1
	# libdwarf: -a prints every section it knows; its errors say ERROR
	dwarfdump -a "$obj" >"$tmp/dd" 2>&1
	grep 'ERROR' "$tmp/dd" | grep -v -e 'DW_OP atom 0xe9' -e 'FRAME_AUGMENTATION_UNKNOWN' \
		-e 'printing standard frame data' -e '\.debug_names' -e 'DWARF errors reported' >"$tmp/dderr"
	if [ -s "$tmp/dderr" ]; then
		{ echo "libdwarf's dwarfdump reports an error:"; head -n 5 "$tmp/dderr"; } >>"$tmp/why"
		ok=0
	fi
	llvm-dwarfdump-22 --verify "$obj" >"$tmp/verify" 2>&1
	if ! grep -q '^No errors\.$' "$tmp/verify" || grep -q -e '^error:' -e '<decoding error>' "$tmp/verify" ||
	   grep '^warning:' "$tmp/verify" | grep -q -v -E \
		'^warning: \.debug_line\[0x[0-9a-f]+\]\.prologue\.file_names\[1\] is a duplicate of file_names\[0\]$'; then
		{ echo "llvm-dwarfdump-22 --verify:"; grep -v '^Verifying' "$tmp/verify" | head -n 20; } >>"$tmp/why"
		ok=0
	fi
	llvm-dwarfdump-22 --debug-info "$obj" >"$tmp/llvm" 2>&1
	"$hdref" dump --encoding llvm-user "$obj" >"$tmp/hdref" 2>&1
	if ! awk -f "$here/dwarf_agree.awk" "$tmp/llvm" "$tmp/hdref" >"$tmp/agree" 2>&1; then
		{ echo "llvm-dwarfdump-22 and hdref dump disagree:"; head -n 20 "$tmp/agree"; } >>"$tmp/why"
		ok=0
	fi
	llvm-dwarfdump-22 --debug-frame "$obj" >"$tmp/frame" 2>&1
	if grep -q -e '^error:' -e '^warning:' "$tmp/frame" ||
	   ! awk -f "$here/frame_agree.awk" "$tmp/frame" "$tmp/hdref" >"$tmp/fagree" 2>&1; then
		{ echo "llvm-dwarfdump-22 --debug-frame and hdref dump disagree:"
		  grep -e '^error:' -e '^warning:' "$tmp/frame" | head -n 5
		  head -n 20 "$tmp/fagree"; } >>"$tmp/why"
		ok=0
	fi
	# amdgpu-v0: LLVM 15 reads it without misreading 0xe9 or the attributes
	if ! "$hdref" lower "$case" --encoding amdgpu-v0 -o "$obj" 2>>"$tmp/why"; then
		echo "lowering in amdgpu-v0 failed" >>"$tmp/why"
		ok=0
	else
		llvm-dwarfdump-15 --verify "$obj" >"$tmp/verify" 2>&1
		errors=$(grep -c '^error:' "$tmp/verify")
		allowed=$(grep -c '^error: DIE contains invalid DWARF expression' "$tmp/verify")
		if [ "$errors" -ne "$allowed" ] || grep -q '^warning:' "$tmp/verify" ||
		   grep '<decoding error>' "$tmp/verify" | grep -q -v '<decoding error> e[1-9a-c]'; then
			{ echo "llvm-dwarfdump-15 --verify (amdgpu-v0):"
			  grep -v '^Verifying' "$tmp/verify" | head -n 20; } >>"$tmp/why"
			ok=0
		fi
	fi
	if [ "$ok" = 1 ]; then
		echo "ok $n - $name"
	else
		not_ok "$name" "$tmp/why"
	fi
done

finish "valid *.spvasm" "$cases"
