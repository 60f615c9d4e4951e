#!/bin/sh
# The decode role end to end (docs/adapter-protocol.md, "decode"), for each
# encoding profile:
#  - decode_role_tool writes the role's input object over the corpus's
#    cases/expr, with the library calls the runner makes;
#  - `hdref decode` (the reference candidate) passes every item: the
#    reference agrees with itself through libdwarf and an ELF file;
#  - harness/adapters/operands.txt is what `hdref decode --operand-table`
#    prints now, so the adapters respell from the current op table;
#  - each decoder adapter whose tool is installed (llvm-dwarfdump-15 and
#    llvm-dwarfdump-22 through the one llvm-dwarfdump adapter, libdwarf's
#    dwarfdump) writes a protocol line for every expression and
#    the judge reads its output. How many items it passes is printed as TAP
#    comments: a mismatch is a finding about the tool (docs/findings.md),
#    not a failure of this test.
# Prints TAP version 13.
#
# usage: decode_role.sh HDREF DECODE_ROLE_TOOL SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: decode_role.sh HDREF DECODE_ROLE_TOOL SOURCE_DIR" >&2
	exit 2
fi
hdref=$1
tool=$2
src=$3
cases=$src/cases/expr
adapters=$src/harness/adapters
. "$(dirname "$0")/tap.sh"
scratch decode-role
n=0
failed=0

# count OUTCOME FILE: how many items of a judge listing ended OUTCOME.
count() {
	grep -c "^$1 " "$2"
}

echo "TAP version 13"
: >"$tmp/why"

"$hdref" decode --operand-table >"$tmp/operands" 2>>"$tmp/why" ||
	echo "hdref decode --operand-table failed" >>"$tmp/why"
if ! cmp -s "$tmp/operands" "$adapters/operands.txt"; then
	echo "harness/adapters/operands.txt is stale; regenerate it with" >>"$tmp/why"
	echo "  hdref decode --operand-table > harness/adapters/operands.txt" >>"$tmp/why"
	diff "$adapters/operands.txt" "$tmp/operands" | head -n 20 >>"$tmp/why"
fi
point "operands.txt matches hdref decode --operand-table"

for profile in amdgpu-v0 llvm-user; do
	obj=$tmp/$profile.o
	if ! "$tool" object "$cases" "$profile" "$obj" >"$tmp/counts" 2>>"$tmp/why"; then
		echo "writing the object failed" >>"$tmp/why"
		point "$profile: the decode object"
		continue
	fi
	read -r _ items _ other _ broken _ excluded <"$tmp/counts"
	echo "# $profile: $items items, $other in the other profile, $broken broken, $excluded not decode cases"
	[ "${items:-0}" -gt 0 ] || echo "no items" >>"$tmp/why"
	[ "${broken:-1}" -eq 0 ] || echo "$broken cases do not load" >>"$tmp/why"
	point "$profile: the decode object"

	# the reference candidate, as reference.ini runs it
	"$hdref" decode --encoding "$profile" "$obj" >"$tmp/ref.out" 2>>"$tmp/why" ||
		echo "hdref decode failed" >>"$tmp/why"
	if "$tool" judge "$cases" "$profile" "$tmp/ref.out" >"$tmp/ref.judge" 2>>"$tmp/why"; then
		pass=$(count pass "$tmp/ref.judge")
		if [ "$pass" != "$items" ]; then
			echo "the reference passes $pass of $items items:" >>"$tmp/why"
			grep -v '^pass ' "$tmp/ref.judge" | head -n 20 >>"$tmp/why"
		fi
	else
		echo "the judge failed on hdref decode's output" >>"$tmp/why"
	fi
	point "$profile: hdref decode passes every item"

	for adapter in llvm-dwarfdump-15:llvm-dwarfdump-15:llvm-dwarfdump-decode.sh \
		llvm-dwarfdump-22:llvm-dwarfdump-22:llvm-dwarfdump-decode.sh \
		libdwarf-dwarfdump:dwarfdump:libdwarf-dwarfdump-decode.sh; do
		name=${adapter%%:*}
		command=${adapter#*:}
		script=${command#*:}
		command=${command%%:*}
		if ! command -v "$command" >/dev/null 2>&1; then
			n=$((n + 1))
			echo "ok $n - $profile: $name # SKIP $command is not installed"
			continue
		fi
		# the llvm-dwarfdump adapter names its tool
		case $script in llvm-*) set -- "$command" ;; *) set -- ;; esac
		out=$tmp/$name.out
		sh "$adapters/$script" "$@" "$obj" "$out" 2>"$tmp/$name.err" || {
			echo "the adapter exited with status $?:" >>"$tmp/why"
			head -n 5 "$tmp/$name.err" >>"$tmp/why"
		}
		# one line per expression: every e0..e(items-1), each once
		lines=$(grep -c '^e[0-9][0-9]*:' "$out" 2>/dev/null || echo 0)
		distinct=$(sed -n 's/^\(e[0-9][0-9]*\):.*/\1/p' "$out" 2>/dev/null | sort -u | wc -l)
		if [ "$lines" -ne "$items" ] || [ "$distinct" -ne "$items" ]; then
			echo "$lines lines for $distinct variables; the object has $items" >>"$tmp/why"
		fi
		if "$tool" judge "$cases" "$profile" "$out" >"$tmp/$name.judge" 2>>"$tmp/why"; then
			pass=$(count pass "$tmp/$name.judge")
			fail=$(count fail "$tmp/$name.judge")
			warn=$(count compatibility-warning "$tmp/$name.judge")
			errors=$(grep -c '^fail .*could not decode it' "$tmp/$name.judge")
			echo "# $profile: $name passes $pass of $items; fails $fail" \
			     "($errors refused, $((fail - errors)) decoded differently);" \
			     "$warn compatibility warnings"
			internal=$(count internal-error "$tmp/$name.judge")
			[ "$internal" -eq 0 ] || echo "$internal internal errors" >>"$tmp/why"
			[ "$((pass + fail + warn))" -eq "$items" ] || echo "verdicts do not add up" >>"$tmp/why"
		else
			echo "the judge failed on the adapter's output" >>"$tmp/why"
		fi
		point "$profile: $name adapter answers every expression"
	done
done

finish "*.case" "$cases"
