#!/bin/sh
# The gfx9 executor against the SPIR-V interpreter (docs/gfx9-executor.md,
# "Checked against the interpreter"): every OpenCL C kernel of CASES/opencl
# is compiled by clang-15 for gfx90a with the ROCm device libraries, and for
# spir64 through llvm-spirv-15, at -O0 and -O2; `hdref gfx9-run --inputs`
# runs the code object's first work-group on the interpreter's inputs and
# compares every argument buffer with the interpreter's after both runs.
# Each must complete and every buffer be the same. Skipped with the reason:
# a missing tool, a module llvm-spirv cannot translate, a kernel with an
# argument the two machines cannot share (neither a buffer, a local pointer
# nor a value) or the interpreter has no input for (an image: "kernel
# argument K has no type the interpreter knows", docs/interpreter.md).
#
# Prints TAP version 13, one point per kernel file and level.
#
# usage: gfx9_interpreter.sh HDREF SOURCE_DIR
#        gfx9_interpreter.sh --one HDREF SOURCE_DIR OUTDIR KERNEL OPT   (for xargs)

. "$(dirname "$0")/tap.sh"

one() {
	hdref=$1 srcdir=$2 dir=$3 src=$4 opt=$5
	name=${src##*/}
	out=$dir/$name.$opt
	what="$name -$opt"
	mkdir -p "$out"
	for t in clang-15 llvm-spirv-15 ld.lld-15; do
		if ! have "$t"; then
			echo "ok - $what # SKIP $t not installed" >"$out.tap"
			return 0
		fi
	done
	if [ ! -d /usr/lib/x86_64-linux-gnu/amdgcn/bitcode ]; then
		echo "ok - $what # SKIP rocm-device-libs not installed" >"$out.tap"
		return 0
	fi
	if ! sh "$srcdir/harness/adapters/amdgcn-link.sh" 15 gfx90a default devlibs "$src" \
		"$out/k.co" "$out" -g -"$opt" 2>"$out/err"; then
		{ echo "not ok - $what: clang-15 for gfx90a failed"; sed 's/^/# /' "$out/err"; } \
			>"$out.tap"
		return 0
	fi
	# shellcheck disable=SC2046 # the language flags are a list of words
	if ! clang-15 -target spir64 $(opencl_lang "$src") $(typed_pointers 15) -g -"$opt" \
		-emit-llvm -c "$src" -o "$out/k.bc" 2>"$out/err" || ! llvm-spirv-15 "$out/k.bc" -o "$out/k.spv" 2>"$out/err"
	then
		echo "ok - $what # SKIP llvm-spirv-15 cannot translate it: $(head -n 1 "$out/err")" \
			>"$out.tap"
		return 0
	fi
	: >"$out/log"
	for k in $("$hdref" codeobj-dump "$out/k.co" | awk '/^kernel / { print $2 }'); do
		echo "kernel $k" >>"$out/log"
		"$hdref" gfx9-run "$out/k.co" --inputs "$out/k.spv" --kernel "$k" \
			--directives "$src" >>"$out/log" 2>&1
	done
	if grep -q 'an argument neither a global buffer, a local pointer nor a value' "$out/log"; then
		echo "ok - $what # SKIP a kernel argument the two machines cannot share" >"$out.tap"
	elif grep -q 'kernel argument [0-9]* has no type the interpreter knows' "$out/log"; then
		echo "ok - $what # SKIP no interpreter input: $(grep -o \
			'kernel argument [0-9]* has no type the interpreter knows' "$out/log" | head -n 1)" \
			>"$out.tap"
	elif grep -q '^kernel ' "$out/log" && ! grep -v -e '^kernel ' -e '^outcome: completed$' \
		-e '^steps: ' -e '^interpreter outcome: completed$' -e '^buffer [0-9]*: same' \
		"$out/log" >/dev/null; then
		echo "ok - $what" >"$out.tap"
	else
		{ echo "not ok - $what"; sed 's/^/# /' "$out/log"; } >"$out.tap"
	fi
	rm -rf "$out"
}

if [ "${1:-}" = --one ] && [ "$#" -eq 6 ]; then
	one "$2" "$3" "$4" "$5" "$6"
	exit 0
fi
if [ "$#" -ne 2 ]; then
	echo "usage: gfx9_interpreter.sh HDREF SOURCE_DIR" >&2
	exit 2
fi
scratch gfx9_interpreter
n=0
failed=0

echo "TAP version 13"
for k in "$2"/cases/opencl/*.cl; do
	for opt in O0 O2; do
		printf '%s\n%s\n' "$k" "$opt"
	done
done >"$tmp/jobs"
xargs -P "$(nproc 2>/dev/null || echo 2)" -n 2 sh "$0" --one "$1" "$2" "$tmp" <"$tmp/jobs"
while read -r k; do
	read -r opt
	numbered "$tmp/${k##*/}.$opt.tap" "${k##*/} -$opt"
done <"$tmp/jobs"
finish kernels "$2/cases/opencl"
