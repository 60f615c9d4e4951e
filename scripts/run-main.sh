#!/bin/sh
# The main job: builds hdcts and runs the suite against the reference
# candidate (docs/harness.md): every case of cases/ in every role the
# reference plays, judged against expected/. The reports go to
# reports/reference/ (results.json, junit.xml, summary.md, index.html, and
# the journal); the TAP stream to reports/reference/run.tap. Exit status 1
# when a must-pass result does not conform.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/scripts/bootstrap.sh"

build="$top/build"
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$jobs"

cd "$top"
out=reports/reference
rm -rf "$out"
mkdir -p "$out"
status=0
"$build/harness/hdcts" run --candidate reference -j "$jobs" --out "$out" \
	>"$out/run.tap" || status=$?
cat "$out/summary.md"
echo "reports: $out/index.html (TAP: $out/run.tap)"
exit "$status"
