/* The OpenCL C construct snippets and the realistic kernels that combine
 * them (gen_opencl.h says what a snippet is and the rules it keeps). The
 * scalar and vector types and the address-space x qualifier pointers are
 * made from tables in gen_opencl_types.c instead.
 *
 * Each snippet's comment says what clang-15 emits for it; llvm-spirv-15
 * turns that into the OpenCL.DebugInfo.100 instruction named after "->". */
#include "gen_opencl.h"

const ocl_snippet ocl_c_snippets[] = {
	/* DICompositeType(DW_TAG_structure_type) -> DebugTypeComposite */
	{ "struct", "struct", "a struct with members of several scalar types", NULL,
	  "struct point {\n"
	  "\tint x;\n"
	  "\tfloat y;\n"
	  "\tchar tag;\n"
	  "\tlong id;\n"
	  "};\n",
	  NULL,
	  "struct point pt;\n"
	  "pt.x = n;\n"
	  "pt.y = 1.5f;\n"
	  "pt.tag = 'p';\n"
	  "pt.id = n * 2L;\n"
	  "acc += pt.x + (int)pt.y + pt.tag + (int)pt.id;\n" },
	/* a member whose type is another composite, and an array member */
	{ "struct-nested", "struct", "a struct member of struct type and an array member", NULL,
	  "struct extent {\n"
	  "\tint w;\n"
	  "\tint h;\n"
	  "};\n"
	  "struct rect {\n"
	  "\tstruct extent size;\n"
	  "\tshort origin[2];\n"
	  "};\n",
	  NULL,
	  "struct rect rc;\n"
	  "rc.size.w = n;\n"
	  "rc.size.h = 2;\n"
	  "rc.origin[0] = 1;\n"
	  "rc.origin[1] = (short)n;\n"
	  "acc += rc.size.w * rc.size.h + rc.origin[1];\n" },
	/* a pointer member to the struct being defined: a type cycle */
	{ "struct-self-pointer", "struct", "a struct that points to its own type", NULL,
	  "struct node {\n"
	  "\tint value;\n"
	  "\tstruct node *next;\n"
	  "};\n",
	  NULL,
	  "struct node tail_node;\n"
	  "struct node head_node;\n"
	  "tail_node.value = 2;\n"
	  "tail_node.next = 0;\n"
	  "head_node.value = n;\n"
	  "head_node.next = &tail_node;\n"
	  "acc += head_node.value + head_node.next->value;\n" },
	/* packed and over-aligned layouts: member offsets that are not the
	 * natural ones */
	{ "struct-attributes", "struct", "packed and over-aligned struct layouts", NULL,
	  "struct __attribute__((packed)) wire {\n"
	  "\tchar kind;\n"
	  "\tint payload;\n"
	  "};\n"
	  "struct aligned_pair {\n"
	  "\tint first __attribute__((aligned(16)));\n"
	  "\tint second;\n"
	  "};\n",
	  NULL,
	  "struct wire wr;\n"
	  "struct aligned_pair ap;\n"
	  "wr.kind = 1;\n"
	  "wr.payload = n;\n"
	  "ap.first = n;\n"
	  "ap.second = 3;\n"
	  "acc += wr.kind + wr.payload + ap.first + ap.second;\n" },
	/* DW_TAG_union_type -> DebugTypeComposite of class Union */
	{ "union", "union", "a union whose members share storage", NULL,
	  "union bits {\n"
	  "\tfloat f;\n"
	  "\tuint u;\n"
	  "\tuchar b[4];\n"
	  "};\n",
	  NULL,
	  "union bits ub;\n"
	  "ub.f = (float)n;\n"
	  "acc += (int)(ub.u >> 20) + ub.b[0];\n" },
	{ "union-in-struct", "union struct", "a tagged struct holding an anonymous-typed union", NULL,
	  "struct tagged {\n"
	  "\tint kind;\n"
	  "\tunion {\n"
	  "\t\tint i;\n"
	  "\t\tfloat f;\n"
	  "\t} as;\n"
	  "};\n",
	  NULL,
	  "struct tagged tv;\n"
	  "tv.kind = 1;\n"
	  "tv.as.i = n;\n"
	  "acc += tv.kind + tv.as.i;\n" },
	/* DW_TAG_enumeration_type with DW_TAG_enumerator -> DebugTypeEnum */
	{ "enum", "enum", "an enum with explicit, implicit and negative values", NULL,
	  "enum colour {\n"
	  "\tRED = -1,\n"
	  "\tGREEN,\n"
	  "\tBLUE = 7,\n"
	  "\tALPHA\n"
	  "};\n",
	  NULL,
	  "enum colour hue = n ? BLUE : RED;\n"
	  "acc += hue + ALPHA;\n" },
	{ "enum-flags", "enum", "an enum of bit flags up to bit 30", NULL,
	  "enum access_flags {\n"
	  "\tACCESS_READ = 1,\n"
	  "\tACCESS_WRITE = 2,\n"
	  "\tACCESS_HIGH = 0x40000000\n"
	  "};\n",
	  NULL,
	  "enum access_flags mode = (enum access_flags)(ACCESS_READ | ACCESS_WRITE);\n"
	  "acc += (mode & ACCESS_WRITE) + (n & ACCESS_HIGH);\n" },
	/* DW_TAG_typedef chains -> DebugTypedef */
	{ "typedef", "typedef", "a typedef of a scalar and a typedef of that typedef", NULL,
	  "typedef int count_t;\n"
	  "typedef count_t small_count_t;\n",
	  NULL,
	  "count_t total = n;\n"
	  "small_count_t half_total = total / 2;\n"
	  "acc += total + half_total;\n" },
	{ "typedef-struct", "typedef struct", "a typedef naming an anonymous struct", NULL,
	  "typedef struct {\n"
	  "\tint hits;\n"
	  "\tint misses;\n"
	  "} stats_t;\n",
	  NULL,
	  "stats_t st;\n"
	  "st.hits = n;\n"
	  "st.misses = n / 2;\n"
	  "acc += st.hits - st.misses;\n" },
	{ "typedef-enum", "typedef enum", "a typedef naming an anonymous enum", NULL,
	  "typedef enum {\n"
	  "\tPOWER_OFF,\n"
	  "\tPOWER_ON = 3\n"
	  "} power_mode;\n",
	  NULL,
	  "power_mode pm = n > 0 ? POWER_ON : POWER_OFF;\n"
	  "acc += (int)pm;\n" },
	{ "typedef-pointer", "typedef pointer-global", "a typedef of a pointer to global memory", NULL,
	  "typedef global int *gint_ptr;\n",
	  NULL,
	  "gint_ptr gp_td = out;\n"
	  "gp_td[1] = n;\n"
	  "acc += gp_td[1];\n" },
	{ "typedef-vector", "typedef vector-float4", "a typedef of a vector type", NULL,
	  "typedef float4 rgba_t;\n",
	  NULL,
	  "rgba_t pixel = (rgba_t)((float)n, 0.5f, 0.25f, 1.0f);\n"
	  "acc += (int)(pixel.x + pixel.w);\n" },
	/* DW_TAG_array_type with one DW_TAG_subrange_type per dimension ->
	 * DebugTypeArray with several Component Counts */
	{ "array-2d", "array-2d", "a two-dimensional array filled in nested loops", NULL, NULL, NULL,
	  "int grid[3][4];\n"
	  "for (int gi = 0; gi < 3; gi++)\n"
	  "\tfor (int gj = 0; gj < 4; gj++)\n"
	  "\t\tgrid[gi][gj] = gi * n + gj;\n"
	  "acc += grid[1][2] + grid[2][3];\n" },
	{ "array-3d", "array-3d", "a three-dimensional array of short", NULL, NULL, NULL,
	  "short cube[2][3][5];\n"
	  "cube[1][2][4] = (short)n;\n"
	  "cube[0][0][0] = 1;\n"
	  "acc += cube[1][2][4] + cube[0][0][0];\n" },
	{ "array-2d-struct", "array-2d struct", "a two-dimensional array of structs", NULL,
	  "struct cell {\n"
	  "\tint alive;\n"
	  "\tfloat age;\n"
	  "};\n",
	  NULL,
	  "struct cell board[2][2];\n"
	  "board[1][0].alive = n;\n"
	  "board[1][0].age = 0.5f;\n"
	  "acc += board[1][0].alive + (int)board[1][0].age;\n" },
	{ "array-2d-vector", "array-2d vector-int2", "a two-dimensional array of vectors", NULL,
	  NULL, NULL,
	  "int2 pairs[2][3];\n"
	  "pairs[1][2] = (int2)(n, 4);\n"
	  "acc += pairs[1][2].x + pairs[1][2].y;\n" },
	/* pointer DIDerivedTypes whose DWARF address space llvm-spirv turns
	 * into DebugTypePointer's Storage Class */
	{ "pointer-global", "pointer-global", "a pointer to global memory derived from a kernel argument",
	  NULL, NULL, "global float *gdata",
	  "global float *gp_g = gdata + 1;\n"
	  "*gp_g = (float)n;\n"
	  "acc += (int)gdata[1];\n" },
	{ "pointer-local", "pointer-local", "a pointer to local memory from a kernel argument", NULL,
	  NULL, "local int *lscratch",
	  "local int *lp_l = lscratch;\n"
	  "lp_l[0] = n;\n"
	  "acc += lscratch[0];\n" },
	{ "pointer-constant", "pointer-constant program-scope-constant",
	  "a pointer into a program-scope constant table", NULL,
	  "constant int weights[4] = { 1, 2, 3, 5 };\n",
	  NULL,
	  "constant int *cp_c = weights;\n"
	  "acc += cp_c[n & 3];\n" },
	{ "pointer-private", "pointer-private", "a pointer to a private variable", NULL, NULL, NULL,
	  "int pv = n;\n"
	  "private int *pp_p = &pv;\n"
	  "*pp_p += 1;\n"
	  "acc += pv;\n" },
	{ "pointer-generic", "pointer-generic", "explicit and implicit generic pointers", NULL, NULL,
	  NULL,
	  "int gv = n;\n"
	  "generic int *gq = &gv;\n"
	  "int *gq_implicit = gq;\n"
	  "acc += *gq_implicit;\n" },
	{ "pointer-to-pointer", "pointer-to-pointer pointer-generic pointer-private",
	  "a private pointer to a generic pointer", NULL, NULL, NULL,
	  "int target_pp = n;\n"
	  "generic int *inner_pp = &target_pp;\n"
	  "generic int *private *outer_pp = &inner_pp;\n"
	  "acc += **outer_pp;\n" },
	/* a variable in the local address space declared in the kernel: a
	 * function-scope static in LLVM IR, a DIGlobalVariable */
	{ "kernel-local-variable", "kernel-local-variable", "a local-memory array declared in the kernel",
	  NULL, NULL, NULL,
	  "local int tile[16];\n"
	  "tile[n & 15] = n;\n"
	  "acc += tile[n & 15];\n" },
	/* DW_TAG_const_type / volatile / restrict / atomic -> DebugTypeQualifier */
	{ "qualifier-const", "qualifier-const", "const scalars", NULL, NULL, NULL,
	  "const int ck = n * 2;\n"
	  "const float cf = 0.5f;\n"
	  "acc += ck + (int)cf;\n" },
	{ "qualifier-volatile", "qualifier-volatile", "a volatile scalar", NULL, NULL, NULL,
	  "volatile int vk = n;\n"
	  "vk += 1;\n"
	  "acc += vk;\n" },
	{ "qualifier-const-volatile", "qualifier-const qualifier-volatile",
	  "a const volatile scalar: two qualifiers on one type", NULL, NULL, NULL,
	  "const volatile int cvk = n;\n"
	  "acc += cvk;\n" },
	{ "qualifier-restrict", "qualifier-restrict pointer-global", "restrict pointer arguments",
	  NULL, NULL, "global int *restrict rin, global int *restrict rout",
	  "rout[0] = rin[0] + n;\n"
	  "acc += rout[0];\n" },
	{ "qualifier-atomic", "qualifier-atomic", "atomic int, uint and float objects", NULL, NULL,
	  NULL,
	  "atomic_int counter_a;\n"
	  "atomic_uint mask_a;\n"
	  "atomic_float gauge_a;\n"
	  "__opencl_atomic_init(&counter_a, n);\n"
	  "__opencl_atomic_init(&mask_a, 3u);\n"
	  "__opencl_atomic_init(&gauge_a, 1.5f);\n"
	  "__opencl_atomic_fetch_add(&counter_a, 2, memory_order_relaxed, memory_scope_work_group);\n"
	  "acc += __opencl_atomic_load(&counter_a, memory_order_relaxed, memory_scope_work_group);\n"
	  "acc += (int)__opencl_atomic_load(&mask_a, memory_order_relaxed, memory_scope_work_group);\n"
	  "acc += (int)__opencl_atomic_load(&gauge_a, memory_order_relaxed, memory_scope_work_group);\n" },
	{ "qualifier-all", "qualifier-const qualifier-volatile qualifier-restrict pointer-global",
	  "a restrict pointer to const volatile global memory", NULL, NULL,
	  "global const volatile int *restrict cvr_in",
	  "acc += cvr_in[0];\n" },
	/* DILexicalBlock per brace -> nested DebugLexicalBlocks */
	{ "nested-blocks", "nested-blocks", "three nested blocks, one shadowing an outer variable",
	  NULL, NULL, NULL,
	  "int level_a = n;\n"
	  "{\n"
	  "\tint level_b = level_a + 1;\n"
	  "\t{\n"
	  "\t\tint level_a = level_b * 2;\n"
	  "\t\t{\n"
	  "\t\t\tint level_c = level_a - level_b;\n"
	  "\t\t\tacc += level_c;\n"
	  "\t\t}\n"
	  "\t\tacc += level_a;\n"
	  "\t}\n"
	  "\tacc += level_b;\n"
	  "}\n"
	  "acc += level_a;\n" },
	{ "nested-blocks-loops", "nested-blocks", "blocks opened by for and if statements", NULL,
	  NULL, NULL,
	  "for (int row = 0; row < 2; row++) {\n"
	  "\tint row_sq = row * row;\n"
	  "\tif (row_sq < n) {\n"
	  "\t\tint row_sum = row_sq + n;\n"
	  "\t\tacc += row_sum;\n"
	  "\t}\n"
	  "}\n" },
	/* a static inline helper: a second DISubprogram, not inlined at -O0 */
	{ "static-inline", "static-inline", "a static inline helper (not inlined at -O0)", NULL,
	  "static inline int clamp_add(int a, int b)\n"
	  "{\n"
	  "\tint s = a + b;\n"
	  "\n"
	  "\treturn s > 100 ? 100 : s;\n"
	  "}\n",
	  NULL,
	  "acc += clamp_add(n, 3);\n" },
	/* always_inline is honoured at -O0: DW_TAG_inlined_subroutine, and
	 * llvm-spirv writes DebugInlinedAt */
	{ "always-inline", "always-inline static-inline", "an always_inline helper inlined at -O0",
	  NULL,
	  "static inline __attribute__((always_inline)) int square_ai(int x)\n"
	  "{\n"
	  "\tint sq = x * x;\n"
	  "\n"
	  "\treturn sq;\n"
	  "}\n",
	  NULL,
	  "acc += square_ai(n) + square_ai(2);\n" },
	{ "noinline-function", "noinline-function", "a called helper with a local of its own",
	  NULL,
	  "__attribute__((noinline)) int scale_ni(int v, int by)\n"
	  "{\n"
	  "\tint r = v * by;\n"
	  "\n"
	  "\treturn r + 1;\n"
	  "}\n",
	  NULL,
	  "acc += scale_ni(n, 3);\n" },
	{ "noinline-pointer-param", "noinline-function pointer-global",
	  "a called helper taking a pointer to global memory", NULL,
	  "__attribute__((noinline)) void store_twice(global int *dst, int v)\n"
	  "{\n"
	  "\tint twice = v * 2;\n"
	  "\n"
	  "\tdst[2] = twice;\n"
	  "}\n",
	  NULL,
	  "store_twice(out, n);\n"
	  "acc += out[2];\n" },
	/* program-scope variables: DIGlobalVariable -> DebugGlobalVariable */
	{ "program-scope-global", "program-scope-global", "program-scope variables in global memory",
	  NULL,
	  "global int hits_pg = 3;\n"
	  "global float bias_pg[2] = { 0.5f, 1.5f };\n",
	  NULL,
	  "hits_pg += n;\n"
	  "acc += hits_pg + (int)bias_pg[1];\n" },
	{ "program-scope-global-struct", "program-scope-global struct",
	  "a program-scope struct variable in global memory", NULL,
	  "struct config {\n"
	  "\tint width;\n"
	  "\tint height;\n"
	  "};\n"
	  "global struct config cfg_pg = { 640, 480 };\n",
	  NULL,
	  "cfg_pg.width = n;\n"
	  "acc += cfg_pg.width + cfg_pg.height;\n" },
	{ "program-scope-constant", "program-scope-constant",
	  "program-scope constants: a scalar and a table", NULL,
	  "constant float coeffs_pc[3] = { 0.25f, 0.5f, 0.25f };\n"
	  "constant int limit_pc = 42;\n",
	  NULL,
	  "acc += limit_pc + (int)(coeffs_pc[1] * n);\n" },
	/* a function-scope static: a DIGlobalVariable scoped to the function */
	{ "static-function-scope", "static-function-scope", "a function-scope static in global memory",
	  NULL,
	  "int next_ticket(void)\n"
	  "{\n"
	  "\tstatic global int tickets = 0;\n"
	  "\n"
	  "\treturn ++tickets;\n"
	  "}\n",
	  NULL,
	  "acc += next_ticket();\n" },
	/* macros reach the debug info only with -fdebug-macro (DIMacro) */
	{ "macro-object", "macro-object", "object-like macros", NULL,
	  "#define TILE_WIDTH 4\n"
	  "#define TILE_AREA (TILE_WIDTH * TILE_WIDTH)\n",
	  NULL,
	  "acc += TILE_AREA + n % TILE_WIDTH;\n" },
	{ "macro-function", "macro-function", "function-like macros", NULL,
	  "#define MAX_OF(a, b) ((a) > (b) ? (a) : (b))\n"
	  "#define SQUARE_OF(x) ((x) * (x))\n",
	  NULL,
	  "acc += MAX_OF(n, 3) + SQUARE_OF(n);\n" },
	{ "macro-undef", "macro-object macro-undef", "a macro defined, used and undefined", NULL,
	  "#define SCRATCH_BIAS 11\n",
	  NULL,
	  "acc += SCRATCH_BIAS;\n"
	  "#undef SCRATCH_BIAS\n" },
	/* the scalar types that have no vector form */
	{ "scalar-misc", "scalar-bool scalar-size_t scalar-ptrdiff_t scalar-intptr_t scalar-uintptr_t",
	  "bool, size_t, ptrdiff_t, intptr_t and uintptr_t", NULL, NULL, NULL,
	  "bool flag_m = n > 0;\n"
	  "size_t size_m = (size_t)n;\n"
	  "ptrdiff_t diff_m = (ptrdiff_t)n - 1;\n"
	  "intptr_t iptr_m = (intptr_t)n;\n"
	  "uintptr_t uptr_m = (uintptr_t)n;\n"
	  "acc += flag_m + (int)size_m + (int)diff_m + (int)iptr_m + (int)uptr_m;\n" },
};

const size_t ocl_c_nsnippets = sizeof ocl_c_snippets / sizeof ocl_c_snippets[0];

/* Kernels that look like real ones: several constructs working together.
 * The ids may name the type snippets of gen_opencl_types.c too. */
const ocl_combo ocl_c_combos[] = {
	{ "combo-stencil", "a stencil: local tile, constant weights, 2-D array, inlined helper",
	  "kernel-local-variable pointer-constant array-2d always-inline nested-blocks-loops "
	  "qualifier-const" },
	{ "combo-particles", "particles: structs, vectors, restrict pointers, program-scope state",
	  "struct typedef-vector type-float qualifier-restrict program-scope-global "
	  "noinline-function" },
	{ "combo-histogram", "a histogram: atomics, local memory, enums and macros",
	  "qualifier-atomic pointer-local enum macro-object macro-function ptr-local-atomic" },
	{ "combo-decoder", "a decoder: unions, packed structs, typedefs and bit flags",
	  "union union-in-struct struct-attributes typedef typedef-struct enum-flags type-uchar" },
	{ "combo-address-spaces", "one kernel with a pointer into every address space",
	  "pointer-global pointer-local pointer-constant pointer-private pointer-generic "
	  "pointer-to-pointer typedef-pointer" },
	{ "combo-scopes", "scopes: nested blocks, statics, inlined and called helpers",
	  "nested-blocks nested-blocks-loops static-function-scope static-inline always-inline "
	  "noinline-pointer-param macro-undef" },
};

const size_t ocl_c_ncombos = sizeof ocl_c_combos / sizeof ocl_c_combos[0];
