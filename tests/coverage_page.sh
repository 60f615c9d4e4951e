#!/bin/sh
# The coverage map a specification editor publishes (docs/generators.md,
# "The coverage page"), as `hdgen coverage` writes it now (tests/drift.sh
# checks the committed docs/coverage.md and docs/coverage.html are that):
#  - hdgen coverage exits 0 and finds every universe item cited;
#  - every row of every universe table of coverage.md cites, part by part,
#    one of the documents the map lists, and no row says "uncited";
#  - the single-case column of the summary counts exactly the rows marked
#    "1 (single case)", in coverage.md's tables and in the page's;
#  - coverage.html has the summary of coverage.md, area by area, and a row
#    per universe item with a source;
#  - coverage.html is one self-contained page under 1 MiB: no script, no src,
#    no link element, no url(), every href "#id" landing on one id; and it
#    parses as HTML when xmllint is installed.
# Prints TAP version 13, one test per point.
#
# usage: coverage_page.sh HDGEN SOURCE_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: coverage_page.sh HDGEN SOURCE_DIR" >&2
	exit 2
fi
hdgen=$1
src=$2
. "$(dirname "$0")/tap.sh"
scratch coverage-page
n=0
failed=0
md=$tmp/coverage.md
page=$tmp/coverage.html

echo "TAP version 13"
: >"$tmp/why"
"$hdgen" coverage --cases "$src/cases" --write "$md" --html "$page" 2>"$tmp/err" ||
	{ echo "hdgen coverage failed:"; cat "$tmp/err"
	  sed -n '/^## Uncited/,/^## /{/^- /p}' "$md" | head -n 20; } >>"$tmp/why"
grep -q ' 0 without a citation,' "$tmp/err" || [ -s "$tmp/why" ] || cat "$tmp/err" >>"$tmp/why"
point "hdgen coverage writes the map and the page, every universe item cited"

# The summary of coverage.md: "area<TAB>universe<TAB>covered<TAB>missing<TAB>
# single<TAB>uncited", one line per area.
awk -F' [|] ' '/^[|] area [|] universe [|]/ { on = 1; next } on && /^[|]---/ { next }
on && !/^[|]/ { exit }
on { sub(/^[|] /, "", $1); sub(/ [|]$/, "", $6); print $1 "\t" $2 "\t" $3 "\t" $4 "\t" $5 "\t" $6 }' \
	"$md" >"$tmp/summary"
cut -f1 "$tmp/summary" >"$tmp/areas"
[ "$(wc -l <"$tmp/areas")" -eq 5 ] || { echo "the summary has not 5 areas:"; cat "$tmp/summary"; } \
	>>"$tmp/why"

# The documents the map lists ("- **NAME**: title"), and every source cell
# of the universe tables: the last cell of a row of a section whose heading
# is an area of the summary.
sed -n 's/^- \*\*\(.*\)\*\*: .*/\1/p' "$md" >"$tmp/docs"
[ -s "$tmp/docs" ] || echo "coverage.md lists no documents" >>"$tmp/why"
awk -v areas="$tmp/areas" '
BEGIN { while ((getline a < areas) > 0) area["## " a] = 1 }
/^## / { on = ($0 in area); next }
on && /^[|] `/ { n = split($0, c, " [|] "); s = c[n]; sub(/ [|]$/, "", s); print s }' \
	"$md" >"$tmp/sources"
rows=$(wc -l <"$tmp/sources")
awk -v docs="$tmp/docs" '
BEGIN { while ((getline d < docs) > 0) doc[++nd] = d }
{
	m = split($0, part, "; ")
	for (i = 1; i <= m; i++) {
		ok = 0
		for (k = 1; k <= nd; k++)
			if (index(part[i], doc[k]) == 1) ok = 1
		if (!ok) { print "line " NR ": \"" part[i] "\" cites no listed document"; bad++ }
	}
}
END { exit bad > 0 }' "$tmp/sources" | head -n 20 >>"$tmp/why"
grep -n 'uncited' "$tmp/sources" | head -n 20 >>"$tmp/why"
[ "$rows" -gt 0 ] || echo "no universe rows found in coverage.md" >>"$tmp/why"
point "every row of coverage.md's universe tables cites a listed document ($rows rows)"

# Rows marked "1 (single case)" per area, in coverage.md: the tables, and the
# SPIR-V instructions' "of them on a single case" column and operand list.
awk -v areas="$tmp/areas" '
BEGIN { while ((getline a < areas) > 0) area["## " a] = 1 }
/^## / { cur = substr($0, 4); on = ($0 in area); next }
on && /^[|] `/ {
	n = split($0, c, " [|] ")
	single[cur] += (c[2] == "1 (single case)")
	if (n == 5) single[cur] += c[4]
}
END { for (a in single) print a "\t" single[a] }' "$md" | sort >"$tmp/md.single"
cut -f1,5 "$tmp/summary" | sort >"$tmp/sum.single"
diff "$tmp/sum.single" "$tmp/md.single" >"$tmp/diff" ||
	{ echo "summary (<) and single-case rows of the tables (>):"; cat "$tmp/diff"; } >>"$tmp/why"
point "coverage.md's single-case column counts its rows marked single case"

# The page's summary and rows: "area<TAB>universe<TAB>...", and per area the
# rows of its table, how many are marked single case and how many cite.
awk '/<h2 id="summary">/ { on = 1; next } on && /<\/table>/ { on = 0 }
on && /^<tr><td>/ {
	line = $0; gsub(/<[^>]*>/, "\t", line); gsub(/\t+/, "\t", line)
	split(line, f, "\t"); print f[2] "\t" f[3] "\t" f[4] "\t" f[5] "\t" f[6] "\t" f[7]
}' "$page" >"$tmp/page.summary"
diff "$tmp/summary" "$tmp/page.summary" >"$tmp/diff" ||
	{ echo "coverage.md (<) and coverage.html (>) summaries:"; cat "$tmp/diff"; } >>"$tmp/why"
awk '/<h2 id="area-[0-9]+">/ { cur = $0; gsub(/<[^>]*>/, "", cur); next }
/^<h2/ { cur = "" }
cur != "" && /^<tr><td><code>/ {
	rows[cur]++
	single[cur] += index($0, "<td class=\"part\">1 (single case)</td>") > 0
	cited[cur] += index($0, "uncited") == 0
}
END { for (a in rows) print a "\t" rows[a] "\t" single[a] "\t" cited[a] }' "$page" |
	sort >"$tmp/page.rows"
awk -F'\t' '{ print $1 "\t" $2 "\t" $5 "\t" $2 - $6 }' "$tmp/summary" | sort >"$tmp/want.rows"
diff "$tmp/want.rows" "$tmp/page.rows" >"$tmp/diff" ||
	{ echo "area, universe, single case, cited: summary (<) and the page's rows (>):"
	  cat "$tmp/diff"; } >>"$tmp/why"
point "coverage.html has coverage.md's summary and a cited row per universe item"

size=$(wc -c <"$page")
[ "$size" -lt 1048576 ] || echo "coverage.html is $size bytes, not under 1 MiB" >>"$tmp/why"
grep -n -i -E '<script|<link|[[:space:]]src=|url\(|@import' "$page" | head -n 5 >>"$tmp/why"
grep -o 'href="[^"]*"' "$page" | grep -v '^href="#' | head -n 5 >>"$tmp/why"
grep -o 'id="[^"]*"' "$page" | sed 's/^id="//; s/"$//' | sort >"$tmp/ids"
sort -u "$tmp/ids" | cmp -s - "$tmp/ids" || echo "repeated ids" >>"$tmp/why"
grep -o 'href="#[^"]*"' "$page" | sed 's/^href="#//; s/"$//' | sort -u >"$tmp/hrefs"
sort -u "$tmp/ids" | comm -23 "$tmp/hrefs" - | sed 's/^/links to no id: #/' >>"$tmp/why"
if have xmllint; then
	xmllint --html --noout "$page" >>"$tmp/why" 2>&1
fi
point "coverage.html is one self-contained page under 1 MiB, its links land"

echo "1..$n"
[ "$failed" -eq 0 ]
