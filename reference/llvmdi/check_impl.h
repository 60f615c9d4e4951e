/* What the validator's files share (check.c, check_uses.c, expr.c). */
#ifndef HD_LLVMDI_CHECK_IMPL_H
#define HD_LLVMDI_CHECK_IMPL_H

#include "impl.h"

void hd_lldi_report(hd_lldi_findings *fs, hd_lldi_rule rule, hd_lldi_pos pos, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* The node's kind name for messages: "tuple" for !{...}. */
const char *hd_lldi_kind_label(const hd_lldi_node *n);
/* Whether n is of the known kind k. */
int hd_lldi_is(const hd_lldi_node *n, int k);
/* The node a field refers to (resolved or inline), or NULL. */
hd_lldi_node *hd_lldi_field_node(const hd_lldi_node *n, const char *name);

/* The DISubprogram a local scope lies in: up the scope: fields of lexical
 * blocks, at most a bounded number of steps; NULL when there is none or
 * the chain does not end. */
hd_lldi_node *hd_lldi_subprogram_of(hd_lldi_node *scope);

/* The rules on one DIExpression's operations (expr.c). */
void hd_lldi_check_expression(const hd_lldi_node *n, hd_lldi_findings *fs);
/* The rules on the uses of metadata from the IR and on the module
 * (check_uses.c). */
void hd_lldi_check_uses(const hd_lldi_module *m, hd_lldi_findings *fs);

#endif
