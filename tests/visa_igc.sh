#!/bin/sh
# Real vISA debug information: IGC (Debian's ocloc, intel-opencl-icd and
# libigc-tools) compiles every OpenCL C kernel of cases/opencl for Skylake
# with -g, as OpenCL C 2.0 like the rest of the suite, and hdref visa reads
# each .dbg it writes (docs/visa.md, "What IGC writes"), with the code size
# of the .dat beside it:
#   - at -cl-opt-disable, no rule may be broken;
#   - optimised, only visa-interval-order, IGC's empty intervals, may be;
#   - each dump assembles back into the .dbg, byte for byte;
#   - the instruction starts hdref finds in the .dat are iga64's (with
#     iga64), and every Gen offset is one (visa-gen-instruction);
#   - the kernel's DWARF (the .elf beside it) is held against the live
#     intervals (visa-dwarf-register) for every kernel; IGC breaks that
#     rule (docs/findings.md, "ocloc-skl"), so the counts are printed, and
#     a kernel with no disagreement is made to disagree on purpose: its
#     variables moved to other registers in the vISA tables must break
#     exactly visa-dwarf-register, once for each location in them;
#   - for DG2, IGC 1.0.12504 saves r6 across the call of call.cl at
#     be_fp+2048, outside the frame: exactly visa-memory-range.
# A kernel ocloc crashes on is a SKIP point with its exit status, counted
# at the end, never hidden. Prints TAP version 13; exits 77 (skipped) when
# ocloc is not installed.
#
# usage: visa_igc.sh HDREF SOURCE_DIR

if [ "$#" -ne 2 ]; then
	echo "usage: visa_igc.sh HDREF SOURCE_DIR" >&2
	exit 2
fi
hdref=$1
src=$2
. "$(dirname "$0")/tap.sh"
scratch visa-igc
n=0
failed=0
: >"$tmp/why"

if ! have ocloc; then
	echo "1..0 # SKIP ocloc not installed (Debian intel-opencl-icd and libigc-tools)"
	exit 77
fi
igc=$(dpkg-query -W -f '${Version}' libigc1 2>/dev/null)

# compile KERNEL DEVICE OPTIONS DIR: ocloc with IGC's dumps in DIR, the
# vISA debug information as DIR/OCL_asm*.dbg; its exit status, its output
# in DIR/log. ocloc's own k_*.dbg (an ELF with DWARF) goes to DIR/bin.
compile() {
	mkdir -p "$4/bin"
	IGC_ShaderDumpEnable=1 IGC_DumpToCustomDir="$4" \
		ocloc compile -file "$1" -device "$2" -options "$3" -out_dir "$4/bin" -output k \
		>"$4/log" 2>&1
}

# rule_ids FILE: the rule ids of hdref visa's finding lines, sorted, unique.
rule_ids() {
	sed -n 's/^offset 0x[0-9a-f]* [^:]*: \(visa-[a-z-]*\): .*/\1/p' "$1" | sort -u
}

# check DBG ALLOWED: hdref visa with the code size of DBG's .dat and the
# DWARF of its .elf; the rule ids it reports must be among ALLOWED (a
# space-separated list, may be empty), and its dump must assemble back into
# DBG. Appends to $tmp/why; counts the DWARF's GRF locations in $claims,
# those visa-dwarf-register finds in $disagree, and remembers in $clean the
# first .dbg with locations and no disagreement.
check() {
	dat=${1%.dbg}.dat
	elf=${1%.dbg}.elf
	code=""
	dwarf=""
	[ -f "$dat" ] && code="--code $dat"
	[ -f "$elf" ] && dwarf="--dwarf $elf"
	# shellcheck disable=SC2086 # code and dwarf are two words or none
	"$hdref" visa $code $dwarf "$1" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ "$status" -gt 1 ]; then
		{ echo "hdref visa $1 exited with $status"; cat "$tmp/err"; } >>"$tmp/why"
		return
	fi
	if [ -n "$dwarf" ]; then
		c=$(sed -n 's/^dwarf: \([0-9]*\) GRF locations checked.*/\1/p' "$tmp/out")
		d=$(grep -ac ': visa-dwarf-register: ' "$tmp/out")
		if [ -z "$c" ]; then
			echo "${1##*/}: no DWARF cross-check line" >>"$tmp/why"
			c=0
		fi
		claims=$((claims + c))
		disagree=$((disagree + d))
		[ "$d" -gt 0 ] && disagreeing=$((disagreeing + 1))
		if [ -z "$clean" ] && [ "$c" -gt 0 ] && [ "$d" = 0 ]; then
			clean=$tmp/clean.dbg
			cp "$1" "$clean"
			cp "$elf" "$tmp/clean.elf"
			cp "$dat" "$tmp/clean.dat"
		fi
	fi
	for id in $(rule_ids "$tmp/out"); do
		case " $2 " in
		*" $id "*) ;;
		*) { echo "${1##*/}: $id"; grep ": $id: " "$tmp/out" | head -n 5; } >>"$tmp/why" ;;
		esac
	done
	if ! "$hdref" visa-asm "$tmp/out" -o "$tmp/again.dbg" 2>>"$tmp/why" ||
	   ! cmp -s "$1" "$tmp/again.dbg"; then
		echo "${1##*/}: the dump does not assemble back into the file" >>"$tmp/why"
	fi
}

# same_instructions DBG: the instruction starts hdref finds in DBG's Skylake
# .dat are the PCs iga64 disassembles (when iga64 is installed), so that
# visa-gen-instruction rests on a scan another tool agrees with.
same_instructions() {
	dat=${1%.dbg}.dat
	have iga64 && [ -f "$dat" ] || return 0
	"$hdref" visa --instructions "$dat" >"$tmp/ours" 2>>"$tmp/why"
	iga64 -d -p GEN9 -Xprint-pc "$dat" 2>/dev/null |
		sed -n 's/^\/\* \[\([0-9A-Fa-f]*\)\].*/0x\1/p' | tr 'A-F' 'a-f' >"$tmp/iga"
	if [ ! -s "$tmp/iga" ] || ! cmp -s "$tmp/ours" "$tmp/iga"; then
		{ echo "${1##*/}: instruction starts differ from iga64's:"
		  diff "$tmp/ours" "$tmp/iga" | head -n 5; } >>"$tmp/why"
	fi
}

# corpus TAG OPTIONS ALLOWED: every kernel, one point each.
corpus() {
	crashed=0
	files=0
	claims=0
	disagree=0
	disagreeing=0
	for k in "$src"/cases/opencl/*.cl; do
		name=${k##*/}
		name=${name%.cl}
		dir=$tmp/$1/$name
		compile "$k" skl "$2" "$dir"
		status=$?
		if [ "$status" -ne 0 ]; then
			n=$((n + 1))
			if [ "$status" -ge 128 ] || grep -q 'error code: -11' "$dir/log"; then
				crashed=$((crashed + 1))
				echo "ok $n - $1 $name # SKIP ocloc crashed (exit status $status)"
			else
				echo "ok $n - $1 $name # SKIP ocloc failed (exit status $status)"
			fi
			continue
		fi
		found=0
		for dbg in "$dir"/OCL_asm*.dbg; do
			[ -e "$dbg" ] || continue
			found=1
			files=$((files + 1))
			check "$dbg" "$3"
			same_instructions "$dbg"
		done
		[ "$found" = 1 ] || echo "IGC wrote no .dbg (IGC_ShaderDumpEnable)" >>"$tmp/why"
		point "$1 $name"
		rm -rf "$dir"
	done
	echo "# $1: $files .dbg files; ocloc crashed on $crashed kernels"
	echo "# $1: $claims DWARF GRF locations checked against the live intervals;" \
		"$disagree disagree (visa-dwarf-register), in $disagreeing files"
	n=$((n + 1))
	if [ "$claims" -gt 0 ]; then
		echo "ok $n - $1: the DWARF cross-check ran on every kernel's DWARF"
	else
		failed=$((failed + 1))
		echo "not ok $n - $1: the DWARF cross-check found no GRF location to check"
	fi
}

# moved_registers: the clean file's vISA variables at the register of its
# first DWARF location moved 128 registers up (a valid GRF number still);
# every location there must now break visa-dwarf-register, and no other
# rule may break.
moved_registers() {
	"$hdref" visa --code "$tmp/clean.dat" --dwarf "$tmp/clean.elf" "$clean" >"$tmp/out" 2>>"$tmp/why"
	reg=$(sed -n "s/^dwarf r\([0-9]*\)\.\([0-9]*\) .*/\1/p" "$tmp/out" | head -n 1)
	want=$(grep -c "^dwarf r$reg\." "$tmp/out")
	"$hdref" visa "$clean" | sed "s/ general r$reg\./ general r$((reg + 128))./" >"$tmp/moved.txt"
	"$hdref" visa-asm "$tmp/moved.txt" -o "$tmp/moved.dbg" 2>>"$tmp/why"
	"$hdref" visa --code "$tmp/clean.dat" --dwarf "$tmp/clean.elf" "$tmp/moved.dbg" >"$tmp/out" 2>>"$tmp/why"
	got=$(grep -ac ': visa-dwarf-register: ' "$tmp/out")
	if [ "$(rule_ids "$tmp/out")" != visa-dwarf-register ] || [ "$got" != "$want" ]; then
		{ echo "r$reg moved to r$((reg + 128)): $got visa-dwarf-register findings, want $want; rules:"
		  rule_ids "$tmp/out"; } >>"$tmp/why"
	fi
}

echo "TAP version 13"
echo "# IGC ${igc:-(version unknown)}"
clean=
corpus -O0 "-g -cl-opt-disable -cl-std=CL2.0" "visa-dwarf-register"
corpus -O2 "-g -cl-std=CL2.0" "visa-interval-order visa-dwarf-register"
if [ -n "$clean" ]; then
	moved_registers
else
	echo "no kernel's DWARF agreed with its live intervals" >>"$tmp/why"
fi
point "variables moved to other registers in the vISA tables break visa-dwarf-register, once per DWARF location there"

# The DG2 caller-save finding of IGC 1.0.12504 (docs/visa.md).
case $igc in
1.0.12504*)
	dir=$tmp/dg2
	if compile "$src/cases/opencl/call.cl" dg2-g10 "-g -cl-opt-disable -cl-std=CL2.0" "$dir"; then
		for dbg in "$dir"/OCL_asm*.dbg; do
			"$hdref" visa "$dbg" >"$tmp/out" 2>>"$tmp/why"
			if [ "$(rule_ids "$tmp/out")" != visa-memory-range ] ||
			   [ "$(grep -c 'be_fp+2048, 32 bytes, is outside the frame of 192 bytes' "$tmp/out")" != 2 ]; then
				{ echo "expected two visa-memory-range findings at be_fp+2048:"
				  grep '^offset' "$tmp/out"; } >>"$tmp/why"
			fi
		done
	else
		echo "ocloc failed on call.cl for dg2-g10" >>"$tmp/why"
	fi
	point "DG2: IGC 1.0.12504 saves r6 across call.cl's call outside the frame (visa-memory-range)"
	;;
*)
	n=$((n + 1))
	echo "ok $n - DG2 caller-save finding # SKIP recorded for IGC 1.0.12504, this is ${igc:-unknown}"
	;;
esac
echo "1..$n"
[ "$failed" -eq 0 ]
