#!/bin/sh
# Claim under test: the harness's overhead per case is under 5% of a real
# compiler's time. Times (a) `hdcts run -j 1` with a candidate profile whose
# compile-spirv role is an LLVM 15 pipeline (SPIR-V -> LLVM IR -> AMDGPU
# object) against (b) the same command, expanded the same way, run directly
# by this shell in a loop over the same SPIR-V modules, one at a time. Prints
# the per-case times of both, the overhead ratio (a - b) / b and PASS or FAIL
# against the 5% target. The two are timed RUNS times (default 7), one
# right after the other and taking turns going first; the verdict is the
# median of the runs' ratios, and the medians of the times are printed too.
# A third line times hdcts with a candidate that runs no compiler at all
# (`true`): the harness's own cost, for reading the ratio, not part of it.
#
# (a) pays for everything the harness adds: planning, assembling each case's
# .spvasm into the .spv the candidate gets (the loop gets those same bytes
# ready-made), a /bin/sh and a scratch directory per command, limits, the
# canonical dump of each object the compiler wrote and its comparison with
# expected/, the journal, TAP and the four reports.
#
# The modules come from cases/opencl: clang-15 compiles each kernel to SPIR
# LLVM IR with -g and typed pointers (-no-opaque-pointers, which llvm-spirv-15
# needs, docs/amdgpu-facts.md) and llvm-spirv-15 turns it into SPIR-V with
# OpenCL.DebugInfo.100 (llvm-spirv-15 -r aborts on the committed cases/spirv
# modules: they have DebugSource without Text). They go into a scratch suite
# (--suite) whose expected/dwarf dumps are those of the pipeline's own objects,
# so every case that compiles passes through the whole judging path; the
# cases where llc-15 gives up fail by exit status, in both (a) and (b).
#
# usage: [RUNS=R] [KEEP=1] harness_overhead.sh BUILD_DIR [N]
# (BUILD_DIR holds harness/hdcts and reference/hdref/hdref, best a Release
# build; N cases, default 40; KEEP=1 keeps the scratch directory; exit
# status 0 PASS, 1 FAIL or a step failed, 2 usage, 77 skipped for a missing
# tool)

if [ "$#" -lt 1 ] || [ "$#" -gt 2 ]; then
	echo "usage: harness_overhead.sh BUILD_DIR [N]" >&2
	exit 2
fi
hdcts=$1/harness/hdcts
hdref=$1/reference/hdref/hdref
want=${2:-40}
runs=${RUNS:-7}
target=5
src=$(cd "$(dirname "$0")/.." && pwd)
for tool in "$hdcts" "$hdref"; do
	if [ ! -x "$tool" ]; then
		echo "harness_overhead.sh: $tool not built" >&2
		exit 2
	fi
done
for tool in clang-15 llvm-spirv-15 llvm-dis-15 llc-15 ld.lld-15 spirv-dis; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "harness_overhead.sh: SKIP: $tool is not installed" \
			"(Debian: clang-15, llvm-spirv-15, llvm-15, lld-15, spirv-tools)"
		exit 77
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/harness_overhead.XXXXXX") || exit 2
[ -n "${KEEP:-}" ] && echo "keeping $tmp" >&2 || trap 'rm -rf "$tmp"' 0
trap 'exit 2' HUP INT TERM
. "$(dirname "$0")/common.sh"

# The compiler: LLVM 15 reads the SPIR-V back to IR, the SPIR target's
# triple, data layout and calling conventions are swapped for AMDGPU's,
# llc-15 writes the object with its DWARF 5, and ld.lld-15 links it into a
# code object (libdwarf cannot apply AMDGPU relocations). One template, in
# the profile and (expanded below) in the loop, so both run the same
# commands. These
# modules hold OpModuleProcessed (SPIR-V 1.1), so the harness assembles them
# for 1.6, and llvm-spirv-15 reads at most 1.4: the first step relabels the
# header (magic, then version 1.4; nothing in them is newer than 1.1).
template='{ printf "\\003\\002\\043\\007\\000\\004\\001\\000"; tail -c +9 {in}; } >{scratch}/v14.spv && llvm-spirv-15 -r {scratch}/v14.spv -o {scratch}/m.bc && llvm-dis-15 {scratch}/m.bc -o {scratch}/m.ll && sed -e "/^target /d" -e "s/spir_kernel/amdgpu_kernel/g" -e "s/spir_func //g" {scratch}/m.ll >{scratch}/amd.ll && llc-15 -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj {scratch}/amd.ll -o {scratch}/k.o && ld.lld-15 -shared {scratch}/k.o -o {out}'

# ---- inputs (not timed) ----

# make_case NAME KERNEL: cases/spirv/NAME.spvasm in the scratch suite, or
# nothing when the kernel does not reach SPIR-V.
make_case() {
	d=$tmp/prep/$1
	mkdir -p "$d" &&
		clang-15 -cl-std=CL2.0 -target spir64 -Xclang -no-opaque-pointers -g -O0 \
			-emit-llvm -c "$2" -o "$d/k.bc" 2>/dev/null &&
		llvm-spirv-15 "$d/k.bc" -o "$d/k.spv" 2>/dev/null &&
		spirv-dis --raw-id "$d/k.spv" -o "$tmp/suite/cases/spirv/$1.spvasm"
}

mkdir -p "$tmp/suite/cases/spirv" "$tmp/suite/expected/dwarf" "$tmp/prep" || exit 2
n=0
for k in "$src"/cases/opencl/*.cl; do
	[ "$n" -lt "$want" ] || break
	name=$(basename "$k" .cl)
	make_case "$name" "$k" && n=$((n + 1))
done
if [ "$n" -eq 0 ]; then
	echo "harness_overhead.sh: no kernel of cases/opencl reached SPIR-V" >&2
	exit 1
fi
# the plan needs an expected dump per case: empty for now
for f in "$tmp"/suite/cases/spirv/*.spvasm; do
	: >"$tmp/suite/expected/dwarf/$(basename "$f" .spvasm).dump"
done

{
	printf '[candidate]\nname = llvm15-pipeline\ntimeout = 120\n'
	printf 'description = llvm-spirv-15 -r, retargeted to AMDGPU, llc-15 (bench)\n'
	printf '[roles]\ncompile-spirv = %s\n' "$template"
} >"$tmp/pipeline.ini"

# The harness alone: a candidate that runs no compiler (and writes no
# output, so no dump either). Not part of the ratio; it shows how much of
# the difference is the harness's own work.
printf '[candidate]\nname = noop\n[roles]\ncompile-spirv = true\n' >"$tmp/noop.ini"

# run_with PROFILE DIR: one `hdcts run -j 1` over the scratch suite, into a
# fresh report directory. Exit status 1 (a must-pass case failed) is a
# finished run.
run_with() {
	rm -rf "$2"
	"$hdcts" run --candidate "$1" --suite "$tmp/suite" --hdref "$hdref" --revision bench \
		-j 1 --out "$2"
	[ $? -le 1 ]
}
harness() {
	run_with "$tmp/pipeline.ini" "$tmp/report"
}
noop() {
	run_with "$tmp/noop.ini" "$tmp/noop"
}

# A first run, not timed: it warms the caches and leaves in scratch/K/in.spv
# the module the harness assembled for its K-th job. Jobs are in case-id
# order and -j 1 runs them in turn, so job K is the K-th case in byte order.
harness >/dev/null 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
k=0
for f in $(cd "$tmp/suite/cases/spirv" && LC_ALL=C ls); do
	name=${f%.spvasm}
	cp "$tmp/report/scratch/$k/in.spv" "$tmp/prep/$name/in.spv" || exit 1
	# a compiled case's expected dump is its own object's: it then passes
	# through the dump and the comparison, as a conforming candidate would
	if [ -s "$tmp/report/scratch/$k/out" ]; then
		"$hdref" dump "$tmp/report/scratch/$k/out" \
			>"$tmp/suite/expected/dwarf/$name.dump" 2>/dev/null || exit 1
	fi
	k=$((k + 1))
done

# expand IN OUT SCRATCH: the template with its placeholders replaced, paths
# single-quoted as the harness quotes them (scratch paths hold no quote).
expand() {
	printf '%s\n' "$template" |
		sed -e "s|{in}|'$1'|g" -e "s|{out}|'$2'|g" -e "s|{scratch}|'$3'|g"
}
for f in "$tmp"/prep/*/in.spv; do
	d=${f%/in.spv}
	expand "$f" "$d/loop/out" "$d/loop" >"$d/cmd"
done

# loop: the same commands, one after the other, by this shell, each in its
# own directory with its output kept, as the harness does; failures are
# part of the work, as they are in the harness.
loop() {
	for d in "$tmp"/prep/*/; do
		rm -rf "$d/loop"
		mkdir "$d/loop"
		read -r cmd <"$d/cmd"
		eval "$cmd" </dev/null >"$d/loop/stdout.txt" 2>"$d/loop/stderr.txt"
	done
	return 0
}

# ---- timing ----

# time_harness, time_loop: one timed run, added to the lists
time_harness() {
	m=$(measure harness) || exit 1
	wa="$wa ${m% *}"
	ca="$ca ${m#* }"
}
time_loop() {
	m=$(measure loop) || exit 1
	wb="$wb ${m% *}"
	cb="$cb ${m#* }"
}
# the two sides take turns going first, so neither always runs on the
# caches (and the file system state) the other left
wa=
wb=
ca=
cb=
wn=
i=0
while [ "$i" -lt "$runs" ]; do
	if [ $((i % 2)) -eq 0 ]; then
		time_harness
		time_loop
	else
		time_loop
		time_harness
	fi
	wn="$wn $(once noop)" || exit 1
	i=$((i + 1))
done
passes=$(grep -c '"outcome": *"pass"' "$tmp/report/journal.jsonl")

# side LABEL WALLS CPUS: one line of medians, in total and per case
side() {
	awk -v l="$1" -v w="$(median $2)" -v c="$(median $3)" -v n="$n" -v all="$2" 'BEGIN {
		printf "%s wall %.3f s (%.4f s per case), CPU %.3f s (%.4f s per case); walls:%s\n",
		       l, w, w / n, c, c / n, all }'
}
# overhead A B: (A - B) / B
overhead() {
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", (a - b) / b }'
}

echo "cases: $n SPIR-V modules from cases/opencl; $passes compile and pass," \
	"$((n - passes)) fail in the pipeline; -j 1; median of $runs runs"
side "hdcts run: " "$wa" "$ca"
side "shell loop:" "$wb" "$cb"
awk -v w="$(median $wn)" -v b="$(median $wb)" -v n="$n" 'BEGIN {
	printf "hdcts run, compile-spirv = true: wall %.3f s (%.4f s per case), %.4f of the loop\n",
	       w, w / n, w / b }'
# The ratio decided on: the median over the runs of each run's (a - b) / b.
# A run's two sides are timed one right after the other, so a load that
# comes and goes on a shared machine moves both alike; the ratio of the two
# medians, printed too, mixes times taken under different loads.
ratios=$(echo "$wa|$wb" | awk -F'|' '{ n = split($1, a, " "); split($2, b, " ")
	for (i = 1; i <= n; i++) printf "%.4f ", (a[i] - b[i]) / b[i] }')
over=$(median $ratios)
echo "overhead (a-b)/b per run: $ratios"
echo "overhead, median of the runs: $over =" \
	"$(awk -v o="$over" 'BEGIN { printf "%.1f%%", o * 100 }') (of the median times: wall" \
	"$(overhead "$(median $wa)" "$(median $wb)"), CPU $(overhead "$(median $ca)" "$(median $cb)"))"
if awk -v o="$over" -v t="$target" 'BEGIN { exit !(o * 100 < t) }'; then
	echo "PASS: the harness adds under $target% to the compiler's wall time"
else
	echo "FAIL: the harness adds $target% or more to the compiler's wall time"
	exit 1
fi
