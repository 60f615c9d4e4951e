#!/bin/sh
# Compiles every generated kernel, CASES_DIR/gen-*.cl (OpenCL C 2.0) and
# CASES_DIR/gen-*.clcpp (C++ for OpenCL 2021), the two ways the project's
# toolchains take them (docs/amdgpu-facts.md):
#   amdgcn: clang-15 -target amdgcn-amd-amdhsa -mcpu=gfx90a -g -O0, then
#           ld.lld-15 -shared into a code object;
#   spir64: clang-15 -target spir64 -Xclang -no-opaque-pointers -emit-llvm
#           -g -O0, then llvm-spirv-15 --spirv-debug-info-version=ocl-100;
# with -fdebug-macro when the kernel defines a macro. Then it checks that
# every `// covers: opencl/<construct>` or `opencl-cxx/<construct>` tag
# names a construct of the table below and that the kernel's code shows
# that construct (a generator cannot claim what it did not write), and
# that every construct of the table is covered by some kernel. The
# generated kernels have no .findings files: opencl_findings.sh checks the
# hand-written ones.
#
# Prints TAP version 13, three points a kernel (amdgcn, spir64, covers) and
# one for the table, a YAML block under a failure. Exits 0 when every point
# passed, 1 when one failed or there is no kernel, 2 on a usage error, 77
# (ctest's SKIP_RETURN_CODE) when clang-15, llvm-spirv-15 or ld.lld-15 is
# not installed. OPENCL_GEN_JOBS (default 2) kernels compile at a time.
#
# usage: opencl_gen.sh CASES_DIR

if [ "$#" -ne 1 ]; then
	echo "usage: opencl_gen.sh CASES_DIR" >&2
	exit 2
fi
cases=$1
jobs=${OPENCL_GEN_JOBS:-2}
# the glob's order, and so the order of the test points, must not depend on
# the caller's locale
LC_ALL=C
export LC_ALL

echo "TAP version 13"
for tool in clang-15 llvm-spirv-15 ld.lld-15; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "1..0 # SKIP $tool not installed"
		exit 77
	fi
done

. "$(dirname "$0")/tap.sh"
scratch opencl_gen

n=0
failed=0

# The constructs a tag may name, each with an extended regular expression
# its kernel's code must match: the code is the file without // comments
# and without the frame every kernel shares (the out and n parameters and
# the acc lines), so the frame cannot stand in for a construct. B and E are
# identifier boundaries. The scalar and vector rows come from the loops
# below the here-document.
B='(^|[^[:alnum:]_])'
E='([^[:alnum:]_]|$)'
ID='[A-Za-z_][A-Za-z_0-9]*'
table=$tmp/constructs
cat > "$table" <<EOF
opencl/struct	${B}struct[[:space:]]*($ID|\{)
opencl/union	${B}union[[:space:]]
opencl/enum	${B}enum[[:space:]]+[A-Za-z_{]
opencl/typedef	${B}typedef[[:space:]]
opencl/array-2d	[A-Za-z_0-9]+ +$ID\[[0-9]+\]\[[0-9]+\]([^[]|$)
opencl/array-3d	[A-Za-z_0-9]+ +$ID\[[0-9]+\]\[[0-9]+\]\[[0-9]+\]
opencl/pointer-global	${B}global [^;=(]*\*
opencl/pointer-local	${B}local [^;=(]*\*
opencl/pointer-constant	${B}constant [^;=(]*\*
opencl/pointer-private	${B}private [^;=(]*\*
opencl/pointer-generic	${B}generic [^;=(]*\*
opencl/pointer-to-pointer	\*[[:space:]]*((global|local|constant|private|generic|const|volatile|restrict)[[:space:]]+)*\*[A-Za-z_]
opencl/kernel-local-variable	^[[:space:]]+local $ID $ID(\[[0-9]+\])*;
opencl/qualifier-const	${B}const$E
opencl/qualifier-volatile	${B}volatile$E
opencl/qualifier-restrict	${B}restrict$E
opencl/qualifier-atomic	${B}atomic_(int|uint|long|ulong|float|double|flag)$E
opencl/nested-blocks	^[[:space:]]+\{[[:space:]]*$|^[[:space:]]*(for|if|while)[[:space:]]*\(.*\{[[:space:]]*$
opencl/static-inline	${B}static inline$E
opencl/always-inline	${B}__attribute__\(\(always_inline\)\)
opencl/noinline-function	${B}__attribute__\(\(noinline\)\)
opencl/program-scope-global	^(global|__global) [^*(]*(=|;)
opencl/program-scope-constant	^(constant|__constant) [^*(]*(=|;)
opencl/static-function-scope	^[[:space:]]+static (global|constant) 
opencl/macro-object	^[[:space:]]*#[[:space:]]*define $ID([[:space:]]|$)
opencl/macro-function	^[[:space:]]*#[[:space:]]*define $ID\(
opencl/macro-undef	^[[:space:]]*#[[:space:]]*undef[[:space:]]
opencl-cxx/class	${B}class $ID *(\{|:[^:]|$)
opencl-cxx/static-member	^[[:space:]]+static (constexpr |const )+
opencl-cxx/inheritance	${B}(struct|class) $ID *: *(public |protected |private )?[A-Za-z_]
opencl-cxx/multiple-inheritance	${B}(struct|class) $ID *: *[^{;:]*,
opencl-cxx/template-type-param	${B}template *<[^>]*(typename|class)(\.\.\.)? *[A-Za-z_]
opencl-cxx/template-value-param	${B}template *<[^>]*(int|bool|unsigned|char|short|long)(\.\.\.)? *[A-Za-z_]
opencl-cxx/template-template-param	${B}template *<[^>]*template *<
opencl-cxx/template-pack	(typename|class|int|bool)\.\.\.
opencl-cxx/template-specialization	${B}template *<>
opencl-cxx/namespace	${B}namespace[[:space:]]*($ID|\{)
opencl-cxx/nested-namespace	${B}namespace $ID::
opencl-cxx/anonymous-namespace	${B}namespace *\{
opencl-cxx/using-declaration	${B}using $ID::
opencl-cxx/using-directive	${B}using namespace [A-Za-z_]
opencl-cxx/namespace-alias	${B}namespace $ID *=
opencl-cxx/type-alias	${B}using $ID *=
opencl-cxx/ptr-to-data-member	[A-Za-z_0-9] +$ID::\*[A-Za-z_]
opencl-cxx/ptr-to-member-function	\( *$ID::\*$ID *\) *\(
opencl-cxx/reference	[A-Za-z_0-9>] +&$ID *(=|,|\))
opencl-cxx/rvalue-reference	[A-Za-z_0-9>] +&&[A-Za-z_]
opencl-cxx/scoped-enum	${B}enum (class|struct) [A-Za-z_]
opencl-cxx/lambda	\[[&=A-Za-z_0-9, ]*\] *\(
opencl-cxx/operator-overload	${B}operator *(\+|-|\*|/|%|==|!=|<|>|\[\]|\(\)|=)
opencl-cxx/constexpr	${B}constexpr$E
EOF
# OpenCL C 2.0 section 6.1: the scalar types, and the vectors of those that
# have them; a row needs a declaration of that type
for t in bool size_t ptrdiff_t intptr_t uintptr_t; do
	printf 'opencl/scalar-%s\t%s%s %s( =|;|\\[)\n' "$t" "$B" "$t" "$ID" >> "$table"
done
for t in char uchar short ushort int uint long ulong half float double; do
	printf 'opencl/scalar-%s\t%s%s %s( =|;|\\[)\n' "$t" "$B" "$t" "$ID" >> "$table"
	for w in 2 3 4 8 16; do
		printf 'opencl/vector-%s%s\t%s%s%s %s\n' "$t" "$w" "$B" "$t" "$w" "$ID" >> "$table"
	done
done

# key FILE: a name for FILE's scratch files (gen-x.cl and gen-x.clcpp differ)
key() {
	k=${1##*/}
	echo "$k" | tr . _
}

# compile FILE: both routes, each leaving $tmp/KEY.ROUTE.rc and .err
compile() {
	f=$1
	k=$(key "$f")
	lang=$(opencl_lang "$f")
	case $f in
	*.clcpp)
		# clang-15's AMDGPU target does not declare these OpenCL 3.0
		# features for C++ for OpenCL 2021 (it does for OpenCL C 2.0);
		# without the generic address space every member function's
		# `this` is private and derived classes lose their constructors
		amd_ext="-Xclang -cl-ext=+__opencl_c_generic_address_space,+__opencl_c_program_scope_global_variables" ;;
	*)
		amd_ext= ;;
	esac
	macro=$(debug_macro "$f")
	typed=$(typed_pointers 15)

	# shellcheck disable=SC2086 # the flag lists split on purpose
	{
		echo "clang-15 -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib $lang $amd_ext -g -O0 $macro -c $f"
		clang-15 -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib $lang $amd_ext \
			-g -O0 $macro -c "$f" -o "$tmp/$k.o" 2>&1 &&
		echo "ld.lld-15 -shared" &&
		ld.lld-15 -shared "$tmp/$k.o" -o "$tmp/$k.co" 2>&1
	} > "$tmp/$k.amdgcn.err"
	echo $? > "$tmp/$k.amdgcn.rc"

	# shellcheck disable=SC2086
	{
		echo "clang-15 -target spir64 $lang $typed -g -gdwarf-5 -O0 $macro -emit-llvm -c $f"
		clang-15 -target spir64 $lang $typed -g -gdwarf-5 -O0 $macro -emit-llvm \
			-c "$f" -o "$tmp/$k.bc" 2>&1 &&
		echo "llvm-spirv-15 --spirv-debug-info-version=ocl-100" &&
		llvm-spirv-15 --spirv-debug-info-version=ocl-100 "$tmp/$k.bc" \
			-o "$tmp/$k.spv" 2>&1
	} > "$tmp/$k.spir64.err"
	echo $? > "$tmp/$k.spir64.rc"
	rm -f "$tmp/$k.o" "$tmp/$k.co" "$tmp/$k.bc" "$tmp/$k.spv"
}

# route_point FILE ROUTE WHAT: the point of one route's compile
route_point() {
	k=$(key "$1")
	n=$((n + 1))
	if [ "$(cat "$tmp/$k.$2.rc")" -eq 0 ]; then
		echo "ok $n - ${1##*/}: $3"
	else
		failed=$((failed + 1))
		echo "not ok $n - ${1##*/}: $3"
		echo "  ---"
		yaml_lines output "$tmp/$k.$2.err"
		echo "  ..."
	fi
}

# covers_point FILE: every tag names a construct of the table, in FILE's
# language, and FILE's code shows it; the tags go to $tmp/seen
covers_point() {
	f=$1
	n=$((n + 1))
	case $f in
	*.clcpp) prefix=opencl-cxx/ ;;
	*) prefix=opencl/ ;;
	esac
	sed -e 's://.*$::' -e 's/(global int \*out, int n/(/' \
		-e '/^	int acc = n;$/d' -e '/^	out\[0\] = acc;$/d' "$f" > "$tmp/code"
	sed -n 's/^\/\/ covers: //p' "$f" > "$tmp/tags"
	: > "$tmp/why"
	[ -s "$tmp/tags" ] || echo "no covers: tag" >> "$tmp/why"
	while IFS= read -r tag; do
		echo "$tag" >> "$tmp/seen"
		case $tag in
		"$prefix"*) ;;
		*)	echo "$tag: not a construct of ${f##*.} files" >> "$tmp/why"
			continue ;;
		esac
		ere=$(awk -F '	' -v t="$tag" '$1 == t { print $2; exit }' "$table")
		if [ -z "$ere" ]; then
			echo "$tag: not a construct of the table" >> "$tmp/why"
		elif ! grep -Eq -- "$ere" "$tmp/code"; then
			echo "$tag: the code does not match $ere" >> "$tmp/why"
		fi
	done < "$tmp/tags"
	k=$(wc -l < "$tmp/tags" | tr -d ' ')
	if [ -s "$tmp/why" ]; then
		failed=$((failed + 1))
		echo "not ok $n - ${f##*/}: covers tags"
		echo "  ---"
		yaml_lines problems "$tmp/why"
		echo "  ..."
	else
		echo "ok $n - ${f##*/}: $k covers tags, each shown by the code"
	fi
}

# the kernels, in glob order; compiled $jobs at a time, reported in order
: > "$tmp/kernels"
for f in "$cases"/gen-*.cl "$cases"/gen-*.clcpp; do
	[ -e "$f" ] && echo "$f" >> "$tmp/kernels"
done
running=0
while IFS= read -r f; do
	compile "$f" &
	running=$((running + 1))
	if [ "$running" -ge "$jobs" ]; then
		wait
		running=0
	fi
done < "$tmp/kernels"
wait

: > "$tmp/seen"
while IFS= read -r f; do
	route_point "$f" amdgcn "compiles and links for amdgcn"
	route_point "$f" spir64 "compiles for spir64 and translates to SPIR-V"
	covers_point "$f"
done < "$tmp/kernels"

if [ -s "$tmp/kernels" ]; then
	n=$((n + 1))
	cut -f 1 "$table" | sort -u > "$tmp/all"
	sort -u "$tmp/seen" > "$tmp/seen.sorted"
	comm -23 "$tmp/all" "$tmp/seen.sorted" > "$tmp/uncovered"
	if [ -s "$tmp/uncovered" ]; then
		failed=$((failed + 1))
		echo "not ok $n - every construct of the table is covered"
		echo "  ---"
		yaml_lines uncovered "$tmp/uncovered"
		echo "  ..."
	else
		echo "ok $n - every construct of the table is covered ($(wc -l < "$tmp/all" | tr -d ' '))"
	fi
fi

finish "gen-*.cl or gen-*.clcpp" "$cases"
