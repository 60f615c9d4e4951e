#!/bin/sh
# The evaluate target protocol (docs/adapter-protocol.md, "evaluate through
# the target protocol"):
#  - hdref target serving every case of cases/expr and cases/cfi to hdref
#    remote prints exactly expected/: the protocol carries everything an
#    evaluation needs;
#  - hdcts runs the reference through it as an evaluate candidate;
#  - an evaluator that asks what the target does not know gets an error
#    answer and goes on; one that sends no JSON, or ends before its
#    result, is refused with exit status 1 and a message.
# Prints TAP version 13.
#
# usage: target_protocol.sh HDCTS HDREF SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: target_protocol.sh HDCTS HDREF SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1
hdref=$2
src=$3
. "$(dirname "$0")/tap.sh"
scratch target-protocol
n=0
failed=0
HDCTS_SUITE=$src
HDREF=$hdref
export HDCTS_SUITE HDREF

echo "TAP version 13"
: >"$tmp/why"

# 1, 2. every case, through one evaluator per suite
for suite in expr cfi; do
	: >"$tmp/want"
	for f in "$src/cases/$suite"/*.case; do
		printf '# %s\n' "$f" >>"$tmp/want"
		cat "$src/expected/$suite/$(basename "$f" .case).out" >>"$tmp/want"
	done
	"$hdref" target "$src/cases/$suite"/*.case -- "$hdref" remote >"$tmp/got" 2>"$tmp/err" ||
		{ echo "hdref target: exit status $?"; head -5 "$tmp/err"; } >>"$tmp/why"
	cmp -s "$tmp/want" "$tmp/got" ||
		{ echo "not expected/$suite:"; diff "$tmp/want" "$tmp/got" | head -20; } >>"$tmp/why"
	point "every $suite case through the protocol prints expected/$suite"
done

# 3. the harness runs the reference as a protocol candidate
profile_ini evaluate 30 remote "{hdref} target {in} -- {hdref} remote > {out}"
"$hdcts" run --candidate "$tmp/remote.ini" --cases 'expr/arith-*' --out "$tmp/run" \
	>"$tmp/run.tap" 2>"$tmp/err" || { echo "hdcts run: exit status $?"; tail -3 "$tmp/err"; } >>"$tmp/why"
grep -q '^not ok' "$tmp/run.tap" && { echo "failing points:"; grep '^not ok' "$tmp/run.tap" | head; } >>"$tmp/why"
grep -q '^ok ' "$tmp/run.tap" || echo "no result" >>"$tmp/why"
point "hdcts runs an evaluator through the target protocol"

# 4. a query the target does not know, then a result
cat >"$tmp/odd.sh" <<'EOS'
read -r request
echo '{"ask":"nonsense"}'
read -r answer
printf '%s\n' "$answer" >&2
printf '%s\n' '{"result":"value generic = 0x0\n"}'
EOS
"$hdref" target "$src/cases/expr/arith-abs.case" -- sh "$tmp/odd.sh" >"$tmp/got" 2>"$tmp/err" ||
	echo "exit status $?" >>"$tmp/why"
grep -q '"code":"unknown-query"' "$tmp/err" || { echo "no unknown-query answer:"; cat "$tmp/err"; } >>"$tmp/why"
[ "$(cat "$tmp/got")" = "value generic = 0x0" ] || { echo "result:"; cat "$tmp/got"; } >>"$tmp/why"
point "a query the target does not know gets an error answer, and the session goes on"

# 5. broken evaluators
# refused WHAT SCRIPT PATTERN
refused() {
	printf '%s\n' "$2" >"$tmp/bad.sh"
	"$hdref" target "$src/cases/expr/arith-abs.case" -- sh "$tmp/bad.sh" >"$tmp/got" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 1 ] || echo "$1: exit status $rc, want 1" >>"$tmp/why"
	grep -q -e "$3" "$tmp/err" || { echo "$1: want \"$3\" in:"; cat "$tmp/err"; } >>"$tmp/why"
	[ -s "$tmp/got" ] && echo "$1: a result was printed" >>"$tmp/why"
}
refused "no JSON" 'read -r r; echo "{ask: target}"' "message 1: byte 1"
refused "no result" 'read -r r; exit 0' "ended without sending its result"
refused "a torn message" 'read -r r; printf "{\"ask\":\"tar"' "message 1: byte"
point "an evaluator that sends no JSON or no result is refused, saying why"

echo "1..$n"
[ "$failed" -eq 0 ]
