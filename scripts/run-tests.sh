#!/bin/sh
# The test command: builds everything with AddressSanitizer and
# UndefinedBehaviorSanitizer (warnings are errors) and runs every test with
# ctest. The last line is the summary "N passed, N failed".
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

# ctest ends with "X% tests passed, F tests failed out of T"
line=$(grep -E 'tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1 || true)
if [ -z "$line" ]; then
	echo "0 passed, 1 failed"
	exit 1
fi
failed=$(echo "$line" | sed -E 's/.*tests passed, ([0-9]+) tests? failed out of ([0-9]+).*/\1/')
total=$(echo "$line" | sed -E 's/.*tests passed, ([0-9]+) tests? failed out of ([0-9]+).*/\2/')
echo "$((total - failed)) passed, $failed failed"
[ "$status" = 0 ] && [ "$failed" = 0 ]
