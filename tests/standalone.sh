#!/bin/sh
# The project stands alone (docs/sources.md): no tracked file may point at
# material its users don't have -- the maintainers' private notes of facts,
# their working copies of the specifications by file number, or paths of
# the machine the project was written on. A fact the project relies on is
# restated in docs/ with its public source instead. Prints TAP version 13,
# one test per forbidden kind of pointer, each failure with the first
# offending lines.
#
# usage: standalone.sh SOURCE_DIR

if [ "$#" -ne 1 ]; then
	echo "usage: standalone.sh SOURCE_DIR" >&2
	exit 2
fi
src=$1
. "$(dirname "$0")/tap.sh"
scratch standalone
n=0
failed=0

# The tracked files; outside a git checkout (an unpacked source package)
# every file but build directories.
if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git -C "$src" ls-files -z >"$tmp/files" || exit 2
else
	(cd "$src" && find . -path './build*' -prune -o -path './.git' -prune -o \
		-type f -print0) >"$tmp/files" || exit 2
fi

# forbid NAME REGEX [-i]: a test point, failing with the lines of tracked
# files that match the extended regular expression. The patterns are
# spelled so that this file does not match them itself.
forbid() {
	(cd "$src" && xargs -0 grep -I -n -E $3 -e "$2" -- <"$tmp/files") \
		>"$tmp/hits" 2>/dev/null
	head -n 20 "$tmp/hits" >"$tmp/why"
	count=$(wc -l <"$tmp/hits")
	[ "$count" -gt 20 ] && echo "... $count lines in all" >>"$tmp/why"
	point "$1"
}

echo "TAP version 13"
forbid "no file points at the private reference-facts notes" 'REFERENCE[-]FACTS'
forbid "no file points at a sibling shared directory" '[.][.]/shared'
forbid "no file names a path under /work" '/wor[k]/'
forbid "no file cites a specification by its working-copy number" '[s]eed 00[0-4]' -i
echo "1..$n"
[ "$failed" -eq 0 ]
