/* docs/coverage.md (docs/generators.md, "Coverage"): the summary per area
 * with its single-case rows, what is missing or uncited, and a table per
 * area whose every row names its cases and the document and section that
 * define it. The SPIR-V area is large: a line per instruction, and the
 * operand facts that rest on a single case listed below it (coverage.html
 * has every row). */
#include <string.h>

#include "coverage.h"
#include "coverage/cite.h"
#include "coverage/unreachable.h"
#include "util/buf.h"

/* "12", "1 (single case)" or "**none**": cases with the needed polarity. */
static void put_count(hd_buf *b, size_t n)
{
	if (n == 0)
		hd_buf_printf(b, " **none** |");
	else if (n == 1)
		hd_buf_printf(b, " 1 (single case) |");
	else
		hd_buf_printf(b, " %zu |", n);
}

static void put_cite(hd_buf *b, const hd_cov_item *it)
{
	hd_buf_printf(b, " %s |", it->cite != NULL ? it->cite : "**uncited**");
}

static void summary(const cov_run *r, hd_buf *b)
{
	hd_buf_printf(b, "| area | universe | covered | missing | single case | uncited |\n"
	                 "|---|---|---|---|---|---|\n");
	for (int a = 0; a < HD_COV_UNIVERSES; a++) {
		cov_summary s;
		cov_summarize(r, a, &s);
		hd_buf_printf(b, "| %s | %zu | %zu | %zu | %zu | %zu |\n", hd_cov_area_name(a),
		              s.total, s.covered, s.total - s.covered, s.single, s.uncited);
	}
	hd_buf_printf(b, "\nA row rests on a *single case* when exactly one case has the "
	                 "polarity it needs: changing that case uncovers it. Each row cites "
	                 "the document and section that define it; the documents:\n\n");
	for (size_t i = 0; i < hd_cov_ndocuments; i++)
		hd_buf_printf(b, "- **%s**: %s\n", hd_cov_documents[i].name,
		              hd_cov_documents[i].title);
}

static void missing(const cov_run *r, hd_buf *b)
{
	int any = 0;

	for (size_t i = 0; i < r->u.n; i++) {
		const hd_cov_item *it = &r->u.v[i];
		if (cov_item_cases(r, it) > 0)
			continue;
		if (!any)
			hd_buf_printf(b, "\n## Missing\n\nNo case covers these (positive unless "
			                 "marked negative):\n\n");
		any = 1;
		hd_buf_printf(b, "- `%s`%s (%s)\n", it->fact, it->need == COV_NEG ? " negative" : "",
		              hd_cov_area_name(it->area));
	}
	any = 0;
	for (size_t i = 0; i < r->u.n; i++) {
		if (r->u.v[i].cite != NULL)
			continue;
		if (!any)
			hd_buf_printf(b, "\n## Uncited\n\nThe table these come from names no known "
			                 "document section for them (reference/coverage/cite.c):\n\n");
		any = 1;
		hd_buf_printf(b, "- `%s` (%s)\n", r->u.v[i].fact, hd_cov_area_name(r->u.v[i].area));
	}
	if (r->bad.n > 0) {
		hd_buf_printf(b, "\n## Tags the cases do not bear out\n\n");
		for (size_t i = 0; i < r->bad.n; i++)
			hd_buf_printf(b, "- %s: `covers: %s`\n", r->bad.v[i].where, r->bad.v[i].fact);
	}
}

/* What the universe leaves out on purpose, and why. */
static void left_out(hd_buf *b)
{
	hd_buf_printf(b, "\nOperations that can only have negative cases:\n\n");
	for (size_t i = 0; i < hd_cov_nnegative_ops; i++)
		hd_buf_printf(b, "- `DW_OP_%s`: %s\n", hd_cov_negative_ops[i].op,
		              hd_cov_negative_ops[i].why);
	hd_buf_printf(b, "- `DW_OP_reg<n>` and `DW_OP_breg<n>` for a DWARF register n that the "
	                 "AMDGPU model lacks in both wave sizes, or (breg) has only narrower "
	                 "than an address: unknown-register, register-too-small\n");
	hd_buf_printf(b, "\nEvaluator rules no case can reach, so not asked for:\n\n");
	for (size_t i = 0; i < hd_cov_nunreachable_codes; i++)
		hd_buf_printf(b, "- `%s`: %s\n", hd_cov_unreachable_codes[i].name,
		              hd_cov_unreachable_codes[i].why);
	hd_buf_printf(b, "\nSPIR-V rules no case can break, so not asked for:\n\n");
	for (size_t i = 0; i < hd_cov_nunreachable_rules; i++)
		hd_buf_printf(b, "- `%s`: %s\n", hd_cov_unreachable_rules[i].name,
		              hd_cov_unreachable_rules[i].why);
}

static void area_table(const cov_run *r, int area, const char *what, hd_buf *b)
{
	hd_buf_printf(b, "\n## %s\n\n| %s | cases | source |\n|---|---|---|\n",
	              hd_cov_area_name(area), what);
	for (size_t i = 0; i < r->u.n; i++) {
		const hd_cov_item *it = &r->u.v[i];
		if (it->area != area)
			continue;
		hd_buf_printf(b, "| `%s`%s |", it->fact, it->need == COV_NEG ? " (negative)" : "");
		put_count(b, cov_item_cases(r, it));
		put_cite(b, it);
		hd_buf_byte(b, '\n');
	}
}

/* An instruction's item is followed by its operand facts, which hold a
 * space ("<set>/<inst> <operand>..."); returns the index past them. */
static size_t operand_end(const cov_run *r, size_t i)
{
	size_t j = i + 1;

	while (j < r->u.n && r->u.v[j].area == HD_COV_SPV && strchr(r->u.v[j].fact, ' ') != NULL)
		j++;
	return j;
}

static void spirv_table(const cov_run *r, hd_buf *b)
{
	hd_buf_printf(b, "\n## %s\n\n| instruction | positive cases | operand facts covered "
	                 "| of them on a single case | source |\n|---|---|---|---|---|\n",
	              hd_cov_area_name(HD_COV_SPV));
	for (size_t i = 0; i < r->u.n;) {
		const hd_cov_item *head = &r->u.v[i];
		size_t got = 0, single = 0, j = operand_end(r, i);
		if (head->area != HD_COV_SPV) {
			i++;
			continue;
		}
		for (size_t k = i + 1; k < j; k++) {
			size_t n = cov_item_cases(r, &r->u.v[k]);
			got += n > 0;
			single += n == 1;
		}
		hd_buf_printf(b, "| `%s` |", head->fact);
		put_count(b, cov_item_cases(r, head));
		hd_buf_printf(b, " %zu of %zu | %zu |", got, j - i - 1, single);
		put_cite(b, head);
		hd_buf_byte(b, '\n');
		i = j;
	}
	hd_buf_printf(b, "\nOperand facts that rest on a single case:\n\n");
	for (size_t i = 0; i < r->u.n; i++) {
		const hd_cov_item *it = &r->u.v[i];
		if (it->area == HD_COV_SPV && strchr(it->fact, ' ') != NULL &&
		    cov_item_cases(r, it) == 1)
			hd_buf_printf(b, "- `%s`: %s\n", it->fact,
			              it->cite != NULL ? it->cite : "**uncited**");
	}
}

void cov_markdown(const cov_run *r, hd_buf *b)
{
	hd_buf_printf(b, "# Coverage of the case corpus\n\n"
	                 "Written by `hdgen coverage` from `cases/`; do not edit. "
	                 "docs/generators.md says how each fact is computed and cited; "
	                 "[coverage.html](coverage.html) is the same map as one page with "
	                 "every row.\n\nCases read: %zu.\n\n",
	              r->ncases);
	summary(r, b);
	missing(r, b);
	left_out(b);
	area_table(r, HD_COV_OPS, "operation and profile", b);
	area_table(r, HD_COV_CFA, "instruction", b);
	area_table(r, HD_COV_EVAL, "reason code", b);
	spirv_table(r, b);
	area_table(r, HD_COV_RULES, "rule", b);
	cov_exec_report(r->watches, b);
}
