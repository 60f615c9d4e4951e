#!/bin/sh
# Compiles every CASES_DIR/*.cl to SPIR-V the way Debian 12's clang-15 and
# llvm-spirv-15 do (docs/amdgpu-facts.md), runs `HDREF check` on the
# module and compares the distinct rule ids it reports with
# CASES_DIR/<name>.findings: one rule id a line, or the single word `none`
# when the module must check clean. The comparison is of sets both ways, so a
# finding that appears and one that goes away both fail.
#
# Prints TAP version 13, one test per kernel, a YAML block under a failure.
# Exits 0 when every kernel matched, 1 when one did not (a kernel without a
# findings file fails, and so does a directory without kernels), 2 on a usage
# error, 77 (ctest's SKIP_RETURN_CODE) when the compilers are not installed.
#
# usage: opencl_findings.sh HDREF CASES_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: opencl_findings.sh HDREF CASES_DIR" >&2
	exit 2
fi
hdref=$1
cases=$2

echo "TAP version 13"
if ! command -v clang-15 >/dev/null 2>&1 ||
   ! command -v llvm-spirv-15 >/dev/null 2>&1; then
	echo "1..0 # SKIP clang-15/llvm-spirv-15 not installed"
	exit 77
fi

. "$(dirname "$0")/tap.sh"
scratch opencl_findings

# the plan goes first, so count the kernels before running any
total=0
for cl in "$cases"/*.cl; do
	case ${cl##*/} in gen-*) continue ;; esac  # hdgen's kernels: tests/opencl_gen.sh
	# an unmatched glob stays as the pattern itself
	[ -e "$cl" ] && total=$((total + 1))
done
if [ "$total" -eq 0 ]; then
	echo "1..1"
	echo "not ok 1 - no kernels"
	echo "  ---"
	echo "  message: no *.cl files in $cases"
	echo "  ..."
	exit 1
fi
echo "1..$total"

n=0
failed=0

# yaml_list KEY FILE: FILE's lines as a YAML sequence of quoted strings
yaml_list() {
	echo "  $1:"
	sed "s/'/''/g; s/^/    - '/; s/\$/'/" "$2"
}

# rule_ids < REPORT: the rule id of every finding line. A finding is
# `word OFFSET [%ID] INSTRUCTION ['OPERAND']: RULE: MESSAGE`; the operand name
# may hold spaces and the message colons, so the rule is the field after the
# first ": " outside single quotes.
rule_ids() {
	awk '/^word [0-9]/ {
		q = 0
		for (i = 1; i < length($0); i++) {
			c = substr($0, i, 1)
			if (c == "\047")
				q = !q
			else if (!q && c == ":" && substr($0, i + 1, 1) == " ")
				break
		}
		rest = substr($0, i + 2)
		j = index(rest, ": ")
		if (i < length($0) && j > 1)
			print substr(rest, 1, j - 1)
		else
			print "(unparsed) " $0
	}'
}

for cl in "$cases"/*.cl; do
	case ${cl##*/} in gen-*) continue ;; esac  # hdgen's kernels: tests/opencl_gen.sh
	[ -e "$cl" ] || continue
	n=$((n + 1))
	name=${cl##*/}
	name=${name%.cl}
	want=${cl%.cl}.findings
	if [ ! -f "$want" ]; then
		failed=$((failed + 1))
		echo "not ok $n - $name: no findings file"
		echo "  ---"
		echo "  message: $want does not exist"
		echo "  ..."
		continue
	fi

	# the exact commands of docs/amdgpu-facts.md: any change of flags changes
	# what llvm-spirv writes, and so what there is to find
	if ! clang-15 -cc1 -triple spir64-unknown-unknown -cl-std=CL2.0 \
	    -finclude-default-header -no-opaque-pointers -emit-llvm-bc -debug-info-kind=limited \
	    -dwarf-version=5 -O0 "$cl" -o "$tmp/$name.bc" >"$tmp/err" 2>&1 ||
	   ! llvm-spirv-15 --spirv-debug-info-version=ocl-100 "$tmp/$name.bc" \
	    -o "$tmp/$name.spv" >>"$tmp/err" 2>&1; then
		failed=$((failed + 1))
		echo "not ok $n - $name: does not compile"
		echo "  ---"
		yaml_lines compiler "$tmp/err"
		echo "  ..."
		continue
	fi

	"$hdref" check "$tmp/$name.spv" >"$tmp/out" 2>"$tmp/err"
	status=$?
	rule_ids <"$tmp/out" | LC_ALL=C sort -u >"$tmp/got"
	# blank lines are tolerated; `none` is the empty set
	grep -v '^[[:space:]]*$' "$want" | grep -vx none | LC_ALL=C sort -u >"$tmp/want"
	last=$(tail -n 1 "$tmp/out")

	# the exit status and the last line must tell the same story as the
	# finding lines, or the parse above cannot be trusted
	why=
	case $status in
	0)	[ "$last" = "no rule broken" ] && [ ! -s "$tmp/got" ] ||
		why="exit status 0 but the report does not end in \"no rule broken\" alone" ;;
	1)	case $last in
		*" findings" | *" finding") [ -s "$tmp/got" ] ||
			why="exit status 1 but no finding line could be read" ;;
		*)	why="exit status 1 but the report does not end in \"N findings\"" ;;
		esac ;;
	*)	why="hdref check exited with status $status" ;;
	esac

	LC_ALL=C comm -23 "$tmp/want" "$tmp/got" >"$tmp/missing"
	LC_ALL=C comm -13 "$tmp/want" "$tmp/got" >"$tmp/unexpected"
	if [ -z "$why" ] && [ ! -s "$tmp/missing" ] && [ ! -s "$tmp/unexpected" ]; then
		if [ -s "$tmp/got" ]; then
			k=$(wc -l <"$tmp/got" | tr -d ' ')
			[ "$k" -eq 1 ] && rules=rule || rules=rules
			echo "ok $n - $name: breaks exactly the $k $rules of $name.findings"
		else
			echo "ok $n - $name: checks clean"
		fi
		continue
	fi
	failed=$((failed + 1))
	if [ -n "$why" ]; then
		echo "not ok $n - $name: $why"
	else
		echo "not ok $n - $name: findings differ from $name.findings"
	fi
	echo "  ---"
	[ -s "$tmp/missing" ] && yaml_list missing "$tmp/missing"
	[ -s "$tmp/unexpected" ] && yaml_list unexpected "$tmp/unexpected"
	[ -s "$tmp/out" ] && yaml_lines report "$tmp/out"
	[ -s "$tmp/err" ] && yaml_lines stderr "$tmp/err"
	echo "  ..."
done

[ "$failed" -eq 0 ] || exit 1
exit 0
