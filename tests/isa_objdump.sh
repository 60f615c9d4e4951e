#!/bin/sh
# The gfx9 decoder against llvm-objdump (docs/gfx9-isa.md, "The agreement
# test"): every kernel of cases/opencl compiled as the shipped candidates
# compile it (clang-15, and clang-19 and clang-22 when installed, for gfx90a
# at -O0 and -O2 with the ROCm device libraries, harness/adapters/
# amdgcn-link.sh) and with clang-15 for gfx900 without them; hdref isa-dump
# must print, instruction by instruction, the address, the dwords and the
# text llvm-objdump-15 and llvm-objdump-22 print, after the normalizations
# of docs/gfx9-isa.md. One TAP point per code object and objdump; a code
# object with MIMG instructions (image built-ins) is skipped, as the decoder
# does not decode them. Exit 77
# when clang-15, ld.lld-15, llvm-objdump-15 or rocm-device-libs is missing.
#
# usage: isa_objdump.sh HDREF CASES_OPENCL
hdref=$1
cases=$2
for t in clang-15 ld.lld-15 llvm-objdump-15; do
	command -v $t >/dev/null || { echo "1..0 # SKIP $t is not installed"; exit 77; }
done
[ -d /usr/lib/x86_64-linux-gnu/amdgcn/bitcode ] ||
	{ echo "1..0 # SKIP rocm-device-libs is not installed"; exit 77; }
link=$(cd "$(dirname "$0")/.." && pwd)/harness/adapters/amdgcn-link.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# the compile jobs: KERNEL VERSION MCPU OPT LIBS
for f in "$cases"/*.cl "$cases"/*.clcpp; do
	for opt in O0 O2; do
		echo "$f 15 gfx900 $opt nogpulib"
		for v in 15 19 22; do
			command -v clang-$v >/dev/null && command -v ld.lld-$v >/dev/null &&
				echo "$f $v gfx90a $opt devlibs"
		done
	done
done >"$tmp/jobs"
cat >"$tmp/compile.sh" <<'SH'
f=$1; v=$2; cpu=$3; opt=$4; libs=$5; link=$6; out=$7
o=$out/$(basename "$f").clang-$v.$libs.$cpu.$opt
mkdir -p "$o.d"
sh "$link" "$v" "$cpu" default "$libs" "$f" "$o.so" "$o.d" -g -"$opt" 2>/dev/null
rm -rf "$o.d"
SH
mkdir "$tmp/obj"
sed "s|\$| $link $tmp/obj|" "$tmp/jobs" | xargs -P 2 -n 7 sh "$tmp/compile.sh"

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
		# the decoder leaves MIMG out (docs/gfx9-isa.md): clang emits it for
		# the image built-ins that read or write texels
		mimg=$(cut -f2 "$tmp/theirs" | grep -o '^image_[a-z0-9_]*' | sort -u | tr '\n' ' ')
		if [ -n "$mimg" ]; then
			echo "ok $i - $name: $d # SKIP MIMG is not decoded: ${mimg% }"
		elif [ $rc -eq 0 ] && [ -s "$tmp/theirs" ] && cmp -s "$tmp/ours" "$tmp/theirs"; then
			echo "ok $i - $name: $d, $(wc -l <"$tmp/ours") instructions"
		else
			echo "not ok $i - $name: $d (hdref isa-dump exit $rc)"
			diff "$tmp/theirs" "$tmp/ours" | head -10 | sed 's/^/# /'
			head -3 "$tmp/err" | sed 's/^/# /'
		fi
	done
done
