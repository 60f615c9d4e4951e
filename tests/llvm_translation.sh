#!/bin/sh
# The reference translation (hdref llvm-di, docs/llvm-translation.md):
#  1. every valid module of cases/spirv (`; expect: ok`) is translated, the
#     result is accepted by llvm-as-15 (which runs LLVM's verifier, debug
#     info included) and read by `hdref di-dump --check` with no rule broken;
#     a module with no DebugCompilationUnit is refused with that reason;
#  2. the same for the corpus kernels, cases/opencl/*.cl compiled by
#     clang-15 for spir64 and llvm-spirv-15 --spirv-debug-info-version=ocl-100,
#     those whose module passes `hdref check` (llvm-spirv-15 breaks rules on
#     structs, docs/findings.md: the others are counted, not judged);
#  3. the modules named in EXPECTED_DIR (NAME.ll for cases/spirv/NAME.spvasm)
#     translate to exactly the committed text, reviewed against the spec
#     when it was written; --update rewrites them.
# llvm-as-15 missing skips its part of 1 and 2 (said in the point); clang-15
# or llvm-spirv-15 missing skips 2. Prints TAP version 13.
#
# usage: llvm_translation.sh HDREF SOURCE_DIR [--update]

if [ "$#" -lt 2 ]; then
	echo "usage: llvm_translation.sh HDREF SOURCE_DIR [--update]" >&2
	exit 2
fi
hdref=$1
src=$2
update=${3:-}
expected=$src/expected/llvm-di
LC_ALL=C
export LC_ALL
. "$(dirname "$0")/tap.sh"
scratch llvm-translation
n=0
failed=0
: >"$tmp/why"
: >"$tmp/more"

have_as=0
command -v llvm-as-15 >/dev/null 2>&1 && have_as=1

# judge SPV LABEL: llvm-di writes $tmp/out.ll, llvm-as-15 accepts it and
# di-dump reads it with no rule broken; what fails goes to $tmp/why, the
# first 10 modules in full, the rest counted in $tmp/more.
judge() {
	if [ "$(wc -l <"$tmp/why")" -gt 60 ]; then
		echo "$2" >>"$tmp/more"
		"$hdref" llvm-di "$1" -o "$tmp/out.ll" 2>/dev/null &&
		{ [ "$have_as" = 0 ] || llvm-as-15 "$tmp/out.ll" -o /dev/null 2>/dev/null; } &&
		"$hdref" di-dump --check "$tmp/out.ll" >/dev/null 2>&1 && sed -i '$d' "$tmp/more"
		return
	fi
	if ! "$hdref" llvm-di "$1" -o "$tmp/out.ll" 2>"$tmp/err"; then
		{ echo "$2: llvm-di failed:"; head -n 3 "$tmp/err"; } >>"$tmp/why"
		return
	fi
	if [ "$have_as" = 1 ] && ! llvm-as-15 "$tmp/out.ll" -o /dev/null 2>"$tmp/err"; then
		{ echo "$2: llvm-as-15 refuses it:"; head -n 3 "$tmp/err"; } >>"$tmp/why"
	fi
	if ! "$hdref" di-dump --check "$tmp/out.ll" >"$tmp/err" 2>&1; then
		{ echo "$2: di-dump:"; head -n 3 "$tmp/err"; } >>"$tmp/why"
	fi
}

echo "TAP version 13"

# 1. cases/spirv
count=0
refused=0
for c in "$src"/cases/spirv/*.spvasm; do
	grep -q '^; *expect: *ok *$' "$c" || continue
	count=$((count + 1))
	if ! "$hdref" debuginfo "$c" | grep -q 'DebugCompilationUnit'; then
		refused=$((refused + 1))
		"$hdref" llvm-di "$c" -o "$tmp/out.ll" 2>"$tmp/err"
		status=$?
		if [ "$status" -ne 2 ] || ! grep -q 'no DebugCompilationUnit' "$tmp/err"; then
			echo "${c##*/}: no DebugCompilationUnit, but llvm-di exits $status" >>"$tmp/why"
		fi
		continue
	fi
	judge "$c" "${c##*/}"
done
[ "$count" -gt 0 ] || echo "no valid case in $src/cases/spirv" >>"$tmp/why"
as_note=
[ "$have_as" = 1 ] || as_note=" (llvm-as-15 not installed: not assembled)"
more_lines() {
	[ -s "$tmp/more" ] && echo "... and $(wc -l <"$tmp/more") more modules" >>"$tmp/why"
	: >"$tmp/more"
}
more_lines
point "cases/spirv: $count valid modules, $((count - refused)) translated, read by di-dump with no rule broken$as_note"

# 2. the corpus kernels
tools_ok=1
for t in clang-15 llvm-spirv-15; do
	command -v "$t" >/dev/null 2>&1 || tools_ok=0
done
if [ "$tools_ok" = 0 ]; then
	echo "ok $((n += 1)) - corpus kernels # SKIP clang-15 or llvm-spirv-15 not installed"
else
	made=0
	judged=0
	for f in "$src"/cases/opencl/*.cl; do
		k=${f##*/}
		clang-15 -x cl -cl-std=CL2.0 -Xclang -no-opaque-pointers -target spir64 -g -O0 \
			-emit-llvm -c "$f" -o "$tmp/k.bc" 2>/dev/null &&
		llvm-spirv-15 --spirv-debug-info-version=ocl-100 "$tmp/k.bc" -o "$tmp/k.spv" \
			2>/dev/null || continue
		made=$((made + 1))
		"$hdref" check "$tmp/k.spv" >/dev/null 2>&1 || continue
		judged=$((judged + 1))
		judge "$tmp/k.spv" "$k"
	done
	[ "$judged" -gt 0 ] || echo "no corpus kernel's module passes hdref check" >>"$tmp/why"
	more_lines
	point "corpus kernels: $made modules from llvm-spirv-15, $judged valid ones translated, read by di-dump with no rule broken$as_note"
fi

# 3. exact outputs
for want in "$expected"/*.ll; do
	[ -e "$want" ] || continue
	name=${want##*/}
	name=${name%.ll}
	if ! "$hdref" llvm-di "$src/cases/spirv/$name.spvasm" -o "$tmp/out.ll" 2>"$tmp/why"; then
		point "expected/llvm-di/$name.ll"
		continue
	fi
	if [ "$update" = --update ]; then
		cp "$tmp/out.ll" "$want"
	elif ! diff -u "$want" "$tmp/out.ll" >"$tmp/diff" 2>&1; then
		head -n 40 "$tmp/diff" >>"$tmp/why"
	fi
	point "expected/llvm-di/$name.ll: the translation of cases/spirv/$name.spvasm, exactly"
done
[ -n "$(ls "$expected"/*.ll 2>/dev/null)" ] || {
	echo "no expected file in $expected" >>"$tmp/why"
	point "expected/llvm-di"
}

echo "1..$n"
[ "$failed" -eq 0 ]
