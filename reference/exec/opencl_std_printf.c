/* OpenCL.std printf (OpenCL C 6.15.14): the format string and its
 * arguments into the run's printf output (hd_exec_printf), which hdref
 * exec prints after the outcome. The conversions are C99's d i o u x X c
 * s f F e E g G a A p and %%, with OpenCL's vector specifier vN and length
 * modifiers hh, h, hl and l (l is 64 bits, as long is in OpenCL C). A
 * conversion the format gets wrong (no argument left, a vector of another
 * size, an unknown letter) makes printf return -1 and print nothing, as
 * OpenCL C lets an unsuccessful printf do; the run goes on. */
#include <stdio.h>
#include <string.h>

#include "opencl_std.h"

#define XS_PRINTF_MAX   (1u << 20)  /* bytes of output a run keeps */
#define XS_STRING_MAX   65536u      /* bytes of a format or %s string */
#define XS_FIELD_MAX    1000        /* width and precision */

/* One conversion specification, parsed. */
typedef struct spec {
	char flags[8];
	int width, precision;   /* -1: not given */
	uint32_t vector;        /* vN: N, 0 for a scalar */
	unsigned length;        /* bits the length modifier says, 0 for none */
	char conv;
} spec;

/* A NUL-terminated string of the program's memory; -1 when it traps. */
static int read_string(hd_xrun *r, hd_xlane *l, uint32_t storage, uint64_t p, size_t max,
                       hd_buf *out)
{
	for (size_t i = 0; i < max; i++) {
		uint8_t c;
		if (hd_x_load(r, l, storage, p + i, &c, 1) != 0)
			return -1;
		if (c == 0)
			break;
		hd_buf_byte(out, c);
	}
	hd_buf_str(out);
	return 0;
}

static int digits(const char **s, int *v)
{
	*v = 0;
	while (**s >= '0' && **s <= '9') {
		*v = *v * 10 + (**s - '0');
		(*s)++;
		if (*v > XS_FIELD_MAX)
			return -1;
	}
	return 0;
}

/* After the '%': flags, width, precision, vector, length, conversion. */
static int parse_spec(const char **s, spec *sp)
{
	size_t nf = 0;

	memset(sp, 0, sizeof *sp);
	sp->width = sp->precision = -1;
	while (strchr("-+ #0", **s) != NULL && **s != '\0' && nf + 1 < sizeof sp->flags)
		sp->flags[nf++] = *(*s)++;
	if (**s >= '0' && **s <= '9' && digits(s, &sp->width) != 0)
		return -1;
	if (**s == '.') {
		(*s)++;
		if (digits(s, &sp->precision) != 0)
			return -1;
	}
	if (**s == 'v') {
		int n;
		(*s)++;
		if (digits(s, &n) != 0 || (n != 2 && n != 3 && n != 4 && n != 8 && n != 16))
			return -1;
		sp->vector = (uint32_t)n;
	}
	if (strncmp(*s, "hh", 2) == 0) {
		sp->length = 8;
		*s += 2;
	} else if (strncmp(*s, "hl", 2) == 0) {
		if (sp->vector == 0)  /* hl is only for vectors */
			return -1;
		sp->length = 32;
		*s += 2;
	} else if (**s == 'h' || **s == 'l') {
		sp->length = **s == 'h' ? 16 : 64;
		(*s)++;
	}
	sp->conv = **s;
	if (sp->conv == '\0' || strchr("diouxXcsfFeEgGaAp", sp->conv) == NULL)
		return -1;
	(*s)++;
	/* a vector needs a length modifier (OpenCL C 6.15.14.2) */
	return sp->vector != 0 && sp->length == 0 ? -1 : 0;
}

/* The host format for one component: the spec with `len` as the length. */
static void host_format(const spec *sp, const char *len, char conv, char *f, size_t n)
{
	char w[16] = "", p[16] = "";

	if (sp->width >= 0)
		snprintf(w, sizeof w, "%d", sp->width);
	if (sp->precision >= 0)
		snprintf(p, sizeof p, ".%d", sp->precision);
	snprintf(f, n, "%%%s%s%s%s%c", sp->flags, w, p, len, conv);
}

/* One component of an argument, formatted into out. */
static int format_one(hd_xrun *r, hd_xlane *l, const spec *sp, const hd_xtype *s,
                      const uint8_t *p, hd_buf *out)
{
	char f[48], text[2 * XS_FIELD_MAX + 400];

	switch (sp->conv) {
	case 'd': case 'i': {
		unsigned bits = sp->length ? sp->length : 32;
		int64_t v = s->kind == XT_FLOAT ? (int64_t)hd_x_get_f(p, s->width)
		                                : hd_x_get_s(p, s->size);
		uint8_t b[8];
		hd_x_put_u(b, 8, (uint64_t)v);
		host_format(sp, "ll", sp->conv, f, sizeof f);
		snprintf(text, sizeof text, f, (long long)hd_x_get_s(b, bits / 8));
		break;
	}
	case 'o': case 'u': case 'x': case 'X': case 'c': {
		unsigned bits = sp->conv == 'c' ? 8 : sp->length ? sp->length : 32;
		uint64_t v = hd_x_get_u(p, s->size);
		if (bits < 64)
			v &= (1ull << bits) - 1;
		if (sp->conv == 'c') {
			host_format(sp, "", 'c', f, sizeof f);
			snprintf(text, sizeof text, f, (int)v);
		} else {
			host_format(sp, "ll", sp->conv, f, sizeof f);
			snprintf(text, sizeof text, f, (unsigned long long)v);
		}
		break;
	}
	case 's': {
		hd_buf str;
		int rc;
		if (s->kind != XT_POINTER)
			return -1;
		hd_buf_init(&str);
		rc = read_string(r, l, s->storage, hd_x_get_u(p, s->size),
		                 sp->precision >= 0 ? (size_t)sp->precision : XS_STRING_MAX, &str);
		if (rc == 0) {
			host_format(sp, "", 's', f, sizeof f);
			snprintf(text, sizeof text, f, str.len ? (const char *)str.data : "");
		}
		hd_buf_free(&str);
		if (rc != 0)
			return -2;
		break;
	}
	case 'p':
		snprintf(text, sizeof text, "0x%llx", (unsigned long long)hd_x_get_u(p, s->size));
		break;
	default: {  /* f F e E g G a A */
		double v = s->kind == XT_FLOAT ? hd_x_get_f(p, s->width)
		                               : (double)hd_x_get_s(p, s->size);
		host_format(sp, "", sp->conv, f, sizeof f);
		snprintf(text, sizeof text, f, v);
		break;
	}
	}
	hd_buf_put(out, text, strlen(text));
	return 0;
}

/* One argument for one conversion: a scalar, or each component of a
 * vector, separated by commas. 0, -1 when it does not fit the conversion,
 * -2 when the run ended. */
static int format_arg(hd_xrun *r, hd_xlane *l, const spec *sp, uint32_t id, hd_buf *out)
{
	const hd_xtype *t = hd_x_val_type(r, id), *s;
	const uint8_t *p = hd_x_val(r, l, id);
	uint32_t n = 1;

	if (t == NULL || p == NULL)
		return -1;
	s = t->kind == XT_POINTER ? t : hd_x_scalar(r->x, t, &n);
	if (s == NULL || (s->kind != XT_INT && s->kind != XT_FLOAT && s->kind != XT_POINTER) ||
	    (s->kind != XT_POINTER && (s->width == 0 || s->width > 64)) ||
	    n != (sp->vector ? sp->vector : 1))
		return -1;
	for (uint32_t i = 0; i < n; i++) {
		int rc;
		if (i > 0)
			hd_buf_byte(out, ',');
		if ((rc = format_one(r, l, sp, s, p + i * s->size, out)) != 0)
			return rc;
	}
	return 0;
}

/* The format with its arguments into text. 0, -1 for a format printf
 * fails on, -2 when the run ended (a string outside every object). */
static int format(hd_xrun *r, hd_xlane *l, const char *fmt, const uint32_t *args,
                  uint32_t nargs, hd_buf *text)
{
	uint32_t next = 0;

	for (const char *s = fmt; *s != '\0';) {
		spec sp;
		int rc;
		if (*s != '%') {
			hd_buf_byte(text, (uint8_t)*s++);
			continue;
		}
		s++;
		if (*s == '%') {
			hd_buf_byte(text, '%');
			s++;
			continue;
		}
		if (parse_spec(&s, &sp) != 0 || next >= nargs)
			return -1;
		if ((rc = format_arg(r, l, &sp, args[next++], text)) != 0)
			return rc;
	}
	return 0;
}

/* The run's output keeps XS_PRINTF_MAX bytes; what comes after is counted
 * as cut, so a kernel printing in a loop cannot grow it without bound. */
static void emit(hd_exec *x, const hd_buf *text)
{
	size_t room = x->printf_out.len < XS_PRINTF_MAX ? XS_PRINTF_MAX - x->printf_out.len : 0;
	size_t n = text->len < room ? text->len : room;

	hd_buf_put(&x->printf_out, text->data, n);
	if (n < text->len)
		x->printf_cut = 1;
}

int xs_printf(hd_xrun *r, hd_xlane *l, const hd_xinsn *in, const xs_row *row)
{
	const hd_xtype *rt = hd_x_type(r->x, in->w[1]), *pt;
	uint8_t *res = hd_x_val(r, l, in->w[2]);
	const uint8_t *pv;
	hd_buf fmt, text;
	int rc, oom;

	if (in->nwords < 6 || rt == NULL || rt->kind != XT_INT || res == NULL ||
	    (pt = hd_x_val_type(r, in->w[5])) == NULL || pt->kind != XT_POINTER ||
	    (pv = hd_x_val(r, l, in->w[5])) == NULL)
		return hd_x_unsupported(r, "OpenCL.std %s of operands it cannot read", row->name);
	hd_buf_init(&fmt);
	hd_buf_init(&text);
	rc = read_string(r, l, pt->storage, hd_x_get_u(pv, pt->size), XS_STRING_MAX, &fmt);
	if (rc == 0)
		rc = format(r, l, fmt.len ? (const char *)fmt.data : "", in->w + 6,
		            in->nwords - 6u, &text);
	oom = fmt.failed || text.failed;
	if (rc == 0 && !oom)
		emit(r->x, &text);
	hd_buf_free(&fmt);
	hd_buf_free(&text);
	if (rc == -2)
		return -1;
	if (oom)
		return hd_fail(r->st, HD_NO_MEMORY, "no-memory", 0, "no memory for printf");
	hd_x_put_u(res, rt->size, rc == 0 ? 0 : (uint64_t)-1);
	return 0;
}

const char *hd_exec_printf(const hd_exec *x, size_t *len, int *cut)
{
	*len = x->printf_out.len;
	if (cut != NULL)
		*cut = x->printf_cut;
	return x->printf_out.len ? (const char *)x->printf_out.data : "";
}
