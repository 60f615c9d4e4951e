#!/bin/sh
# The value check of the reference lowering (docs/value-check.md) on every
# module that has a watch in EXPECTED/watch: NAME.cl.watch and
# NAME.clcpp.watch are kernels of CASES/opencl, compiled the way hdgen does
# (clang-15 for spir64 at -O0, llvm-spirv-15); NAME.watch is
# CASES/spirv/NAME.spvasm. Each module is one test point: `hdref watch
# --check` must find every variable right at every stop and lane.
#
# Prints TAP version 13. Exits 1 when a point failed or there was none, 2 on
# a usage error. Kernels are skipped, with the reason, when clang-15 or
# llvm-spirv-15 is missing.
#
# usage: value_check.sh HDREF CASES EXPECTED
#        value_check.sh --one HDREF CASES WATCH OUTDIR   (one module, for xargs)

# one HDREF CASES WATCH OUTDIR: writes OUTDIR/WATCH.tap, a TAP line without
# its number and the diagnostics of a failure.
. "$(dirname "$0")/tap.sh"

one() {
	hdref=$1 cases=$2 w=${3##*/} dir=$4
	name=${w%.watch}
	out=$dir/$w
	case $name in
	*.cl | *.clcpp)
		src=$cases/opencl/$name
		if ! have clang-15 || ! have llvm-spirv-15; then
			echo "ok - $name # SKIP clang-15/llvm-spirv-15 not installed" >"$out.tap"
			return 0
		fi
		# shellcheck disable=SC2046 # the flags are lists of words
		if ! clang-15 -target spir64 $(opencl_lang "$src") $(typed_pointers 15) -g -gdwarf-5 -O0 \
			$(debug_macro "$src") -emit-llvm -c "$src" \
			-o "$out.bc" 2>"$out.err" ||
		   ! llvm-spirv-15 --spirv-debug-info-version=ocl-100 "$out.bc" -o "$out.spv" \
			2>>"$out.err"; then
			{ echo "not ok - $name"; sed 's/^/# /' "$out.err"; } >"$out.tap"
			return 0
		fi
		module=$out.spv
		;;
	*)
		src=$cases/spirv/$name.spvasm
		module=$src
		;;
	esac
	if "$hdref" watch --check --directives "$src" "$module" >"$out.log" 2>&1; then
		echo "ok - $name" >"$out.tap"
	else
		{ echo "not ok - $name"; sed 's/^/# /' "$out.log"; } >"$out.tap"
	fi
	rm -f "$out.bc" "$out.spv" "$out.err" "$out.log"
}

if [ "${1:-}" = --one ] && [ "$#" -eq 5 ]; then
	one "$2" "$3" "$4" "$5"
	exit 0
fi
if [ "$#" -ne 3 ]; then
	echo "usage: value_check.sh HDREF CASES EXPECTED" >&2
	exit 2
fi
scratch value_check
n=0
failed=0

echo "TAP version 13"
# as many at a time as there are cores: each module is independent
find "$3/watch" -name '*.watch' | sort >"$tmp/list"
xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} sh "$0" --one "$1" "$2" {} "$tmp" \
	<"$tmp/list"
while read -r w; do
	numbered "$tmp/${w##*/}.tap" "${w##*/}"
done <"$tmp/list"
finish watches "$3/watch"
