/* Blame (blame.h, docs/blame.md): which stage of a compile chain lost a
 * DWARF fact. A DWARF fact names an entity by its chain of tags and names
 * and one attribute; the table below says which metadata fact (by its
 * leading words, docs/llvm-facts.md) and which of its fields carries that
 * attribute. The entity is found on both metadata sides by the same key,
 * and the field's values are compared: the IR against the reference
 * translation, never against the DWARF, so no value is translated from one
 * encoding to the other. */
#include "blame.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How many values of one field the comparison looks at, and how long one
 * may be: a longer one is cut alike on both sides, so keep it well past
 * any type description the corpus has (they stop at 8 levels). */
#define MAX_VALUES 64
#define SHOW       1024

/* Per DWARF tag and attribute ("" the entity itself), the metadata fact
 * that carries it and its field: "" the fact's existence, "F?TOKEN"
 * whether field F holds TOKEN. Kind "basic" and "block" are read from the
 * descriptions inside other facts (a base type and a lexical block have no
 * fact of their own). No row: no metadata fact carries it (the unit's
 * version, the frame, a variable's address class). A tag with two rows
 * (a variable: local, else global) takes the first the reference has. */
static const struct corr {
	const char *tag, *attr, *kind, *field;
} table[] = {
	{ "compile_unit", "language", "cu ", "language" },
	{ "subprogram", "", "subprogram ", "" },
	{ "subprogram", "type", "subprogram ", "type" },
	{ "subprogram", "decl_file", "subprogram ", "file" },
	{ "subprogram", "decl_line", "subprogram ", "line" },
	{ "subprogram", "external", "subprogram ", "spFlags?DISPFlagLocalToUnit" },
	{ "formal_parameter", "", "variable ", "" },
	{ "formal_parameter", "type", "variable ", "type" },
	{ "formal_parameter", "decl_file", "variable ", "file" },
	{ "formal_parameter", "decl_line", "variable ", "line" },
	{ "variable", "", "variable ", "" },
	{ "variable", "", "global ", "" },
	{ "variable", "type", "variable ", "type" },
	{ "variable", "type", "global ", "type" },
	{ "variable", "decl_file", "variable ", "file" },
	{ "variable", "decl_file", "global ", "file" },
	{ "variable", "decl_line", "variable ", "line" },
	{ "variable", "decl_line", "global ", "line" },
	{ "variable", "external", "global ", "local" },
	{ "member", "", "member ", "" },
	{ "member", "type", "member ", "type" },
	{ "member", "data_member_location", "member ", "offset" },
	{ "member", "data_bit_offset", "member ", "offset" },
	{ "member", "bit_size", "member ", "size" },
	{ "inheritance", "", "inheritance ", "" },
	{ "inheritance", "type", "inheritance ", "type" },
	{ "inheritance", "data_member_location", "inheritance ", "offset" },
	{ "structure_type", "", "type DW_TAG_structure_type ", "" },
	{ "structure_type", "byte_size", "type DW_TAG_structure_type ", "size" },
	{ "class_type", "", "type DW_TAG_class_type ", "" },
	{ "class_type", "byte_size", "type DW_TAG_class_type ", "size" },
	{ "union_type", "", "type DW_TAG_union_type ", "" },
	{ "union_type", "byte_size", "type DW_TAG_union_type ", "size" },
	{ "enumeration_type", "", "type DW_TAG_enumeration_type ", "" },
	{ "enumeration_type", "type", "type DW_TAG_enumeration_type ", "base" },
	{ "enumeration_type", "byte_size", "type DW_TAG_enumeration_type ", "size" },
	{ "enumeration_type", "enum_class", "type DW_TAG_enumeration_type ",
	  "flags?DIFlagEnumClass" },
	{ "enumerator", "", "enumerator ", "" },
	{ "enumerator", "const_value", "enumerator ", "value" },
	{ "typedef", "", "typedef ", "" },
	{ "typedef", "type", "typedef ", "type" },
	{ "base_type", "", "basic", "" },
	{ "base_type", "byte_size", "basic", "size" },
	{ "base_type", "encoding", "basic", "encoding" },
	{ "lexical_block", "", "block", "" },
};

/* How a metadata fact of each kind names its entity: the head (scope and
 * name) ends at `end`; the name follows the last `sep`; a member's scope
 * is its composite's description, whose name follows the tag. */
static const struct mdkind {
	const char *prefix, *end, *sep;
	int composite;
} mdkinds[] = {
	{ "subprogram ", " file=", "::", 0 },
	{ "global ", " file=", "::", 0 },
	{ "variable ", " file=", "::", 0 },
	{ "type DW_TAG_", " file=", "::", 0 },
	{ "member ", " line=", " ::", 1 },
	{ "inheritance ", " line=", " ::", 1 },
	{ "typedef ", " line=", " ::", 0 },
	{ "enumerator ", " = ", "::", 2 },
};

/* What a pointer's dwarfAddressSpace means depends on who wrote it: the
 * reference translation and llvm-spirv -r write the SPIR address spaces
 * (docs/llvm-translation.md, "Storage classes"); clang 15 and 19 for
 * AMDGPU write their target's DWARF numbers, 1 for private and 2 for
 * local, and none for the rest (clang's AMDGPU TargetInfo,
 * getDWARFAddressSpace), which a DWARF reader takes as generic; clang 22
 * writes AMDGPU's DWARF address space identifiers (AMDGPUUsage, "Address
 * Space Identifier": 1 generic, 3 local, 5 private lane, none the default,
 * global memory). A type is compared with each address space written as
 * what it means, by the convention of the side's target triple and, for
 * clang, its version (the IR's producer); when no row fits the IR, both
 * sides keep the numbers. */
static const struct convention {
	const char *triple;        /* the prefix of the IR's target triple */
	int clang_min, clang_max;  /* the producer's clang versions; 0 0: any producer */
	const char *none;          /* what no dwarfAddressSpace means */
	const char *as[6];         /* what as0..as5 mean; NULL: the number */
} conventions[] = {
	{ "spir", 0, 0, "none", { "private", "global", "constant", "local", "generic", NULL } },
	{ "amdgcn", 15, 19, "generic", { NULL, "private", "local", NULL, NULL, NULL } },
	{ "amdgcn", 22, 22, "global", { NULL, "generic", NULL, "local", NULL, "private" } },
};

static const char *const stage_names[] = { "before {ir}", "after {ir}", "unattributed" };

const char *hc_stage_name(hc_stage s)
{
	return s < HC_BLAME_STAGES ? stage_names[s] : "?";
}

/* ---- the DWARF fact ---- */

typedef struct dfact {
	char tag[40];       /* the entity's tag */
	char attr[40];      /* its attribute, "" for the entity */
	char key[600];      /* the entity's key, as key_of() writes a metadata one */
} dfact;

typedef struct comp {
	char tag[40], name[200];
} comp;

/* The components `tag "name"/...` of a fact's key; 0, or -1 when it is
 * not in that form. *rest gets what follows them. */
static int split_key(const char *p, comp *c, size_t max, size_t *n, const char **rest)
{
	*n = 0;
	while (*n < max) {
		size_t t = strspn(p, "abcdefghijklmnopqrstuvwxyz_");
		const char *q;
		if (t == 0 || t >= sizeof c->tag)
			return -1;
		snprintf(c[*n].tag, sizeof c->tag, "%.*s", (int)t, p);
		c[*n].name[0] = '\0';
		p += t;
		if (p[0] == ' ' && p[1] == '"') {
			/* a name ends at the quote before '/', ':' or the end */
			for (q = p + 2; *q && !(q[0] == '"' && (q[1] == '/' || q[1] == ':' || !q[1]));
			     q++)
				;
			if (*q != '"')
				return -1;
			snprintf(c[*n].name, sizeof c->name, "%.*s", (int)(q - p - 2), p + 2);
			p = q + 1;
		}
		(*n)++;
		if (*p != '/')
			break;
		p++;
	}
	*rest = p;
	return 0;
}

/* The key of the DWARF entity: a member, inheritance or enumerator by its
 * parent's name; anything inside a subprogram by the chain from the
 * innermost subprogram, a lexical block as "{}"; else its name. */
static void dwarf_key(const comp *c, size_t n, char *key, size_t size)
{
	const comp *last = &c[n - 1];
	size_t s = n, len;

	if (n > 1 && (strcmp(last->tag, "member") == 0 || strcmp(last->tag, "inheritance") == 0 ||
	              strcmp(last->tag, "enumerator") == 0)) {
		snprintf(key, size, "%s/%s", c[n - 2].name, last->name);
		return;
	}
	for (size_t i = 0; i + 1 < n; i++)
		if (strcmp(c[i].tag, "subprogram") == 0)
			s = i;
	if (s == n) {
		snprintf(key, size, "%s", last->name);
		return;
	}
	snprintf(key, size, "%s", c[s].name);
	for (size_t i = s + 1; i < n; i++) {
		len = strlen(key);
		snprintf(key + len, size - len, "/%s",
		         strcmp(c[i].tag, "lexical_block") == 0 ? "{}" : c[i].name);
	}
}

static int parse_dwarf(const char *fact, dfact *d)
{
	comp c[24];
	size_t n;
	const char *rest, *eq;

	memset(d, 0, sizeof *d);
	if (split_key(fact, c, sizeof c / sizeof c[0], &n, &rest) != 0 || n == 0)
		return -1;
	snprintf(d->tag, sizeof d->tag, "%s", c[n - 1].tag);
	if (strncmp(rest, ": ", 2) == 0 && (eq = strstr(rest, " = ")) != NULL)
		snprintf(d->attr, sizeof d->attr, "%.*s", (int)(eq - rest - 2), rest + 2);
	else if (*rest != '\0')
		return -1;
	dwarf_key(c, n, d->key, sizeof d->key);
	return 0;
}

/* ---- the metadata facts ---- */

/* The key of a metadata entity: inside a subprogram ("sp F > block L:C >
 * ...") the chain with blocks as "{}", then the name; else the name. */
static void key_of(const char *scope, size_t slen, const char *name, size_t nlen, char *key,
                   size_t size)
{
	size_t len = 0;

	key[0] = '\0';
	if (slen > 3 && strncmp(scope, "sp ", 3) == 0) {
		const char *p = scope + 3, *end = scope + slen;
		for (int first = 1; p < end && len < size; first = 0) {
			const char *gt = strstr(p, " > "), *sp;
			size_t k = gt && gt < end ? (size_t)(gt - p) : (size_t)(end - p);
			if (first)
				len += (size_t)snprintf(key + len, size - len, "%.*s/", (int)k, p);
			else if (strncmp(p, "block ", 6) == 0)
				len += (size_t)snprintf(key + len, size - len, "{}/");
			else if ((sp = memchr(p, ' ', k)) != NULL)
				len += (size_t)snprintf(key + len, size - len, "%.*s/",
				                        (int)(p + k - sp - 1), sp + 1);
			p += k + 3;
		}
	}
	if (len < size)
		snprintf(key + len, size - len, "%.*s", (int)nlen, name);
}

/* The key of metadata fact f of kind k (mdkinds), or -1 when f is not in
 * its form. */
static int md_key(const char *f, const struct mdkind *k, char *key, size_t size)
{
	const char *head = f + strlen(k->prefix), *end = strstr(head, k->end), *sep = NULL;

	if (strncmp(k->prefix, "type DW_TAG_", 12) == 0 && (head = strchr(head, ' ')) != NULL)
		head++;
	if (head == NULL || end == NULL)
		return -1;
	for (const char *p = head; (p = strstr(p, k->sep)) != NULL && p < end; p++)
		sep = p;
	if (sep == NULL)
		return -1;
	if (k->composite == 1) {
		const char *sp = memchr(head, ' ', (size_t)(sep - head));
		const char *cname = sp ? sp + 1 : head;
		snprintf(key, size, "%.*s/%.*s", (int)(sep - cname), cname,
		         (int)(end - sep - strlen(k->sep)), sep + strlen(k->sep));
	} else if (k->composite == 2) {
		snprintf(key, size, "%.*s/%.*s", (int)(sep - head), head,
		         (int)(end - sep - strlen(k->sep)), sep + strlen(k->sep));
	} else {
		key_of(head, (size_t)(sep - head), sep + strlen(k->sep),
		       (size_t)(end - sep - strlen(k->sep)), key, size);
	}
	return 0;
}

/* The value of field name in fact f ("F=VALUE", up to the next " W=");
 * "F?TOKEN" gives whether F's value holds TOKEN; a file its last path
 * component, which is what the DWARF fact compares. */
static void field_of(const char *f, const char *name, char *out, size_t size)
{
	char want[48];
	const char *q = strchr(name, '?'), *v, *e;
	size_t flen = q ? (size_t)(q - name) : strlen(name);

	out[0] = '\0';
	if (strcmp(name, "value") == 0 && (v = strstr(f, " = ")) != NULL) {
		snprintf(out, size, "%s", v + 3);
		return;
	}
	snprintf(want, sizeof want, " %.*s=", (int)flen, name);
	if ((v = strstr(f, want)) == NULL)
		return;
	v += strlen(want);
	/* the next field: a space, a word, '=' */
	for (e = v; *e; e++) {
		static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
		size_t w = e[0] == ' ' ? strspn(e + 1, letters) : 0;
		if (w > 0 && e[1 + w] == '=')
			break;
	}
	if (q != NULL) {
		char *tok = strstr(v, q + 1);
		snprintf(out, size, "%s %s", tok && tok < e ? "has" : "lacks", q + 1);
	} else if (strcmp(name, "file") == 0) {
		const char *slash = v;
		for (const char *p = v; p < e; p++)
			if (*p == '/')
				slash = p + 1;
		snprintf(out, size, "%.*s", (int)(e - slash), slash);
	} else {
		snprintf(out, size, "%.*s", (int)(e - v), v);
	}
}

/* The values one side holds for an entity's field, sorted. */
typedef struct values {
	char v[MAX_VALUES][SHOW + 1];
	size_t n;
} values;

static void put_value(values *vs, const char *v)
{
	if (vs->n < MAX_VALUES)
		snprintf(vs->v[vs->n++], sizeof vs->v[0], "%s", v);
}

static int cmp_value(const void *a, const void *b)
{
	return strcmp((const char *)a, (const char *)b);
}

/* The distinct values of the descriptions inside any fact: a base type
 * "basic NAME SIZE ENC" by name, a lexical block chain "sp F > block L:C
 * > ..." by its key (F and a "{}" per block). */
static void scan_descriptions(const hd_lldi_facts *fs, const char *kind, const char *key,
                              const char *field, values *vs)
{
	char want[620], got[620], val[SHOW + 1];

	for (size_t i = 0; i < fs->n; i++) {
		const char *f = fs->v[i], *p;
		if (strcmp(kind, "basic") == 0) {
			snprintf(want, sizeof want, "basic %s ", key);
			for (p = f; (p = strstr(p, want)) != NULL; p++) {
				const char *num = p + strlen(want), *sp = strchr(num, ' ');
				size_t k;
				if (*num < '0' || *num > '9' || sp == NULL)
					continue;
				k = (size_t)(sp + 1 - num) + strcspn(sp + 1, " ,)");
				if (strcmp(field, "size") == 0)
					snprintf(val, sizeof val, "%.*s", (int)(sp - num), num);
				else if (strcmp(field, "encoding") == 0)
					snprintf(val, sizeof val, "%.*s", (int)(num + k - sp - 1), sp + 1);
				else
					snprintf(val, sizeof val, "%.*s", (int)k, num);
				put_value(vs, val);
			}
			continue;
		}
		for (p = f; (p = strstr(p, "sp ")) != NULL; p++) {
			size_t name = strcspn(p + 3, " :"), len;
			const char *q = p + 3 + name;
			if (p != f && p[-1] != ' ')
				continue;
			snprintf(got, sizeof got, "%.*s", (int)name, p + 3);
			while (strncmp(q, " > block ", 9) == 0) {
				/* LINE:COLUMN, then "::NAME" or the end */
				size_t lc = strspn(q + 9, "0123456789");
				if (q[9 + lc] == ':')
					lc += 1 + strspn(q + 10 + lc, "0123456789");
				len = strlen(got);
				snprintf(got + len, sizeof got - len, "/{}");
				if (strcmp(got, key) == 0) {
					snprintf(val, sizeof val, "%.*s", (int)(q + 9 + lc - p), p);
					put_value(vs, val);
				}
				q += 9 + lc;
			}
		}
	}
	qsort(vs->v, vs->n, sizeof vs->v[0], cmp_value);
	/* each distinct once: a description recurs in many facts */
	size_t k = 0;
	for (size_t i = 0; i < vs->n; i++)
		if (k == 0 || strcmp(vs->v[k - 1], vs->v[i]) != 0)
			memmove(vs->v[k++], vs->v[i], sizeof vs->v[0]);
	vs->n = k;
}

static const struct convention *convention_of(const char *triple, int clang)
{
	for (size_t i = 0; triple && i < sizeof conventions / sizeof conventions[0]; i++) {
		const struct convention *c = &conventions[i];
		int any = c->clang_min == 0 && c->clang_max == 0;
		if (strncmp(triple, c->triple, strlen(c->triple)) == 0 &&
		    (any || (clang >= c->clang_min && clang <= c->clang_max)))
			return c;
	}
	return NULL;
}

/* A type description with each pointer's or reference's address space
 * written as what it means under c: " as3(" becomes " local(", a tag with
 * none " generic(" (for amdgcn). Without c it is left as it is. */
static void name_spaces(const char *v, const struct convention *c, char *out, size_t size)
{
	const char *start = v;
	size_t len = 0;

	if (c == NULL) {
		snprintf(out, size, "%s", v);
		return;
	}
	while (*v && len + 1 < size) {
		const char *t = strstr(v, "_type");
		unsigned long n;
		char *end;
		if (t == NULL) {
			len += (size_t)snprintf(out + len, size - len, "%s", v);
			break;
		}
		len += (size_t)snprintf(out + len, size - len, "%.*s", (int)(t + 5 - v), v);
		v = t + 5;
		if (len >= size)
			break;
		if (!((t - start >= 7 && strncmp(t - 7, "pointer", 7) == 0) ||
		      (t - start >= 9 && strncmp(t - 9, "reference", 9) == 0)))
			continue;
		if (*v == '(') {
			len += (size_t)snprintf(out + len, size - len, " %s", c->none);
		} else if (strncmp(v, " as", 3) == 0 && (n = strtoul(v + 3, &end, 10), *end == '(')) {
			const char *m = n < 6 ? c->as[n] : NULL;
			len += m ? (size_t)snprintf(out + len, size - len, " %s", m)
			         : (size_t)snprintf(out + len, size - len, " as%lu", n);
			v = end;
		}
	}
}

/* The values of field for every fact of kind with the key, sorted; "" per
 * fact for the entity's existence. A type's address spaces are named by
 * the convention of triple (conventions). */
static void collect(const hd_lldi_facts *fs, const char *triple, int clang, const char *kind,
                    const char *key, const char *field, values *vs)
{
	char k[620], val[SHOW + 1], named[SHOW + 1];

	vs->n = 0;
	if (strcmp(kind, "basic") == 0 || strcmp(kind, "block") == 0) {
		scan_descriptions(fs, kind, key, field, vs);
		return;
	}
	for (size_t i = 0; i < fs->n; i++) {
		const char *f = fs->v[i];
		const struct mdkind *mk = NULL;
		if (strncmp(f, kind, strlen(kind)) != 0)
			continue;
		for (size_t j = 0; j < sizeof mdkinds / sizeof mdkinds[0] && !mk; j++)
			if (strncmp(f, mdkinds[j].prefix, strlen(mdkinds[j].prefix)) == 0)
				mk = &mdkinds[j];
		if (mk != NULL ? md_key(f, mk, k, sizeof k) != 0 || strcmp(k, key) != 0 : key[0] != '\0')
			continue;
		field_of(f, field, val, sizeof val);
		if (strcmp(field, "type") == 0 || strcmp(field, "base") == 0) {
			name_spaces(val, convention_of(triple, clang), named, sizeof named);
			put_value(vs, named);
		} else {
			put_value(vs, field[0] ? val : "");
		}
	}
	qsort(vs->v, vs->n, sizeof vs->v[0], cmp_value);
}

/* ---- whole fact sets ---- */

static const struct convention *convention_of(const char *triple, int clang);
static void name_spaces(const char *v, const struct convention *c, char *out, size_t size);

static int cmp_fact(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Each " file=PATH" of s cut to the path's last component, in place. The
 * value ends at the next space (a path in the facts has none: they are the
 * suite's and the candidate's scratch paths). */
static void cut_paths(char *s)
{
	for (char *p = s; (p = strstr(p, " file=")) != NULL;) {
		char *v = p + 6, *end = v + strcspn(v, " "), *last = v;
		for (char *q = v; q < end; q++)
			if (*q == '/')
				last = q + 1;
		memmove(v, last, strlen(last) + 1);
		p = v;
	}
}

/* The address space a variable's expression names, DW_OP_constu N,
 * DW_OP_swap, DW_OP_xderef (how LLVM 15 and the translators write it),
 * named under c, into out. */
static void name_xderef(const char *v, const struct convention *c, char *out, size_t size)
{
	static const char op[] = "DW_OP_constu ", tail[] = " DW_OP_swap DW_OP_xderef";
	size_t len = 0;

	while (*v && len + 1 < size) {
		const char *p = strstr(v, op);
		unsigned long n;
		char *end;
		if (p == NULL) {
			len += (size_t)snprintf(out + len, size - len, "%s", v);
			break;
		}
		len += (size_t)snprintf(out + len, size - len, "%.*s", (int)(p + sizeof op - 1 - v), v);
		v = p + sizeof op - 1;
		n = strtoul(v, &end, 10);
		if (end != v && strncmp(end, tail, sizeof tail - 1) == 0 && n < 6 && c->as[n] && len < size) {
			len += (size_t)snprintf(out + len, size - len, "%s", c->as[n]);
			v = end;
		}
	}
}

/* One fact named as prepare() says, in place (reallocated). -1 when memory
 * runs out. */
static int prepare_fact(char **fact, const struct convention *c)
{
	size_t size;
	char *a, *b;

	cut_paths(*fact);
	if (c == NULL)
		return 0;
	size = 2 * strlen(*fact) + 64;
	if ((a = malloc(size)) == NULL || (b = malloc(size)) == NULL) {
		free(a);
		return -1;
	}
	name_spaces(*fact, c, a, size);
	name_xderef(a, c, b, size);
	free(a);
	free(*fact);
	*fact = b;
	return 0;
}

static int prepare_set(hd_lldi_facts *f, const struct convention *c)
{
	size_t k = 0;

	for (size_t i = 0; i < f->n; i++)
		if (prepare_fact(&f->v[i], c) != 0)
			return -1;
	if (f->n > 1)
		qsort(f->v, f->n, sizeof *f->v, cmp_fact);
	for (size_t i = 0; i < f->n; i++) {
		if (k > 0 && strcmp(f->v[k - 1], f->v[i]) == 0)
			free(f->v[i]);
		else
			f->v[k++] = f->v[i];
	}
	f->n = k;
	return 0;
}

int hc_blame_prepare(hd_lldi_facts *ref, hd_lldi_facts *ir, const char *ir_triple, int ir_clang)
{
	const struct convention *c = convention_of(ir_triple, ir_clang);

	return prepare_set(ref, c ? convention_of("spir64", 0) : NULL) == 0 && prepare_set(ir, c) == 0
	               ? 0
	               : -1;
}

/* ---- the verdict ---- */

static hc_stage verdict(hc_blame *b, hc_stage s, hd_buf *out, const char *fmt, const char *x,
                        const char *y, const char *z)
{
	hd_buf_printf(out, "  blame: %s: ", hc_stage_name(s));
	hd_buf_printf(out, fmt, x, y, z);
	hd_buf_printf(out, "\n");
	b->count[s]++;
	return s;
}

/* Compares the field on both sides for the row's kind. */
static hc_stage judge_row(hc_blame *b, const struct corr *row, const dfact *d, const values *ref,
                          hd_buf *out)
{
	values ir;
	char what[700], field[48];

	/* "F?TOKEN" shows as F */
	snprintf(field, sizeof field, "%.*s", (int)strcspn(row->field, "?"), row->field);
	snprintf(what, sizeof what, "%.*s%s%s", (int)strcspn(row->kind, " "), row->kind,
	         d->key[0] ? " " : "", d->key);
	collect(b->ir, b->ir_triple, b->ir_clang, row->kind, d->key, row->field, &ir);
	if (ir.n == 0)
		return verdict(b, HC_BLAME_BEFORE_IR, out, "the IR's metadata has no %s%s%s", what, "",
		               "");
	if (row->field[0] == '\0' || strcmp(row->kind, "block") == 0) {
		if (ir.n >= ref->n)
			return verdict(b, HC_BLAME_AFTER_IR, out,
			               "the IR's metadata has %s as the reference translation does%s%s",
			               what, "", "");
		return verdict(b, HC_BLAME_BEFORE_IR, out,
		               "the IR's metadata has fewer of %s than the reference translation%s%s",
		               what, "", "");
	}
	for (size_t i = 0; i < ref->n || i < ir.n; i++)
		if (i >= ref->n || i >= ir.n || strcmp(ref->v[i], ir.v[i]) != 0) {
			char has[sizeof field + SHOW + 8];
			snprintf(has, sizeof has, "%s=%s", field, i < ir.n ? ir.v[i] : "(none)");
			return verdict(b, HC_BLAME_BEFORE_IR, out,
			               "the IR's %s has %s where the reference translation has %s", what,
			               has, i < ref->n ? ref->v[i] : "(none)");
		}
	return verdict(b, HC_BLAME_AFTER_IR, out,
	               "the IR's %s has %s=%s as the reference translation does", what, field,
	               ir.v[0]);
}

hc_stage hc_blame_fact(hc_blame *b, const char *dwarf_fact, hd_buf *out)
{
	values ref;
	char kind[40];
	dfact d;
	const struct corr *row = NULL;

	if (parse_dwarf(dwarf_fact, &d) != 0)
		return verdict(b, HC_BLAME_NONE, out, "not a fact of an entity%s%s%s", "", "", "");
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
		if (strcmp(table[i].tag, d.tag) != 0 || strcmp(table[i].attr, d.attr) != 0)
			continue;
		row = &table[i];
		collect(b->ref, convention_of(b->ir_triple, b->ir_clang) ? "spir64" : NULL, 0,
		        row->kind, d.key, row->field, &ref);
		if (ref.n > 0)
			return judge_row(b, row, &d, &ref, out);
	}
	if (row == NULL)
		return verdict(b, HC_BLAME_NONE, out, "no metadata fact carries %s%s of a %s",
		               d.attr[0] ? "" : "the entity", d.attr, d.tag);
	snprintf(kind, sizeof kind, "%.*s", (int)strcspn(row->kind, " "), row->kind);
	return verdict(b, HC_BLAME_NONE, out, "the reference translation has no %s %s%s", kind,
	               d.key, "");
}
