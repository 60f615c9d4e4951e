#!/bin/sh
# The decode role for llvm-dwarfdump, any LLVM version
# (docs/adapter-protocol.md, "decode"):
#   sh llvm-dwarfdump-decode.sh TOOL IN OUT
# dumps IN's .debug_info with TOOL (llvm-dwarfdump-15, llvm-dwarfdump-22,
# the command the profile names) and respells each variable's
# DW_AT_location as an `eN: ops` line in OUT. One adapter reads the spelling
# of every LLVM version the shipped profiles run; what the tool could not
# decode becomes an `error` line quoting what it printed, prefixed with
# TOOL's name. Exit status: the tool's (after converting whatever it
# printed), 2 on bad usage, 127 when TOOL is not installed.
set -u
if [ $# -ne 3 ]; then
	echo "usage: $0 TOOL IN OUT" >&2
	exit 2
fi
tool=$1
in=$2
out=$3
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd) || exit 2
if ! command -v "$tool" >/dev/null 2>&1; then
	echo "$0: $tool is not installed" >&2
	exit 127
fi
raw=$out.tool.txt
"$tool" --debug-info "$in" >"$raw"
rc=$?
awk -v OPERANDS="$here/operands.txt" -v TOOL="${tool##*/}" -f "$here/canon.awk" \
	-f "$here/llvm-dwarfdump-decode.awk" "$raw" >"$out" || rc=3
rm -f "$raw"
exit $rc
