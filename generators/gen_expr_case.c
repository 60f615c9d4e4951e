/* Writing cases/expr files (gen_expr_case.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amdgpu/model.h"
#include "dwarf/codec/expr.h"
#include "gen_expr_case.h"

void xc_init(xcase *c)
{
	memset(c, 0, sizeof *c);
	hd_buf_init(&c->about);
	hd_buf_init(&c->setup);
	hd_buf_init(&c->expr);
	c->wave = 64;
	c->lane = -1;
}

void xc_free(xcase *c)
{
	hd_buf_free(&c->about);
	hd_buf_free(&c->setup);
	hd_buf_free(&c->expr);
}

void xc_start(xcase *c, hd_profile profile, unsigned wave)
{
	hd_buf_reset(&c->about);
	hd_buf_reset(&c->setup);
	hd_buf_reset(&c->expr);
	c->profile = profile;
	c->wave = wave;
	c->dwarf64 = 0;
	c->lane = -1;
	c->result = NULL;
	c->read_bits = 0;
	c->rule = NULL;
}

static void vappend(hd_buf *b, const char *fmt, va_list ap)
{
	char small[512];
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(small, sizeof small, fmt, ap);
	if (n < 0) {
		b->failed = 1;
	} else if ((size_t)n < sizeof small) {
		hd_buf_put(b, small, (size_t)n);
	} else {
		char *big = malloc((size_t)n + 1);
		if (big == NULL) {
			b->failed = 1;
		} else {
			vsnprintf(big, (size_t)n + 1, fmt, again);
			hd_buf_put(b, big, (size_t)n);
			free(big);
		}
	}
	va_end(again);
}

void xc_about(xcase *c, const char *fmt, ...)
{
	va_list ap;

	hd_buf_put(&c->about, "# ", 2);
	va_start(ap, fmt);
	vappend(&c->about, fmt, ap);
	va_end(ap);
	hd_buf_byte(&c->about, '\n');
}

void xc_line(xcase *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vappend(&c->setup, fmt, ap);
	va_end(ap);
	hd_buf_byte(&c->setup, '\n');
}

void xc_ops(xcase *c, const char *fmt, ...)
{
	hd_buf part;
	va_list ap;

	hd_buf_init(&part);
	va_start(ap, fmt);
	vappend(&part, fmt, ap);
	va_end(ap);
	if (part.len > 0) {
		if (c->expr.len > 0)
			hd_buf_put(&c->expr, "; ", 2);
		hd_buf_put(&c->expr, part.data, part.len);
	}
	if (part.failed)
		c->expr.failed = 1;
	hd_buf_free(&part);
}

/* The assembler resolves register names through the target's table; the two
 * wave sizes name different registers (exec, vcc, v*, a*). */
static int lookup_wave64(void *self, const char *name, size_t len, uint64_t *reg)
{
	(void)self;
	return hd_amdgpu_reg_lookup(64, name, len, reg);
}

static int lookup_wave32(void *self, const char *name, size_t len, uint64_t *reg)
{
	(void)self;
	return hd_amdgpu_reg_lookup(32, name, len, reg);
}

static hd_encoding encoding_of(hd_profile p, int dwarf64)
{
	hd_encoding enc;

	enc.profile = p;
	enc.addr_size = 8;  /* amdgcn: 64-bit addresses */
	enc.offset_size = dwarf64 ? 8 : 4;
	return enc;
}

static int assemble(const char *text, size_t len, hd_profile p, unsigned wave, int dwarf64,
                    hd_buf *out, hd_status *st)
{
	hd_encoding enc = encoding_of(p, dwarf64);
	hd_regnames names;

	memset(&names, 0, sizeof names);
	names.lookup = wave == 32 ? lookup_wave32 : lookup_wave64;
	return hd_assemble(text, len, &enc, &names, out, st);
}

long xc_encoded_size(const char *text, hd_profile p, unsigned wave, hd_status *st)
{
	hd_buf bytes;
	long n;

	hd_buf_init(&bytes);
	if (assemble(text, strlen(text), p, wave, 0, &bytes, st) != 0) {
		hd_buf_free(&bytes);
		return -1;
	}
	n = (long)bytes.len;
	hd_buf_free(&bytes);
	return n;
}

void xc_file_name(char *out, size_t outsz, const char *opname)
{
	size_t i;

	for (i = 0; opname[i] != '\0' && i + 1 < outsz; i++) {
		char ch = opname[i];
		out[i] = (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
	}
	out[i] = '\0';
}

/* One covers line per distinct top-level operation, in order of first use;
 * a family member (lit5, breg16) is its own operation in the vocabulary.
 * Operations nested in DW_OP_entry_value's block are not the expression
 * under test's own and are not claimed. */
static void write_covers(hd_buf *out, const hd_op *ops, size_t nops, hd_profile p)
{
	for (size_t i = 0; i < nops; i++) {
		const hd_op_info *info = &hd_op_table[ops[i].id];
		int seen = 0;

		for (size_t j = 0; j < i && !seen; j++)
			seen = ops[j].id == ops[i].id &&
			       (info->family == 1 || ops[j].u[0] == ops[i].u[0]);
		if (seen)
			continue;
		hd_buf_printf(out, "# covers: DW_OP_%s", info->name);
		if (info->family > 1)
			hd_buf_printf(out, "%u", (unsigned)ops[i].u[0]);
		hd_buf_printf(out, " encoding=%s\n", hd_profile_name(p));
	}
}

static void write_context(hd_buf *out, const xcase *c)
{
	if (c->lane < 0 && c->result == NULL)
		return;
	hd_buf_printf(out, "context");
	if (c->lane >= 0)
		hd_buf_printf(out, " lane=%d", c->lane);
	if (c->result != NULL)
		hd_buf_printf(out, " result=%s", c->result);
	hd_buf_byte(out, '\n');
}

int xc_write(gen_out *g, xcase *c, const char *name)
{
	hd_buf bytes, text;
	hd_encoding enc = encoding_of(c->profile, c->dwarf64);
	hd_op *ops = NULL;
	size_t nops = 0;
	int rc = -1;

	hd_buf_init(&bytes);
	hd_buf_init(&text);
	if (c->expr.failed || c->setup.failed || c->about.failed) {
		hd_fail(g->st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
		goto out;
	}
	if (assemble((const char *)c->expr.data, c->expr.len, c->profile, c->wave, c->dwarf64,
	             &bytes, g->st) != 0 ||
	    hd_decode_expr(bytes.data, bytes.len, &enc, &ops, &nops, g->st) != 0) {
		char why[sizeof g->st->msg];

		snprintf(why, sizeof why, "%s", g->st->msg);
		hd_fail(g->st, HD_INTERNAL, "gen-bad-expr", 0,
		        "case %s: the generated expression does not assemble: %s", name, why);
		goto out;
	}
	hd_buf_printf(&text, "format hdcts-case 1\n");
	hd_buf_put(&text, c->about.data, c->about.len);
	write_covers(&text, ops, nops, c->profile);
	if (c->rule != NULL)
		hd_buf_printf(&text, "# covers: rule eval/%s\n", c->rule);
	hd_buf_printf(&text, "arch amdgpu:wave%u\n", c->wave);
	hd_buf_printf(&text, "encoding %s%s\n", hd_profile_name(c->profile),
	              c->dwarf64 ? " dwarf64" : "");
	write_context(&text, c);
	hd_buf_put(&text, c->setup.data, c->setup.len);
	if (c->read_bits > 0)
		hd_buf_printf(&text, "read %u\n", c->read_bits);
	hd_buf_printf(&text, "expr: ");
	hd_buf_put(&text, c->expr.data, c->expr.len);
	hd_buf_byte(&text, '\n');
	rc = gen_case(g, "expr", name, "case", &text);
out:
	free(ops);
	hd_buf_free(&bytes);
	hd_buf_free(&text);
	return rc;
}

int xc_arch_open(xc_arch *a, unsigned wave, hd_status *st)
{
	a->wave = wave;
	a->model = hd_amdgpu_new(wave);
	if (a->model == NULL)
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "cannot make a wave%u model",
		               wave);
	a->target = hd_amdgpu_target(a->model);
	return 0;
}

void xc_arch_close(xc_arch *a)
{
	hd_amdgpu_free(a->model);
	a->model = NULL;
	a->target = NULL;
}

unsigned xc_reg_bits(const xc_arch *a, uint64_t reg)
{
	uint64_t bits = 0;

	if (a->target->ops->register_bits(a->target->self, reg, &bits) != 0)
		return 0;
	return (unsigned)bits;
}

void xc_reg_name(const xc_arch *a, uint64_t reg, char *out, size_t outsz)
{
	if (hd_amdgpu_reg_name(a->wave, reg, out, outsz) != 0 && outsz > 0)
		out[0] = '\0';
}

void xc_lines(xcase *c, const char *text)
{
	while (*text != '\0') {
		const char *end = strchr(text, '\n');
		size_t n = end != NULL ? (size_t)(end - text) : strlen(text);

		xc_line(c, "%.*s", (int)n, text);
		text += n;
		if (*text == '\n')
			text++;
	}
}
