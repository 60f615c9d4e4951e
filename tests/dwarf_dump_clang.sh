#!/bin/sh
# Compiles a few CASES_DIR/*.cl kernels for amdgcn with clang-15, links them
# into code objects with ld.lld-15 (libdwarf cannot read the relocatable .o,
# docs/amdgpu-facts.md) and checks `HDREF dump` on them (docs/dwarf-dump.md):
# it succeeds, shows the kernel subprogram, its variables and types, line
# rows and CFI, and prints the same bytes twice. Then it checks that a file
# that is not ELF and a truncated ELF exit 2 with a message on stderr and
# nothing on stdout.
#
# Prints TAP version 13, a YAML block under a failure. Exits 0 when every
# point passed, 1 when one failed, 2 on a usage error, 77 (ctest's
# SKIP_RETURN_CODE) when clang-15 or ld.lld-15 is not installed.
#
# usage: dwarf_dump_clang.sh HDREF CASES_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: dwarf_dump_clang.sh HDREF CASES_DIR" >&2
	exit 2
fi
hdref=$1
cases=$2

echo "TAP version 13"
if ! command -v clang-15 >/dev/null 2>&1 ||
   ! command -v ld.lld-15 >/dev/null 2>&1; then
	echo "1..0 # SKIP clang-15/ld.lld-15 not installed"
	exit 77
fi

. "$(dirname "$0")/tap.sh"
scratch dwarf_dump_clang

n=0
failed=0

# the kernels, each with a variable and a type its dump must name
kernels="call:call_kernel:r:int struct:struct_kernel:p:point nested-blocks:nested_blocks_kernel:c:int"

# ok_if NAME STATUS FILE: a test point from a status, FILE as diagnostics
ok_if() {
	n=$((n + 1))
	if [ "$2" -eq 0 ]; then
		echo "ok $n - $1"
	else
		failed=$((failed + 1))
		echo "not ok $n - $1"
		echo "  ---"
		yaml_lines output "$3"
		echo "  ..."
	fi
}

# check_dump NAME DUMP KERNEL VAR TYPE: what every kernel's dump must hold
check_dump() {
	d=$2
	: > "$tmp/why"
	grep -q '^dwarf-dump 1$' "$d" || echo "no format line" >> "$tmp/why"
	grep -q "^    DW_TAG_subprogram \"$3\"" "$d" ||
		echo "no subprogram \"$3\"" >> "$tmp/why"
	grep -q "DW_TAG_variable \"$4\"" "$d" || echo "no variable \"$4\"" >> "$tmp/why"
	grep -q "^    DW_TAG_[a-z_]* \"$5\"" "$d" || echo "no type \"$5\"" >> "$tmp/why"
	grep -q 'DW_AT_type reference /' "$d" || echo "no type reference" >> "$tmp/why"
	grep -q 'DW_AT_location exprloc DW_OP_fbreg' "$d" ||
		echo "no decoded location" >> "$tmp/why"
	grep -q '^  lines$' "$d" || echo "no line table" >> "$tmp/why"
	grep -q '^    sequence \(function "[^"]*"\|0x[0-9a-f]*\) size 0x[0-9a-f]*' "$d" ||
		echo "no line sequence" >> "$tmp/why"
	grep -q '^      +0x0 "[^"]*" [0-9]*:[0-9]* stmt' "$d" ||
		echo "no first line row" >> "$tmp/why"
	grep -q '^frame .debug_frame$' "$d" || echo "no .debug_frame" >> "$tmp/why"
	grep -q '^  cie 1 version 4 ' "$d" || echo "no CIE" >> "$tmp/why"
	grep -q "^  fde function \"$3\" +0x0 size 0x" "$d" ||
		echo "no FDE for \"$3\"" >> "$tmp/why"
	if grep -q 'offset 0x\|DW_FORM_' "$d"; then
		echo "an offset or a form shows" >> "$tmp/why"
	fi
	if [ -s "$tmp/why" ]; then
		cat "$d" >> "$tmp/why"
		ok_if "$1" 1 "$tmp/why"
	else
		ok_if "$1" 0 "$tmp/why"
	fi
}

for k in $kernels; do
	name=${k%%:*}
	rest=${k#*:}
	kernel=${rest%%:*}
	rest=${rest#*:}
	var=${rest%%:*}
	type=${rest#*:}
	src=$tmp/$name.cl
	# without ROCm's device libraries get_global_id is an unresolved call
	sed 's/get_global_id(0)/__builtin_amdgcn_workitem_id_x()/g' \
		"$cases/$name.cl" > "$src"
	if ! clang-15 -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib -x cl \
	        -cl-std=CL2.0 -Xclang -finclude-default-header -g -O0 \
	        -c "$src" -o "$tmp/$name.o" 2> "$tmp/err" ||
	   ! ld.lld-15 -shared "$tmp/$name.o" -o "$tmp/$name.co" 2>> "$tmp/err"; then
		ok_if "$name: compile and link" 1 "$tmp/err"
		continue
	fi
	"$hdref" dump "$tmp/$name.co" > "$tmp/$name.1" 2> "$tmp/err"
	rc=$?
	cat "$tmp/err" >> "$tmp/$name.1"
	ok_if "$name: hdref dump exits 0" $rc "$tmp/$name.1"
	[ $rc -eq 0 ] || continue
	check_dump "$name: kernel, variables, types, lines and CFI" "$tmp/$name.1" \
		"$kernel" "$var" "$type"
	"$hdref" dump "$tmp/$name.co" > "$tmp/$name.2" 2>&1
	diff "$tmp/$name.1" "$tmp/$name.2" > "$tmp/diff"
	ok_if "$name: two runs print the same dump" $? "$tmp/diff"
done

# A DWARF 2 unit (clang -gdwarf-2): a block on a location attribute is an
# expression, and bit fields take DWARF 2's form (DW_AT_bit_offset from the
# top of a storage unit at DW_AT_data_member_location DW_OP_plus_uconst N).
printf 'struct bits { unsigned a : 3; int c : 7; unsigned d; } g;\n' > "$tmp/bits.c"
if clang-15 -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib -x c -g -gdwarf-2 -O0 \
        -c "$tmp/bits.c" -o "$tmp/bits.o" 2> "$tmp/err" &&
   ld.lld-15 -shared "$tmp/bits.o" -o "$tmp/bits.co" 2>> "$tmp/err"; then
	"$hdref" dump "$tmp/bits.co" > "$tmp/bits.dump" 2> "$tmp/err"
	rc=$?
	cat "$tmp/err" >> "$tmp/bits.dump"
	ok_if "DWARF 2 bit fields: hdref dump exits 0" $rc "$tmp/bits.dump"
	grep -q '^        DW_AT_data_member_location exprloc DW_OP_plus_uconst 0$' "$tmp/bits.dump" &&
		grep -q '^        DW_AT_bit_offset constant 22$' "$tmp/bits.dump"
	ok_if "DWARF 2 bit fields: the member location is an expression" $? "$tmp/bits.dump"
else
	ok_if "DWARF 2 bit fields: compile and link" 1 "$tmp/err"
fi

# bad_input NAME FILE: exit 2, a message naming the file, nothing on stdout
bad_input() {
	"$hdref" dump "$2" > "$tmp/out" 2> "$tmp/err"
	rc=$?
	{
		echo "exit status $rc"
		echo "stdout:"
		cat "$tmp/out"
		echo "stderr:"
		cat "$tmp/err"
	} > "$tmp/why"
	[ $rc -eq 2 ] && [ ! -s "$tmp/out" ] && grep -q "$2: ." "$tmp/err"
	ok_if "$1" $? "$tmp/why"
}

echo "this is not an object file" > "$tmp/notelf.co"
bad_input "a file that is not ELF exits 2" "$tmp/notelf.co"
grep -q "not an ELF file" "$tmp/err"
ok_if "the message says it is not ELF" $? "$tmp/err"

if [ -s "$tmp/call.co" ]; then
	head -c 2000 "$tmp/call.co" > "$tmp/truncated.co"
	bad_input "a truncated ELF exits 2" "$tmp/truncated.co"
fi

finish kernels "$cases"
