#!/bin/sh
# The decode role for llvm-dwarfdump-15 (docs/adapter-protocol.md, "decode"):
#   sh llvm-dwarfdump-15-decode.sh IN OUT
# dumps IN's .debug_info with llvm-dwarfdump-15 and respells each variable's
# DW_AT_location as an `eN: ops` line in OUT. What LLVM 15 could not decode
# becomes an `error` line quoting what it printed. Exit status: the tool's
# (after converting whatever it printed), 2 on bad usage, 127 when
# llvm-dwarfdump-15 is not installed.
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 IN OUT" >&2
	exit 2
fi
in=$1
out=$2
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd) || exit 2
tool=${LLVM_DWARFDUMP:-llvm-dwarfdump-15}
if ! command -v "$tool" >/dev/null 2>&1; then
	echo "$0: $tool is not installed" >&2
	exit 127
fi
raw=$out.tool.txt
"$tool" --debug-info "$in" >"$raw"
rc=$?
awk -v OPERANDS="$here/operands.txt" -f "$here/canon.awk" \
	-f "$here/llvm-dwarfdump-15-decode.awk" "$raw" >"$out" || rc=3
rm -f "$raw"
exit $rc
