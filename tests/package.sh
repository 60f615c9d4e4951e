#!/bin/sh
# hdcts package (docs/conformance.md, "Packaging a submission"):
#  - a finished run packs into a tar.gz of its reports, the profile it ran
#    with, the must-pass list, VERDICT.txt and STATEMENT.md, and the verdict
#    there is the run's;
#  - a run of part of the suite needs --partial and says so;
#  - a run that did not finish (no results.json, a results.json older than
#    the run, fewer results than planned) or a directory that is no run is
#    refused, and nothing is written;
#  - when tar fails, the archive's path is left as it was and nothing of the
#    attempt remains;
#  - the archive holds the journal, run.txt, the tools' versions, the
#    machine, the adapters the profile used and SHA256SUMS, which
#    sha256sum -c accepts; a run with no suite revision or a hand-edited
#    one is refused;
#  - hdcts verify accepts what package made and rejects an archive with an
#    edited result, journal, verdict, adapter or an extra file, even with
#    SHA256SUMS made again.
# Prints TAP version 13.
#
# usage: package.sh HDCTS HDREF SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: package.sh HDCTS HDREF SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1
src=$3
. "$(dirname "$0")/tap.sh"
scratch package
n=0
failed=0
HDCTS_SUITE=$src
HDREF=$2
export HDCTS_SUITE HDREF

# listing ARCHIVE: its member names, sorted.
listing() {
	tar tzf "$1" | LC_ALL=C sort
}

# member ARCHIVE NAME: one member's text.
member() {
	tar xzOf "$1" "$2"
}

# leftovers DIR: anything package left beside its archive.
leftovers() {
	ls -A "$1" | grep '^\.hdcts-package' >>"$tmp/why"
}

# refused WHAT DIR PATTERN [--partial]: package must exit 2 with PATTERN in
# its message and write nothing.
refused() {
	"$hdcts" package --run "$2" ${4:-} -o "$tmp/out/refused.tar.gz" >"$tmp/stdout" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] || echo "$1: exit status $rc, want 2" >>"$tmp/why"
	grep -q -e "$3" "$tmp/err" || { echo "$1: want \"$3\" in:"; cat "$tmp/err"; } >>"$tmp/why"
	[ -e "$tmp/out/refused.tar.gz" ] && echo "$1: an archive was written" >>"$tmp/why"
	leftovers "$tmp/out"
}

echo "TAP version 13"
: >"$tmp/why"
mkdir "$tmp/out"

# 1. the reference on a slice: partial, so refused without --partial
"$hdcts" run --cases 'expr/arith-a*' --revision test-rev-1 --out "$tmp/ref" >/dev/null 2>&1 ||
	echo "the reference run failed" >>"$tmp/why"
refused "a --cases run" "$tmp/ref" "--partial packages it anyway"
point "a run of part of the suite is not a submission without --partial"

"$hdcts" package --run "$tmp/ref" --partial -o "$tmp/out/ref.tar.gz" >"$tmp/stdout" 2>"$tmp/err" ||
	{ echo "exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
[ "$(cat "$tmp/stdout")" = "$tmp/out/ref.tar.gz" ] || echo "stdout is not the archive's path" >>"$tmp/why"
top=reference-submission
printf '%s/\n' "$top" >"$tmp/want"
for f in SHA256SUMS STATEMENT.md VERDICT.txt index.html journal.jsonl junit.xml machine.txt \
	mustpass.txt profile.ini results.json run.txt summary.md tools.txt; do
	printf '%s/%s\n' "$top" "$f"
done | LC_ALL=C sort >>"$tmp/want"
LC_ALL=C sort -o "$tmp/want" "$tmp/want"
listing "$tmp/out/ref.tar.gz" >"$tmp/got" 2>&1
cmp -s "$tmp/want" "$tmp/got" || { echo "archive members:"; diff "$tmp/want" "$tmp/got"; } >>"$tmp/why"
leftovers "$tmp/out"
mkdir "$tmp/unpacked"
tar xzf "$tmp/out/ref.tar.gz" -C "$tmp/unpacked" &&
	(cd "$tmp/unpacked/$top" && sha256sum -c --quiet SHA256SUMS) >>"$tmp/why" 2>&1 ||
	echo "sha256sum -c does not accept SHA256SUMS" >>"$tmp/why"
grep -q '^os: ' "$tmp/unpacked/$top/machine.txt" && grep -q '^cpus: ' "$tmp/unpacked/$top/machine.txt" ||
	echo "machine.txt names no os or cpus" >>"$tmp/why"
grep -q '^\$ .*hdref.* --version$' "$tmp/unpacked/$top/tools.txt" &&
	grep -q '^hdref ' "$tmp/unpacked/$top/tools.txt" ||
	{ echo "tools.txt:"; cat "$tmp/unpacked/$top/tools.txt"; } >>"$tmp/why"
point "package writes the reports, journal, profile, lists, tools, machine, verdict, statement and digests"

member "$tmp/out/ref.tar.gz" "$top/VERDICT.txt" >"$tmp/verdict"
grep -q '"conforms": *true' "$tmp/ref/results.json" || echo "the reference must conform" >>"$tmp/why"
grep -qx 'verdict: conformant' "$tmp/verdict" || { echo "verdict:"; cat "$tmp/verdict"; } >>"$tmp/why"
for line in 'candidate: reference' 'suite revision: test-rev-1' 'must-pass list: v1' \
	'scope: partial: --cases expr/arith-a*' 'fail: 0'; do
	grep -qxF "$line" "$tmp/verdict" || echo "VERDICT.txt lacks \"$line\"" >>"$tmp/why"
done
member "$tmp/out/ref.tar.gz" "$top/profile.ini" | cmp -s - "$src/harness/candidates/reference.ini" ||
	echo "profile.ini is not the built-in reference profile" >>"$tmp/why"
member "$tmp/out/ref.tar.gz" "$top/mustpass.txt" | cmp -s - "$src/harness/mustpass/v1.txt" ||
	echo "mustpass.txt is not harness/mustpass/v1.txt" >>"$tmp/why"
member "$tmp/out/ref.tar.gz" "$top/results.json" | cmp -s - "$tmp/ref/results.json" ||
	echo "results.json differs from the run's" >>"$tmp/why"
member "$tmp/out/ref.tar.gz" "$top/STATEMENT.md" >"$tmp/statement"
for field in '- Company:' '- Product:' '- Product version:' '- Contact (name, e-mail):' \
	'- Verdict: conformant (VERDICT.txt)'; do
	grep -qxF -- "$field" "$tmp/statement" || echo "STATEMENT.md lacks \"$field\"" >>"$tmp/why"
done
point "the verdict, revision, profile and must-pass list are the run's"

# 2. a wrong candidate with a waiver file: not conformant, its profile and
# waivers packed
cat >"$tmp/liar.ini" <<'EOF'
[candidate]
name = liar
timeout = 5
waivers = liar.waivers
version = echo liar 1.0
[roles]
evaluate = sh {profile_dir}/liar.sh {out}
EOF
printf 'expr/arith-abs evaluate known wrong answer\n' >"$tmp/liar.waivers"
printf 'cat "$(dirname "$0")/liar-answer.txt" >"$1"\n' >"$tmp/liar.sh"
printf 'value generic = 0x0\n' >"$tmp/liar-answer.txt"
"$hdcts" run --candidate "$tmp/liar.ini" --cases 'expr/arith-a*' --out "$tmp/liar" \
	>/dev/null 2>&1
[ $? -eq 1 ] || echo "the liar must not conform" >>"$tmp/why"
"$hdcts" package --run "$tmp/liar" --partial -o "$tmp/out/liar.tar.gz" >/dev/null 2>"$tmp/err" ||
	{ echo "exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
member "$tmp/out/liar.tar.gz" liar-submission/VERDICT.txt >"$tmp/verdict"
grep -qx 'verdict: not conformant' "$tmp/verdict" || { echo "verdict:"; cat "$tmp/verdict"; } >>"$tmp/why"
grep -qx 'waived: 1' "$tmp/verdict" || echo "VERDICT.txt must count 1 waived" >>"$tmp/why"
member "$tmp/out/liar.tar.gz" liar-submission/profile.ini | cmp -s - "$tmp/liar.ini" ||
	echo "profile.ini is not the liar's profile" >>"$tmp/why"
member "$tmp/out/liar.tar.gz" liar-submission/waivers.txt | cmp -s - "$tmp/liar.waivers" ||
	echo "waivers.txt is not the liar's waiver file" >>"$tmp/why"
for f in liar.sh liar-answer.txt; do
	member "$tmp/out/liar.tar.gz" "liar-submission/adapters/profile_dir/$f" | cmp -s - "$tmp/$f" ||
		echo "the adapter $f is not in adapters/profile_dir/" >>"$tmp/why"
done
[ "$(member "$tmp/out/liar.tar.gz" liar-submission/tools.txt)" = "$(printf '$ echo liar 1.0\nliar 1.0')" ] ||
	{ echo "tools.txt:"; member "$tmp/out/liar.tar.gz" liar-submission/tools.txt; } >>"$tmp/why"
point "a non-conforming run packs with its verdict, profile, waivers, adapters and tool versions"

# 3. runs that did not finish, and directories that hold no run
mkdir "$tmp/empty"
refused "no run" "$tmp/empty" "run.txt"
cp -pR "$tmp/ref" "$tmp/gone"
rm "$tmp/gone/results.json"
refused "no results.json" "$tmp/gone" "has not finished"
cp -pR "$tmp/ref" "$tmp/stale"
touch -t 200001010000 "$tmp/stale/results.json"
refused "results.json older than run.txt" "$tmp/stale" "older than the run"
cp -pR "$tmp/ref" "$tmp/short"
sed 's/^planned = .*/planned = 999/' "$tmp/ref/run.txt" >"$tmp/short/run.txt"
touch -r "$tmp/ref/run.txt" "$tmp/short/run.txt"
# the run's own count, whatever roles the reference plays
got=$(grep -c . "$tmp/ref/journal.jsonl")
refused "fewer results than planned" "$tmp/short" "incomplete: $got of 999"
cp -pR "$tmp/ref" "$tmp/torn"
sed '$d' "$tmp/ref/journal.jsonl" >"$tmp/torn/journal.jsonl"
refused "a journal behind results.json" "$tmp/torn" "journal.jsonl has $((got - 1)) results"
point "an unfinished run or a directory without one is refused, and nothing is written"

# 3b. a run that names no suite revision, and runs edited by hand
"$hdcts" run --cases 'expr/arith-a*' --revision unknown --out "$tmp/norev" >/dev/null 2>&1
refused "no suite revision" "$tmp/norev" "does not name the suite's revision" --partial
cp -pR "$tmp/ref" "$tmp/edited"
sed 's/"outcome":"pass"/"outcome":"fail"/' "$tmp/ref/results.json" >"$tmp/edited/results.json"
refused "an edited result" "$tmp/edited" "results.json and journal.jsonl disagree" --partial
cp -pR "$tmp/liar" "$tmp/edited2"
sed 's/"outcome":"fail"/"outcome":"pass"/' "$tmp/liar/results.json" >"$tmp/edited2/results.json"
sed 's/"outcome":"fail"/"outcome":"pass"/' "$tmp/liar/journal.jsonl" >"$tmp/edited2/journal.jsonl"
refused "results and journal edited alike" "$tmp/edited2" "is not what results.json renders to" --partial
cp -pR "$tmp/liar" "$tmp/edited3"
echo 'exit 0' >>"$tmp/edited3/adapters/profile_dir/liar.sh"
refused "an edited adapter copy" "$tmp/edited3" "adapters/ is not what the run recorded" --partial
point "a run with no suite revision, or edited by hand, is refused"

# 4. tar fails: the archive's path keeps what it had
mkdir "$tmp/bin"
printf '#!/bin/sh\necho half >"$2"\nexit 1\n' >"$tmp/bin/tar"
chmod +x "$tmp/bin/tar"
echo previous >"$tmp/out/kept.tar.gz"
PATH="$tmp/bin:$PATH" "$hdcts" package --run "$tmp/ref" --partial -o "$tmp/out/kept.tar.gz" \
	>/dev/null 2>"$tmp/err"
[ $? -eq 3 ] || echo "a failed tar must give exit status 3" >>"$tmp/why"
[ "$(cat "$tmp/out/kept.tar.gz")" = previous ] || echo "the old archive was replaced" >>"$tmp/why"
leftovers "$tmp/out"
point "a failed tar leaves the archive's path as it was and no temporary files"

# 5. hdcts verify: what package made is intact, with its verdict
for a in ref liar; do
	"$hdcts" verify "$tmp/out/$a.tar.gz" >"$tmp/stdout" 2>"$tmp/err" ||
		{ echo "verify $a: exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
done
grep -q "liar.tar.gz: intact: liar, not conformant" "$tmp/stdout" ||
	{ echo "verify printed:"; cat "$tmp/stdout"; } >>"$tmp/why"
point "hdcts verify accepts the archives package wrote and prints their verdict"

# 6. hand-edited archives: each must be rejected (exit 1) saying why
# resum DIR: SHA256SUMS made again, as one who edits an archive would.
resum() {
	(cd "$1" && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort |
		xargs sha256sum >SHA256SUMS)
}
# fresh: a new copy of the liar's archive unpacked in $tmp/x
fresh() {
	rm -rf "$tmp/x" && mkdir "$tmp/x" && tar xzf "$tmp/out/liar.tar.gz" -C "$tmp/x"
}
# rejected WHAT PATTERN: $tmp/x packed again; verify must reject it (exit
# status 1) with PATTERN in its message.
rejected() {
	tar czf "$tmp/x.tar.gz" -C "$tmp/x" liar-submission
	"$hdcts" verify "$tmp/x.tar.gz" >/dev/null 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 1 ] || echo "$1: exit status $rc, want 1" >>"$tmp/why"
	grep -q -e "$2" "$tmp/err" || { echo "$1: want \"$2\" in:"; cat "$tmp/err"; } >>"$tmp/why"
}
x=$tmp/x/liar-submission
fresh
sed -i 's/"outcome":"fail"/"outcome":"pass"/' "$x/results.json"
rejected "an edited result" "results.json does not have the digest"
resum "$x"
rejected "an edited result, digests made again" "results.json and journal.jsonl disagree"
sed -i 's/"outcome":"fail"/"outcome":"pass"/' "$x/journal.jsonl"
resum "$x"
rejected "results and journal edited alike" "is not what results.json renders to"
fresh
sed -i 's/^verdict: .*/verdict: conformant/' "$x/VERDICT.txt"
resum "$x"
rejected "an edited verdict" "VERDICT.txt is not what the results give (verdict: not conformant)"
fresh
echo 'exit 0' >>"$x/adapters/profile_dir/liar.sh"
resum "$x"
rejected "an edited adapter" "adapters/ is not what the run recorded"
fresh
sed -i 's/known wrong answer/another reason/' "$x/waivers.txt"
resum "$x"
rejected "an edited waiver file" "waivers.txt is not what the run recorded"
fresh
echo extra >"$x/extra.txt"
rejected "an extra file" "extra.txt is there but not in SHA256SUMS"
echo 'not an archive' >"$tmp/junk.tar.gz"
"$hdcts" verify "$tmp/junk.tar.gz" >/dev/null 2>&1
[ $? -eq 2 ] || echo "a file that is no archive must give exit status 2" >>"$tmp/why"
point "hdcts verify rejects an archive edited by hand, even with its digests made again"

echo "1..$n"
[ "$failed" -eq 0 ]
