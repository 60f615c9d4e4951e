#!/bin/sh
# The test command: builds everything with AddressSanitizer and
# UndefinedBehaviorSanitizer (warnings are errors) and runs every test with
# ctest; then runs each libFuzzer target for 5 seconds on its committed
# seed corpus (scripts/fuzz.sh, docs/fuzzing.md), one more test that passes
# when no target finds anything and is skipped, with the reason, without
# clang's libFuzzer. The last line is the summary "N passed, N failed".
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/scripts/bootstrap.sh" tests

build="$top/build-tests"
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DHDCTS_SANITIZE=ON -DHDCTS_WERROR=ON >/dev/null
cmake --build "$build" -j "$jobs"

log="$build/ctest.log"
status=0
(cd "$build" && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	ctest --output-on-failure -j "$jobs") >"$log" 2>&1 || status=$?
cat "$log"

# The fuzz targets, a short fixed time each (docs/fuzzing.md, "In CI").
fuzz_status=0
sh "$top/scripts/fuzz.sh" 5 >"$build/fuzz.log" 2>&1 || fuzz_status=$?
cat "$build/fuzz.log"

# ctest ends with "X% tests passed, F tests failed out of T"
line=$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1 || true)
if [ -z "$line" ]; then
	echo "0 passed, 1 failed"
	exit 1
fi
failed=$(echo "$line" | sed -E 's/.*tests passed, ([0-9]+) tests? failed out of ([0-9]+).*/\1/')
total=$(echo "$line" | sed -E 's/.*tests passed, ([0-9]+) tests? failed out of ([0-9]+).*/\2/')
case $fuzz_status in
0) total=$((total + 1)); echo "fuzz: PASS (no target found anything)" ;;
77) echo "fuzz: SKIP (clang or libFuzzer missing; see above)" ;;
*) total=$((total + 1)); failed=$((failed + 1)); echo "fuzz: FAIL (see above)" ;;
esac
echo "$((total - failed)) passed, $failed failed"
[ "$status" = 0 ] && [ "$failed" = 0 ]
