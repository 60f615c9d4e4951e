/* One stop and lane judged (judge.h). */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "judge.h"

#define UNSET "<unset>"

static void failure(const hd_judge_where *w, hd_check_report *r, int is_wrong,
                    const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* Whether the report keeps one more line of this kind: wrong values have
 * a cap of their own, so unavailable or missing ones never crowd them out
 * (a wrong value is what misleads a user). */
static int keeps(const hd_check_report *r, int is_wrong)
{
	return is_wrong ? r->nkept_wrong < HD_CHECK_MAX_FAILURES
	                : r->nkept - r->nkept_wrong < HD_CHECK_MAX_FAILURES;
}

static void failure(const hd_judge_where *w, hd_check_report *r, int is_wrong,
                    const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	r->nfailures++;
	if (!keeps(r, is_wrong))
		return;
	r->nkept++;
	r->nkept_wrong += is_wrong != 0;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	hd_buf_printf(&r->failures, "%s: kernel %s, ", w->label, w->kernel);
	if (w->stop != 0)
		hd_buf_printf(&r->failures, "stop %llu, ", (unsigned long long)w->stop);
	hd_buf_printf(&r->failures, "%s %s:%u:%u, work-item %u", w->function, w->file, w->line,
	              w->column, w->item);
	if (w->lane >= 0)
		hd_buf_printf(&r->failures, ", lane %d", w->lane);
	hd_buf_printf(&r->failures, ": %s\n", msg);
}

/* A wrong value's line, with the location expression that gave it. */
static void wrong(const hd_judge_where *w, hd_check_report *r, const char *name,
                  const char *want, const hd_watch_var *v)
{
	hd_buf loc;

	if (!keeps(r, 1) || w->location == NULL) {
		failure(w, r, 1, "%s: expected %s, the DWARF shows %s", name, want, v->text);
		return;
	}
	hd_buf_init(&loc);
	w->location(w->ctx, v, &loc);
	failure(w, r, 1, "%s: expected %s, the DWARF shows %s; location %s", name, want, v->text,
	        loc.len > 0 && !loc.failed ? hd_buf_str(&loc) : "?");
	hd_buf_free(&loc);
}

/* The end of the element starting at s: a braced value with its nested
 * braces, or a leaf up to the next ", " or "}" of its level. */
static const char *element_end(const char *s)
{
	int depth = 0;

	for (; *s != '\0'; s++) {
		if (*s == '{')
			depth++;
		else if (*s == '}' && depth-- == 0)
			return s;
		else if (depth == 0 && s[0] == ',' && s[1] == ' ')
			return s;
		if (depth == 0 && s[0] == '}')
			return s + 1;
	}
	return s;
}

/* Where an element may start: the text's start, or after "{", ", " or " = ". */
static int at_element(const char *start, const char *p)
{
	return p == start || p[-1] == '{' || (p - start >= 2 && p[-2] == ',' && p[-1] == ' ') ||
	       (p - start >= 3 && strncmp(p - 3, " = ", 3) == 0);
}

/* The length of the pointer leaf "0x..." at w (value_text.h prints
 * pointers so and nothing else), with its address; 0 when w starts none. */
static size_t pointer_leaf(const char *w, uint64_t *addr)
{
	size_t n = 2;

	if (w[0] != '0' || w[1] != 'x' || !isxdigit((unsigned char)w[2]))
		return 0;
	*addr = 0;
	for (; isxdigit((unsigned char)w[n]); n++)
		*addr = *addr << 4 | (uint64_t)(isdigit((unsigned char)w[n]) ? w[n] - '0'
		                                                             : (w[n] | 0x20) - 'a' + 10);
	return w[n] == '\0' || w[n] == ',' || w[n] == '}' ? n : 0;
}

int hd_judge_text_matches(const char *want, const char *got, int lenient_unset,
                          const hd_judge_source *src, int *layout)
{
	const char *w = want, *g = got;
	uint64_t addr, got_addr;
	size_t n, m;

	if (!lenient_unset)
		return strcmp(want, got) == 0;
	while (*w != '\0') {
		int elements = at_element(want, w) && at_element(got, g);
		if (elements && strncmp(w, UNSET, sizeof UNSET - 1) == 0) {
			w += sizeof UNSET - 1;
			g = element_end(g);
			continue;
		}
		if (elements && src != NULL && src->shared != NULL &&
		    (n = pointer_leaf(w, &addr)) > 0 && !src->shared(src->ctx, addr) &&
		    (m = pointer_leaf(g, &got_addr)) > 0) {
			w += n;
			g += m;
			if (layout != NULL)
				*layout = 1;
			continue;
		}
		if (*w++ != *g++)
			return 0;
	}
	return *g == '\0';
}

/* The source holds no value and the debugger shows none: no location, or
 * one it cannot read. Either way nothing false is on the screen. */
static int shows_nothing(const char *dwarf, const char *watch)
{
	return strcmp(watch, UNSET) == 0 &&
	       (strcmp(dwarf, HD_WATCH_UNAVAILABLE) == 0 || strncmp(dwarf, "<error:", 7) == 0);
}

static int var_by_name(const void *key, const void *elem)
{
	return strcmp(key, ((const hd_watch_var *)elem)->name);
}

/* Whether src names a variable called name (its names are sorted). */
static int in_source(const hd_judge_source *src, const char *name)
{
	uint32_t lo = 0, hi = src->n;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int c = strcmp(src->name(src->ctx, mid), name);
		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

void hd_judge_frame(const hd_judge_source *src, const hd_watch_frame *f,
                    const hd_judge_where *w, int lenient_unset, hd_check_report *r)
{
	if (f->function != NULL && src->function != NULL && strcmp(f->function, src->function) != 0) {
		r->frames++;
		failure(w, r, 0, "the DWARF's function instance is %s%s", f->function,
		        f->inlined ? " (inlined)" : "");
	}
	for (uint32_t i = 0; i < src->n; i++) {
		const char *name = src->name(src->ctx, i), *want = src->text(src->ctx, i);
		uint64_t addr;
		int layout = 0;
		const hd_watch_var *v = bsearch(name, f->vars, f->nvars, sizeof *f->vars, var_by_name);
		if (v == NULL) {
			r->missing++;
			failure(w, r, 0, "%s: not among the DWARF's variables (watch: %s)", name, want);
		} else if (strcmp(want, v->text) == 0 || shows_nothing(v->text, want)) {
			r->right++;
		} else if (strcmp(v->text, HD_WATCH_UNAVAILABLE) == 0) {
			r->unavailable++;
			failure(w, r, 0, "%s: no location in the DWARF (watch: %s)", name, want);
		} else if (lenient_unset && strcmp(want, UNSET) == 0) {
			r->unset++;  /* nothing to judge: the program has not set it */
		} else if (hd_judge_text_matches(want, v->text, lenient_unset, src, &layout)) {
			/* a value that is one pointer the judge passed over is not judged */
			if (layout && pointer_leaf(want, &addr) == strlen(want))
				r->layout++;
			else
				r->right++;
		} else {
			r->wrong++;
			wrong(w, r, name, want, v);
		}
	}
	for (uint32_t i = 0; i < f->nvars; i++)
		if (!in_source(src, f->vars[i].name)) {
			r->extra++;
			failure(w, r, 0, "%s: the DWARF shows it (%s), the source has none in scope",
			        f->vars[i].name, f->vars[i].text);
		}
}
