#!/bin/sh
# The intel-gt profile on a real Intel GPU object: IGC (Debian's
# intel-opencl-icd, ocloc) compiles a kernel with -g, and the canonical dump
# of its debug ELF must pick intel-gt from the object's machine and decode
# IGC's DW_OP_INTEL_* locations; an AMDGPU object must not (docs/intel-gt.md).
# Prints TAP version 13; skips without ocloc.
#
# usage: intel_gt_dump.sh HDREF SOURCE_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: intel_gt_dump.sh HDREF SOURCE_DIR" >&2
	exit 2
fi
hdref=$1
src=$2
. "$(dirname "$0")/tap.sh"
if ! have ocloc; then
	printf 'ok 1 - intel-gt dump # SKIP ocloc not installed (intel-opencl-icd)\n1..1\n'
	exit 0
fi
scratch intel-gt-dump
n=0
failed=0

printf 'kernel void add(global int *a, int b)\n{\n\tint i = get_global_id(0);\n\ta[i] = a[i] + b;\n}\n' \
	>"$tmp/k.cl"
(cd "$tmp" && IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$tmp/dump" \
	ocloc compile -file k.cl -device skl -options "-g -cl-opt-disable" -output k \
	>"$tmp/ocloc.log" 2>&1) || { echo "ocloc failed:"; cat "$tmp/ocloc.log"; } >>"$tmp/why"
elf=$(ls "$tmp"/dump/*simd*_entry_*.elf 2>/dev/null | head -n 1)
[ -n "$elf" ] || echo "ocloc wrote no debug ELF under $tmp/dump" >>"$tmp/why"
point "ocloc compiles a kernel with -g and dumps its debug ELF"

if [ -n "$elf" ]; then
	"$hdref" dump "$elf" >"$tmp/dump.txt" 2>"$tmp/dump.err" ||
		{ echo "hdref dump failed:"; cat "$tmp/dump.err"; } >>"$tmp/why"
	for want in 'encoding intel-gt (an Intel GPU object)' \
		'DW_AT_location exprloc DW_OP_INTEL_push_simd_lane;' \
		'DW_OP_INTEL_regs;' 'DW_OP_INTEL_push_bit_piece_stack' \
		'DW_AT_INTEL_simd_width constant'; do
		grep -qF "$want" "$tmp/dump.txt" || echo "no \`$want\` in the dump" >>"$tmp/why"
	done
	[ -s "$tmp/why" ] && head -n 40 "$tmp/dump.txt" >>"$tmp/why"
fi
point "the dump of IGC's object is read in intel-gt and decodes its locations"

# Optimised, IGC writes location lists in .debug_loc (DWARF 4 2.6.2),
# which the dump reads from the section's bytes (docs/dwarf-dump.md,
# "Lists").
(cd "$tmp" && IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$tmp/dump2" \
	ocloc compile -file k.cl -device skl -options "-g" -output k2 \
	>"$tmp/ocloc2.log" 2>&1) || { echo "ocloc -O2 failed:"; cat "$tmp/ocloc2.log"; } >>"$tmp/why"
elf2=$(ls "$tmp"/dump2/*simd*_entry_*.elf 2>/dev/null | head -n 1)
if [ -n "$elf2" ]; then
	"$hdref" dump "$elf2" >"$tmp/dump2.txt" 2>"$tmp/dump2.err" ||
		{ echo "hdref dump failed:"; cat "$tmp/dump2.err"; } >>"$tmp/why"
	grep -A1 'DW_AT_location loclist$' "$tmp/dump2.txt" | grep -q '^ *\[+0x[0-9a-f]*, +0x[0-9a-f]*) DW_OP_' ||
		{ echo "no decoded .debug_loc entry in:"; head -n 60 "$tmp/dump2.txt"; } >>"$tmp/why"
else
	echo "ocloc wrote no optimised debug ELF under $tmp/dump2" >>"$tmp/why"
fi
point "an optimised kernel's .debug_loc lists are decoded"

# damage_loc ELF OUT WHAT: a copy of ELF with its .debug_loc damaged: "len"
# sets the first entry's expression length to 0xffff, "size" cuts the
# section to 4 bytes in its header. ELF64 little-endian, as IGC writes.
damage_loc() {
	perl -e '
		my ($in, $out, $what) = @ARGV;
		open(my $f, "<:raw", $in) or die; local $/; my $b = <$f>; close $f;
		my ($shoff) = unpack("Q<", substr($b, 0x28, 8));
		my ($shentsize, $shnum, $shstrndx) = unpack("S<S<S<", substr($b, 0x3a, 6));
		my $strtab = unpack("Q<", substr($b, $shoff + $shstrndx * $shentsize + 0x18, 8));
		for my $i (0 .. $shnum - 1) {
			my $h = $shoff + $i * $shentsize;
			my $name = unpack("L<", substr($b, $h, 4));
			my $s = substr($b, $strtab + $name, 11);
			next unless $s eq ".debug_loc\0";
			my $off = unpack("Q<", substr($b, $h + 0x18, 8));
			if ($what eq "len") { substr($b, $off + 16, 2) = pack("S<", 0xffff); }
			else { substr($b, $h + 0x20, 8) = pack("Q<", 4); }
		}
		open(my $o, ">:raw", $out) or die; print $o $b; close $o;
	' "$1" "$2" "$3"
}

if [ -n "$elf2" ]; then
	for what in len size; do
		damage_loc "$elf2" "$tmp/bad-$what.elf" "$what"
		"$hdref" dump "$tmp/bad-$what.elf" >"$tmp/bad.txt" 2>"$tmp/bad.err"
		status=$?
		broken="a list"
		[ "$what" = len ] && broken="an expression"
		if [ "$status" != 2 ] ||
		   ! grep -q "\.debug_loc offset 0x[0-9a-f]*: $broken that runs past the end of the section" "$tmp/bad.err"; then
			{ echo "damaged .debug_loc ($what): exit $status, want 2 naming the offset:"
			  cat "$tmp/bad.err"; } >>"$tmp/why"
		fi
		[ -s "$tmp/bad.txt" ] && echo "damaged .debug_loc ($what): a half dump on stdout" >>"$tmp/why"
	done
fi
point "a .debug_loc entry past the section's end is an error naming its offset, with nothing printed"

# an AMDGPU object of the corpus stays in the extension's profile
obj=$tmp/a.o
"$hdref" lower "$src/cases/spirv/di100-DebugCompilationUnit-valid.spvasm" -o "$obj" \
	>"$tmp/lower.log" 2>&1 || obj=
if [ -n "$obj" ]; then
	"$hdref" dump "$obj" >"$tmp/amd.txt" 2>&1 || echo "hdref dump $obj failed" >>"$tmp/why"
	! grep -q '^encoding intel-gt' "$tmp/amd.txt" || echo "an AMDGPU object was read as intel-gt" >>"$tmp/why"
else
	echo "no AMDGPU object to compare with" >>"$tmp/why"
fi
point "an AMDGPU object is not read as intel-gt"

finish "intel-gt dumps" "$tmp"
