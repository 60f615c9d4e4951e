# Shared by the shell tests. Source it with
#   . "$(dirname "$0")/tap.sh"
# It gives a scratch directory $tmp, removed on exit, and the TAP helpers
# the tests have in common; counters n and failed are the caller's.

# scratch NAME: makes $tmp; an interrupt exits 2 (a usage/setup failure).
scratch() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX") || exit 2
	trap 'rm -rf "$tmp"' 0
	trap 'exit 2' HUP INT TERM
}

# not_ok NAME FILE: a failing test point, FILE's lines as "# " diagnostics.
not_ok() {
	failed=$((failed + 1))
	echo "not ok $n - $1"
	sed 's/^/# /' "$2"
}

# point NAME: a test point, ok when $tmp/why is empty, else failing with
# its lines as diagnostics; $tmp/why is emptied for the next point. The
# checks of a point append what went wrong to $tmp/why.
point() {
	n=$((n + 1))
	if [ -s "$tmp/why" ]; then
		not_ok "$1" "$tmp/why"
	else
		echo "ok $n - $1"
	fi
	: >"$tmp/why"
}

# profile_ini ROLE TIMEOUT NAME COMMAND [LINE...]: $tmp/NAME.ini, a
# candidate profile playing only ROLE with COMMAND; each LINE goes into
# [candidate] (a later key overrides the timeout).
profile_ini() {
	role=$1
	limit=$2
	name=$3
	cmd=$4
	shift 4
	{
		printf '[candidate]\nname = %s\ntimeout = %s\n' "$name" "$limit"
		for line in "$@"; do printf '%s\n' "$line"; done
		printf '[roles]\n%s = %s\n' "$role" "$cmd"
	} >"$tmp/$name.ini"
}

# expect_result CASE CHECK DIR OUTCOME [TEXT]: the journal of the run in DIR
# has CASE's CHECK result ending OUTCOME and, when TEXT is given, holding
# it; what is wrong goes to $tmp/why.
expect_result() {
	line=$(grep -sF "\"case\":\"$1\",\"check\":\"$2\"" "$3/journal.jsonl")
	case $line in
	*"\"outcome\":\"$4\""*) ;;
	*) echo "$1 $2: not $4: $(printf '%s' "$line" | cut -c1-400)" >>"$tmp/why" ;;
	esac
	case $line in
	*"${5:-}"*) ;;
	*) echo "$1 $2: no \`$5\` in its result" >>"$tmp/why" ;;
	esac
}

# run_profile PROFILE NAME GLOB: `$hdcts run` of PROFILE on GLOB into
# $tmp/NAME; it must finish (status 0 or 1) with TAP that prove parses.
run_profile() {
	"$hdcts" run --candidate "$1" --cases "$3" -j 2 --out "$tmp/$2" \
		>"$tmp/$2.tap" 2>"$tmp/$2.err"
	rc=$?
	[ "$rc" -le 1 ] || { echo "$3: exit status $rc"; tail -n 5 "$tmp/$2.err"; } >>"$tmp/why"
	if ! prove --exec cat "$tmp/$2.tap" 2>&1 | grep -q 'Tests='; then
		echo "$3: its TAP does not parse" >>"$tmp/why"
	fi
}

# have COMMAND: COMMAND is on PATH.
have() {
	command -v "$1" >/dev/null 2>&1
}

# skip_without_amdgcn WHAT TOOL...: a whole test of one point WHAT that
# needs each TOOL and Debian's rocm-device-libs skips with the reason, and
# exits, when one is missing.
skip_without_amdgcn() {
	what=$1
	shift
	for t in "$@"; do
		if ! have "$t"; then
			printf 'ok 1 - %s # SKIP %s not installed\n1..1\n' "$what" "$t"
			exit 0
		fi
	done
	if [ ! -d /usr/lib/x86_64-linux-gnu/amdgcn/bitcode ]; then
		printf 'ok 1 - %s # SKIP rocm-device-libs not installed\n1..1\n' "$what"
		exit 0
	fi
}

# opencl_lang FILE: clang's language flags for a kernel of cases/opencl, as
# hdgen compiles it: C++ for OpenCL 2021 for .clcpp, OpenCL C 2.0 otherwise.
opencl_lang() {
	case $1 in
	*.clcpp) echo "-x clcpp -cl-std=clc++2021" ;;
	*) echo "-x cl -cl-std=CL2.0" ;;
	esac
}

# typed_pointers VERSION: the flag clang-VERSION needs for spir64 so that
# llvm-spirv-VERSION can translate a kernel that calls an image or pointer
# built-in: clang-15's front end defaults to opaque pointers, on which
# llvm-spirv-15 asserts; clang-14 has only typed pointers and rejects the
# flag (docs/amdgpu-facts.md, "OpenCL C to SPIR-V").
typed_pointers() {
	case $1 in
	14) ;;
	*) echo "-Xclang -no-opaque-pointers" ;;
	esac
}

# debug_macro FILE: -fdebug-macro when FILE defines a macro, so its debug info
# has the DebugMacroDef a macro case is about; nothing otherwise.
debug_macro() {
	if grep -q '^[[:space:]]*#[[:space:]]*define[[:space:]]' "$1"; then
		echo -fdebug-macro
	fi
}

# yaml_lines KEY FILE: FILE's lines as a YAML literal block under KEY.
yaml_lines() {
	echo "  $1: |"
	sed 's/^/    /' "$2"
}

# finish WHAT DIR: the plan, and the exit status: 1 when a point failed or
# DIR had no WHAT (an empty corpus must not pass).
finish() {
	if [ "$n" -eq 0 ]; then
		n=1
		failed=1
		echo "not ok 1 - no cases"
		echo "# no $1 files in $2"
	fi
	echo "1..$n"
	[ "$failed" -eq 0 ] || exit 1
	exit 0
}

# numbered TAPFILE LABEL: the point a parallel job wrote to TAPFILE (a TAP
# line without its number, then its diagnostics), numbered in order; a job
# that wrote nothing fails as LABEL.
numbered() {
	n=$((n + 1))
	if [ ! -s "$1" ]; then
		failed=$((failed + 1))
		echo "not ok $n - $2: no result"
		return
	fi
	head -n 1 "$1" | sed "s/^\(not \)\{0,1\}ok /&$n /"
	if head -n 1 "$1" | grep -q '^not ok'; then
		failed=$((failed + 1))
	fi
	tail -n +2 "$1"
}
