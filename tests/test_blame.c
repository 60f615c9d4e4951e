/* Blame (harness/judge/blame.h, docs/blame.md) on small fact sets: for each row
 * kind of the correspondence table, a DWARF fact is blamed before {ir}
 * when the IR's metadata differs from the reference translation in the
 * field that carries it (or lacks the entity), after {ir} when it holds
 * the same value, and is unattributed when no metadata fact carries it or
 * the reference has no such entity. Under an amdgcn triple, address
 * spaces are compared by what they mean. The metadata facts are written as
 * reference/llvmdi/facts.c writes them. */
#include <stdlib.h>
#include <string.h>

#include "blame.h"
#include "tap.h"

/* The reference translation's facts, sorted as hd_lldi_facts keeps them. */
static const char *const ref_facts[] = {
	"cu language=DW_LANG_OpenCL file=/hdcts/cases/opencl/k.cl",
	"enumerator colour::red = 0",
	"member DW_TAG_structure_type point ::y line=3 size=32 offset=32 flags= type=basic float 32 DW_ATE_float",
	"subprogram top::k file=/hdcts/cases/opencl/k.cl line=5 linkage= scopeLine=6 type=fn(void, DW_TAG_pointer_type as1(basic int 32 DW_ATE_signed)) flags=DIFlagPrototyped spFlags=DISPFlagDefinition",
	"type DW_TAG_enumeration_type top::colour file=/hdcts/cases/opencl/k.cl line=2 size=32 identifier= flags= base=basic int 32 DW_ATE_signed",
	"type DW_TAG_structure_type top::point file=/hdcts/cases/opencl/k.cl line=1 size=64 identifier= flags= base=void",
	"variable sp k > block 10:2::x file=/hdcts/cases/opencl/k.cl line=11 arg=0 flags= type=basic int 32 DW_ATE_signed",
	"variable sp k::out file=/hdcts/cases/opencl/k.cl line=5 arg=1 flags= type=DW_TAG_pointer_type as1(basic int 32 DW_ATE_signed)",
};

/* The candidate's IR: the pointer's address space dropped, the enum made
 * a class, the block gone; the rest as the reference has it. */
static const char *const ir_facts[] = {
	"cu language=DW_LANG_OpenCL file=/src/k.cl",
	"enumerator colour::red = 0",
	"member DW_TAG_structure_type point ::y line=3 size=32 offset=32 flags= type=basic float 32 DW_ATE_float",
	"subprogram top::k file=/src/k.cl line=5 linkage= scopeLine=6 type=fn(void, DW_TAG_pointer_type(basic int 32 DW_ATE_signed)) flags=DIFlagPrototyped spFlags=DISPFlagDefinition",
	"type DW_TAG_enumeration_type top::colour file=/src/k.cl line=2 size=32 identifier= flags=DIFlagEnumClass base=basic int 32 DW_ATE_signed",
	"type DW_TAG_structure_type top::point file=/src/k.cl line=1 size=64 identifier= flags= base=void",
	"variable sp k::out file=/src/k.cl line=5 arg=1 flags= type=DW_TAG_pointer_type(basic int 32 DW_ATE_signed)",
	"variable sp k::x file=/src/k.cl line=11 arg=0 flags= type=basic int 32 DW_ATE_signed",
};

static const struct want {
	const char *dwarf;     /* the DWARF fact the candidate lacks */
	hc_stage stage;
	const char *text;      /* in its blame line */
} cases[] = {
	{ "subprogram \"k\"/formal_parameter \"out\": type = pointer_type{byte_size 8, address_class 1} -> base_type \"int\"",
	  HC_BLAME_BEFORE_IR, "the IR's variable k/out has type=DW_TAG_pointer_type(basic int 32 DW_ATE_signed) where the reference translation has DW_TAG_pointer_type as1(" },
	{ "subprogram \"k\"/formal_parameter \"out\": decl_line = 5", HC_BLAME_AFTER_IR,
	  "the IR's variable k/out has line=5 as the reference translation does" },
	/* a file by its last component: the paths differ, the names do not */
	{ "subprogram \"k\": decl_file = \"k.cl\"", HC_BLAME_AFTER_IR, "has file=k.cl as" },
	{ "subprogram \"k\": external = true", HC_BLAME_AFTER_IR, "spFlags=lacks DISPFlagLocalToUnit" },
	{ "subprogram \"k\"", HC_BLAME_AFTER_IR, "the IR's metadata has subprogram k as" },
	{ "subprogram \"k\": type = subroutine_type", HC_BLAME_BEFORE_IR, "the IR's subprogram k has type=fn(" },
	{ "subprogram \"k\"/lexical_block/variable \"x\": decl_line = 11", HC_BLAME_BEFORE_IR,
	  "the IR's metadata has no variable k/{}/x" },
	{ "subprogram \"k\"/lexical_block", HC_BLAME_BEFORE_IR, "the IR's metadata has no block k/{}" },
	{ "enumeration_type \"colour\": enum_class = true", HC_BLAME_BEFORE_IR,
	  "flags=has DIFlagEnumClass where the reference translation has lacks DIFlagEnumClass" },
	{ "enumeration_type \"colour\"/enumerator \"red\": const_value = 0", HC_BLAME_AFTER_IR,
	  "the IR's enumerator colour/red has value=0 as" },
	{ "structure_type \"point\"/member \"y\": data_member_location = 4", HC_BLAME_AFTER_IR,
	  "the IR's member point/y has offset=32 as" },
	{ "structure_type \"point\": byte_size = 8", HC_BLAME_AFTER_IR, "has size=64 as" },
	{ "base_type \"float\": encoding = DW_ATE_float", HC_BLAME_AFTER_IR,
	  "the IR's basic float has encoding=DW_ATE_float as" },
	{ "base_type \"int\": byte_size = 4", HC_BLAME_AFTER_IR, "has size=32 as" },
	{ "compile_unit: language = DW_LANG_OpenCL", HC_BLAME_AFTER_IR, "language=DW_LANG_OpenCL as" },
	{ "compile_unit: version = 5", HC_BLAME_NONE, "no metadata fact carries version of a compile_unit" },
	{ "frame \"k\": cfa at entry = defined", HC_BLAME_NONE, "no metadata fact carries" },
	{ "subprogram \"k\"/variable \"nope\": decl_line = 3", HC_BLAME_NONE,
	  "the reference translation has no" },
	{ "not a fact", HC_BLAME_NONE, "not a fact of an entity" },
};

/* clang for AMDGPU: its own address-space numbers (private 1, local 2,
 * none for global and generic), compared by what they mean. */
static const char *const amd_ref[] = {
	"variable sp k::g file=k.cl line=5 arg=1 flags= type=DW_TAG_pointer_type as1(basic int 32 DW_ATE_signed)",
	"variable sp k::l file=k.cl line=5 arg=2 flags= type=DW_TAG_pointer_type as3(basic int 32 DW_ATE_signed)",
	"variable sp k::p file=k.cl line=6 arg=0 flags= type=DW_TAG_pointer_type as0(DW_TAG_pointer_type as4(basic int 32 DW_ATE_signed))",
};
static const char *const amd_ir[] = {
	"variable sp k::g file=k.cl line=5 arg=1 flags= type=DW_TAG_pointer_type(basic int 32 DW_ATE_signed)",
	"variable sp k::l file=k.cl line=5 arg=2 flags= type=DW_TAG_pointer_type as2(basic int 32 DW_ATE_signed)",
	"variable sp k::p file=k.cl line=6 arg=0 flags= type=DW_TAG_pointer_type as1(DW_TAG_pointer_type(basic int 32 DW_ATE_signed))",
};
static const struct want amd_cases[] = {
	{ "subprogram \"k\"/formal_parameter \"g\": type = pointer_type{byte_size 8} -> base_type \"int\"",
	  HC_BLAME_BEFORE_IR, "type=DW_TAG_pointer_type generic(basic int 32 DW_ATE_signed) where the reference translation has DW_TAG_pointer_type global(" },
	{ "subprogram \"k\"/formal_parameter \"l\": type = pointer_type{byte_size 8, address_class 2} -> base_type \"int\"",
	  HC_BLAME_AFTER_IR, "type=DW_TAG_pointer_type local(basic int 32 DW_ATE_signed) as the reference" },
	{ "subprogram \"k\"/variable \"p\": type = pointer_type{address_class 1} -> pointer_type{} -> base_type \"int\"",
	  HC_BLAME_AFTER_IR, "type=DW_TAG_pointer_type private(DW_TAG_pointer_type generic(basic" },
};

static void fill(hd_lldi_facts *f, const char *const *v, size_t n)
{
	f->v = (char **)v;
	f->n = f->cap = n;
}

int main(void)
{
	hd_lldi_facts ref, ir;
	hc_blame b;
	hd_buf out;
	char name[300];

	tap_begin();
	fill(&ref, ref_facts, sizeof ref_facts / sizeof ref_facts[0]);
	fill(&ir, ir_facts, sizeof ir_facts / sizeof ir_facts[0]);
	memset(&b, 0, sizeof b);
	b.ref = &ref;
	b.ir = &ir;
	hd_buf_init(&out);
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		hc_stage s;
		hd_buf_reset(&out);
		s = hc_blame_fact(&b, cases[i].dwarf, &out);
		snprintf(name, sizeof name, "%s: %s", cases[i].dwarf, hc_stage_name(cases[i].stage));
		if (!OK(s == cases[i].stage && strstr(hd_buf_str(&out), cases[i].text) != NULL &&
		        strncmp(hd_buf_str(&out), "  blame: ", 9) == 0, name))
			printf("# got: %s# want: %s\n", hd_buf_str(&out), cases[i].text);
	}
	OK(b.count[HC_BLAME_BEFORE_IR] == 5 && b.count[HC_BLAME_AFTER_IR] == 10 &&
	   b.count[HC_BLAME_NONE] == 4, "the stages are counted");
	fill(&ref, amd_ref, sizeof amd_ref / sizeof amd_ref[0]);
	fill(&ir, amd_ir, sizeof amd_ir / sizeof amd_ir[0]);
	b.ir_triple = "amdgcn-amd-amdhsa";
	b.ir_clang = 15;
	for (size_t i = 0; i < sizeof amd_cases / sizeof amd_cases[0]; i++) {
		hc_stage s;
		hd_buf_reset(&out);
		s = hc_blame_fact(&b, amd_cases[i].dwarf, &out);
		snprintf(name, sizeof name, "amdgcn: %s: %s", amd_cases[i].dwarf,
		         hc_stage_name(amd_cases[i].stage));
		if (!OK(s == amd_cases[i].stage && strstr(hd_buf_str(&out), amd_cases[i].text) != NULL,
		        name))
			printf("# got: %s# want: %s\n", hd_buf_str(&out), amd_cases[i].text);
	}
	hd_buf_free(&out);

	/* whole sets named alike: files by their last component, address
	 * spaces (in types and in a variable's xderef) by what they mean */
	{
		hd_lldi_facts r = { 0 }, i = { 0 };
		static const char *const rv[] = {
			"declare in sp k: sp k::x of local expr=(DW_OP_constu 0 DW_OP_swap DW_OP_xderef) at 5:1 in sp k",
			"variable sp k::l file=/hdcts/cases/opencl/k.cl line=5 arg=2 flags= type=DW_TAG_pointer_type as3(basic int 32 DW_ATE_signed)",
		};
		static const char *const iv[] = {
			"declare in sp k: sp k::x of local expr=(DW_OP_constu 1 DW_OP_swap DW_OP_xderef) at 5:1 in sp k",
			"variable sp k::l file=/src/k.cl line=5 arg=2 flags= type=DW_TAG_pointer_type as2(basic int 32 DW_ATE_signed)",
		};
		int same = 1;
		r.v = malloc(2 * sizeof *r.v);
		i.v = malloc(2 * sizeof *i.v);
		for (size_t k = 0; r.v && i.v && k < 2; k++) {
			r.v[r.n++] = strdup(rv[k]);
			i.v[i.n++] = strdup(iv[k]);
		}
		OK(hc_blame_prepare(&r, &i, "amdgcn-amd-amdhsa", 15) == 0 && r.n == 2 && i.n == 2,
		   "prepare names both sets");
		for (size_t k = 0; k < r.n && k < i.n; k++)
			same &= strcmp(r.v[k], i.v[k]) == 0;
		OK(same && strstr(r.v[0], "DW_OP_constu private DW_OP_swap") != NULL &&
		   strstr(r.v[1], "file=k.cl ") != NULL && strstr(r.v[1], "pointer_type local(") != NULL,
		   "clang's private 1 and local 2 are the translation's private 0 and local 3");
		if (r.n == 2)
			printf("# %s\n# %s\n", r.v[0], r.v[1]);
		hd_lldi_facts_free(&r);
		hd_lldi_facts_free(&i);
	}
	/* clang 22 writes AMDGPU's own address spaces: 5 private, 3 local */
	{
		static const char *const r22[] = {
			"variable sp k::p file=k.cl line=6 arg=0 flags= type=DW_TAG_pointer_type as0(basic int 32 DW_ATE_signed)",
		};
		static const char *const i22[] = {
			"variable sp k::p file=k.cl line=6 arg=0 flags= type=DW_TAG_pointer_type as5(basic int 32 DW_ATE_signed)",
		};
		fill(&ref, r22, 1);
		fill(&ir, i22, 1);
		b.ir_clang = 22;
		hd_buf_reset(&out);
		OK(hc_blame_fact(&b, "subprogram \"k\"/variable \"p\": type = pointer_type{} -> base_type \"int\"",
		                 &out) == HC_BLAME_AFTER_IR &&
		   strstr(hd_buf_str(&out), "DW_TAG_pointer_type private(") != NULL,
		   "clang 22: its private 5 is the translation's private 0");
		/* and none for global memory */
		{
			static const char *const rg[] = {
				"variable sp k::g file=k.cl line=5 arg=1 flags= type=DW_TAG_pointer_type as1(basic int 32 DW_ATE_signed)",
			};
			static const char *const ig[] = {
				"variable sp k::g file=k.cl line=5 arg=1 flags= type=DW_TAG_pointer_type(basic int 32 DW_ATE_signed)",
			};
			fill(&ref, rg, 1);
			fill(&ir, ig, 1);
			hd_buf_reset(&out);
			OK(hc_blame_fact(&b, "subprogram \"k\"/formal_parameter \"g\": type = pointer_type{} -> base_type \"int\"",
			                 &out) == HC_BLAME_AFTER_IR &&
			   strstr(hd_buf_str(&out), "DW_TAG_pointer_type global(") != NULL,
			   "clang 22: a pointer with no address space is global");
			fill(&ref, r22, 1);
			fill(&ir, i22, 1);
		}
		b.ir_clang = 20;
		hd_buf_reset(&out);
		OK(hc_blame_fact(&b, "subprogram \"k\"/variable \"p\": type = pointer_type{} -> base_type \"int\"",
		                 &out) == HC_BLAME_BEFORE_IR &&
		   strstr(hd_buf_str(&out), "as5(") != NULL,
		   "a clang version with no row: the numbers, unnamed");
		hd_buf_free(&out);
	}
	return tap_end();
}
