#!/bin/sh
# The main job: builds hdcts and runs the suite against the reference
# candidate. Until the harness (hdcts) exists, the suite is the corpus run
# through the reference in one process: `hdgen expected` computes every
# case's outputs into out/reference/ exactly as the hdref commands would
# (hdref eval for cases/expr and cases/cfi, hdref check and debuginfo for
# cases/spirv, hdref lower then dump for the valid modules; see
# docs/generators.md), and each output is compared with expected/. A
# summary is written to out/summary.txt. Exit status 1 when any output
# differs or a case cannot be read.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
sh "$top/scripts/bootstrap.sh"

build="$top/build"
jobs=$(nproc 2>/dev/null || echo 2)
cmake -S "$top" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$jobs"

out="$top/out"
rm -rf "${out:?}/reference"
mkdir -p "$out"
cd "$top"
start=$(date +%s)
status=0
"$build/generators/hdgen" expected --cases cases --out "$out/reference" || status=$?
seconds=$(($(date +%s) - start))

# expected/coverage.tsv is the coverage index, not an output of a case
differ=$(for kind in expr cfi spirv dwarf; do diff -r -q "expected/$kind" "$out/reference/$kind"; done \
	2>&1 | tee "$out/differences.txt" | wc -l)
if [ "$differ" -gt 0 ]; then
	sed 's/^/differs: /' "$out/differences.txt"
fi

# files KIND EXT: how many outputs of that kind the run wrote
files() {
	ls "$out/reference/$1" 2>/dev/null | grep -c "\.$2\$" || true
}
# outcome lines over every expression and call-frame answer
count() {
	cat "$out/reference"/expr/*.out "$out/reference"/cfi/*.out 2>/dev/null | grep -c "$1" || true
}
broken=$(grep -L -x 'no rule broken' "$out/reference/spirv"/*.check 2>/dev/null | wc -l)

{
	echo "hdcts main job: the corpus through the reference candidate (hdref library, in one process)"
	echo "suite: $(git -C "$top" describe --always --dirty 2>/dev/null || echo unknown)"
	echo "cases: expr=$(files expr out) cfi=$(files cfi out) spirv=$(files spirv check)" \
	     "opencl=$(ls cases/opencl | grep -c -e '\.cl$' -e '\.clcpp$' || true) (compiled by the tests)"
	echo "outcomes: $(count '^value') value, $(count '^location') location," \
	     "$(count 'error evaluation') evaluation error, $(count 'error ill-formed') ill-formed," \
	     "$(count '^error setup') setup error"
	echo "SPIR-V modules: $(files spirv check), of which $broken break a debug-info rule;" \
	     "lowered to DWARF and dumped: $(files dwarf dump)"
	echo "run time: ${seconds} s"
	echo "outputs differing from expected/: $differ"
	echo "hdgen expected exit status: $status"
} >"$out/summary.txt"
cat "$out/summary.txt"
[ "$differ" = 0 ] && [ "$status" = 0 ]
