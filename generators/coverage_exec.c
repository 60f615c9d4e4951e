/* The interpreter's part of the coverage map: which rows of its opcode
 * table the corpus's kernels execute. The reference measured it: every
 * watch that hdgen expected wrote ends with an `executed` line naming the
 * instructions its run executed (docs/watch-format.md). This is a
 * measurement, not a universe to complete: an instruction no kernel of the
 * corpus needs is listed with none, not a failure. */
#define _POSIX_C_SOURCE 200809L  /* strtok_r */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coverage.h"
#include "exec/exec.h"
#include "spirv/tables.h"
#include "util/buf.h"
#include "util/dir.h"
#include "util/file.h"

/* Adds one "executed NAME" fact per instruction the watch's executed lines
 * name (one per kernel of the module). */
static void read_watch(const char *path, const char *where, cov_facts *facts)
{
	hd_buf text;
	hd_status st;
	char *line, *save = NULL;

	hd_buf_init(&text);
	if (hd_read_file(path, 64u << 20, &text, &st) == 0 && !text.failed) {
		hd_buf_byte(&text, 0);
		for (line = strtok_r((char *)text.data, "\n", &save); line != NULL;
		     line = strtok_r(NULL, "\n", &save)) {
			char *name, *inner = NULL;
			if (strncmp(line, "executed", 8) != 0)
				continue;
			for (name = strtok_r(line + 8, " ", &inner); name != NULL;
			     name = strtok_r(NULL, " ", &inner)) {
				char fact[160];
				snprintf(fact, sizeof fact, "executed %s", name);
				cov_add(facts, fact, COV_POS, where);
			}
		}
	}
	hd_buf_free(&text);
}

/* How many watches executed the instruction called name. */
static size_t executed(const cov_facts *facts, const char *name)
{
	char fact[200];
	size_t count = 0;

	snprintf(fact, sizeof fact, "executed %s", name);
	for (long k = cov_find(facts, fact); k >= 0 && (size_t)k < facts->n &&
	     strcmp(facts->v[k].fact, fact) == 0; k++)
		count++;
	return count;
}

static void put_row(hd_buf *b, const char *name, size_t count)
{
	if (count == 0)
		hd_buf_printf(b, "| `%s` | none |\n", name);
	else
		hd_buf_printf(b, "| `%s` | %zu |\n", name, count);
}

void cov_exec_report(const char *watches, hd_buf *b)
{
	cov_facts facts = { 0 };
	size_t n, kernels = 0;
	char **names;
	hd_status ignored;  /* no watches: every row shows none */

	hd_list_dir(watches, ".watch", &names, &n, &ignored);
	for (size_t i = 0; i < n; i++) {
		char path[2048];
		snprintf(path, sizeof path, "%s/%s", watches, names[i]);
		read_watch(path, names[i], &facts);
		kernels++;
	}
	hd_free_names(names, n);
	cov_finish(&facts);
	hd_buf_printf(b, "\n## Interpreter: instructions the corpus executes\n\n"
	                 "Rows of the interpreter's opcode table (reference/exec/ops.def) and of its "
	                 "OpenCL.std table (reference/exec/opencl_std.def), and how "
	                 "many of the %zu watches of expected/watch/ executed each "
	                 "(docs/interpreter.md).\n\n| instruction | watches |\n|---|---|\n", kernels);
	for (uint32_t i = 0; i < hd_exec_nops(); i++) {
		const hd_spv_coreop *op = hd_spv_coreop_by_opcode(hd_exec_op_at(i));
		size_t count;
		if (op == NULL)
			continue;
		count = executed(&facts, op->name);
		put_row(b, op->name, count);
	}
	for (uint32_t i = 0; i < hd_exec_nstd(); i++) {
		const char *name;
		char full[160];
		hd_exec_std_at(i, &name);
		snprintf(full, sizeof full, "OpenCL.std/%s", name);
		put_row(b, full, executed(&facts, full));
	}
	cov_free(&facts);
}
