#!/bin/sh
# The gfx9 decoder against llvm-objdump (docs/gfx9-isa.md, "The agreement
# test"): every kernel of cases/opencl compiled with clang-15 for gfx90a and
# gfx900 at -O0 and -O2 (and the hand-written ones with clang-22 and clang-19
# for gfx90a at -O2 when installed), linked with ld.lld; hdref isa-dump must print, instruction
# by instruction, the address, the dwords and the text llvm-objdump-15 and
# llvm-objdump-22 print, after the normalizations of docs/gfx9-isa.md.
# One TAP point per code object and objdump. Exit 77 when clang-15,
# ld.lld-15 or llvm-objdump-15 is missing.
#
# usage: isa_objdump.sh HDREF CASES_OPENCL
hdref=$1
cases=$2
for t in clang-15 ld.lld-15 llvm-objdump-15; do
	command -v $t >/dev/null || { echo "1..0 # SKIP $t is not installed"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the compile jobs: KERNEL CLANG LLD MCPU OPT
for f in "$cases"/*.cl "$cases"/*.clcpp; do
	for cpu in gfx90a gfx900; do
		for opt in O0 O2; do echo "$f clang-15 ld.lld-15 $cpu $opt"; done
	done
	# the newer compilers on the hand-written kernels (the generated ones
	# repeat the same constructs), to keep the run short
	case $f in */gen-*) continue ;; esac
	for v in 22 19; do
		command -v clang-$v >/dev/null && command -v ld.lld-$v >/dev/null &&
			echo "$f clang-$v ld.lld-$v gfx90a O2"
	done
done >"$tmp/jobs"
cat >"$tmp/compile.sh" <<'SH'
f=$1; cc=$2; ld=$3; cpu=$4; opt=$5; out=$6
case $f in
*.clcpp) set -- -x clcpp -cl-std=clc++2021 \
	-Xclang -cl-ext=+__opencl_c_generic_address_space,+__opencl_c_program_scope_global_variables ;;
*) set -- -x cl -cl-std=CL2.0 ;;
esac
o=$out/$(basename "$f").$cc.$cpu.$opt
$cc -target amdgcn-amd-amdhsa -mcpu=$cpu -nogpulib "$@" -g -$opt -c "$f" -o "$o.o" 2>/dev/null &&
	$ld -shared --noinhibit-exec "$o.o" -o "$o.so" 2>/dev/null
rm -f "$o.o"
SH
mkdir "$tmp/obj"
sed "s|\$| $tmp/obj|" "$tmp/jobs" | xargs -P 2 -n 6 sh "$tmp/compile.sh"

# objdump's `\tTEXT   // ADDRESS: DWORDS <label+off>` as `ADDRESS: DWORDS\tTEXT`
# (a branch's target label dropped: the decoder gives the target address); llvm-objdump-22's
# lit(X) (a literal that equals an inline constant) as llvm-objdump 15 prints it
normalize() {
	awk -F'//' '/^\t/ && NF > 1 {
		text = $1; sub(/^\t/, "", text); sub(/[ \t]+$/, "", text)
		while (match(text, /lit\(0x[0-9a-f]+\)/)) {
			h = substr(text, RSTART + 6, RLENGTH - 7); v = 0
			for (i = 1; i <= length(h); i++) v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			if (v >= 2^31) v -= 2^32
			r = (v >= -16 && v <= 64) ? sprintf("%d", v) : "0x" h
			text = substr(text, 1, RSTART - 1) r substr(text, RSTART + RLENGTH)
		}
		where = $2; sub(/^ /, "", where); sub(/ <.*/, "", where)
		print where "\t" text
	}'
}

objdumps=llvm-objdump-15
command -v llvm-objdump-22 >/dev/null && objdumps="$objdumps llvm-objdump-22"
n=0
for o in "$tmp"/obj/*.so; do
	[ -e "$o" ] || continue
	n=$((n + $(echo $objdumps | wc -w)))
done
echo "TAP version 13"
echo "1..$((n + 1))"
i=0
missing=$(($(wc -l <"$tmp/jobs") - $(ls "$tmp"/obj/*.so 2>/dev/null | wc -l)))
i=$((i + 1))
if [ "$missing" -eq 0 ]; then echo "ok $i - every kernel compiles and links"
else echo "not ok $i - $missing kernels did not compile or link"; fi
for o in "$tmp"/obj/*.so; do
	[ -e "$o" ] || continue
	name=$(basename "$o" .so)
	cpu=$(echo "$name" | sed 's/.*\.\(gfx9[0-9a-z]*\)\..*/\1/')
	"$hdref" isa-dump "$o" >"$tmp/ours" 2>"$tmp/err"
	rc=$?
	for d in $objdumps; do
		i=$((i + 1))
		$d -d --mcpu=$cpu "$o" | normalize >"$tmp/theirs"
		if [ $rc -eq 0 ] && [ -s "$tmp/theirs" ] && cmp -s "$tmp/ours" "$tmp/theirs"; then
			echo "ok $i - $name: $d, $(wc -l <"$tmp/ours") instructions"
		else
			echo "not ok $i - $name: $d (hdref isa-dump exit $rc)"
			diff "$tmp/theirs" "$tmp/ours" | head -10 | sed 's/^/# /'
			head -3 "$tmp/err" | sed 's/^/# /'
		fi
	done
done
