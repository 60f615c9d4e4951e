/* OpenCL C snippets made from type tables: every scalar element type with
 * its vectors of widths 2, 3, 4, 8 and 16 (OpenCL C 2.0 section 6.1.2),
 * and a pointer into every address space (section 6.5) under every type
 * qualifier. Snippets that differ only in a type are generated rather than
 * written out, so adding a row adds its kernel. */
#include <stdio.h>
#include <string.h>

#include "gen_opencl.h"

/* The built-in scalar types that have vector forms, and the extension
 * pragma each needs (half is optional in OpenCL C 2.0; fp64 is core since
 * 1.2, but naming the extension says why double is there). */
static const struct ocl_elem {
	const char *name;
	const char *prelude;
} elems[] = {
	{ "char", NULL },
	{ "uchar", NULL },
	{ "short", NULL },
	{ "ushort", NULL },
	{ "int", NULL },
	{ "uint", NULL },
	{ "long", NULL },
	{ "ulong", NULL },
	{ "half", "#pragma OPENCL EXTENSION cl_khr_fp16 : enable" },
	{ "float", NULL },
	{ "double", "#pragma OPENCL EXTENSION cl_khr_fp64 : enable" },
};

/* The vector widths in increasing order, and the name of each one's last
 * component (section 6.1.7: .s0 to .sf). */
static const struct ocl_width {
	int n;
	const char *last;
} widths[] = {
	{ 2, "s1" }, { 3, "s2" }, { 4, "s3" }, { 8, "s7" }, { 16, "sf" },
};

/* Where a pointer's object lives, by address space. */
typedef enum ocl_home {
	HOME_PARAM,    /* a kernel argument: global memory */
	HOME_KERNEL,   /* declared in the kernel body */
	HOME_PROGRAM   /* a program-scope constant */
} ocl_home;

static const struct ocl_space {
	const char *name;      /* the address-space keyword, and its tag */
	const char *object;    /* the object's own qualifier, "" for private */
	ocl_home home;
	int writable;          /* constant memory is read-only */
} spaces[] = {
	{ "global", "global ", HOME_PARAM, 1 },
	{ "local", "local ", HOME_KERNEL, 1 },
	{ "constant", "constant ", HOME_PROGRAM, 0 },
	{ "private", "", HOME_KERNEL, 1 },
	/* a private object seen through a generic pointer */
	{ "generic", "", HOME_KERNEL, 1 },
};

/* A qualifier goes on the pointee (const, volatile), on the pointer
 * (restrict), or is the pointee's type (atomic: atomic_int, which clang
 * spells _Atomic(int), DW_TAG_atomic_type). */
static const struct ocl_qual {
	const char *name;
	const char *pointee;   /* text before the pointee type */
	const char *pointer;   /* text after the '*' */
	int atomic;
	int read_only;
} quals[] = {
	{ "const", "const ", "", 0, 1 },
	{ "volatile", "volatile ", "", 0, 0 },
	{ "restrict", "", "restrict ", 0, 0 },
	{ "atomic", "", "", 1, 0 },
};

#define NELEMS (sizeof elems / sizeof elems[0])
#define NWIDTHS (sizeof widths / sizeof widths[0])
#define NSPACES (sizeof spaces / sizeof spaces[0])
#define NQUALS (sizeof quals / sizeof quals[0])

void ocl_owned_init(ocl_owned *o)
{
	memset(o, 0, sizeof *o);
	hd_buf_init(&o->id);
	hd_buf_init(&o->tags);
	hd_buf_init(&o->what);
	hd_buf_init(&o->prelude);
	hd_buf_init(&o->decls);
	hd_buf_init(&o->params);
	hd_buf_init(&o->body);
}

void ocl_owned_free(ocl_owned *o)
{
	hd_buf_free(&o->id);
	hd_buf_free(&o->tags);
	hd_buf_free(&o->what);
	hd_buf_free(&o->prelude);
	hd_buf_free(&o->decls);
	hd_buf_free(&o->params);
	hd_buf_free(&o->body);
}

/* An empty optional part reads as NULL, like in the hand-written tables. */
static const char *part(hd_buf *b)
{
	const char *s = hd_buf_str(b);

	return b->len == 0 ? NULL : s;
}

int ocl_owned_seal(ocl_owned *o)
{
	o->view.id = hd_buf_str(&o->id);
	o->view.tags = hd_buf_str(&o->tags);
	o->view.what = hd_buf_str(&o->what);
	o->view.prelude = part(&o->prelude);
	o->view.decls = part(&o->decls);
	o->view.params = part(&o->params);
	o->view.body = part(&o->body);
	if (o->id.failed || o->tags.failed || o->what.failed || o->prelude.failed ||
	    o->decls.failed || o->params.failed || o->body.failed)
		return -1;
	return 0;
}

/* Each vector is built from the previous, narrower one (the scalar before
 * the first), so every variable is read: (T4)(v3, (T)3), (T8)(v4, v4). */
static void elem_snippet(ocl_owned *o, const struct ocl_elem *e)
{
	const char *t = e->name;
	char prev[32];
	int prevn = 1;

	hd_buf_printf(&o->id, "type-%s", t);
	hd_buf_printf(&o->tags, "scalar-%s", t);
	for (size_t i = 0; i < NWIDTHS; i++)
		hd_buf_printf(&o->tags, " vector-%s%d", t, widths[i].n);
	hd_buf_printf(&o->what, "%s and its vectors of widths 2, 3, 4, 8 and 16", t);
	if (e->prelude != NULL)
		hd_buf_printf(&o->prelude, "%s", e->prelude);

	hd_buf_printf(&o->body, "%s s_%s = (%s)n;\n", t, t, t);
	snprintf(prev, sizeof prev, "s_%s", t);
	for (size_t i = 0; i < NWIDTHS; i++) {
		int n = widths[i].n, rest = n - prevn;

		hd_buf_printf(&o->body, "%s%d v%d_%s = (%s%d)(%s", t, n, n, t, t, n, prev);
		if (rest == prevn && prevn > 1)
			hd_buf_printf(&o->body, ", %s", prev);
		else
			for (int k = 1; k <= rest; k++)
				hd_buf_printf(&o->body, ", (%s)%d", t, prevn + k - 1);
		hd_buf_printf(&o->body, ");\n");
		snprintf(prev, sizeof prev, "v%d_%s", n, t);
		prevn = n;
	}
	hd_buf_printf(&o->body, "acc += (int)s_%s", t);
	for (size_t i = 0; i < NWIDTHS; i++)
		hd_buf_printf(&o->body, " + (int)v%d_%s.%s", widths[i].n, t, widths[i].last);
	hd_buf_printf(&o->body, ";\n");
}

/* Atomic objects in constant memory do not exist (section 6.13.11.1: an
 * atomic object lives in global, local or private memory). */
static int pointer_valid(const struct ocl_space *s, const struct ocl_qual *q)
{
	return !(q->atomic && !s->writable);
}

/* The object, a pointer to it with the qualifier, and uses through the
 * pointer: reads only for const and constant memory, the atomic builtins
 * for atomic_int (plain loads and stores of an atomic are not OpenCL C). */
static void pointer_snippet(ocl_owned *o, const struct ocl_space *s, const struct ocl_qual *q)
{
	const char *type = q->atomic ? "atomic_int" : "int";
	char obj[64], ptr[64];

	snprintf(obj, sizeof obj, "qobj_%s_%s", s->name, q->name);
	snprintf(ptr, sizeof ptr, "qp_%s_%s", s->name, q->name);
	hd_buf_printf(&o->id, "ptr-%s-%s", s->name, q->name);
	hd_buf_printf(&o->tags, "pointer-%s qualifier-%s", s->name, q->name);
	hd_buf_printf(&o->what, "a pointer into %s memory qualified %s", s->name, q->name);

	switch (s->home) {
	case HOME_PARAM:
		hd_buf_printf(&o->params, "%s%s *%s", s->object, type, obj);
		break;
	case HOME_KERNEL:
		hd_buf_printf(&o->body, "%s%s %s[2];\n", s->object, type, obj);
		break;
	case HOME_PROGRAM:
		hd_buf_printf(&o->decls, "%s%s %s[2] = { 3, 4 };\n", s->object, type, obj);
		break;
	}
	if (s->writable && !q->atomic)
		hd_buf_printf(&o->body, "%s[0] = n;\n", obj);
	hd_buf_printf(&o->body, "%s %s%s *%s%s = %s;\n", s->name, q->pointee, type, q->pointer,
	              ptr, obj);
	if (q->atomic) {
		hd_buf_printf(&o->body,
		              "__opencl_atomic_store(%s, n, memory_order_relaxed, "
		              "memory_scope_work_group);\n"
		              "acc += __opencl_atomic_load(%s, memory_order_relaxed, "
		              "memory_scope_work_group);\n",
		              ptr, ptr);
	} else if (q->read_only || !s->writable) {
		hd_buf_printf(&o->body, "acc += %s[0];\n", ptr);
	} else {
		hd_buf_printf(&o->body, "%s[1] = %s[0] + 1;\nacc += %s[1];\n", ptr, ptr, ptr);
	}
}

size_t ocl_type_snippet_count(void)
{
	size_t n = NELEMS;

	for (size_t i = 0; i < NSPACES; i++)
		for (size_t j = 0; j < NQUALS; j++)
			n += pointer_valid(&spaces[i], &quals[j]);
	return n;
}

int ocl_type_snippets(ocl_owned *out, size_t cap, hd_status *st)
{
	size_t n = 0;

	if (cap < ocl_type_snippet_count())
		return hd_fail(st, HD_INTERNAL, "gen-opencl", 0, "too little room for type snippets");
	for (size_t i = 0; i < NELEMS; i++)
		elem_snippet(&out[n++], &elems[i]);
	for (size_t i = 0; i < NSPACES; i++)
		for (size_t j = 0; j < NQUALS; j++)
			if (pointer_valid(&spaces[i], &quals[j]))
				pointer_snippet(&out[n++], &spaces[i], &quals[j]);
	for (size_t i = 0; i < n; i++)
		if (ocl_owned_seal(&out[i]) != 0)
			return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	return (int)n;
}
