/* Blame (docs/blame.md): for a compile command that leaves its
 * intermediate LLVM IR at {ir}, at which stage each DWARF fact the
 * conformance check found missing or different was lost. The IR's debug
 * metadata is compared with the reference translation of the same SPIR-V
 * module (hdref llvm-di), through one table that says which metadata fact
 * and field carries each DWARF fact (blame.c): where the IR already
 * differs, the stage that wrote the IR lost it ("before {ir}": the
 * translator, or a front end); where the IR agrees, the stage after it
 * did ("after {ir}": the back end). */
#ifndef HC_BLAME_H
#define HC_BLAME_H

#include <stddef.h>

#include "llvmdi/facts.h"
#include "util/buf.h"

typedef enum hc_stage {
	HC_BLAME_BEFORE_IR,    /* the IR's metadata already lacks or differs in it */
	HC_BLAME_AFTER_IR,     /* the IR's metadata holds it as the reference's does */
	HC_BLAME_NONE,         /* no metadata fact carries it, or the reference has none */
	HC_BLAME_STAGES
} hc_stage;

/* The two metadata views of one job, and what was blamed so far. */
typedef struct hc_blame {
	const hd_lldi_facts *ref;  /* the reference translation of the input module */
	const hd_lldi_facts *ir;   /* the candidate's IR at {ir} */
	const char *ir_triple;     /* its target triple, which with ir_clang says what
	                            * its address spaces mean; NULL when it names none */
	int ir_clang;              /* the clang version that wrote it; 0: not clang */
	size_t count[HC_BLAME_STAGES];
} hc_blame;

/* "before {ir}", "after {ir}", "unattributed" */
const char *hc_stage_name(hc_stage s);

/* Blames one DWARF fact (conform_facts.c's form, `KEY` or `KEY: ATTR =
 * VALUE`) that the candidate's DWARF lacks: writes "  blame: STAGE: WHY"
 * into out, counts it in b and returns the stage. */
hc_stage hc_blame_fact(hc_blame *b, const char *dwarf_fact, hd_buf *out);

/* Names both views alike, in place, then sorts each and drops repeats:
 * every file as its last path component (two compiles of one source in two
 * directories; the Khronos module names the kernel's directory
 * /hdcts/cases/opencl), and, when ir_triple and ir_clang (the clang
 * version that wrote the IR, 0 when not clang) have a convention, every
 * address space as what it means, in pointer types and in a variable's
 * DW_OP_constu N, DW_OP_swap, DW_OP_xderef (docs/blame.md). -1 when
 * memory runs out. */
int hc_blame_prepare(hd_lldi_facts *ref, hd_lldi_facts *ir, const char *ir_triple, int ir_clang);

#endif
