#!/bin/sh
# Every kernel of CASES/opencl compiled the ways real toolchains do (clang-15
# with llvm-spirv-15, clang-14 with llvm-spirv-14, each at -O0 and -O2) must
# run to completion on the interpreter (docs/interpreter.md): the corpus
# needs no instruction the interpreter lacks and holds no program that
# traps. A toolchain that is not installed is skipped with the reason; a
# translation llvm-spirv itself cannot finish (it aborts on some optimized
# debug info) is skipped with its first error line, and so is a kernel with
# an argument the interpreter has no input for (an image, a sampler: the
# run ends `unsupported: kernel argument K has no type the interpreter
# knows`, docs/interpreter.md "Inputs").
#
# Prints TAP version 13, one point per kernel, toolchain and level.
#
# usage: exec_corpus.sh HDREF CASES
#        exec_corpus.sh --one HDREF OUTDIR KERNEL VERSION OPT   (for xargs)

. "$(dirname "$0")/tap.sh"

one() {
	hdref=$1 dir=$2 src=$3 v=$4 opt=$5
	name=${src##*/}
	out=$dir/$name.$v.$opt
	what="$name clang-$v -$opt"
	if ! have "clang-$v" || ! have "llvm-spirv-$v"; then
		echo "ok - $what # SKIP clang-$v/llvm-spirv-$v not installed" >"$out.tap"
		return 0
	fi
	# shellcheck disable=SC2046 # the language flags are a list of words
	if ! "clang-$v" -target spir64 $(opencl_lang "$src") $(typed_pointers "$v") -g -"$opt" \
		-emit-llvm -c "$src" -o "$out.bc" 2>"$out.err"; then
		{ echo "not ok - $what: clang-$v failed"; sed 's/^/# /' "$out.err"; } >"$out.tap"
		return 0
	fi
	if ! "llvm-spirv-$v" "$out.bc" -o "$out.spv" >"$out.err" 2>&1; then
		echo "ok - $what # SKIP llvm-spirv-$v cannot translate it: $(head -n 1 "$out.err")" \
			>"$out.tap"
		rm -f "$out.bc" "$out.err"
		return 0
	fi
	"$hdref" exec "$out.spv" >"$out.log" 2>&1
	if grep -q '^outcome: completed$' "$out.log"; then
		echo "ok - $what" >"$out.tap"
	elif grep -q '^outcome: unsupported: kernel argument [0-9]* has no type the interpreter knows$' \
		"$out.log"; then
		echo "ok - $what # SKIP no interpreter input: $(sed -n 's/^outcome: unsupported: //p' "$out.log")" \
			>"$out.tap"
	else
		{ echo "not ok - $what"; sed 's/^/# /' "$out.log"; } >"$out.tap"
	fi
	rm -f "$out.bc" "$out.spv" "$out.err" "$out.log"
}

if [ "${1:-}" = --one ] && [ "$#" -eq 6 ]; then
	one "$2" "$3" "$4" "$5" "$6"
	exit 0
fi
if [ "$#" -ne 2 ]; then
	echo "usage: exec_corpus.sh HDREF CASES" >&2
	exit 2
fi
scratch exec_corpus
n=0
failed=0

echo "TAP version 13"
for k in "$2"/opencl/*.cl "$2"/opencl/*.clcpp; do
	[ -e "$k" ] || continue
	for v in 15 14; do
		for opt in O0 O2; do
			echo "$k $v $opt"
		done
	done
done >"$tmp/list"
# clang-14 has no C++ for OpenCL 2021: its kernels are C++ for OpenCL 1.0 at best
grep -v '\.clcpp 14 ' "$tmp/list" >"$tmp/jobs"
# as many at a time as there are cores: each compile and run is independent
while read -r k v opt; do
	printf '%s\n%s\n%s\n' "$k" "$v" "$opt"
done <"$tmp/jobs" | xargs -P "$(nproc 2>/dev/null || echo 2)" -n 3 \
	sh "$0" --one "$1" "$tmp" 2>/dev/null
while read -r k v opt; do
	numbered "$tmp/${k##*/}.$v.$opt.tap" "${k##*/} clang-$v -$opt"
done <"$tmp/jobs"
finish kernels "$2/opencl"
