#!/bin/sh
# Remakes the committed seed corpora tests/fuzz/corpus/NAME (docs/fuzzing.md,
# "Seed corpora"): raw seeds from the repository's cases/, expected/ and
# harness/candidates, and what hdref and hdcts make of them, then each
# target's libFuzzer -merge=1 keeps only the seeds that add coverage, so a
# corpus stays small. Findings kept as regression inputs (corpus/NAME/
# regress-*) are kept whatever merge says.
#
# usage: tests/fuzz/make_corpus.sh FUZZ_BUILD HDREF HDCTS [NAME...]
#   FUZZ_BUILD the -DHDCTS_FUZZ=ON build tree (its tests/fuzz has the
#   targets and fuzz_seed_tool); HDREF and HDCTS any build's programs.
# Needs spirv-as (spirv-tools). Exit 0 done, 2 usage or a failed step.
set -eu
if [ "$#" -lt 3 ]; then
	echo "usage: make_corpus.sh FUZZ_BUILD HDREF HDCTS [NAME...]" >&2
	exit 2
fi
fz=$1/tests/fuzz
hdref=$2
hdcts=$3
shift 3
top=$(cd "$(dirname "$0")/../.." && pwd)
names=${*:-eval case cfi spirv dump record profile judge exec watch codeobj isa protocol visa llvmdi}
raw=$(mktemp -d)
trap 'rm -rf "$raw"' EXIT

# Every SPIR-V assembly case as a binary module: the spirv and exec seeds.
spirv_modules() {
	mkdir -p "$raw/spv"
	for f in "$top"/cases/spirv/*.spvasm; do
		spirv-as --target-env spv1.0 "$f" -o "$raw/spv/$(basename "$f" .spvasm).spv" \
			2>/dev/null || true
	done
}

# Code objects hdref lowers from the first modules that validate: dump seeds.
lowered_objects() {
	mkdir -p "$raw/obj"
	n=0
	for f in "$raw"/spv/*-valid*.spv; do
		[ "$n" -lt 40 ] || break
		if "$hdref" lower "$f" -o "$raw/obj/$(basename "$f" .spv).o" >/dev/null 2>&1; then
			n=$((n + 1))
		fi
	done
}

# One seed directory per target in $raw/NAME.
raw_seeds() {
	name=$1
	d=$raw/$name
	mkdir -p "$d"
	case $name in
	eval)
		mkdir -p "$d/expr" "$d/cfi"
		"$fz/fuzz_seed_tool" eval "$d/expr" "$top"/cases/expr/*.case
		"$fz/fuzz_seed_tool" eval "$d/cfi" "$top"/cases/cfi/*.case ;;
	cfi) "$fz/fuzz_seed_tool" cfi "$d" "$top"/cases/cfi/*.case ;;
	case)
		mkdir -p "$d/expr" "$d/cfi"
		cp "$top"/cases/expr/*.case "$d/expr"/
		cp "$top"/cases/cfi/*.case "$d/cfi"/ ;;
	spirv | exec) cp "$raw"/spv/*.spv "$d"/ ;;
	dump) cp "$raw"/obj/*.o "$d"/ ;;
	watch) find "$top/expected/watch" -name '*.watch' -size -16k -exec cp {} "$d"/ \; ;;
	llvmdi) cp "$top"/cases/llvmdi/*.ll "$d"/ ;;
	profile) cp "$top"/harness/candidates/*.ini "$top"/tests/candidates/*.ini "$d"/ ;;
	visa)
		for f in "$top"/cases/visa/*.visa; do
			"$hdref" visa-asm "$f" -o "$d/$(basename "$f" .visa).dbg" >/dev/null 2>&1 || true
		done ;;
	record)
		# a short reference run; the first byte picks results.json (0) or run.txt (1)
		"$hdcts" run --cases 'expr/gen-op-abs*' --out "$raw/run" >/dev/null 2>&1 || true
		for f in "$raw"/run/results.json "$raw"/run/run.txt; do
			[ -f "$f" ] || continue
			case $f in *.json) b=0 ;; *) b=1 ;; esac
			{ printf '%b' "\\00$b"; cat "$f"; } >"$d/$(basename "$f")"
		done ;;
	judge)
		# the decode role's output for the target's items; first byte: profile
		printf '\000e0: DW_OP_lit0\ne1: DW_OP_regx 65\ne2:\ne3: DW_OP_entry_value {DW_OP_lit1; DW_OP_reg0}\ne4: DW_OP_lit0; DW_OP_lit6; DW_OP_LLVM_form_aspace_address\ne5: DW_OP_lit3; DW_OP_LLVM_aspace_bregx 65 -1\n' >"$d/good-v0"
		printf '\001e0: DW_OP_lit3; DW_OP_LLVM_aspace_bregx 65 16319\ne1: error bad\ne2: DW_OP_entry_value {DW_OP_lit3; DW_OP_LLVM_aspace_bregx 65 -1}\ne3: DW_OP_lit0\ne3: DW_OP_lit1\n' >"$d/mixed-user" ;;
	codeobj | isa)
		# kernels of cases/opencl compiled for gfx90a; isa reads their .text
		for f in "$top"/cases/opencl/array2d.cl "$top"/cases/opencl/call.cl; do
			o=$raw/$(basename "$f" .cl).co
			mkdir -p "$raw/scratch"
			sh "$top/harness/adapters/amdgcn-link.sh" 19 gfx90a default devlibs "$f" "$o" \
				"$raw/scratch" -O0 -g >/dev/null 2>&1 || continue
			if [ "$name" = codeobj ]; then
				cp "$o" "$d"/
			else
				# in 512-byte pieces: the target decodes every piece three times
				if llvm-objcopy-19 -O binary --only-section=.text "$o" "$raw/text"; then
					split -b 512 "$raw/text" "$d/$(basename "$o" .co)-"
				fi
			fi
		done ;;
	protocol)
		# the request hdref target sends for each case of cases/cfi and the
		# amdgpu-* cases of cases/expr (the evaluator it starts keeps the first line)
		for f in "$top"/cases/cfi/*.case "$top"/cases/expr/amdgpu-*.case; do
			# shellcheck disable=SC2016 # $0 is the inner shell's
			"$hdref" target "$f" -- sh -c 'head -n 1 >"$0"' "$d/$(basename "$f" .case)" \
				>/dev/null 2>&1 || true
		done ;;
	esac
}

spirv_modules
lowered_objects
for name in $names; do
	raw_seeds "$name"
	out=$top/tests/fuzz/corpus/$name
	keep=$raw/keep-$name
	mkdir -p "$out" "$keep"
	if ls "$out"/regress-* >/dev/null 2>&1; then
		cp "$out"/regress-* "$keep"/
	fi
	rm -rf "$out"
	mkdir -p "$out"
	# a seed that crashes is left out of the merge and reported
	"$fz/fuzz_$name" -merge=1 -rss_limit_mb=4096 -artifact_prefix="$raw/$name-" "$out" \
		"$raw/$name" >"$raw/$name.log" 2>&1 || { tail -n 20 "$raw/$name.log" >&2; exit 2; }
	for f in "$raw/$name"-*; do
		[ -e "$f" ] && echo "$name: a seed fails the target: $(od -An -c "$f" | head -n 2)" >&2
	done
	cp "$keep"/* "$out"/ 2>/dev/null || true
	echo "$name: $(find "$out" -type f | wc -l) seeds, $(cat "$out"/* | wc -c) bytes"
done
