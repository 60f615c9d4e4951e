#!/bin/sh
# The real OpenCL kernels Debian ships, compiled to SPIR-V with debug info and,
# once `hdref exec` exists, run: the acceptance check of the SPIR-V
# interpreter on code nobody wrote for it. docs/debian-kernels.md says which
# files, which flags and why, and what was measured.
#
# Usage: scripts/debian-kernels.sh [--work DIR] [--hdref PATH] [--opt O0|O2|both]
#                                  [--only PKG,...] [--hashcat-every N] [-j N]
# The kernels and modules go to the work directory (default: a new
# directory under $TMPDIR or /tmp), never into the repository.
set -eu

tab=$(printf '\t')
here=$(cd "$(dirname "$0")" && pwd)
self="$here/$(basename "$0")"
repo=$(dirname "$here")

# The tools the script runs; the packages whose kernels it compiles, and how
# each builds them, are in kernel-sources.sh.
TOOL_PACKAGES="clang-15 llvm-spirv-15 spirv-headers coreutils findutils"
TOOLS="clang-15 llvm-spirv-15 od timeout xargs"

# Fixed compile flags: what the issue prescribes, and what the corpus's
# cases/opencl use (docs/debian-kernels.md, "Compile flags").
CLANG_FLAGS="-target spir64 -x cl -cl-std=CL2.0 -Xclang -no-opaque-pointers -g -gdwarf-5 -emit-llvm -c"
SPIRV_FLAGS="--spirv-debug-info-version=ocl-100"
COMPILE_TIMEOUT=600
RUN_TIMEOUT=${HDCTS_DK_RUN_TIMEOUT:-60}

usage() {
	cat >&2 <<'EOF'
usage: scripts/debian-kernels.sh [--work DIR] [--hdref PATH] [--opt O0|O2|both]
                                 [--only PKG,...] [--hashcat-every N] [-j N]
  --work DIR         where sources, modules and results go (default: a new
                     directory under $TMPDIR or /tmp; never the repository)
  --hdref PATH       the hdref whose `exec` runs each kernel (default:
                     build/reference/hdref/hdref when it has `exec`)
  --opt LEVEL        compile at O0, O2 or both (default both)
  --only PKG,...     some of: darktable piglit python3-pyopencl hashcat
  --hashcat-every N  keep every Nth hashcat kernel (default 1: all of them)
  -j N               parallel jobs (default: nproc)
See docs/debian-kernels.md.
EOF
	exit "$1"
}

die() {
	echo "debian-kernels: $*" >&2
	exit 1
}

# shellcheck source-path=SCRIPTDIR source=kernel-sources.sh
. "$here/kernel-sources.sh"

# --- compiling -------------------------------------------------------------

# The instruction names of the census: "SET<TAB>NUMBER<TAB>NAME", SET "core"
# for opcodes, else the name a module imports the set by; from the
# SPIRV-Headers grammars, first name of an opcode wins (later ones are
# aliases).
opname_table() {
	g=/usr/include/spirv/unified1
	for f in core:spirv.core.grammar.json OpenCL.std:extinst.opencl.std.100.grammar.json \
		OpenCL.DebugInfo.100:extinst.opencl.debuginfo.100.grammar.json; do
		[ -r "$g/${f#*:}" ] || die "$g/${f#*:} not found (Debian package spirv-headers)"
		awk -v set="${f%%:*}" '
			/"opname"/ { split($0, q, "\""); name = q[4] }
			/"opcode"/ && name != "" { v = $0; gsub(/[^0-9]/, "", v)
				if (!((set, v) in seen)) { seen[set, v] = 1; print set "\t" v "\t" name }
				name = "" }' "$g/${f#*:}"
	done
}

# The SPIR-V census of module BASE.spv (instruction name, count) into
# BASE.ops, and its OpEntryPoint Kernel names into BASE.kernels. Read word by
# word here rather than through spirv-dis: spirv-dis 2023.1 refuses
# llvm-spirv-15's DebugTypePointer with storage class 0xFFFFFFFF, which
# most modules with debug info contain. Extended instructions count as
# "SET name". Exits nonzero on a module that is not little-endian SPIR-V.
census() {
	od -An -tu4 -v "$1.spv" | LC_ALL=C awk -v names="$work/opnames.tsv" -v kfile="$1.kernels" '
		function text(k,   s, j, x, b, c) {
			s = ""
			for (j = k; j <= wc; j++) {
				x = ins[j]
				for (b = 0; b < 4; b++) {
					c = x % 256; x = int(x / 256)
					if (c == 0) return s
					s = s sprintf("%c", c)
				}
			}
			return s
		}
		function instruction(   key, set) {
			if (op == 11) imp[ins[2]] = text(3)
			if (op == 15 && ins[2] == 6) print text(4) > kfile
			if (op == 12) {
				set = imp[ins[4]]
				key = set " " ((set, ins[5]) in nm ? nm[set, ins[5]] : "#" ins[5])
			} else
				key = ("core", op) in nm ? nm["core", op] : "Op#" op
			n[key]++
		}
		BEGIN { FS = " +"; while ((getline l < names) > 0) { split(l, f, "\t"); nm[f[1], f[2]] = f[3] } }
		{
			for (i = 1; i <= NF; i++) {
				if ($i == "") continue
				w = $i + 0
				if (++words == 1 && w != 119734787) { print "not little-endian SPIR-V" > "/dev/stderr"; exit 1 }
				if (words <= 5) continue
				if (have == 0) {
					wc = int(w / 65536); op = w % 65536
					if (wc == 0) { print "instruction of 0 words at word " words > "/dev/stderr"; exit 1 }
				}
				ins[++have] = w
				if (have == wc) { instruction(); have = 0 }
			}
		}
		END { for (k in n) printf "%s\t%d\n", k, n[k] }' >"$1.ops"
	: >>"$1.kernels"
}

# Compiles one unit at one level into modules/UNIT-OPT.spv and writes its
# line of compile.tsv: package, unit, opt, outcome (compiled, clang,
# llvm-spirv), kernels, first error.
compile_one() {
	pkg=$1 name=$2 src=$3 cwd=$4 opts=$5 opt=$6
	base="$work/modules/$name-$opt"
	mkdir -p "$(dirname "$base")"
	status=compiled err=""
	# shellcheck disable=SC2086 # the flag lists are words
	if ! (cd "$cwd" && timeout -k 5 "$COMPILE_TIMEOUT" clang-15 $CLANG_FLAGS "-$opt" \
		$opts "$src" -o "$base.bc") >"$base.clang.log" 2>&1; then
		status=clang err=$(first_error "$base.clang.log")
	elif ! timeout -k 5 "$COMPILE_TIMEOUT" llvm-spirv-15 $SPIRV_FLAGS "$base.bc" \
		-o "$base.spv" >"$base.spirv.log" 2>&1; then
		status=llvm-spirv err=$(first_error "$base.spirv.log")
	fi
	# The bitcode is an intermediate: hashcat's alone would fill gigabytes.
	rm -f "$base.bc"
	kernels=0
	if [ "$status" = compiled ] && ! census "$base" 2>"$base.census.log"; then
		status=census err=$(first_error "$base.census.log")
	fi
	if [ "$status" = compiled ]; then
		kernels=$(wc -l <"$base.kernels")
	else
		rm -f "$base.spv"
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pkg" "$name" "$opt" "$status" \
		"$kernels" "${err:-}" >"$base.result"
}

# xargs worker: line N of units.tsv, at every requested level.
compile_job() {
	line=$(sed -n "${1}p" "$work/units.tsv")
	IFS="$tab" read -r pkg name src cwd opts <<EOF
$line
EOF
	for opt in $HDCTS_DK_OPT_LEVELS; do
		compile_one "$pkg" "$name" "$src" "$cwd" "$opts" "$opt"
	done
}

# --- running ---------------------------------------------------------------

# xargs worker: line N of kernels.tsv through `hdref exec`, one line of
# runs.tsv: package, unit, opt, kernel, outcome, detail. The outcome is the
# value of hdref's "outcome: " line, or error (nonzero exit with an
# "error: " line: a module hdref refuses), or what must never happen:
# timeout, crash (a signal, or an exit without either line).
run_job() {
	line=$(sed -n "${1}p" "$work/kernels.tsv")
	IFS="$tab" read -r pkg name opt kernel <<EOF
$line
EOF
	out="$work/runs/$1"
	rc=0
	timeout -k 5 "$RUN_TIMEOUT" "$HDCTS_DK_HDREF" exec "$work/modules/$name-$opt.spv" \
		--kernel "$kernel" >"$out.out" 2>"$out.err" || rc=$?
	said=$(grep -m1 '^outcome: ' "$out.out" | cut -c10- || true)
	detail=""
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		outcome=timeout detail="over ${RUN_TIMEOUT}s"
	elif [ "$rc" -gt 128 ]; then
		outcome=crash detail="signal $((rc - 128))"
	elif [ -n "$said" ]; then
		case "$said" in
		completed | step-limit) outcome=$said ;;
		"trapped: "*) outcome=trapped detail=${said#trapped: } ;;
		"unsupported: "*) outcome=unsupported detail=${said#unsupported: } ;;
		*) outcome=crash detail="unknown outcome: $said" ;;
		esac
	elif [ "$rc" != 0 ] && grep -q '^error: ' "$out.out" "$out.err"; then
		outcome=error
		detail=$(cat "$out.out" "$out.err" | grep -m1 '^error: ' | cut -c8-)
	else
		outcome=crash detail="exit $rc without an outcome or error line"
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pkg" "$name" "$opt" "$kernel" "$outcome" \
		"$(printf '%s' "$detail" | tr '\t' ' ' | cut -c1-240)" >"$out.result"
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
		find "$4" -name '*.result' -exec cat {} + | LC_ALL=C sort
	} >"$5"
}

# An hdref that has the exec command, or nothing.
find_hdref() {
	if [ -n "$hdref" ]; then
		[ -x "$hdref" ] || die "--hdref $hdref: not an executable"
		"$hdref" exec --help >/dev/null 2>&1 ||
			die "--hdref $hdref: 'hdref exec --help' fails; this hdref has no exec command"
		return 0
	fi
	d="$repo/build/reference/hdref/hdref"
	if [ -x "$d" ] && "$d" exec --help >/dev/null 2>&1; then
		hdref=$d
	fi
}

# --- the summary -------------------------------------------------------------

compile_table() {
	echo "## Compile"
	echo
	echo "| package | opt | files | compiled | kernels | clang failed | llvm-spirv failed | census failed |"
	echo "|---|---|---:|---:|---:|---:|---:|---:|"
	awk -F "$tab" 'NR > 1 {
			k = $1 "\t" $3; if (!(k in files)) order[++n] = k
			files[k]++; c[k, $4]++; if ($4 == "compiled") kern[k] += $5
		}
		END {
			for (i = 1; i <= n; i++) { k = order[i]; split(k, p, "\t")
				printf "| %s | %s | %d | %d | %d | %d | %d | %d |\n", p[1], p[2], files[k],
					c[k, "compiled"], kern[k], c[k, "clang"], c[k, "llvm-spirv"], c[k, "census"] }
		}' "$work/compile.tsv"
	echo
	echo "### Compile failures by first error (location removed)"
	echo
	echo "| package | opt | stage | files | first error |"
	echo "|---|---|---|---:|---|"
	awk -F "$tab" 'NR > 1 && $4 != "compiled" {
			e = $6; sub(/^[^ ]*:[0-9]+:[0-9]+: /, "", e); gsub(/\|/, "\\|", e)
			n[$1 "\t" $3 "\t" $4 "\t" e]++
		}
		END { for (k in n) { split(k, p, "\t")
			printf "| %s | %s | %s | %d | %s |\n", p[1], p[2], p[3], n[k], p[4] } }' \
		"$work/compile.tsv" | LC_ALL=C sort -t '|' -k2,2 -k3,3 -k5,5nr
}

run_table() {
	echo
	echo "## Runs (hdref exec)"
	echo
	if [ "$(wc -l <"$work/runs.tsv")" -le 1 ]; then
		echo "Not run: ${run_skipped:-no kernels}."
		return 0
	fi
	echo "| package | opt | runs | completed | trapped | step-limit | unsupported | error | crash | timeout | unsupported % |"
	echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	awk -F "$tab" 'NR > 1 {
			k = $1 "\t" $3; if (!(k in runs)) order[++n] = k
			runs[k]++; c[k, $5]++; runs["all\tall"]++; c["all\tall", $5]++
		}
		END {
			order[++n] = "all\tall"
			for (i = 1; i <= n; i++) { k = order[i]; split(k, p, "\t")
				printf "| %s | %s | %d | %d | %d | %d | %d | %d | %d | %d | %.1f |\n", p[1], p[2],
					runs[k], c[k, "completed"], c[k, "trapped"], c[k, "step-limit"],
					c[k, "unsupported"], c[k, "error"], c[k, "crash"], c[k, "timeout"],
					100 * c[k, "unsupported"] / runs[k] }
		}' "$work/runs.tsv"
	for what in unsupported trapped error crash timeout; do
		awk -F "$tab" -v w="$what" 'NR > 1 && $5 == w { n[$6]++ }
			END { for (k in n) printf "| %s | %d |\n", k, n[k] }' "$work/runs.tsv" |
			LC_ALL=C sort -t '|' -k3,3nr >"$work/by-detail"
		if [ -s "$work/by-detail" ]; then
			printf '\n### %s, by detail\n\n| detail | runs |\n|---|---:|\n' "$what"
			cat "$work/by-detail"
		fi
	done
	rm -f "$work/by-detail"
}

# The instructions in the compiled modules: per level, the total count and
# the number of modules holding it; one table for the core opcodes and one
# per extended set ("SET name" in the .ops files).
census_table() {
	echo
	echo "## SPIR-V census (compiled modules)"
	for opt in $opt_levels; do
		find "$work/modules" -name "*-$opt.ops" -exec awk -v opt="$opt" -F "$tab" \
			'{ print opt "\t" $1 "\t" $2 }' {} +
	done | awk -F "$tab" -v levels="$opt_levels" '
		{ if (!($2 in seen)) { seen[$2] = 1; names[++n] = $2 }
		  cnt[$1, $2] += $3; mods[$1, $2]++ }
		END {
			nl = split(levels, lv, " ")
			for (i = 1; i <= n; i++) {
				set = index(names[i], " ") ? substr(names[i], 1, index(names[i], " ") - 1) : "core"
				name = set == "core" ? names[i] : substr(names[i], length(set) + 2)
				line = set "\t| " name " |"
				for (j = 1; j <= nl; j++)
					line = line sprintf(" %d | %d |", cnt[lv[j], names[i]], mods[lv[j], names[i]])
				print line
			}
		}' | LC_ALL=C sort >"$work/census.tsv"
	cut -f1 "$work/census.tsv" | LC_ALL=C sort -ru | while read -r set; do
		printf '\n### %s\n\n| instruction |' "$([ "$set" = core ] && echo "Core opcodes" || echo "$set")"
		for opt in $opt_levels; do printf ' %s count | %s modules |' "$opt" "$opt"; done
		printf '\n|---|'
		for opt in $opt_levels; do printf -- '---:|---:|'; done
		echo
		awk -F "$tab" -v set="$set" '$1 == set { print $2 }' "$work/census.tsv"
	done
	rm -f "$work/census.tsv"
}

# --- main --------------------------------------------------------------------

if [ "${1:-}" = --job ]; then
	work=$3
	case "$2" in
	compile) compile_job "$4" ;;
	run) run_job "$4" ;;
	esac
	exit 0
fi

work="" hdref="" opt=both only="$KERNEL_PACKAGES" hashcat_every=1 jobs=""
while [ $# -gt 0 ]; do
	case "$1" in
	--work) work=${2:?--work needs a directory}; shift 2 ;;
	--hdref) hdref=${2:?--hdref needs a path}; shift 2 ;;
	--opt) opt=${2:?--opt needs O0, O2 or both}; shift 2 ;;
	--only) only=$(printf '%s' "${2:?--only needs packages}" | tr ',' ' '); shift 2 ;;
	--hashcat-every) hashcat_every=${2:?--hashcat-every needs a number}; shift 2 ;;
	-j) jobs=${2:?-j needs a number}; shift 2 ;;
	-h | --help) usage 0 ;;
	*) echo "debian-kernels: unknown argument '$1'" >&2; usage 2 ;;
	esac
done
case "$opt" in
O0 | O2) opt_levels=$opt ;;
both) opt_levels="O0 O2" ;;
*) die "--opt $opt: expected O0, O2 or both" ;;
esac
check_every --hashcat-every "$hashcat_every"
# shellcheck disable=SC2086 # one word per package
check_only $only

# shellcheck source-path=SCRIPTDIR source=packages.sh
. "$here/packages.sh"
# hashcat's kernels are in hashcat-data, which hashcat depends on.
# shellcheck disable=SC2086 # one word per package
hdcts_need_packages debian-kernels $only $TOOL_PACKAGES || exit 1
for t in $TOOLS; do
	command -v "$t" >/dev/null 2>&1 || die "$t not found on PATH (installed packages: $TOOL_PACKAGES)"
done
find_hdref
[ -n "$jobs" ] || jobs=$(nproc)

work_dir "$repo" debian-kernels
rm -rf "$work/modules" "$work/runs" "$work/src"
mkdir -p "$work/modules" "$work/runs"
opname_table >"$work/opnames.tsv"

# shellcheck disable=SC2086 # one word per package
collect_units $only >"$work/units.tsv"
units=$(wc -l <"$work/units.tsv")
echo "debian-kernels: compiling $units files at $opt_levels, $jobs at a time, in $work" >&2

export HDCTS_DK_OPT_LEVELS="$opt_levels"
fan_out compile "$units" 'package\tunit\topt\toutcome\tkernels\tfirst_error' \
	"$work/modules" "$work/compile.tsv"

run_skipped="" 
: >"$work/runs.tsv"
if [ -z "$hdref" ]; then
	run_skipped="no hdref with an exec command (give --hdref PATH)"
else
	awk -F "$tab" -v dir="$work/modules" 'NR > 1 && $4 == "compiled" {
			f = dir "/" $2 "-" $3 ".kernels"
			while ((getline k < f) > 0) print $1 "\t" $2 "\t" $3 "\t" k
			close(f)
		}' "$work/compile.tsv" >"$work/kernels.tsv"
	runs=$(wc -l <"$work/kernels.tsv")
	echo "debian-kernels: running $runs kernels with $hdref exec" >&2
	export HDCTS_DK_HDREF="$hdref"
	fan_out run "$runs" 'package\tunit\topt\tkernel\toutcome\tdetail' \
		"$work/runs" "$work/runs.tsv"
fi

{
	echo "# Debian OpenCL kernels"
	echo
	echo "Work directory: $work (compile.tsv, runs.tsv: one line per file or run)."
	echo
	compile_table
	run_table
	census_table
} >"$work/summary.md"
cat "$work/summary.md"
# Runs that end in neither a defined outcome nor a refusal are the failure.
if [ -s "$work/runs.tsv" ] && awk -F "$tab" 'NR > 1 && ($5 == "crash" || $5 == "timeout") { bad = 1 }
	END { exit !bad }' "$work/runs.tsv"; then
	echo "debian-kernels: some runs crashed or timed out (runs.tsv)" >&2
	exit 1
fi
