#!/bin/sh
# The gimli-0.27 evaluate role: hdref serves the case through the target
# protocol (docs/adapter-protocol.md) and hdcts-gimli, built next to hdref
# by CMake (harness/CMakeLists.txt), evaluates it with gimli.
#
# usage: gimli-evaluate.sh HDREF CASE OUT
set -eu
hdref=$1
in=$2
out=$3
bin=$(dirname "$hdref")/../../harness/gimli/release/hdcts-gimli
if [ ! -x "$bin" ]; then
	echo "gimli-evaluate: $bin is not built; CMake builds it when Debian's cargo, rustc, librust-gimli-dev and librust-serde-json-dev are installed" >&2
	exit 2
fi
exec "$hdref" target "$in" -- "$bin" > "$out"
