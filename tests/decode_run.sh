#!/bin/sh
# The decode role through `hdcts run` (docs/harness.md, "The decode batch"):
#  - the reference profile's decode command, in both encoding profiles,
#    passes every item of the corpus: one decode result per item and per
#    skipped case, each item's verdict the one the library gives on the same
#    output (decode_role_tool, as tests/decode_role.sh measures), and the
#    reports are written;
#  - the built-in reference profile runs the batch beside its other roles,
#    and a second batch for the cases written in its second encoding;
#  - each decoder profile whose tool is installed (llvm-dwarfdump-15,
#    llvm-dwarfdump-22, libdwarf-dwarfdump) gets through hdcts run exactly
#    the verdicts the library gives on the tool's output, running the
#    profile's own decode command;
#  - llvm-dwarfdump-22 (llvm-user) ends only as docs/findings.md says: its
#    fails are the ops LLVM 22 cannot decode (0xa4 const_type, 0xa6
#    deref_type, 0xa7 xderef_type, 0xa9 reinterpret, 0xfa
#    GNU_parameter_ref) and the aspace_bregx displacement whose bytes are no
#    64-bit ULEB128; its compatibility warnings are aspace_bregx
#    displacements read as unsigned, and no other difference;
#  - shards partition the decode results;
#  - a batch that crashes or hangs is every item's crash or timeout, and
#    not-supported entries and waivers apply item by item;
#  - a run killed while the batch runs, and a journal cut in the middle of
#    the batch's results, resume with no decode result lost or repeated; a
#    complete journal runs no batch at all;
#  - the TAP streams pass prove (a failing decoder's: no parse errors, and
#    as many failures as results that do not conform).
# Prints TAP version 13.
#
# usage: decode_run.sh HDCTS HDREF DECODE_ROLE_TOOL SOURCE_DIR

if [ "$#" -ne 4 ]; then
	echo "usage: decode_run.sh HDCTS HDREF DECODE_ROLE_TOOL SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1
hdref=$2
tool=$3
src=$4
cases=$src/cases/expr
. "$(dirname "$0")/tap.sh"
scratch decode-run
n=0
failed=0
HDCTS_SUITE=$src
HDREF=$hdref
export HDCTS_SUITE HDREF

# decode_list DIR: "outcome case" for each decode result of DIR/results.json.
decode_list() {
	sed -nE 's/^ *\{"case":"([^"]*)","check":"decode","outcome":"([a-z-]*)".*/\2 \1/p' \
		"$1/results.json" | sort
}

# keys DIR: "case check" of each journal line of DIR, sorted, repeats kept.
keys() {
	sed -n 's/.*"case": *"\([^"]*\)".*"check": *"\([^"]*\)".*/\1 \2/p' "$1/journal.jsonl" |
		sort
}

# plan_of TAP: the count of its plan line.
plan_of() {
	sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$1"
}

# library ENCODING DECODER...: the library's verdicts on what DECODER OBJ OUT
# writes for the object decode_role_tool writes. Leaves "outcome case" lines
# in $tmp/lib.list and sets items, other, broken from the tool's counts.
library() {
	enc=$1
	shift
	"$tool" object "$cases" "$enc" "$tmp/lib.o" >"$tmp/lib.counts" 2>>"$tmp/why" ||
		echo "decode_role_tool object failed" >>"$tmp/why"
	read -r _ items _ other _ broken _ <"$tmp/lib.counts"
	"$@" "$tmp/lib.o" "$tmp/lib.out" 2>>"$tmp/why" || echo "the decoder failed: $*" >>"$tmp/why"
	"$tool" judge "$cases" "$enc" "$tmp/lib.out" >"$tmp/lib.judge" 2>>"$tmp/why" ||
		echo "decode_role_tool judge failed" >>"$tmp/why"
	sed -nE 's/^(pass|fail|compatibility-warning|internal-error) ([^: ]+).*/\1 \2/p' "$tmp/lib.judge" |
		sort >"$tmp/lib.list"
}

# profile_decode IN OUT: the decode command of harness/candidates/$name.ini,
# as hdcts runs it, with IN and OUT for {in} and {out}.
profile_decode() {
	cmd=$(sed -n 's/^decode *= *//p' "$src/harness/candidates/$name.ini")
	cmd=$(printf '%s\n' "$cmd" | sed -e "s|{harness}|$src/harness|g" \
		-e 's|{in}|"$1"|g' -e 's|{out}|"$2"|g')
	eval "$cmd"
}

hdref_decode() {
	"$hdref" decode --encoding "$enc" "$1" >"$2"
}

# agrees DIR: DIR's decode results are the library's, item by item, with one
# not-supported result per case of the other profile; sets total.
agrees() {
	decode_list "$1" >"$tmp/run.list"
	total=$(wc -l <"$tmp/run.list")
	[ "$total" -eq $((items + other + broken)) ] ||
		echo "$total decode results for $items items and $((other + broken)) skips" >>"$tmp/why"
	[ "$(grep -c '^not-supported ' "$tmp/run.list")" -eq "$other" ] ||
		echo "want $other not-supported results (cases of the other profile)" >>"$tmp/why"
	grep -v '^not-supported ' "$tmp/run.list" >"$tmp/run.items"
	cmp -s "$tmp/run.items" "$tmp/lib.list" ||
		{ echo "hdcts run and the library disagree:"; diff "$tmp/lib.list" "$tmp/run.items" |
			head -n 10; } >>"$tmp/why"
	for f in results.json junit.xml summary.md index.html; do
		[ -s "$1/$f" ] || echo "no $f" >>"$tmp/why"
	done
}

# proves TAP FAILS: prove reads TAP with no parse error, and FAILS of its
# points fail (0: prove passes it). Checks nothing where prove is not
# installed: the points still check the results themselves.
proves() {
	have prove || return 0
	if [ "$2" -eq 0 ]; then
		prove -e cat "$1" >"$tmp/prove" 2>&1 ||
			{ echo "prove refuses the TAP:"; tail -n 5 "$tmp/prove"; } >>"$tmp/why"
		return 0
	fi
	prove -e cat "$1" >"$tmp/prove" 2>&1
	! grep -q 'Parse errors' "$tmp/prove" && grep -q "Tests: $(plan_of "$1") Failed: $2)" \
		"$tmp/prove" || { echo "prove, want $2 failures:"; grep -v '^  *[0-9]' \
		"$tmp/prove" | tail -n 6; } >>"$tmp/why"
}

# profile NAME DECODE [EXTRA...]: a profile in $tmp playing only decode.
profile() {
	profile_ini decode 60 "$@"
}

# reference.ini's own decode command
ref_decode=$(sed -n 's/^decode *= *//p' "$src/harness/candidates/reference.ini")

echo "TAP version 13"
: >"$tmp/why"

# 1. the reference's decode command over the whole corpus, both encodings
for enc in amdgpu-v0 llvm-user; do
	name=ref-$enc
	profile "$name" "$ref_decode" "encoding = $enc"
	"$hdcts" run --candidate "$tmp/$name.ini" -j 2 --out "$tmp/$name" >"$tmp/$name.tap" \
		2>"$tmp/err" || { echo "exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
	library "$enc" hdref_decode
	agrees "$tmp/$name"
	[ "$(grep -c '^pass ' "$tmp/run.list")" -eq "$items" ] ||
		echo "the reference must pass all $items items" >>"$tmp/why"
	[ "$(plan_of "$tmp/$name.tap")" = "$total" ] || echo "the TAP plan is not $total" >>"$tmp/why"
	proves "$tmp/$name.tap" 0
	echo "# $enc: $items items pass, $other not-supported (the other profile)"
	[ "$enc" = amdgpu-v0 ] && v0_items=$items
	point "$enc: the reference's decode command passes every item, one result each"
done

# 2. the built-in reference: the batch beside evaluate, on a slice
"$hdcts" run --cases 'expr/arith-*' -j 2 --out "$tmp/builtin" >"$tmp/builtin.tap" 2>"$tmp/err" ||
	{ echo "exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
decode_list "$tmp/ref-amdgpu-v0" | grep ' expr/arith-' >"$tmp/want"
decode_list "$tmp/builtin" >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" ||
	{ echo "decode results differ from the full run's:"; diff "$tmp/want" "$tmp/got"; } >>"$tmp/why"
[ "$(grep -c '"check":"evaluate"' "$tmp/builtin/results.json")" -gt 0 ] ||
	echo "no evaluate results beside decode" >>"$tmp/why"
[ "$(plan_of "$tmp/builtin.tap")" = "$(keys "$tmp/builtin" | wc -l)" ] ||
	echo "the TAP plan does not count every result" >>"$tmp/why"
keys "$tmp/builtin" | uniq -d | head -n 3 >>"$tmp/why"
proves "$tmp/builtin.tap" 0
point "the built-in reference runs the decode batch beside evaluate"

# 2b. both encodings: the built-in reference reads llvm-user too, so the
# cases written in it get a second batch and end as the llvm-user run's do
"$hdcts" run --cases 'expr/llvm-*' -j 2 --out "$tmp/both" >"$tmp/both.tap" 2>"$tmp/err" ||
	{ echo "exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
decode_list "$tmp/ref-llvm-user" | grep ' expr/llvm-' >"$tmp/want"
decode_list "$tmp/both" >"$tmp/got"
[ -s "$tmp/got" ] || echo "no decode results" >>"$tmp/why"
cmp -s "$tmp/want" "$tmp/got" ||
	{ echo "decode results differ from the llvm-user run's:"; diff "$tmp/want" "$tmp/got"; } \
		>>"$tmp/why"
grep -q '^not-supported' "$tmp/got" && echo "a decode result is not-supported" >>"$tmp/why"
[ -e "$tmp/both/scratch/decode-2/out" ] || echo "no second batch ran" >>"$tmp/why"
keys "$tmp/both" | uniq -d | head -n 3 >>"$tmp/why"
point "decode-encodings: the llvm-user cases get a second batch, one result each"

# 3. the decoder profiles whose tools are installed
for adapter in llvm-dwarfdump-15:llvm-dwarfdump-15 llvm-dwarfdump-22:llvm-dwarfdump-22 \
	libdwarf-dwarfdump:dwarfdump; do
	name=${adapter%%:*}
	command=${adapter#*:}
	if ! have "$command"; then
		n=$((n + 1))
		echo "ok $n - $name through hdcts run # SKIP $command is not installed"
		[ "$name" = llvm-dwarfdump-22 ] && n=$((n + 1)) &&
			echo "ok $n - llvm-dwarfdump-22: only the documented fails # SKIP $command is not installed"
		continue
	fi
	"$hdcts" run --candidate "$name" -j 2 --out "$tmp/$name" >"$tmp/$name.tap" 2>"$tmp/err"
	status=$?
	[ "$status" -le 1 ] || { echo "exit status $status"; cat "$tmp/err"; } >>"$tmp/why"
	enc=$(sed -n 's/^encoding *= *//p' "$src/harness/candidates/$name.ini")
	library "${enc:-amdgpu-v0}" profile_decode
	agrees "$tmp/$name"
	pass=$(grep -c '^pass ' "$tmp/run.list")
	fails=$(grep -c '^fail ' "$tmp/run.list")
	warns=$(grep -c '^compatibility-warning ' "$tmp/run.list")
	echo "# $name: passes $pass of $items items through hdcts run, as through the library" \
	     "($fails fail, $warns compatibility-warning)"
	proves "$tmp/$name.tap" "$fails"
	point "$name through hdcts run: the library's verdicts, item by item"
	[ "$name" = llvm-dwarfdump-22 ] || continue

	# LLVM 22 decodes every DW_OP_LLVM_user sub-op: what it fails is what
	# docs/findings.md lists, and nothing else
	[ "$enc" = llvm-user ] || echo "llvm-dwarfdump-22 must claim llvm-user, not $enc" >>"$tmp/why"
	awk '/^(fail|compatibility-warning) / { v = $1; id = $2; sub(/:$/, "", id); why = $0; next }
	     v != "" && /^    got: / {
		if (v == "compatibility-warning" && why ~ /aspace_bregx.s displacement decoded as unsigned/) ;
		else if (v == "fail" && $0 ~ /<decoding error> (a4|a6|a7|a9|fa)( |$)/) ;
		else if (v == "fail" && why ~ /decoded differently at op [0-9]+: expected `DW_OP_LLVM_aspace_bregx [0-9]+ -9223372036854775808`/) ;
		else print "undocumented " v ": " id ": " substr(why, 1, 200)
		v = "" }' "$tmp/lib.judge" >"$tmp/undocumented"
	head -n 5 "$tmp/undocumented" >>"$tmp/why"
	[ "$warns" -ge 1 ] || echo "no aspace_bregx compatibility warning" >>"$tmp/why"
	for op in nop form_aspace_address push_lane offset offset_uconst bit_offset \
		call_frame_entry_reg undefined aspace_bregx piece_end extend select_bit_piece; do
		grep -q "^pass expr/gen-op-llvm_$op-llvm-user" "$tmp/lib.judge" ||
			echo "no gen-op-llvm_$op-llvm-user case passes" >>"$tmp/why"
	done
	grep '^fail expr/gen-op-llvm_' "$tmp/lib.judge" | grep -v aspace_bregx | head -n 3 >>"$tmp/why"
	point "llvm-dwarfdump-22: only the documented fails and compatibility warnings"
done

# 4. shards partition the decode results
decode_list "$tmp/ref-amdgpu-v0" | sed 's/^[a-z-]* //' | sort >"$tmp/all"
: >"$tmp/shards"
for i in 1 2 3; do
	"$hdcts" run --candidate "$tmp/ref-amdgpu-v0.ini" --shard "$i/3" --out "$tmp/shard$i" \
		>/dev/null 2>"$tmp/err" || { echo "shard $i: exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
	decode_list "$tmp/shard$i" | sed 's/^[a-z-]* //' >>"$tmp/shards"
	[ -s "$tmp/shard$i/results.json" ] && [ "$(decode_list "$tmp/shard$i" | wc -l)" -gt 0 ] ||
		echo "shard $i has no decode result" >>"$tmp/why"
done
sort "$tmp/shards" | cmp -s - "$tmp/all" ||
	echo "the three shards do not hold every decode result once" >>"$tmp/why"
point "--shard I/3 partitions the decode results"

# 5. a batch that crashes or hangs, not-supported and waivers per item
decode_list "$tmp/ref-amdgpu-v0" | grep ' expr/arith-' | sed 's/^[a-z-]* //' >"$tmp/arith"
grep -q '^expr/arith-abs$' "$tmp/arith" || echo "expr/arith-abs is no decode item" >>"$tmp/why"
sed -n 's/^\(expr\/arith-a.*\)$/\1 decode known crash/p' "$tmp/arith" >"$tmp/crash.waivers"
profile crasher 'kill -SEGV $$' 'not-supported = wave32' 'waivers = crash.waivers'
"$hdcts" run --candidate "$tmp/crasher.ini" --cases 'expr/a[mr]*' --out "$tmp/crash" \
	>"$tmp/crash.tap" 2>"$tmp/err"
[ $? -eq 1 ] || echo "a crashing decoder must give exit status 1" >>"$tmp/why"
# the cases needing wave32, by their ids (docs/conformance.md)
decode_list "$tmp/ref-amdgpu-v0" | sed 's/^[a-z-]* //' | grep '^expr/a[mr]' >"$tmp/items"
grep 'wave32' "$tmp/items" >"$tmp/w32"
[ -s "$tmp/w32" ] || echo "no amdgpu case needs wave32" >>"$tmp/why"
awk 'NR == FNR { w[$1] = 1; next }
     { print (($1 in w) ? "not-supported" : $1 ~ /^expr\/arith-a/ ? "waived" : "crash"), $1 }' \
	"$tmp/w32" "$tmp/items" | sort >"$tmp/want"
decode_list "$tmp/crash" >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" || { echo "want:"; cat "$tmp/want"; echo "got:"; cat "$tmp/got"; } >>"$tmp/why"
grep -q '"reason":"killed by signal 11"' "$tmp/crash/results.json" ||
	echo "a crash result must say the signal" >>"$tmp/why"
point "a crashing batch is every item's crash; not-supported and waivers apply per item"

profile sleeper 'sleep 30' 'timeout = 0.5'
start=$(date +%s)
"$hdcts" run --candidate "$tmp/sleeper.ini" --cases 'expr/arith-*' --out "$tmp/sleep" \
	>/dev/null 2>"$tmp/err"
took=$(($(date +%s) - start))
[ "$(decode_list "$tmp/sleep" | sed 's/ .*//' | sort -u)" = timeout ] ||
	{ echo "want only timeouts:"; decode_list "$tmp/sleep"; cat "$tmp/err"; } >>"$tmp/why"
[ "$(decode_list "$tmp/sleep" | wc -l)" -eq "$(wc -l <"$tmp/arith")" ] ||
	echo "want one timeout per arith item" >>"$tmp/why"
[ "$took" -lt 20 ] || echo "the timeout took $took s" >>"$tmp/why"
point "a hanging batch is every item's timeout"

# 6. resuming the batch
# a) a journal cut in the middle of the batch's results (as a kill leaves
#    it: whole lines and a torn last one): the missing ones are recorded once
full=$tmp/ref-amdgpu-v0
total=$(keys "$full" | wc -l)
mkdir -p "$tmp/cut"
cp "$full/run.txt" "$tmp/cut/"  # written at the start: a kill leaves it
half=$((total - v0_items / 2))
head -n "$half" "$full/journal.jsonl" >"$tmp/cut/journal.jsonl"
sed -n "$((half + 1))p" "$full/journal.jsonl" | head -c 40 >>"$tmp/cut/journal.jsonl"
"$hdcts" run --candidate "$tmp/ref-amdgpu-v0.ini" --out "$tmp/cut" --resume >"$tmp/cut.tap" \
	2>"$tmp/err" || { echo "resume exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
[ "$(keys "$tmp/cut" | uniq | wc -l)" -eq "$total" ] && [ "$(keys "$tmp/cut" | wc -l)" -eq "$total" ] ||
	echo "want $total results once each; got $(keys "$tmp/cut" | wc -l) lines" >>"$tmp/why"
[ "$(decode_list "$tmp/cut")" = "$(decode_list "$full")" ] ||
	echo "the resumed results differ from an uninterrupted run's" >>"$tmp/why"
[ -e "$tmp/cut/scratch/decode/out" ] || echo "the batch did not run again" >>"$tmp/why"
[ "$(plan_of "$tmp/cut.tap")" = "$total" ] && [ "$(grep -c '^ok ' "$tmp/cut.tap")" -eq "$total" ] ||
	echo "the resumed TAP is not $total passing points" >>"$tmp/why"
point "a journal cut mid-batch resumes with every decode result once"

# b) a complete journal: no batch runs
rm -rf "$tmp/cut/scratch/decode"
"$hdcts" run --candidate "$tmp/ref-amdgpu-v0.ini" --out "$tmp/cut" --resume >/dev/null \
	2>"$tmp/err" || { echo "resume exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
[ -e "$tmp/cut/scratch/decode" ] && echo "the batch ran with nothing to record" >>"$tmp/why"
[ "$(keys "$tmp/cut" | wc -l)" -eq "$total" ] || echo "results were added" >>"$tmp/why"
point "a complete journal runs no batch"

# c) SIGKILL while the batch runs; the command's group, orphaned, is ended
#    by its id (it wrote it) so it cannot write into the resumed run
profile slow "echo \$\$ > {scratch}/pgid; sleep 2; $ref_decode"
"$hdcts" run --candidate "$tmp/slow.ini" --out "$tmp/kill" >/dev/null 2>&1 &
pid=$!
tries=0
while [ ! -s "$tmp/kill/scratch/decode/pgid" ] && [ "$tries" -lt 100 ]; do
	sleep 0.2
	tries=$((tries + 1))
done
kill -9 "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
[ -s "$tmp/kill/scratch/decode/pgid" ] && kill -9 -- "-$(cat "$tmp/kill/scratch/decode/pgid")" 2>/dev/null
before=$(keys "$tmp/kill" | wc -l)
"$hdcts" run --candidate "$tmp/slow.ini" --out "$tmp/kill" --resume >"$tmp/kill.tap" 2>"$tmp/err" ||
	{ echo "resume exit status $?"; cat "$tmp/err"; } >>"$tmp/why"
[ "$(keys "$tmp/kill" | uniq | wc -l)" -eq "$total" ] && [ "$(keys "$tmp/kill" | wc -l)" -eq "$total" ] ||
	echo "want $total results once each; got $(keys "$tmp/kill" | wc -l) (before: $before)" >>"$tmp/why"
[ "$before" -lt "$total" ] || echo "the kill did not land before the batch ended" >>"$tmp/why"
[ "$(decode_list "$tmp/kill")" = "$(decode_list "$full")" ] ||
	echo "the resumed results differ from an uninterrupted run's" >>"$tmp/why"
proves "$tmp/kill.tap" 0
point "a run killed during the batch resumes with every decode result once"

echo "1..$n"
[ "$failed" -eq 0 ]
