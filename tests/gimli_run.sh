#!/bin/sh
# The gimli-0.27 evaluate profile run for real through the target protocol
# (docs/findings.md, "gimli 0.27"), on slices of cases/expr and cases/cfi:
#  - the DWARF 5 operations on memory, registers (in the top frame and,
#    from frame answers, in a caller's), pieces, writes and location
#    lists give the reference's results;
#  - and its differences show as failures with what gimli did: a bare
#    stack value taken for a memory address (DWARF 5 2.6.1.1.2), a
#    register location with operations after it refused, the extension's
#    operations unknown, and every CIE with the extension's augmentation
#    string "[amd:v0.0]" refused, so no AMDGPU frame unwinds.
# Prints TAP version 13; skips when hdcts-gimli was not built (it needs
# Debian's cargo, librust-gimli-dev and librust-serde-json-dev).
#
# usage: gimli_run.sh HDCTS HDREF SOURCE_DIR

if [ "$#" -ne 3 ]; then
	echo "usage: gimli_run.sh HDCTS HDREF SOURCE_DIR" >&2
	exit 2
fi
hdcts=$1
hdref=$2
src=$3
. "$(dirname "$0")/tap.sh"
if [ ! -x "$(dirname "$hdref")/../../harness/gimli/release/hdcts-gimli" ]; then
	printf 'ok 1 - gimli-0.27 # SKIP hdcts-gimli not built (Debian cargo, librust-gimli-dev, librust-serde-json-dev)\n1..1\n'
	exit 0
fi
scratch gimli-run
n=0
failed=0
HDCTS_SUITE=$src
HDREF=$hdref
export HDCTS_SUITE HDREF

# expect CASE DIR OUTCOME [TEXT]: the case's evaluate result
expect() {
	expect_result "$1" evaluate "$2" "$3" "${4:-}"
}

# run NAME GLOB: a run into $tmp/NAME with no crash, timeout or internal error
run() {
	run_profile gimli-0.27 "$1" "$2"
	if grep -qs '"outcome":"\(crash\|timeout\|internal-error\)"' "$tmp/$1/journal.jsonl"; then
		echo "$2: a crash, timeout or internal error:" >>"$tmp/why"
		grep '"outcome":"\(crash\|timeout\|internal-error\)"' "$tmp/$1/journal.jsonl" |
			cut -c1-300 >>"$tmp/why"
	fi
}

run mem 'expr/mem-*'
run reg 'expr/reg-*'
run loclist 'expr/loclist-*'
run composite 'expr/composite-*'
run write 'expr/write-*'
point "gimli-0.27 runs every slice to an outcome, with TAP that parses"

expect expr/mem-breg "$tmp/mem" pass
expect expr/mem-addrx "$tmp/mem" pass
expect expr/reg-regx-vgpr "$tmp/reg" pass
expect expr/reg-regx-unwound "$tmp/reg" pass
expect expr/loclist-bounded "$tmp/loclist" pass
expect expr/loclist-default "$tmp/loclist" pass
expect expr/composite-bit-piece "$tmp/composite" pass
expect expr/write-composite "$tmp/write" pass
point "DWARF 5 memory, registers, caller frames, location lists, pieces and writes give the reference's results"

run arith 'expr/arith-a*'
expect expr/arith-abs "$tmp/arith" fail 'memory global addr=0x5 bit=0'
point "a bare stack value is a memory address to gimli, a value to the extension"

run stackvar 'expr/amdgpu-stack-variable*'
expect expr/amdgpu-stack-variable "$tmp/stackvar" fail 'gimli-InvalidExpressionTerminator'
point "gimli refuses operations after a register location"

run aspace 'expr/gen-op-llvm_form_aspace_address-amdgpu-v0'
expect expr/gen-op-llvm_form_aspace_address-amdgpu-v0 "$tmp/aspace" fail 'unknown-opcode'
point "the extension's operations are unknown to gimli"

run cfa 'cfi/gen-cfa-def_cfa-d32-w*'
expect cfi/gen-cfa-def_cfa-d32-w64 "$tmp/cfa" fail 'gimli-UnknownAugmentation'
point "gimli refuses the CIE augmentation string [amd:v0.0]"

finish "gimli-0.27 results" "$src/cases"
