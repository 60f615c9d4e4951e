#!/bin/sh
# Times `hdref check` and SPIRV-Tools' spirv-val on one large valid
# OpenCL.DebugInfo.100 module written by gen_spirv_big (1,000,000 debug-info
# instructions), prints both times and their ratio, then times hdref on
# 250,000 and 1,000,000 instructions to show how its time grows: a ratio near
# 4 is linear. Each time is the best of RUNS runs (default 3), wall clock.
#
# usage: spirv_validate.sh BUILD_DIR
# (BUILD_DIR holds bench/gen_spirv_big and reference/hdref/hdref; spirv-val
# must be on PATH, or only the hdref numbers are printed)

if [ "$#" -ne 1 ]; then
	echo "usage: spirv_validate.sh BUILD_DIR" >&2
	exit 2
fi
gen=$1/bench/gen_spirv_big
hdref=$1/reference/hdref/hdref
runs=${RUNS:-3}
big=1000000
small=250000
for tool in "$gen" "$hdref"; do
	if [ ! -x "$tool" ]; then
		echo "spirv_validate.sh: $tool not built" >&2
		exit 2
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/spirv_validate.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' 0
trap 'exit 2' HUP INT TERM

. "$(dirname "$0")/common.sh"

"$gen" "$big" "$tmp/big.spv" || exit 1
"$gen" "$small" "$tmp/small.spv" || exit 1
bytes=$(wc -c <"$tmp/big.spv" | tr -d ' ')
echo "module: $big OpenCL.DebugInfo.100 instructions (+5 fixed), $bytes bytes; best of $runs runs"

t_big=$(best "$hdref" check "$tmp/big.spv") || exit 1
echo "hdref check:     $t_big s"
if command -v spirv-val >/dev/null 2>&1; then
	t_val=$(best spirv-val --target-env spv1.3 "$tmp/big.spv") || exit 1
	echo "spirv-val:       $t_val s"
	echo "hdref/spirv-val: $(ratio "$t_big" "$t_val")"
else
	echo "spirv-val:       not installed"
fi

t_small=$(best "$hdref" check "$tmp/small.spv") || exit 1
echo "hdref check, $small instructions: $t_small s"
echo "hdref check, $big instructions: $t_big s"
echo "scaling ($big/$small = 4 when linear): $(ratio "$t_big" "$t_small")"
