# shellcheck shell=sh
# Sourced, not run: the OpenCL C files four Debian packages install, each
# with the options its package's host code builds it with
# (docs/debian-kernels.md, "What is compiled"), and the helpers the scripts
# that take them share. Used by debian-kernels.sh (SPIR-V census and
# interpreter runs) and field-corpus.sh (the field corpus through hdcts),
# one copy of the selection.
#
# The caller defines die MESSAGE (prints and exits) and sets:
#   work           the work directory (piglit's inline sources go to work/src)
#   hashcat_every  keep every Nth hashcat kernel (default 1)
#   piglit_every   keep every Nth piglit test (default 1)

# The packages whose kernels are taken.
KERNEL_PACKAGES="darktable piglit python3-pyopencl hashcat"

# The directory of a package that holds PATTERN (a path suffix), from its
# file list: the packages don't promise a layout, dpkg does know it.
package_dir() {
	dpkg -L "$1" 2>/dev/null | grep -m1 "$2\$" || true
}

# One line of units.tsv: package, unit (a path under modules/), source,
# working directory of the compiler, extra options (last, may be empty).
unit() {
	printf '%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5"
}

# darktable compiles the programs listed in kernels/programs.conf with
# "-w <options> -D<vendor>=1 -I<kerneldir>", options defaulting to
# -cl-fast-relaxed-math; the kernels test no vendor macro but NVIDIA_SM_20.
collect_darktable() {
	dir=$(package_dir darktable /kernels/programs.conf)
	[ -n "$dir" ] || die "darktable: no kernels/programs.conf in its file list"
	kdir=$(dirname "$dir")
	awk '!/^#/ && NF >= 1 { print $1 }' "$dir" | while read -r f; do
		unit darktable "darktable/$f" "$kdir/$f" "$kdir" "-w -cl-fast-relaxed-math -I $kdir"
	done
}

# A piglit test's [config] value KEY: from the block that starts at
# "[config]" and ends at the next section or the end of the comment, with a
# trailing "# comment" removed.
piglit_config() {
	awk -v key="$2" '
		/^\[config\]/ { inconf = 1; next }
		inconf && (/^\[/ || /^!\*\//) { exit }
		inconf && index($0, key ":") == 1 {
			v = substr($0, length(key) + 2)
			sub(/#.*/, "", v); gsub(/^[ \t]+|[ \t]+$/, "", v)
			print v; exit
		}' "$1"
}

# piglit's CL program tests: .cl files carry their [config] in a leading
# comment, .program_test files name their source (program_source_file,
# relative to the test) or hold it in a [program source] section.
# build_options are passed as piglit passes them, from piglit's root (one
# test says "-I ."). Not compiled: tests that expect the build to fail and
# the documentation templates. piglit_every N keeps every Nth file in name
# order (before those are left out).
collect_piglit() {
	cldir=$(package_dir piglit /piglit/tests/cl)
	[ -n "$cldir" ] || die "piglit: no piglit/tests/cl in its file list"
	root=${cldir%/tests/cl}
	find "$root/tests/cl" "$root/generated_tests/cl" -type f \
		\( -name '*.cl' -o -name '*.program_test' \) | LC_ALL=C sort |
	awk -v every="${piglit_every:-1}" '(NR - 1) % every == 0' |
	while read -r f; do
		rel=${f#"$root"/}
		case "$rel" in
		tests/cl/template_program.* | tests/cl/doc_program.*) continue ;;
		esac
		[ "$(piglit_config "$f" expect_build_fail)" = true ] && continue
		src=$f
		case "$f" in
		*.program_test)
			name=$(piglit_config "$f" program_source_file)
			if [ -n "$name" ]; then
				src="$(dirname "$f")/$name"
			else
				src="$work/src/piglit/$rel.cl"
				mkdir -p "$(dirname "$src")"
				awk '/^\[program source\]/ { on = 1; next } on && /^\[/ { exit } on' "$f" >"$src"
			fi
			;;
		esac
		unit piglit "piglit/$rel" "$src" "$root" "$(piglit_config "$f" build_options)"
	done
}

# pyopencl ships libraries, not kernels: the .cl files that its generated
# kernels #include, each after pyopencl-complex.h (as pyopencl's own
# generated code does) with the double-precision complex type switched on.
collect_pyopencl() {
	dir=$(package_dir python3-pyopencl /pyopencl/cl)
	[ -n "$dir" ] || die "python3-pyopencl: no pyopencl/cl in its file list"
	find "$dir" -type f -name '*.cl' | LC_ALL=C sort | while read -r f; do
		unit pyopencl "pyopencl/${f#"$dir"/}" "$f" "$dir" \
			"-I $dir -D PYOPENCL_DEFINE_CDOUBLE -include pyopencl-complex.h"
	done
}

# hashcat's build line (its -D list, in the order hashcat prints it) for
# kernel FILE: the mode and attack come from the file name, the device is a
# generic OpenCL GPU with real local memory (no vendor intrinsics or inline
# assembly), scalar code (VECT_SIZE=1), and the widest digest.
hashcat_options() {
	base=$(basename "$1" .cl)
	mode=$(printf '%s\n' "$base" | sed -n 's/^m0*\([0-9][0-9]*\).*/\1/p')
	attack=$(printf '%s\n' "$base" | sed -n 's/.*_a\([013]\).*/\1/p')
	attack_exec=11
	case "$base" in
	m*_a*) ;;
	*) attack_exec=10 ;;
	esac
	printf '%s' "-w -D KERNEL_STATIC -I $2 -D INCLUDE_PATH=$2 -D XM2S(x)=#x -D M2S(x)=XM2S(x)"
	printf ' -D LOCAL_MEM_TYPE=1 -D VENDOR_ID=64 -D CUDA_ARCH=0'
	for h in ADD ADDC SUB SUBC VADD VADDC VADD_CO VADDC_CO VSUB VSUBB VSUB_CO VSUBB_CO \
		VPERM VADD3 VBFE BFE LOP3 MOV64 PRMT; do
		printf ' -D HAS_%s=0' "$h"
	done
	printf ' -D VECT_SIZE=1 -D DEVICE_TYPE=4 -D DGST_R0=0 -D DGST_R1=1 -D DGST_R2=2 -D DGST_R3=3'
	printf ' -D DGST_ELEM=16 -D KERN_TYPE=%s -D ATTACK_EXEC=%s' "${mode:-0}" "$attack_exec"
	printf ' -D ATTACK_KERN=%s -D ATTACK_MODE=%s' "${attack:-0}" "${attack:-0}"
	hashcat_mode_options "$3/module_$(printf '%05d' "${mode:-0}").so"
}

# The -D options a hash mode's plugin adds for its kernels (hashcat asks the
# module_NNNNN.so at build time), when its printf format is in the plugin:
# a fixed work-group size (64 here, the wave64 width), scrypt's parameters
# (N=16384, r=8, p=1, its common setting, no time-memory trade-off and the
# matching 128*r*p/16 temporaries), descrypt's salt. Options that only tune a
# device (_unroll, NO_UNROLL, FORCE_DISABLE_SHM, DYNAMIC_LOCAL) are left out.
hashcat_mode_options() {
	[ -r "$1" ] || return 0
	grep -aq -- '-D FIXED_LOCAL_SIZE=%u' "$1" && printf ' -D FIXED_LOCAL_SIZE=64'
	grep -aq -- '-D FIXED_LOCAL_SIZE_COMP=%u' "$1" && printf ' -D FIXED_LOCAL_SIZE_COMP=64'
	grep -aq -- '-D SCRYPT_N=%u' "$1" &&
		printf ' -D SCRYPT_N=16384 -D SCRYPT_R=8 -D SCRYPT_P=1 -D SCRYPT_TMTO=1 -D SCRYPT_TMP_ELEM=64'
	grep -aq -- '-D DESCRYPT_SALT=%u' "$1" && printf ' -D DESCRYPT_SALT=0'
	return 0
}

# hashcat's kernels: the attack kernels m*.cl, amp_a*.cl, markov_*.cl and
# shared.cl (the inc_* files are included by them). hashcat_every N keeps
# every Nth, for a quicker measure.
collect_hashcat() {
	dir=$(package_dir hashcat-data /OpenCL/shared.cl)
	[ -n "$dir" ] || die "hashcat: no OpenCL/shared.cl in hashcat-data's file list"
	dir=$(dirname "$dir")
	plugins=$(package_dir hashcat /modules/module_00000.so)
	plugins=$(dirname "${plugins:-/nonexistent/x}")
	find "$dir" -maxdepth 1 -type f \( -name 'm*.cl' -o -name 'amp_a*.cl' \
		-o -name 'markov_*.cl' -o -name shared.cl \) | LC_ALL=C sort |
	awk -v every="${hashcat_every:-1}" '(NR - 1) % every == 0' | while read -r f; do
		unit hashcat "hashcat/$(basename "$f")" "$f" "$dir" "$(hashcat_options "$f" "$dir" "$plugins")"
	done
}

# The reason a file failed, from its compiler's log: the first line that
# says error (clang, "LLVM ERROR") or names a translator error (llvm-spirv's
# "InvalidBitWidth: ..."), skipping crash backtraces; a translator message
# ending in ":" gets the LLVM instruction's opcode from the next line. The
# source's directory and tabs are removed.
first_error() {
	awk '/^ *#[0-9]/ || /^Stack dump/ || /^PLEASE/ || /^[0-9]+\.\t/ { next }
		pending {
			w = $0; if (match(w, /= [a-z_.]+ /)) w = substr(w, RSTART + 2, RLENGTH - 3)
			print line " " w; done = 1; exit
		}
		/error|ERROR|^Invalid[A-Za-z]*:/ {
			line = $0; if (line ~ /:$/) { pending = 1; next }
			print; done = 1; exit
		}
		NR == 1 { first = $0 }
		END { if (!done) print (pending ? line : first) }' "$1" |
		sed 's|^/[^:]*/||; s/ \[Src: .*//; s/\t/ /g; s/  */ /g' | cut -c1-240
}

# collect_units PKG...: one line of units.tsv per file of each package (some
# of KERNEL_PACKAGES), on stdout.
collect_units() {
	for p in "$@"; do
		case "$p" in
		python3-pyopencl) collect_pyopencl ;;
		*) "collect_$p" ;;
		esac
	done
}

# check_only PKG...: each is one of KERNEL_PACKAGES, or die.
check_only() {
	for p in "$@"; do
		case " $KERNEL_PACKAGES " in
		*" $p "*) ;;
		*) die "--only $p: expected some of: $KERNEL_PACKAGES" ;;
		esac
	done
}

# check_every OPTION N: N is a positive number, or die.
check_every() {
	case "$2" in '' | *[!0-9]* | 0) die "$1 $2: expected a positive number" ;; esac
}

# work_dir REPO NAME: sets work to an absolute, existing work directory: the
# one given in work, else a new one under $TMPDIR (or /tmp) named
# hdcts-NAME.XXXXXX. A directory inside REPO that git would track is
# refused: the kernels are Debian's and must not be committed.
work_dir() {
	if [ -z "$work" ]; then
		work=$(mktemp -d "${TMPDIR:-/tmp}/hdcts-$2.XXXXXX") || die "cannot make a work directory"
	fi
	case "$work" in /*) ;; *) work="$PWD/$work" ;; esac
	case "$work/" in
	"$1"/*)
		git -C "$1" check-ignore -q "$work" 2>/dev/null ||
			die "--work $work is inside the repository and not ignored by git; the kernels must not be committed"
		;;
	esac
	mkdir -p "$work" || die "--work $work: cannot make it"
	work=$(cd "$work" && pwd)
}
