#!/bin/sh
# index.html as its reader gets it (docs/reports.md, "index.html"), on a run
# over expr/amdgpu-* and expr/arith-* by a candidate that answers some cases wrongly (with
# text that must be escaped), crashes on one, is waived on one and declares
# the wave32 cases not supported:
#  - the page parses as HTML without an error, loads nothing from outside
#    (no src, no link element, no url() or @import, every href "#id") and
#    every href="#x" lands on exactly one id="x";
#  - every result that did not pass is reached from the top of the page in
#    at most two clicks, and the place it lands on shows its reason and its
#    diff, the same text as in results.json (see "Clicks" below);
#  - when chromium (or chromium-browser) is installed: headless Chromium
#    reports a probe page's console errors (so silence means something),
#    opens index.html with no console message at all, takes a screenshot
#    that is a 1280x2000 PNG and not blank, and the two-click walk holds on
#    the DOM Chromium built. Without it those points SKIP.
# Prints TAP version 13. The screenshot stays as OUT_DIR/index.png.
#
# Clicks. A click follows one link, or opens one closed <details>; scrolling
# is free. What a reader can click is what the place they are at shows:
#  - the top of the page: the body's children before its first heading
#    other than the <h1>, or first element with an id;
#  - #x: the element with id x and, when it is a heading, its following
#    siblings up to the next heading or element with an id.
# A result is reached in k clicks when some link shown by a place reached
# in k-1 clicks (the top is 0) points at its entry's id; its diff is the
# first <pre> the entry's place shows, plus one click per closed <details>
# around it.
#
# usage: html_report.sh HDCTS HDREF SOURCE_DIR OUT_DIR

if [ "$#" -ne 4 ]; then
	echo "usage: html_report.sh HDCTS HDREF SOURCE_DIR OUT_DIR" >&2
	exit 2
fi
hdcts=$1
hdref=$2
src=$3
outdir=$4
here=$(dirname "$0")
. "$here/tap.sh"
scratch html-report
n=0
failed=0
HDCTS_SUITE=$src
HDREF=$hdref
export HDCTS_SUITE HDREF

skip() {
	n=$((n + 1))
	echo "ok $n - $1 # SKIP $2"
}

if ! have xmllint; then
	echo "1..0 # SKIP xmllint is not installed"
	exit 77
fi
echo "TAP version 13"
: >"$tmp/why"

# ---- the run ----
cat >"$tmp/corrupt.ini" <<'EOF'
[candidate]
name = corrupt
timeout = 120
not-supported = wave32
waivers = corrupt.waivers
[roles]
evaluate = {hdref} eval {in} > {out} && case {in} in *-m*) printf 'value generic = <0x0 & "x">\n' >> {out};; *-neg*) kill -SEGV $$;; esac
EOF
printf 'expr/arith-mul evaluate a known wrong answer\n' >"$tmp/corrupt.waivers"
run=$tmp/run
"$hdcts" run --candidate "$tmp/corrupt.ini" --cases 'expr/a[mr]*' -j 2 --out "$run" \
	>"$tmp/run.tap" 2>"$tmp/run.err"
rc=$?
[ "$rc" -eq 1 ] || { echo "exit status $rc, not 1"; cat "$tmp/run.err"; } >>"$tmp/why"
for want in fail crash waived not-supported; do
	grep -q "\"outcome\":\"$want\"" "$run/results.json" 2>/dev/null ||
		echo "no $want result in results.json" >>"$tmp/why"
done
page=$run/index.html
[ -s "$page" ] || echo "no index.html" >>"$tmp/why"
point "a run with fail, crash, waived and not-supported results writes index.html"

# ---- the page itself ----
xmllint --html --noout "$page" >"$tmp/xmllint.out" 2>&1
[ -s "$tmp/xmllint.out" ] && cat "$tmp/xmllint.out" >>"$tmp/why"
point "index.html parses as HTML without an error or warning"

# xp PAGE EXPR: xmllint's answer to an XPath expression; nothing when empty.
xp() {
	xmllint --html --xpath "$2" "$1" 2>/dev/null
}

# values PAGE EXPR: the values of the attributes EXPR selects, one a line.
values() {
	xp "$1" "$2" | sed -n 's/^ *[a-z]*="\(.*\)"$/\1/p'
}

for outside in '//@src' '//link' '//@href[not(starts-with(., "#"))]' \
	'//style[contains(., "url(") or contains(., "@import")]' '//@style[contains(., "url(")]'; do
	xp "$page" "$outside" >"$tmp/found" && {
		echo "$outside:"
		cat "$tmp/found"
	} >>"$tmp/why"
done
point "index.html loads nothing from outside itself"

values "$page" '//@id' | sort >"$tmp/ids"
sort -u "$tmp/ids" >"$tmp/ids.u"
cmp -s "$tmp/ids" "$tmp/ids.u" || { echo "repeated ids:"; comm -23 "$tmp/ids" "$tmp/ids.u"; } \
	>>"$tmp/why"
values "$page" '//a/@href' | sed 's/^#//' | sort -u >"$tmp/hrefs"
comm -23 "$tmp/hrefs" "$tmp/ids.u" >"$tmp/dangling"
[ -s "$tmp/dangling" ] && { echo "links to no id:"; cat "$tmp/dangling"; } >>"$tmp/why"
[ -s "$tmp/hrefs" ] || echo "no links at all" >>"$tmp/why"
point "every href=\"#x\" in index.html lands on exactly one id=\"x\""

# universes PAGE: "area<TAB>universe" of each row of index.html's coverage
# bars that has a universe; docs/coverage.md's summary table must say the
# same of each area (reference/coverage/universe.h is the one definition).
universes() {
	awk '/<h2 id="coverage">/ { on = 1; next } on && /<\/table>/ { exit }
	on && /^<tr><td>/ {
		line = $0
		gsub(/<[^>]*>/, "\t", line)
		gsub(/\t+/, "\t", line)
		split(line, f, "\t")
		if (f[3] != "none") print f[2] "\t" f[3]
	}' "$1"
}
: >"$tmp/why"
universes "$page" >"$tmp/bars"
awk -F' [|] ' '/^[|] area [|] universe [|]/ { on = 1; next } on && /^[|]---/ { next }
on && !/^[|]/ { exit } on { sub(/^[|] /, "", $1); print $1 "\t" $2 }' \
	"$src/docs/coverage.md" >"$tmp/md"
[ -s "$tmp/bars" ] || echo "index.html has no coverage bars with a universe" >>"$tmp/why"
diff "$tmp/md" "$tmp/bars" >"$tmp/diff" ||
	{ echo "docs/coverage.md (<) and index.html (>) count different universes:"
	  cat "$tmp/diff"; } >>"$tmp/why"
point "index.html's coverage bars count docs/coverage.md's universes, area by area"

# groups PAGE WHERE: the failure groups' table links each group to an entry
# that exists, the counts add up to the non-conforming results, largest first
groups() {
	xp "$1" '//h2[@id="groups"]/following-sibling::table[1]//tr/td[1]/text()' |
		tr -s ' \n' '\n' | sed '/^$/d' >"$tmp/counts"
	bad=$(grep -c '"outcome":"\(fail\|crash\|timeout\|internal-error\)"' "$run/results.json")
	sum=$(awk '{ s += $1 } END { print s + 0 }' "$tmp/counts")
	[ "$sum" = "$bad" ] || echo "$2: the groups hold $sum results, not $bad" >>"$tmp/why"
	sort -rn "$tmp/counts" | cmp -s - "$tmp/counts" || echo "$2: groups not largest first" >>"$tmp/why"
	for a in $(values "$1" '//h2[@id="groups"]/following-sibling::table[1]//a/@href' | sed 's/^#//'); do
		[ "$(values "$1" "//*[@id='$a']/@id" | wc -l)" -eq 1 ] ||
			echo "$2: group link #$a lands on no entry" >>"$tmp/why"
	done
}
groups "$page" index.html
grep -q '^## Failure groups$' "$run/summary.md" || echo "summary.md has no failure groups" >>"$tmp/why"
point "failure groups: each links to its first result, the counts add up, largest first"

# ---- the results that did not pass, from results.json ----
# $tmp/want: "ANCHOR OUTCOME K" per result other than a plain pass, with its
# reason and diff (when not null) decoded into $tmp/want.K.reason and .diff.
# ANCHOR is the entry's id by the rule of docs/reports.md, made here
# independently of the renderer.
LC_ALL=C awk -v dir="$tmp" '
BEGIN { for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i }
function hexval(s,   i, v) {
	v = 0
	for (i = 1; i <= 4; i++)
		v = v * 16 + index("0123456789abcdef", tolower(substr(s, i, 1))) - 1
	return v
}
function utf8(cp) {
	if (cp < 128) return sprintf("%c", cp)
	if (cp < 2048) return sprintf("%c%c", 192 + int(cp / 64), 128 + cp % 64)
	return sprintf("%c%c%c", 224 + int(cp / 4096), 128 + int(cp / 64) % 64, 128 + cp % 64)
}
# jstr(KEY): the decoded string value of KEY on this line; "" and isnull=1
# when it is null. Keys cannot occur inside strings: their quotes would be
# escaped.
function jstr(key,   p, s, i, c, out) {
	isnull = 1
	p = index($0, "\"" key "\":")
	s = substr($0, p + length(key) + 3)
	if (p == 0 || substr(s, 1, 1) != "\"") return ""
	isnull = 0
	out = ""
	for (i = 2; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\"") break
		if (c == "\\") {
			c = substr(s, ++i, 1)
			if (c == "n") c = "\n"; else if (c == "t") c = "\t"
			else if (c == "r") c = "\r"; else if (c == "b") c = "\b"
			else if (c == "f") c = "\f"
			else if (c == "u") { c = utf8(hexval(substr(s, i + 1, 4))); i += 4 }
		}
		out = out c
	}
	return out
}
function part(s,   i, c, out) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		out = out (c ~ /[A-Za-z0-9-]/ ? c : sprintf("_%02X", ord[c]))
	}
	return out
}
/^ *\{"case":/ {
	id = jstr("case"); check = jstr("check"); outcome = jstr("outcome")
	key = id "\t" check
	a = "r-" part(id) "__" part(check)
	if (++seen[key] > 1) a = a "__" seen[key]
	if (outcome == "pass") next
	k++
	print a, outcome, k > (dir "/want")
	f = dir "/want." k ".reason"; printf "%s", jstr("reason") > f; close(f)
	d = jstr("diff")
	if (!isnull) { f = dir "/want." k ".diff"; printf "%s", d > f; close(f) }
}' "$run/results.json"
[ -s "$tmp/want" ] || echo "no result other than a pass in results.json" >>"$tmp/why"

# ---- clicks ----
headings='self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6'
bound="$headings or @id"
top="/html/body/*[not(preceding-sibling::*[($bound) and not(self::h1)])][not($bound) or self::h1]"

# place ID: an XPath for what #ID shows (see "Clicks" at the top).
place() {
	echo "//*[@id=\"$1\"] | //*[@id=\"$1\"][$headings]/following-sibling::*[not($bound)]" \
		"[preceding-sibling::*[$bound][1][@id=\"$1\"]]"
}

# links PAGE PLACE: the ids the links PLACE shows point at.
links() {
	values "$1" "($2)/descendant-or-self::a/@href" | sed -n 's/^#//p'
}

# xlit TEXT: TEXT as an XPath 1.0 string literal, which has no escapes: a
# text with both quotes is concat("..", '"', "..").
xlit() {
	q=\'
	case $1 in
	*\"*$q* | *$q*\"*) printf 'concat("%s")' "$(printf '%s' "$1" | sed "s/\"/\", $q\"$q, \"/g")" ;;
	*\"*) printf "'%s'" "$1" ;;
	*) printf '"%s"' "$1" ;;
	esac
}

# walk PAGE NAME: every result of $tmp/want reached in at most two clicks
# from PAGE's top, with its reason and diff shown; failures go to $tmp/why
# and a summary ("# N results: K clicks") to $tmp/summary.
walk() {
	links "$1" "$top" | sort -u >"$tmp/at1"
	[ -s "$tmp/at1" ] || echo "$2: the top of the page shows no link" >>"$tmp/why"
	while read -r id; do
		links "$1" "$(place "$id")"
	done <"$tmp/at1" | sort -u >"$tmp/at2"
	: >"$tmp/clicks"
	while read -r anchor outcome k; do
		if grep -qxF "$anchor" "$tmp/at1"; then
			clicks=1
		elif grep -qxF "$anchor" "$tmp/at2"; then
			clicks=2
		else
			echo "$2: #$anchor ($outcome) is not reached in two clicks" >>"$tmp/why"
			continue
		fi
		reason=$(cat "$tmp/want.$k.reason")
		[ -n "$reason" ] || echo "$2: #$anchor ($outcome) has no reason" >>"$tmp/why"
		[ "$(xp "$1" "count(($(place "$anchor"))[contains(., $(xlit "$reason"))])")" != 0 ] ||
			echo "$2: #$anchor does not show its reason '$reason'" >>"$tmp/why"
		if [ -f "$tmp/want.$k.diff" ]; then
			pre="($(place "$anchor"))/descendant-or-self::pre[1]"
			closed=$(xp "$1" "count($pre/ancestor-or-self::details[not(@open)])")
			clicks=$((clicks + ${closed:-0}))
			[ "$(xp "$1" "string($pre)")" = "$(cat "$tmp/want.$k.diff")" ] ||
				echo "$2: #$anchor does not show the diff of results.json" >>"$tmp/why"
		fi
		[ "$clicks" -le 2 ] || echo "$2: #$anchor takes $clicks clicks" >>"$tmp/why"
		echo "$clicks" >>"$tmp/clicks"
	done <"$tmp/want"
	sort -n "$tmp/clicks" | uniq -c | awk '{ print "# " $1 " results: " $2 " clicks" }' \
		>"$tmp/summary"
}

walk "$page" index.html
point "every result that did not pass shows its diff within two clicks of the top"
cat "$tmp/summary"

# ---- Chromium ----
browser=
for b in chromium chromium-browser; do
	if have "$b"; then
		browser=$b
		break
	fi
done

# chrome NAME ARGS...: headless Chromium with a home and profile of its own;
# stdout and stderr (where console messages are logged) in $tmp/NAME.out and
# .err. timeout only guards against a hang: nothing here waits on a clock.
chrome() {
	name=$1
	shift
	mkdir -p "$tmp/home.$name"
	HOME=$tmp/home.$name timeout 600 "$browser" --headless=new --no-sandbox --disable-gpu \
		--disable-dev-shm-usage --no-first-run --user-data-dir="$tmp/profile.$name" \
		--enable-logging=stderr --v=0 "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
}

# console NAME: the console messages of pages in $tmp/NAME.err.
console() {
	grep -e ':CONSOLE' -e 'Uncaught' "$tmp/$1.err"
}

url() {
	printf 'file://%s' "$1" | sed 's/ /%20/g'
}

if [ -z "$browser" ]; then
	for p in "Chromium reports a page's console errors" \
		"index.html opens in Chromium without a console message" \
		"Chromium's screenshot of index.html is a 1280x2000 PNG, not blank" \
		"on Chromium's DOM too, every diff is within two clicks"; do
		skip "$p" "chromium not installed"
	done
	echo "1..$n"
	[ "$failed" -eq 0 ] || exit 1
	exit 0
fi

cat >"$tmp/probe.html" <<'EOF'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>probe</title></head>
<body><p>probe</p><script>console.error("hdcts-probe"); no_such_function();</script></body>
</html>
EOF
chrome probe --screenshot="$tmp/probe.png" --window-size=400,300 "$(url "$tmp/probe.html")"
console probe >"$tmp/found"
grep -q 'hdcts-probe' "$tmp/found" && grep -q 'Uncaught' "$tmp/found" || {
	echo "$browser does not log the probe's console.error and uncaught error:"
	cat "$tmp/probe.err"
} >>"$tmp/why"
point "Chromium reports a page's console errors"

mkdir -p "$outdir"
shot=$outdir/index.png
rm -f "$shot"
chrome page --screenshot="$shot" --window-size=1280,2000 "$(url "$page")"
rc=$?
[ "$rc" -eq 0 ] || { echo "$browser exit status $rc:"; cat "$tmp/page.err"; } >>"$tmp/why"
console page >"$tmp/found" && { echo "console messages:"; cat "$tmp/found"; } >>"$tmp/why"
point "index.html opens in Chromium without a console message"

# bytes FILE OFFSET COUNT: hex bytes, no spaces.
bytes() {
	od -An -tx1 -j "$2" -N "$3" "$1" | tr -d ' \n'
}

if [ -f "$shot" ]; then
	# the signature, then IHDR's width and height; a blank page of this
	# size is about 10 KB, index.html's top well over 50
	[ "$(bytes "$shot" 0 8)" = 89504e470d0a1a0a ] || echo "no PNG signature" >>"$tmp/why"
	[ "$(bytes "$shot" 16 8)" = 00000500000007d0 ] ||
		echo "not 1280x2000: $(bytes "$shot" 16 8)" >>"$tmp/why"
	size=$(wc -c <"$shot")
	[ "$size" -gt 30000 ] || echo "$size bytes: a blank page?" >>"$tmp/why"
else
	echo "no screenshot written" >>"$tmp/why"
fi
point "Chromium's screenshot of index.html is a 1280x2000 PNG, not blank"
echo "# screenshot: $shot"

chrome dom --dump-dom "$(url "$page")"
cp "$tmp/dom.out" "$tmp/dom.html"
[ -s "$tmp/dom.html" ] || echo "no DOM from --dump-dom" >>"$tmp/why"
walk "$tmp/dom.html" "Chromium's DOM"
groups "$tmp/dom.html" "Chromium's DOM"
point "on Chromium's DOM too, every diff is within two clicks and every failure group links home"
cat "$tmp/summary"

echo "1..$n"
[ "$failed" -eq 0 ] || exit 1
exit 0
