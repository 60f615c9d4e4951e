#!/bin/sh
# hdref codeobj-dump against LLVM's own readers on real code objects
# (docs/amdgpu-dispatch.md): small OpenCL C kernels compiled by clang-15 and
# clang-22 for gfx90a and gfx900, code object versions 4 and 5, linked by
# ld.lld with and without the ROCm device libraries
# (harness/adapters/amdgcn-link.sh). For each object:
#   - every argument's offset, size and value kind, and each kernel's sizes
#     and counts, are what llvm-readelf --notes prints of the metadata note;
#   - every `.amdhsa_*` line of the descriptor is what llvm-objdump-22
#     disassembles the NAME.kd symbol to (llvm-objdump-15 cannot decode a
#     descriptor), and the entry is the kernel's function symbol;
#   - the initial state of a dispatch has one user SGPR per enabled field
#     and the packet and kernarg values of the defaults.
# Then malformed files exit 2 with a message and print nothing.
#
# Prints TAP version 13. Exits 0 when every point passed, 1 when one failed,
# 2 on a usage error, 77 when neither clang-15 nor clang-22 (with its
# ld.lld and llvm-readelf) is installed.
#
# usage: codeobj_tools.sh HDREF SOURCE_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: codeobj_tools.sh HDREF SOURCE_DIR" >&2
	exit 2
fi
hdref=$1
src=$2
link=$src/harness/adapters/amdgcn-link.sh

echo "TAP version 13"
. "$(dirname "$0")/tap.sh"
scratch codeobj_tools
n=0
failed=0
versions=
for v in 15 22; do
	have clang-$v && have ld.lld-$v && have llvm-readelf-$v && versions="$versions $v"
done
if [ -z "$versions" ]; then
	echo "1..0 # SKIP neither clang-15 nor clang-22 with ld.lld and llvm-readelf is installed"
	exit 77
fi
devlibs=nogpulib
[ -f /usr/lib/x86_64-linux-gnu/amdgcn/bitcode/ockl.bc ] && devlibs="nogpulib devlibs"

cat >"$tmp/k.cl" <<'CL'
__constant int table[4] = { 1, 2, 3, 4 };
__global int counter = 7;
__kernel void add(__global int *out, __global const int *in, int k, float f)
{
	size_t i = get_global_id(0);
	int priv[8];
	for (int j = 0; j < 8; j++)
		priv[j] = in[(i + j) % 8] + table[j % 4];
	out[i] = priv[i % 8] + k + (int)f + counter;
}
__kernel void two(__global long *p, __local int *l, char c, ulong w)
{
	l[get_local_id(0)] = c;
	barrier(CLK_LOCAL_MEM_FENCE);
	p[get_global_id(1)] = l[0] + w + get_local_size(0);
}
CL

# meta_readelf OBJ: "KERNEL arg OFFSET SIZE KIND" and "KERNEL .key VALUE"
# lines from llvm-readelf's YAML of the metadata note (keys sorted, so a
# kernel's .args come before its .name).
meta_readelf() {
	"llvm-readelf-$v" --notes "$1" | awk '
	function arg_end() { if (off != "") args = args " arg " off " " size " " kind "\n"; off = "" }
	function kernel_end(   a, i, m) {
		arg_end()
		if (name != "") {
			m = split(args keys, a, "\n")
			for (i = 1; i < m; i++) print name a[i]
		}
		name = ""; args = ""; keys = ""
	}
	# key: value of a line, without the indent and the list dash
	function split_kv(   line) {
		line = $0; sub(/^ *(- )?/, "", line)
		key = line; sub(/:.*/, "", key)
		val = line; sub(/^[^:]*: */, "", val)
	}
	/^  - / || /^[a-z]/ { kernel_end() }
	/^      - / { arg_end() }
	/^      - \.|^        \./ {
		split_kv()
		if (key == ".offset") off = val
		if (key == ".size") size = val
		if (key == ".value_kind") kind = val
		next
	}
	/^  - \.|^    \./ {
		split_kv()
		if (val == "") next
		if (key == ".name") name = val
		keys = keys " " key " " val "\n"
	}
	END { kernel_end() }' | sort
}

# meta_hdref DUMP: the same lines from hdref codeobj-dump.
meta_hdref() {
	awk '/^kernel / { name = $2; next }
	     name != "" && $1 == "arg" { print name " arg " $2 " " $3 " " $4; next }
	     name != "" && $1 ~ /^\.[a-z_]+$/ && $1 !~ /^\.amdhsa_/ { print name " " $1 " " $2 }' "$1" | sort
}

# kd_objdump OBJ / kd_hdref DUMP: "KERNEL .amdhsa_x VALUE" lines.
kd_objdump() {
	llvm-objdump-22 -D -j .rodata "$1" | awk '
	/^\.amdhsa_kernel / { name = $2; next }
	/^\.end_amdhsa_kernel/ { name = ""; next }
	name != "" && $1 ~ /^\.amdhsa_/ { print name " " $1 " " $2 }' | sort
}
kd_hdref() {
	awk '/^kernel / { name = $2; next } $1 ~ /^\.amdhsa_/ { print name " " $1 " " $2 }' "$1" | sort
}

for v in $versions; do
for mcpu in gfx90a gfx900; do
for cov in 4 5; do
for libs in $devlibs; do
	what="clang-$v $mcpu v$cov $libs"
	mkdir -p "$tmp/b"
	if ! sh "$link" "$v" "$mcpu" "$cov" "$libs" "$tmp/k.cl" "$tmp/k.so" "$tmp/b" -O0 \
		>"$tmp/why" 2>&1; then
		point "$what: compiles"
		continue
	fi
	if ! "$hdref" codeobj-dump "$tmp/k.so" >"$tmp/dump" 2>>"$tmp/why"; then
		point "$what: hdref codeobj-dump reads it"
		continue
	fi
	grep -q "^code object v$cov $mcpu " "$tmp/dump" || echo "no 'code object v$cov $mcpu' line" >>"$tmp/why"
	point "$what: version and processor"

	meta_readelf "$tmp/k.so" >"$tmp/want"
	meta_hdref "$tmp/dump" >"$tmp/got"
	# the keys hdref prints that the note has (.agpr_count is gfx90a's only)
	grep -F -f "$tmp/got" -x -v "$tmp/want" | grep -E ' arg |\.(kernarg_segment_size|kernarg_segment_align|group_segment_fixed_size|private_segment_fixed_size|wavefront_size|sgpr_count|vgpr_count|agpr_count|max_flat_workgroup_size|symbol) ' >>"$tmp/why"
	[ "$(grep -c ' arg ' "$tmp/want")" -ge 20 ] || echo "llvm-readelf shows fewer than 20 arguments" >>"$tmp/why"
	point "$what: metadata as llvm-readelf-$v --notes shows it"

	if have llvm-objdump-22; then
		kd_objdump "$tmp/k.so" >"$tmp/want"
		kd_hdref "$tmp/dump" >"$tmp/got"
		# a directive objdump prints must have hdref's value (objdump leaves
		# out those of other targets and versions: tg_split, uses_dynamic_stack)
		awk 'NR == FNR { want[$1 " " $2] = $3; next }
		     ($1 " " $2) in want { same++; if (want[$1 " " $2] != $3) print "differs: " $0 ", llvm-objdump: " want[$1 " " $2] }
		     END { if (same < 50) print "only " same + 0 " directives in common" }' \
			"$tmp/want" "$tmp/got" >>"$tmp/why"
		point "$what: descriptor as llvm-objdump-22 disassembles it"
	fi
	for k in add two; do
		sym=$("llvm-readelf-$v" --dyn-syms "$tmp/k.so" | awk -v k="$k" '$4 == "FUNC" && $8 == k { print $2 }' | sed 's/^0*//')
		awk -v k="$k" '/^kernel / { on = $2 == k } on && $1 == "entry" { print $2 }' "$tmp/dump" >"$tmp/entry"
		[ "$(cat "$tmp/entry")" = "0x$sym" ] || echo "$k: entry $(cat "$tmp/entry"), symbol 0x$sym" >>"$tmp/why"
	done
	point "$what: entries are the kernels' symbols"

	if "$hdref" codeobj-dump "$tmp/k.so" --dispatch two >"$tmp/state" 2>>"$tmp/why"; then
		users=$(grep -c ' (user)$' "$tmp/state")
		count=$(awk '/^kernel two/ { on = 1 } on && $2 == "USER_SGPR_COUNT" { print $3; exit }' "$tmp/dump")
		[ "$users" = "$count" ] || echo "user SGPRs $users, USER_SGPR_COUNT $count" >>"$tmp/why"
		grep -q '^exec 0xffffffffffffffff$' "$tmp/state" || echo "exec is not all 64 lanes" >>"$tmp/why"
		# setup 1 dim, workgroup 64x1x1, grid 64x1x1
		grep -q '^packet 0x100000000 02150100 40000100 01000000 40000000 01000000 01000000 ' "$tmp/state" ||
			echo "packet: $(grep '^packet' "$tmp/state")" >>"$tmp/why"
	fi
	point "$what: initial state of a dispatch of two"
	rm -rf "$tmp/b"
done
done
done
done

# Malformed files: exit 2, a message on stderr, nothing on stdout.
printf 'not an ELF file at all, just words\n' >"$tmp/bad1"
head -c 100 "$tmp/k.so" >"$tmp/bad2"
for f in bad1 bad2; do
	"$hdref" codeobj-dump "$tmp/$f" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ "$rc" = 2 ] || echo "exit $rc" >>"$tmp/why"
	[ -s "$tmp/out" ] && echo "printed to stdout" >>"$tmp/why"
	[ -s "$tmp/err" ] || echo "no message" >>"$tmp/why"
	point "$f: refused with a message"
done
finish
