#!/bin/sh
# The decode role for libdwarf's dwarfdump (docs/adapter-protocol.md, "decode"):
#   sh libdwarf-dwarfdump-decode.sh IN OUT
# dumps IN's .debug_info with `dwarfdump -i` (Debian package dwarfdump) and
# respells each variable's DW_AT_location as an `eN: ops` line in OUT. An
# expression libdwarf could not read becomes an `error` line with libdwarf's
# message. Exit status: the tool's (after converting whatever it printed), 2
# on bad usage, 127 when dwarfdump is not installed.
set -u
if [ $# -ne 2 ]; then
	echo "usage: $0 IN OUT" >&2
	exit 2
fi
in=$1
out=$2
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd) || exit 2
tool=${DWARFDUMP:-dwarfdump}
if ! command -v "$tool" >/dev/null 2>&1; then
	echo "$0: $tool is not installed" >&2
	exit 127
fi
raw=$out.tool.txt
"$tool" -i "$in" >"$raw"
rc=$?
awk -v OPERANDS="$here/operands.txt" -f "$here/canon.awk" \
	-f "$here/libdwarf-dwarfdump-decode.awk" "$raw" >"$out" || rc=3
rm -f "$raw"
exit $rc
