#!/bin/sh
# Runs SPIRV-Tools' validator and `HDREF check` on every CASES_DIR/*.spvasm and
# compares their verdicts: spirv-val passes or fails, hdref checks clean or
# reports broken rules. They agree when both pass or both fail. They may
# differ only on rules SPIRV-Tools does not implement, and every such case
# must be listed, with the reason, in DOC's table under the heading
# "## Where spirv-val and hdref differ" (file name in the first column).
#
# Prints TAP version 13, one test per case. A disagreement that DOC does not
# list fails; so does a case DOC lists that now agrees, or that no longer
# exists, so the list cannot go stale. Exits 0 when all passed, 1 when one
# failed (a directory without cases fails), 2 on a usage error, 77 (ctest's
# SKIP_RETURN_CODE) when spirv-as or spirv-val is not installed.
#
# usage: spirv_val_agree.sh HDREF CASES_DIR DOC

if [ "$#" -ne 3 ]; then
	echo "usage: spirv_val_agree.sh HDREF CASES_DIR DOC" >&2
	exit 2
fi
hdref=$1
cases=$2
doc=$3
# the version the cases are written for; both tools must judge the same one
env=spv1.3

echo "TAP version 13"
if ! command -v spirv-as >/dev/null 2>&1 ||
   ! command -v spirv-val >/dev/null 2>&1; then
	echo "1..0 # SKIP spirv-as/spirv-val not installed"
	exit 77
fi

. "$(dirname "$0")/tap.sh"
scratch spirv_val_agree

# The listed cases: the first cell of every table row in DOC's section, up to
# the next heading of level 1 or 2, with backquotes and spaces trimmed. The
# header row and the |---| row name no case file and so never match one.
if [ -f "$doc" ]; then
	awk '
		/^##? / { in_section = ($0 ~ /^## Where spirv-val and hdref differ[[:space:]]*$/); next }
		in_section && /^[[:space:]]*\|/ {
			sub(/^[[:space:]]*\|/, "")
			cell = $0
			sub(/\|.*/, "", cell)
			gsub(/[`[:space:]]/, "", cell)
			if (cell ~ /\.spvasm$/)
				print cell
		}' "$doc" | LC_ALL=C sort -u >"$tmp/listed"
else
	: >"$tmp/listed"
fi

# the plan goes first: one test per case, one more when DOC lists files that
# do not exist
for f in "$cases"/*.spvasm; do
	# an unmatched glob stays as the pattern itself
	[ -e "$f" ] && echo "${f##*/}"
done | LC_ALL=C sort >"$tmp/present"
# a listed name or pattern that matches no case is gone
: >"$tmp/gone"
while IFS= read -r pat; do
	found=no
	while IFS= read -r name; do
		case $name in
		$pat) found=yes; break ;;
		esac
	done <"$tmp/present"
	[ "$found" = yes ] || echo "$pat" >>"$tmp/gone"
done <"$tmp/listed"
total=$(wc -l <"$tmp/present" | tr -d ' ')
if [ "$total" -eq 0 ]; then
	echo "1..1"
	echo "not ok 1 - no cases"
	echo "  ---"
	echo "  message: no *.spvasm files in $cases"
	echo "  ..."
	exit 1
fi
[ -s "$tmp/gone" ] && total=$((total + 1))
echo "1..$total"

n=0
failed=0

# verdicts: the YAML lines that show why each tool decided as it did
verdicts() {
	echo "  spirv-val: $val_verdict"
	echo "  hdref: $ref_verdict"
	[ -n "$expect" ] && echo "  expect: '$expect'"
	[ -s "$tmp/val" ] && yaml_lines spirv-val-output "$tmp/val"
	[ -s "$tmp/ref" ] && yaml_lines hdref-output "$tmp/ref"
}

while IFS= read -r name; do
	n=$((n + 1))
	case=$cases/$name
	# what the case's author says it breaks, shown with a failure
	expect=$(sed -n 's/^;[[:space:]]*expect:[[:space:]]*//p' "$case" | tr '\n' ' ' |
		sed "s/ *\$//; s/'/''/g")

	# a module the assembler refuses is one SPIRV-Tools rejects
	rm -f "$tmp/case.spv"
	if ! spirv-as --target-env "$env" "$case" -o "$tmp/case.spv" >"$tmp/val" 2>&1; then
		val=fail
		val_verdict="fails (spirv-as refuses it)"
	elif spirv-val --target-env "$env" "$tmp/case.spv" >>"$tmp/val" 2>&1; then
		val=pass
		val_verdict=passes
	else
		val=fail
		val_verdict=fails
	fi

	"$hdref" check "$case" >"$tmp/ref" 2>&1
	status=$?
	case $status in
	0)	ref=pass; ref_verdict="checks clean" ;;
	1)	ref=fail; ref_verdict="reports broken rules" ;;
	*)	ref=error; ref_verdict="exited with status $status" ;;
	esac

	listed=no
	while IFS= read -r pat; do
		# a listed name may be a shell pattern (gen-di100-*-result-type.spvasm)
		# naming a family of generated cases that differ for one reason
		case $name in
		$pat) listed=yes; break ;;
		esac
	done <"$tmp/listed"

	if [ "$ref" = error ]; then
		failed=$((failed + 1))
		echo "not ok $n - $name: hdref check could not read it"
		echo "  ---"
		verdicts
		echo "  ..."
	elif [ "$val" = "$ref" ] && [ "$listed" = no ]; then
		if [ "$val" = pass ]; then
			echo "ok $n - $name: both pass"
		else
			echo "ok $n - $name: both fail"
		fi
	elif [ "$val" = "$ref" ]; then
		failed=$((failed + 1))
		echo "not ok $n - $name: both now $val, but $doc still lists it as a difference"
		echo "  ---"
		verdicts
		echo "  ..."
	elif [ "$listed" = yes ]; then
		echo "ok $n - $name: spirv-val $val_verdict, hdref $ref_verdict (a listed difference)"
	else
		failed=$((failed + 1))
		echo "not ok $n - $name: spirv-val $val_verdict but hdref $ref_verdict, and $doc does not list it"
		echo "  ---"
		verdicts
		echo "  ..."
	fi
done <"$tmp/present"

if [ -s "$tmp/gone" ]; then
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $doc lists cases that do not exist"
	echo "  ---"
	echo "  missing:"
	sed "s/'/''/g; s/^/    - '/; s/\$/'/" "$tmp/gone"
	echo "  ..."
fi

[ "$failed" -eq 0 ] || exit 1
exit 0
