#!/bin/sh
# The committed gfx9 opcode table is what scripts/gen-gfx9-opcodes.sh writes
# from llvm-mc-15 now (docs/gfx9-isa.md, "The opcode table"). llvm-mc-22,
# when installed, is a cross-check: the rows it prints differently are
# listed as TAP comments, not failed (newer LLVM renames and adds opcodes).
# Exit 77 when llvm-mc-15 is missing.
#
# usage: isa_table.sh SOURCE_DIR
src=$1
command -v llvm-mc-15 >/dev/null || { echo "1..0 # SKIP llvm-mc-15 is not installed"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "TAP version 13"
echo "1..2"
if sh "$src/scripts/gen-gfx9-opcodes.sh" llvm-mc-15 >"$tmp/def" &&
   cmp -s "$tmp/def" "$src/reference/amdgpu/isa/gfx9-opcodes.def"; then
	echo "ok 1 - gfx9-opcodes.def is what llvm-mc-15 decodes ($(grep -c '^X' "$tmp/def") rows)"
else
	echo "not ok 1 - gfx9-opcodes.def differs from scripts/gen-gfx9-opcodes.sh's output"
	diff "$src/reference/amdgpu/isa/gfx9-opcodes.def" "$tmp/def" | head -20 | sed 's/^/# /'
fi
if command -v llvm-mc-22 >/dev/null && sh "$src/scripts/gen-gfx9-opcodes.sh" llvm-mc-22 >"$tmp/def22"; then
	grep '^X' "$tmp/def" | LC_ALL=C sort >"$tmp/a"
	grep '^X' "$tmp/def22" | LC_ALL=C sort >"$tmp/b"
	echo "ok 2 - llvm-mc-22 cross-check: $(comm -23 "$tmp/a" "$tmp/b" | wc -l) rows of llvm-mc-15 read differently"
	comm -3 "$tmp/a" "$tmp/b" | head -20 | sed 's/^/# /'
else
	echo "ok 2 # SKIP llvm-mc-22 is not installed"
fi
