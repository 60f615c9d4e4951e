#!/bin/sh
# The field corpus: the OpenCL C that Debian's packages install (darktable,
# piglit, pyopencl, hashcat), selected as debian-kernels.sh selects it
# (kernel-sources.sh, with each package's own options), made
# into self-contained cases of a scratch suite, given the expectations the
# reference computes for them (hdgen expected), and compiled by every
# producer profile whose tools are installed (hdcts run). It prints counts
# per producer; nothing in it is written by hand. docs/field-corpus.md says
# what is judged, what is not, and what was measured.
#
# Usage: scripts/field-corpus.sh [--work DIR] [--only PKG,...] [--hashcat-every N]
#                                [--piglit-every N] [--candidates NAME,...]
#                                [--build DIR] [--timeout S] [-j N]
# Everything goes to the work directory (default: a new directory under
# $TMPDIR or /tmp), never into the repository.
set -eu

tab=$(printf '\t')
here=$(cd "$(dirname "$0")" && pwd)
self="$here/$(basename "$0")"
repo=$(dirname "$here")

# The tools the collection and the reference's expectations need; each
# producer's own tools are its profile's `requires`.
TOOL_PACKAGES="clang-15 llvm-spirv-15 coreutils findutils"
TOOLS="clang-15 llvm-spirv-15 timeout xargs"

# Preprocessing into one file: the includes are inlined and nothing else is
# expanded (-frewrite-includes), so each producer's own preprocessor sees
# the macros for its target; no OpenCL default header (-cl-no-stdinc), which
# every producer brings; no line markers (-P): with them llvm-spirv-15
# gives each included file a DebugSource whose optional Text is
# DebugInfoNone, not an OpString, which breaks OpenCL.DebugInfo.100, and the
# reference would define no DWARF for any kernel (docs/field-corpus.md,
# "The cases").
LANG_FLAGS="-target spir64 -x cl -cl-std=CL2.0 -cl-no-stdinc"
PREP_TIMEOUT=120
REF_TIMEOUT=${HDCTS_FIELD_REF_TIMEOUT:-600}
# where amdgcn-link.sh finds the ROCm device libraries (rocm-device-libs)
DEVICE_LIBS=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode

# The default selection: a full run of every producer in tens of minutes on
# two cores (docs/field-corpus.md, "Cost").
DEFAULT_HASHCAT_EVERY=200
DEFAULT_PIGLIT_EVERY=10

usage() {
	cat >&2 <<EOF
usage: scripts/field-corpus.sh [--work DIR] [--only PKG,...] [--hashcat-every N]
                               [--piglit-every N] [--candidates NAME,...]
                               [--build DIR] [--timeout S] [-j N]
  --work DIR          where the cases, expectations and runs go (default: a new
                      directory under \$TMPDIR or /tmp; never the repository)
  --only PKG,...      some of: darktable piglit python3-pyopencl hashcat
  --hashcat-every N   keep every Nth hashcat kernel (default $DEFAULT_HASHCAT_EVERY)
  --piglit-every N    keep every Nth piglit test (default $DEFAULT_PIGLIT_EVERY)
  --candidates N,...  the producer profiles to run (default: every profile of
                      harness/candidates with a compile-opencl role)
  --build DIR         the build tree with hdcts, hdgen and hdref (default build/)
  --timeout S         seconds per producer command (default: the profile's)
  -j N                parallel jobs (default: nproc)
See docs/field-corpus.md.
EOF
	exit "$1"
}

die() {
	echo "field-corpus: $*" >&2
	exit 1
}

# shellcheck source-path=SCRIPTDIR source=kernel-sources.sh
. "$here/kernel-sources.sh"

# --- the cases -----------------------------------------------------------------

# The case a unit becomes: its path with / as -, and .cl.
case_name() {
	printf '%s\n' "$1" | sed 's|^piglit/tests/cl/|piglit/|; s|^piglit/generated_tests/cl/|piglit/gen/|
		s|/|-|g; s|\.cl$||; s|$|.cl|'
}

# wrap OPTS WRAPPER CWD: the preprocessor options of OPTS written as
# directives at the top of WRAPPER (-D as #define, -U as #undef, -include as
# #include, resolved against CWD as the compiler would); the -I directories
# on stdout, one per line; every other option (a code generation or
# language option, which a case cannot carry: each producer compiles it
# with its own) on stderr, one per line.
wrap() {
	set -f
	# shellcheck disable=SC2086 # the options are words
	printf '%s\n' $1 | awk -v wrapper="$2" -v cwd="$3" '
		function define(d,   i) {
			i = index(d, "=")
			if (i) print "#define " substr(d, 1, i - 1) " " substr(d, i + 1) > wrapper
			else print "#define " d " 1" > wrapper
		}
		function include(f) {
			if (f !~ /^\// && system("test -r \"" cwd "/" f "\"") == 0) f = cwd "/" f
			print "#include \"" f "\"" > wrapper
		}
		want == "-D" { define($0); want = ""; next }
		want == "-U" { print "#undef " $0 > wrapper; want = ""; next }
		want == "-I" { print $0; want = ""; next }
		want == "-include" { include($0); want = ""; next }
		$0 == "-D" || $0 == "-U" || $0 == "-I" || $0 == "-include" { want = $0; next }
		/^-D./ { define(substr($0, 3)); next }
		/^-U./ { print "#undef " substr($0, 3) > wrapper; next }
		/^-I./ { print substr($0, 3); next }
		$0 != "" { print > "/dev/stderr" }'
	set +f
}

# reads_only_itself FILE: whether FILE, preprocessed from an empty directory
# with no -I, reads no file but itself (-M lists every file it reads); if
# not, why on stderr.
reads_only_itself() {
	# shellcheck disable=SC2086 # the flags are words
	(cd "$work/prep" && clang-15 $LANG_FLAGS -M -MT case "$1" -o "$1.deps") || return 1
	other=$(tr -d '\\\n' <"$1.deps" | tr -s ' ' '\n' | grep -v -x -F -e 'case:' -e '' -e "$1" | head -n 1)
	rm -f "$1.deps"
	[ -z "$other" ] && return 0
	echo "error: it still reads $other" >&2
	return 1
}

# xargs worker: line N of units.tsv made into suite/cases/opencl/CASE, and
# its line of prep.tsv: package, case, outcome (ok, preprocess, includes,
# timeout), the options left out, first error.
prep_job() {
	line=$(sed -n "${1}p" "$work/units.tsv")
	IFS="$tab" read -r pkg name src cwd opts <<EOF
$line
EOF
	case=$(case_name "$name")
	base="$work/prep/$case"
	outcome=ok err=""
	: >"$base.wrap.cl"
	wrap "$opts" "$base.wrap.cl" "$cwd" >"$base.dirs" 2>"$base.dropped"
	printf '#include "%s"\n' "$src" >>"$base.wrap.cl"
	set --
	while read -r d; do set -- "$@" -I "$d"; done <"$base.dirs"
	rc=0
	# shellcheck disable=SC2086 # the flags are words
	(cd "$cwd" && timeout -k 5 "$PREP_TIMEOUT" clang-15 $LANG_FLAGS "$@" -E -P -frewrite-includes \
		"$base.wrap.cl" -o "$base.cl") >"$base.log" 2>&1 || rc=$?
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		outcome=timeout err="clang-15 -E ran over ${PREP_TIMEOUT}s"
	elif [ "$rc" != 0 ]; then
		outcome=preprocess err=$(first_error "$base.log")
	elif ! reads_only_itself "$base.cl" 2>"$base.log"; then
		outcome=includes err=$(first_error "$base.log")
	else
		mv "$base.cl" "$work/suite/cases/opencl/$case"
	fi
	rm -f "$base.cl"
	printf '%s\t%s\t%s\t%s\t%s\n' "$pkg" "$case" "$outcome" \
		"$(tr '\n' ' ' <"$base.dropped" | sed 's/ $//')" "$err" >"$base.result"
}

# --- the reference's expectations ------------------------------------------------

# xargs worker: the expectations of case N (line N of cases.tsv), computed by
# `hdgen expected --why` in a suite of that case alone and moved into the
# scratch suite's expected/; its line of reference.tsv: package, case,
# outcome (expected, khronos: the Khronos route failed, refused: hdref
# cannot read the module, crash, timeout), DWARF (yes, no), watch (yes,
# no), why no DWARF or the error, why no watch.
ref_job() {
	line=$(sed -n "${1}p" "$work/cases.tsv")
	IFS="$tab" read -r pkg case <<EOF
$line
EOF
	d="$work/ref/$case"
	rm -rf "$d"
	mkdir -p "$d/cases/opencl"
	ln -s "$work/suite/cases/opencl/$case" "$d/cases/opencl/$case"
	rc=0
	timeout -k 5 "$REF_TIMEOUT" "$hdgen" expected --cases "$d/cases" --out "$d/expected" \
		--only opencl --why >"$d/stdout" 2>"$d/stderr" || rc=$?
	outcome=expected dwarf=no watch=no why_dwarf="" why_watch=""
	error=$(sed -n 's/^hdgen expected: [^ ]*:[0-9][0-9]*: //p' "$d/stderr" | head -n 1)
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		outcome=timeout why_dwarf="hdgen expected ran over ${REF_TIMEOUT}s"
	elif [ "$rc" -gt 128 ]; then
		outcome=crash why_dwarf="hdgen expected: signal $((rc - 128))"
	elif [ -n "$error" ]; then
		case "$error" in
		"clang-15/llvm-spirv-15 failed"*) outcome=khronos why_dwarf=${error#*): } ;;
		*) outcome=refused why_dwarf=$error ;;
		esac
	elif [ "$rc" != 0 ]; then
		outcome=crash why_dwarf="hdgen expected: exit $rc, $(head -n 1 "$d/stderr")"
	else
		for kind in opencl watch; do
			for f in "$d/expected/$kind"/*; do
				[ -e "$f" ] && mv "$f" "$work/suite/expected/$kind/"
			done
		done
		[ -e "$work/suite/expected/opencl/$case.dump" ] && dwarf=yes
		[ -e "$work/suite/expected/watch/$case.watch" ] && watch=yes
		why_dwarf=$(sed -n 's/^hdgen expected: [^ ]*: no expected DWARF: //p' "$d/stdout" | head -n 1)
		why_watch=$(sed -n 's/^hdgen expected: [^ ]*: no watch: //p' "$d/stdout" | head -n 1)
	fi
	rm -rf "$d/expected" "$d/cases"
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$pkg" "$case" "$outcome" "$dwarf" "$watch" \
		"$(printf '%s' "$why_dwarf" | tr '\t' ' ' | cut -c1-300)" \
		"$(printf '%s' "$why_watch" | tr '\t' ' ' | cut -c1-300)" >"$d.result"
}

# fan_out KIND COUNT HEADER DIR TSV: the workers `--job KIND N` for N from 1
# to COUNT, $jobs at a time, then their .result lines under DIR, sorted, in
# TSV after the tab-separated HEADER (a printf format).
fan_out() {
	if [ "$2" -gt 0 ]; then
		awk -v n="$2" 'BEGIN { for (i = 1; i <= n; i++) print i }' |
			xargs -n 1 -P "$jobs" sh "$self" --job "$1" "$work"
	fi
	{
		# shellcheck disable=SC2059 # the header is the format
		printf "$3\n"
		find "$4" -maxdepth 1 -name '*.result' -exec cat {} + | LC_ALL=C sort
	} >"$5"
}

# --- the producers ---------------------------------------------------------------

# The profiles of harness/candidates with a compile-opencl role.
producers() {
	for ini in "$repo"/harness/candidates/*.ini; do
		grep -q '^compile-opencl *=' "$ini" && basename "$ini" .ini
	done
	return 0
}

# missing NAME: why profile NAME cannot run here (a command its `requires`
# names is not on PATH, or its adapter links the device libraries and
# rocm-device-libs is not installed), or nothing.
missing() {
	ini="$repo/harness/candidates/$1.ini"
	for t in $(sed -n 's/^requires *= *//p' "$ini" | tr ',' ' '); do
		command -v "$t" >/dev/null 2>&1 || { echo "$t not installed"; return 0; }
	done
	if grep -q '^compile-opencl *=.* devlibs ' "$ini" && [ ! -d "$DEVICE_LIBS" ]; then
		echo "rocm-device-libs not installed ($DEVICE_LIBS)"
	fi
	return 0
}

# The results of a run's results.json as TSV: case, check, outcome, reason.
results_tsv() {
	awk '/^ *\{"case":/ {
			c = $0; sub(/.*"case":"/, "", c); sub(/".*/, "", c)
			k = $0; sub(/.*"check":"/, "", k); sub(/".*/, "", k)
			o = $0; sub(/.*"outcome":"/, "", o); sub(/".*/, "", o)
			r = ""
			if (match($0, /"reason":"([^"\\]|\\.)*"/)) r = substr($0, RSTART + 10, RLENGTH - 11)
			gsub(/\\[nt]/, " ", r); gsub(/\\"/, "\"", r); gsub(/\\\\/, "\\", r); gsub(/\t/, " ", r)
			print c "\t" k "\t" o "\t" r
		}' "$1"
}

# --- the summary -----------------------------------------------------------------

OUTCOMES="pass quality-warning compatibility-warning not-supported fail crash timeout internal-error"

reference_tables() {
	echo "## The reference's expectations"
	echo
	echo "Each file preprocessed into one case; each case through the Khronos route"
	echo "(clang-15, llvm-spirv-15) and \`hdgen expected\`: the lowered DWARF when its module"
	echo "breaks no rule, the watch when the interpreter runs a kernel of it."
	echo
	echo "| package | files | preprocess failed | Khronos route failed | hdref refused | reference crash or timeout | modules | expected DWARF | rule broken, no DWARF | watch |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	awk -F "$tab" -v prep="$work/prep.tsv" '
		BEGIN {
			while ((getline l < prep) > 0) {
				if (++line == 1) continue
				split(l, f, "\t"); p = f[1]
				if (!(p in files)) order[++n] = p
				files[p]++; files["all"]++
				if (f[3] != "ok") { pf[p]++; pf["all"]++ }
			}
		}
		NR > 1 {
			p = $1; o = $3
			if (o == "khronos") { kf[p]++; kf["all"]++ }
			else if (o == "refused") { rf[p]++; rf["all"]++ }
			else if (o == "crash" || o == "timeout") { ct[p]++; ct["all"]++ }
			else {
				mods[p]++; mods["all"]++
				if ($4 == "yes") { dw[p]++; dw["all"]++ } else { nd[p]++; nd["all"]++ }
			}
			if ($5 == "yes") { wa[p]++; wa["all"]++ }
		}
		END {
			order[++n] = "all"
			for (i = 1; i <= n; i++) { p = order[i]
				printf "| %s | %d | %d | %d | %d | %d | %d | %d | %d | %d |\n", p, files[p],
					pf[p], kf[p], rf[p], ct[p], mods[p], dw[p], nd[p], wa[p] }
		}' "$work/reference.tsv"
	echo
	echo "### Files with no expectation, and why"
	echo
	echo "| case | stage | first error |"
	echo "|---|---|---|"
	{
		awk -F "$tab" 'NR > 1 && $3 != "ok" { print $2 "\t" ($3 == "includes" ? "includes left" : $3 == "timeout" ? "preprocess timeout" : "preprocess") "\t" $5 }' "$work/prep.tsv"
		awk -F "$tab" 'NR > 1 && $3 != "expected" {
				s = $3 == "khronos" ? "Khronos route" : $3 == "refused" ? "hdref refused" : "reference " $3
				print $2 "\t" s "\t" $6 }' "$work/reference.tsv"
	} | LC_ALL=C sort | awk -F "$tab" '{ e = $3; gsub(/\|/, "\\|", e); printf "| %s | %s | %s |\n", $1, $2, e }' >"$work/none.md"
	if [ -s "$work/none.md" ]; then cat "$work/none.md"; else echo "| (none) | | |"; fi
	rm -f "$work/none.md"
	echo
	echo "### The first rule a Khronos module breaks (no expected DWARF)"
	echo
	echo "| rule | kernels | first |"
	echo "|---|---:|---|"
	awk -F "$tab" 'NR > 1 && $3 == "expected" && $4 == "no" {
			r = $6; if (match(r, /[A-Za-z0-9.]+\/[A-Za-z]+\/[a-z-]+:/)) r = substr(r, RSTART, RLENGTH - 1)
			n[r]++; if (!(r in first)) first[r] = $2
		}
		END { for (r in n) printf "| %s | %d | %s |\n", r, n[r], first[r] }' "$work/reference.tsv" |
		LC_ALL=C sort -t '|' -k3,3nr -k2,2
	echo
	echo "### No watch, by reason"
	echo
	echo "| reason | kernels |"
	echo "|---|---:|"
	awk -F "$tab" 'NR > 1 && $3 == "expected" && $5 == "no" {
			r = $7; gsub(/[0-9]+/, "N", r); n[r]++ }
		END { for (r in n) printf "| %s | %d |\n", r, n[r] }' "$work/reference.tsv" |
		LC_ALL=C sort -t '|' -k3,3nr
}

# table_head CELLS RULE: a Markdown table's header, CELLS and then one
# column per outcome, over RULE and the outcomes' right-aligned rules.
table_head() {
	printf '%s' "$1"
	for o in $OUTCOMES; do printf ' %s |' "$o"; done
	printf '\n%s' "$2"
	for o in $OUTCOMES; do printf -- '---:|'; done
	echo
}

# The producers' tables from counts.tsv (producer, kernels, judged, check,
# outcome, count) and skipped.tsv (producer, reason).
producer_tables() {
	echo
	echo "## Producers"
	echo
	echo "Per producer: the field kernels (the cases of the scratch suite), those with at"
	echo "least one result, and the results by outcome (hdcts run, docs/harness.md)."
	echo
	table_head '| producer | kernels | judged | results |' '|---|---:|---:|---:|'
	awk -F "$tab" -v outcomes="$OUTCOMES" '
		{ if (!($1 in k)) order[++n] = $1; k[$1] = $2; j[$1] = $3; t[$1] += $6; c[$1, $5] += $6 }
		END {
			no = split(outcomes, o, " ")
			for (i = 1; i <= n; i++) { p = order[i]
				line = sprintf("| %s | %d | %d | %d |", p, k[p], j[p], t[p])
				for (x = 1; x <= no; x++) line = line sprintf(" %d |", c[p, o[x]])
				print line
			}
		}' "$work/counts.tsv"
	awk -F "$tab" -v outcomes="$OUTCOMES" '{
			line = sprintf("| %s | skipped: %s | | |", $1, $2)
			no = split(outcomes, o, " "); for (x = 1; x <= no; x++) line = line " |"
			print line }' "$work/skipped.tsv"
	echo
	echo "### Per check"
	echo
	table_head '| producer | check | results |' '|---|---|---:|'
	awk -F "$tab" -v outcomes="$OUTCOMES" '
		{ key = $1 "\t" $4; if (!(key in t)) order[++n] = key; t[key] += $6; c[key, $5] += $6 }
		END {
			no = split(outcomes, o, " ")
			for (i = 1; i <= n; i++) { key = order[i]; split(key, f, "\t")
				line = sprintf("| %s | %s | %d |", f[1], f[2], t[key])
				for (x = 1; x <= no; x++) line = line sprintf(" %d |", c[key, o[x]])
				print line
			}
		}' "$work/counts.tsv"
	echo
	echo "### Largest failure groups"
	echo
	echo "Results that do not conform (fail, crash, timeout, internal-error), grouped by"
	echo "reason with numbers as N and the work directory as WORK; the three largest"
	echo "groups of each producer and check."
	echo
	echo "| producer | check | outcome | results | reason | first |"
	echo "|---|---|---|---:|---|---|"
	for p in $ran; do
		awk -F "$tab" -v p="$p" -v work="$work" '$3 == "fail" || $3 == "crash" || $3 == "timeout" || $3 == "internal-error" {
				r = $4; while (i = index(r, work)) r = substr(r, 1, i - 1) "WORK" substr(r, i + length(work))
				gsub(/[0-9]+/, "N", r); r = substr(r, 1, 160); gsub(/\|/, "\\|", r)
				key = $2 "\t" $3 "\t" r; n[key]++; if (!(key in first)) first[key] = $1
			}
			END { for (key in n) { split(key, f, "\t")
				printf "%s\t%d\t| %s | %s | %s | %d | %s | %s |\n", f[1], n[key], p, f[1], f[2], n[key], f[3], first[key] } }' \
			"$work/runs/$p.tsv" | LC_ALL=C sort -t "$tab" -k1,1 -k2,2nr |
			awk -F "$tab" '{ if (++seen[$1] <= 3) print $3 }'
	done
}

# --- main ------------------------------------------------------------------------

if [ "${1:-}" = --job ]; then
	work=$3
	case "$2" in
	prep) prep_job "$4" ;;
	ref)
		hdgen=$HDCTS_FIELD_HDGEN
		ref_job "$4"
		;;
	esac
	exit 0
fi

work="" only="$KERNEL_PACKAGES" hashcat_every=$DEFAULT_HASHCAT_EVERY
piglit_every=$DEFAULT_PIGLIT_EVERY candidates="" build="$repo/build" limit="" jobs=""
while [ $# -gt 0 ]; do
	case "$1" in
	--work) work=${2:?--work needs a directory}; shift 2 ;;
	--only) only=$(printf '%s' "${2:?--only needs packages}" | tr ',' ' '); shift 2 ;;
	--hashcat-every) hashcat_every=${2:?--hashcat-every needs a number}; shift 2 ;;
	--piglit-every) piglit_every=${2:?--piglit-every needs a number}; shift 2 ;;
	--candidates) candidates=$(printf '%s' "${2:?--candidates needs profile names}" | tr ',' ' '); shift 2 ;;
	--build) build=${2:?--build needs a directory}; shift 2 ;;
	--timeout) limit=${2:?--timeout needs seconds}; shift 2 ;;
	-j) jobs=${2:?-j needs a number}; shift 2 ;;
	-h | --help) usage 0 ;;
	*) echo "field-corpus: unknown argument '$1'" >&2; usage 2 ;;
	esac
done
check_every --hashcat-every "$hashcat_every"
check_every --piglit-every "$piglit_every"
[ -z "$jobs" ] || check_every -j "$jobs"
[ -z "$limit" ] || check_every --timeout "$limit"
# shellcheck disable=SC2086 # one word per package
check_only $only
all=$(producers | tr '\n' ' ')
if [ -z "$candidates" ]; then
	candidates=$all
fi
for c in $candidates; do
	case " $all " in
	*" $c "*) ;;
	*) die "--candidates $c: no harness/candidates/$c.ini with a compile-opencl role (there are: $all)" ;;
	esac
done
hdcts="$build/harness/hdcts" hdgen="$build/generators/hdgen" hdref="$build/reference/hdref/hdref"
for b in "$hdcts" "$hdgen" "$hdref"; do
	[ -x "$b" ] || die "$b not found: build first (cmake -S . -B build && cmake --build build), or give --build DIR"
done

# shellcheck source-path=SCRIPTDIR source=packages.sh
. "$here/packages.sh"
# hashcat's kernels are in hashcat-data, which hashcat depends on.
# shellcheck disable=SC2086 # one word per package
hdcts_need_packages field-corpus $only $TOOL_PACKAGES || exit 1
for t in $TOOLS; do
	command -v "$t" >/dev/null 2>&1 || die "$t not found on PATH (installed packages: $TOOL_PACKAGES)"
done
[ -n "$jobs" ] || jobs=$(nproc)

work_dir "$repo" field-corpus
suite="$work/suite"
rm -rf "$suite" "$work/prep" "$work/ref" "$work/runs" "$work/src"
mkdir -p "$suite/cases/opencl" "$suite/expected/opencl" "$suite/expected/watch" \
	"$suite/harness/mustpass" "$work/prep" "$work/ref" "$work/runs"
# The scratch suite: hdcts finds cases/, expected/ and harness/ under
# HDCTS_SUITE. The profiles and adapters are the repository's; the field
# kernels are no must-pass cases (nobody decided what they must give) and
# have no coverage facts.
ln -s "$repo/harness/candidates" "$suite/harness/candidates"
ln -s "$repo/harness/adapters" "$suite/harness/adapters"
printf '# The field corpus has no must-pass case (docs/field-corpus.md).\n' \
	>"$suite/harness/mustpass/v1.txt"
: >"$suite/expected/coverage.tsv"
started=$(date +%s)

# shellcheck disable=SC2086 # one word per package
collect_units $only >"$work/units.tsv"
units=$(wc -l <"$work/units.tsv")
echo "field-corpus: preprocessing $units files, $jobs at a time, in $work" >&2
fan_out prep "$units" 'package\tcase\toutcome\tleft_out\tfirst_error' "$work/prep" "$work/prep.tsv"
awk -F "$tab" 'NR > 1 && $3 == "ok" { print $1 "\t" $2 }' "$work/prep.tsv" >"$work/cases.tsv"
ncases=$(wc -l <"$work/cases.tsv")
prepped=$(date +%s)

echo "field-corpus: the reference's expectations for $ncases cases (hdgen expected)" >&2
export HDCTS_FIELD_HDGEN="$hdgen"
fan_out ref "$ncases" 'package\tcase\toutcome\tdwarf\twatch\twhy_dwarf\twhy_watch' \
	"$work/ref" "$work/reference.tsv"
expected=$(date +%s)

revision="$(git -C "$repo" describe --always --dirty 2>/dev/null || echo unknown)+field"
: >"$work/counts.tsv"
: >"$work/skipped.tsv"
: >"$work/times.tsv"
ran="" broken=""
for p in $candidates; do
	why=$(missing "$p")
	if [ -z "$why" ] && [ "$ncases" = 0 ]; then
		why="no case to run"
	fi
	if [ -n "$why" ]; then
		printf '%s\t%s\n' "$p" "$why" >>"$work/skipped.tsv"
		echo "field-corpus: $p skipped: $why" >&2
		continue
	fi
	echo "field-corpus: hdcts run --candidate $p on $ncases cases" >&2
	t0=$(date +%s)
	rc=0
	HDCTS_SUITE="$suite" HDREF="$hdref" HDCTS_REVISION="$revision" \
		"$hdcts" run --candidate "$p" -j "$jobs" --out "$work/runs/$p" ${limit:+--timeout "$limit"} \
		>"$work/runs/$p.tap" 2>"$work/runs/$p.err" || rc=$?
	printf '%s\t%s\n' "$p" "$(($(date +%s) - t0))" >>"$work/times.tsv"
	# 0 and 1 are verdicts; anything else is a run that did not finish
	if [ "$rc" -gt 1 ] || [ ! -s "$work/runs/$p/results.json" ]; then
		printf '%s\t%s\n' "$p" "hdcts run failed (exit $rc): $(tail -n 1 "$work/runs/$p.err")" \
			>>"$work/skipped.tsv"
		broken="$broken $p"
		continue
	fi
	ran="$ran $p"
	results_tsv "$work/runs/$p/results.json" >"$work/runs/$p.tsv"
	judged=$(cut -f1 "$work/runs/$p.tsv" | LC_ALL=C sort -u | wc -l)
	awk -F "$tab" -v p="$p" -v k="$ncases" -v j="$judged" '{ n[$2 "\t" $3]++ }
		END { for (x in n) print p "\t" k "\t" j "\t" x "\t" n[x] }' "$work/runs/$p.tsv" |
		LC_ALL=C sort >>"$work/counts.tsv"
done
finished=$(date +%s)

{
	echo "# The field corpus"
	echo
	echo "The OpenCL C of Debian's packages ($(printf '%s' "$only" | sed 's/ /, /g'); piglit 1 in $piglit_every, hashcat 1 in $hashcat_every) as cases of a scratch suite, judged by hdcts against what the reference computes (docs/field-corpus.md). Work directory: $work (prep.tsv, reference.tsv, counts.tsv; runs/NAME/ holds each producer's hdcts reports)."
	echo
	echo "Seconds: preprocessing $((prepped - started)), expectations $((expected - prepped)), producers $((finished - expected))$(awk -F "$tab" '{ printf "%s%s %s", NR == 1 ? " (" : ", ", $1, $2 } END { if (NR) printf ")" }' "$work/times.tsv"); $(date -u +%Y-%m-%d), $(nproc) CPUs, -j $jobs."
	echo
	reference_tables
	producer_tables
} >"$work/summary.md"
cat "$work/summary.md"

status=0
if [ -n "$broken" ]; then
	echo "field-corpus: hdcts run did not finish for:$broken (skipped.tsv, runs/NAME.err)" >&2
	status=1
fi
if awk -F "$tab" 'NR > 1 && ($3 == "crash" || $3 == "timeout") { bad = 1 } END { exit !bad }' \
	"$work/reference.tsv"; then
	echo "field-corpus: the reference crashed or timed out on some case (reference.tsv)" >&2
	status=1
fi
if awk -F "$tab" '$5 == "internal-error" { bad = 1 } END { exit !bad }' "$work/counts.tsv"; then
	echo "field-corpus: some results are internal-error, the suite's own failure (counts.tsv)" >&2
	status=1
fi
exit "$status"
