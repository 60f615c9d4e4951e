/* The facts of LLVM debug metadata (facts.h, docs/llvm-facts.md). Each
 * entity is described by what it is, not by its !N: a scope by its chain
 * of names and lines ("sp main > block 3:5"), a type by its structure up
 * to a named type ("const(*as1(basic int 32 DW_ATE_signed))"), a variable
 * by its scope and name. Descriptions are depth-bounded, so a cycle (a
 * structure pointing at itself) ends in a name or "..."; the walk from the
 * roots visits each node once (the mark), and the set is sorted, so the
 * whole is O(n log n) in the module's size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts.h"
#include "util/sort.h"

#define MAX_DEPTH 8      /* nesting in one description */
#define MAX_TOKENS 32    /* flags in one field */
#define MARK 0x66616374u /* "fact": a node the walk has reached */

typedef struct fx {
	hd_lldi_module *m;
	hd_lldi_facts *f;
	int failed;
} fx;

/* ---- field access ---- */

static const char *str(const hd_lldi_node *n, const char *field)
{
	const hd_lldi_field *x = n ? hd_lldi_field_get(n, field) : NULL;

	return x && (x->v.kind == HD_LLDI_V_STR || x->v.kind == HD_LLDI_V_MDSTR ||
	             x->v.kind == HD_LLDI_V_ENUM) ? x->v.s : "";
}

static long long num(const hd_lldi_node *n, const char *field)
{
	const hd_lldi_field *x = n ? hd_lldi_field_get(n, field) : NULL;

	if (!x || x->v.kind != HD_LLDI_V_INT)
		return x && x->v.kind == HD_LLDI_V_BOOL ? (long long)x->v.u : 0;
	return x->v.neg ? -(long long)x->v.u : (long long)x->v.u;
}

static hd_lldi_node *ref(const hd_lldi_node *n, const char *field)
{
	const hd_lldi_field *x = n ? hd_lldi_field_get(n, field) : NULL;

	return x ? hd_lldi_target(&x->v) : NULL;
}

static int is(const hd_lldi_node *n, const char *kind)
{
	return n && strcmp(n->kind, kind) == 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A flags field with its names sorted: "DIFlagA | DIFlagB" and
 * "DIFlagB | DIFlagA" are one fact. */
static void flags(hd_buf *b, const hd_lldi_node *n, const char *field)
{
	char text[1024], *tok[MAX_TOKENS], *save = NULL;
	size_t k = 0;

	snprintf(text, sizeof text, "%s", str(n, field));
	for (char *t = strtok_r(text, " |", &save); t && k < MAX_TOKENS;
	     t = strtok_r(NULL, " |", &save))
		if (strcmp(t, "DIFlagZero") != 0 && strcmp(t, "DISPFlagZero") != 0 &&
		    strcmp(t, "0") != 0)
			tok[k++] = t;
	hd_sort(tok, k, sizeof *tok, cmp_str);
	for (size_t i = 0; i < k; i++)
		hd_buf_printf(b, "%s%s", i ? "|" : "", tok[i]);
}

/* A file as its path: directory/filename (or the file name alone). */
static void file(hd_buf *b, const hd_lldi_node *f)
{
	const char *dir = str(f, "directory"), *name = str(f, "filename");

	if (!f)
		return;
	if (*dir && name[0] != '/')
		hd_buf_printf(b, "%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/");
	hd_buf_printf(b, "%s", name);
}

/* ---- descriptions ---- */

/* A scope: "top" for a compile unit, a file or none (LLVM treats them
 * alike), else its chain "sp NAME > block L:C > ...". */
static void scope(hd_buf *b, const hd_lldi_node *s, int depth)
{
	if (depth > MAX_DEPTH) {
		hd_buf_printf(b, "...");
		return;
	}
	if (!s || is(s, "DICompileUnit") || is(s, "DIFile")) {
		hd_buf_printf(b, "top");
		return;
	}
	if (is(s, "DILexicalBlockFile")) {
		scope(b, ref(s, "scope"), depth + 1);
		if (num(s, "discriminator"))
			hd_buf_printf(b, " discriminator %lld", num(s, "discriminator"));
		return;
	}
	if (!is(s, "DISubprogram")) {
		scope(b, ref(s, "scope"), depth + 1);
		hd_buf_printf(b, " > ");
	}
	if (is(s, "DILexicalBlock"))
		hd_buf_printf(b, "block %lld:%lld", num(s, "line"), num(s, "column"));
	else if (is(s, "DISubprogram"))
		hd_buf_printf(b, "sp %s", str(s, "name"));
	else
		hd_buf_printf(b, "%s %s", s->kind, str(s, "name"));
}

/* A type by structure: named types by tag and name; derived, array and
 * function types by their parts. */
static void type(hd_buf *b, const hd_lldi_node *t, int depth)
{
	const char *tag = str(t, "tag");

	if (!t) {
		hd_buf_printf(b, "void");
		return;
	}
	if (depth > MAX_DEPTH) {
		hd_buf_printf(b, "...");
		return;
	}
	if (is(t, "DIBasicType")) {
		hd_buf_printf(b, "basic %s %lld %s", str(t, "name"), num(t, "size"), str(t, "encoding"));
	} else if (is(t, "DISubroutineType")) {
		const hd_lldi_node *ts = ref(t, "types");
		hd_buf_printf(b, "fn(");
		for (uint32_t i = 0; ts && i < ts->nitems; i++) {
			hd_buf_printf(b, i ? ", " : "");
			type(b, hd_lldi_target(&ts->items[i]), depth + 1);
		}
		hd_buf_printf(b, ")");
	} else if (is(t, "DIDerivedType") && strcmp(tag, "DW_TAG_typedef") != 0 &&
	           strcmp(tag, "DW_TAG_member") != 0) {
		hd_buf_printf(b, "%s", tag);
		if (hd_lldi_field_get(t, "dwarfAddressSpace"))
			hd_buf_printf(b, " as%lld", num(t, "dwarfAddressSpace"));
		hd_buf_printf(b, "(");
		type(b, ref(t, "baseType"), depth + 1);
		hd_buf_printf(b, ")");
	} else if (is(t, "DICompositeType") && strcmp(tag, "DW_TAG_array_type") == 0) {
		const hd_lldi_node *el = ref(t, "elements");
		hd_buf_printf(b, "array");
		if (strstr(str(t, "flags"), "DIFlagVector"))
			hd_buf_printf(b, " vector");
		for (uint32_t i = 0; el && i < el->nitems; i++) {
			const hd_lldi_node *r = hd_lldi_target(&el->items[i]);
			const hd_lldi_node *c = ref(r, "count");
			if (c)
				hd_buf_printf(b, "[%s %s]", c->kind, str(c, "name"));
			else
				hd_buf_printf(b, "[%lld]", num(r, "count"));
		}
		hd_buf_printf(b, "(");
		type(b, ref(t, "baseType"), depth + 1);
		hd_buf_printf(b, ")");
	} else {
		hd_buf_printf(b, "%s %s", *tag ? tag : t->kind, str(t, "name"));
	}
}

/* ---- facts ---- */

static void add(fx *F, hd_buf *b)
{
	hd_lldi_facts *f = F->f;

	if (b->failed) {
		F->failed = 1;
		return;
	}
	if (f->n == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 256;
		char **v = realloc(f->v, cap * sizeof *v);
		if (!v) {
			F->failed = 1;
			return;
		}
		f->v = v;
		f->cap = cap;
	}
	if (!(f->v[f->n] = strdup(hd_buf_str(b))))
		F->failed = 1;
	else
		f->n++;
}

/* name, file, line and type of a declared entity: " SCOPE::NAME file=F line=L". */
static void decl(hd_buf *b, const hd_lldi_node *n)
{
	scope(b, ref(n, "scope"), 0);
	hd_buf_printf(b, "::%s file=", str(n, "name"));
	file(b, ref(n, "file"));
	hd_buf_printf(b, " line=%lld", num(n, "line"));
}

static void fact_node(fx *F, const hd_lldi_node *n, hd_buf *b)
{
	hd_buf_reset(b);
	if (is(n, "DICompileUnit")) {
		/* a DW_LANG name, or the number LLVM writes for a code it has no
		 * name for (LLVM 15: the languages registered after DWARF 5) */
		if (*str(n, "language"))
			hd_buf_printf(b, "cu language=%s file=", str(n, "language"));
		else
			hd_buf_printf(b, "cu language=%lld file=", num(n, "language"));
		file(b, ref(n, "file"));
	} else if (is(n, "DISubprogram")) {
		hd_buf_printf(b, "subprogram ");
		decl(b, n);
		hd_buf_printf(b, " linkage=%s scopeLine=%lld type=", str(n, "linkageName"),
		              num(n, "scopeLine"));
		type(b, ref(n, "type"), 0);
		hd_buf_printf(b, " flags=");
		flags(b, n, "flags");
		hd_buf_printf(b, " spFlags=");
		flags(b, n, "spFlags");
	} else if (is(n, "DIGlobalVariable")) {
		hd_buf_printf(b, "global ");
		decl(b, n);
		hd_buf_printf(b, " linkage=%s local=%lld definition=%lld type=", str(n, "linkageName"),
		              num(n, "isLocal"), num(n, "isDefinition"));
		type(b, ref(n, "type"), 0);
	} else if (is(n, "DILocalVariable")) {
		hd_buf_printf(b, "variable ");
		decl(b, n);
		hd_buf_printf(b, " arg=%lld flags=", num(n, "arg"));
		flags(b, n, "flags");
		hd_buf_printf(b, " type=");
		type(b, ref(n, "type"), 0);
	} else if (is(n, "DICompositeType") && strcmp(str(n, "tag"), "DW_TAG_array_type") != 0) {
		hd_buf_printf(b, "type %s ", str(n, "tag"));
		decl(b, n);
		hd_buf_printf(b, " size=%lld identifier=%s flags=", num(n, "size"), str(n, "identifier"));
		flags(b, n, "flags");
		hd_buf_printf(b, " base=");
		type(b, ref(n, "baseType"), 0);
	} else if (is(n, "DIDerivedType") && (strcmp(str(n, "tag"), "DW_TAG_member") == 0 ||
	                                      strcmp(str(n, "tag"), "DW_TAG_inheritance") == 0 ||
	                                      strcmp(str(n, "tag"), "DW_TAG_typedef") == 0)) {
		hd_buf_printf(b, "%s ", str(n, "tag") + 7);
		/* a typedef's scope is a scope; a member's, its composite */
		if (strcmp(str(n, "tag"), "DW_TAG_typedef") == 0)
			scope(b, ref(n, "scope"), 0);
		else
			type(b, ref(n, "scope"), 0);
		hd_buf_printf(b, " ::%s line=%lld size=%lld offset=%lld flags=", str(n, "name"),
		              num(n, "line"), num(n, "size"), num(n, "offset"));
		flags(b, n, "flags");
		hd_buf_printf(b, " type=");
		type(b, ref(n, "baseType"), 0);
	} else if (is(n, "DIEnumerator")) {
		return;  /* with its enumeration, below */
	} else if (is(n, "DIImportedEntity")) {
		hd_buf_printf(b, "import %s %s in ", str(n, "tag"), str(n, "name"));
		scope(b, ref(n, "scope"), 0);
		hd_buf_printf(b, " entity=%s %s", ref(n, "entity") ? ref(n, "entity")->kind : "none",
		              str(ref(n, "entity"), "name"));
	} else if (is(n, "DIMacro")) {
		hd_buf_printf(b, "macro %s line=%lld %s=%s", str(n, "type"), num(n, "line"),
		              str(n, "name"), str(n, "value"));
	} else {
		return;
	}
	add(F, b);
	if (is(n, "DICompositeType") && strcmp(str(n, "tag"), "DW_TAG_enumeration_type") == 0) {
		const hd_lldi_node *el = ref(n, "elements");
		for (uint32_t i = 0; el && i < el->nitems; i++) {
			const hd_lldi_node *e = hd_lldi_target(&el->items[i]);
			hd_buf_reset(b);
			hd_buf_printf(b, "enumerator %s::%s = %lld", str(n, "name"), str(e, "name"),
			              num(e, "value"));
			add(F, b);
		}
	}
}

/* A location: "L:C in SCOPE", then each call site it is inlined at. */
static void location(hd_buf *b, const hd_lldi_node *l)
{
	for (int depth = 0; l && depth <= MAX_DEPTH; depth++) {
		hd_buf_printf(b, "%s%lld:%lld in ", depth ? " inlined at " : "", num(l, "line"),
		              num(l, "column"));
		scope(b, ref(l, "scope"), 0);
		l = ref(l, "inlinedAt");
	}
}

/* The class of a record's value: a constant by its value, else what it is. */
static void value(hd_buf *b, const hd_lldi_value *v)
{
	const char *s = v->kind == HD_LLDI_V_IR ? v->s : "";
	const char *last = strrchr(s, ' ');

	if (v->kind == HD_LLDI_V_NODE || v->kind == HD_LLDI_V_REF)
		hd_buf_printf(b, "empty");
	else if (strchr(s, '%'))
		hd_buf_printf(b, "local");
	else if (strchr(s, '@'))
		hd_buf_printf(b, "global");
	else if (strstr(s, "undef") || strstr(s, "poison"))
		hd_buf_printf(b, "undef");
	else
		hd_buf_printf(b, "constant %s", last ? last + 1 : s);
}

static const char *const use_names[] = { "function", "global", "instruction", "declare",
	                                  "value", "assign", "label" };

/* The subprogram a use's function has, by name. */
static const char *function_name(const hd_lldi_module *m, int32_t func)
{
	const hd_lldi_node *sp = func >= 0 && (uint32_t)func < m->nfunctions ?
	                         hd_lldi_target(&m->functions[func].sp) : NULL;

	return sp ? str(sp, "name") : "?";
}

static void fact_use(fx *F, const hd_lldi_use *u, hd_buf *b)
{
	const hd_lldi_node *loc = hd_lldi_target(&u->loc);

	hd_buf_reset(b);
	switch (u->kind) {
	case HD_LLDI_U_FUNCTION:
		if (!loc)
			return;
		hd_buf_printf(b, "function with subprogram %s", str(loc, "name"));
		break;
	case HD_LLDI_U_GLOBAL: {
		const hd_lldi_node *gv = ref(loc, "var");
		hd_buf_printf(b, "global with variable %s expr=", str(gv, "name"));
		const hd_lldi_node *x = ref(loc, "expr");
		/* an operation by its name, an operand by its number */
		for (uint32_t i = 0; x && i < x->nitems; i++) {
			const hd_lldi_value *v = &x->items[i];
			if (v->kind == HD_LLDI_V_ENUM)
				hd_buf_printf(b, "%s%s", i ? "," : "", v->s);
			else
				hd_buf_printf(b, "%s%s%llu", i ? "," : "", v->neg ? "-" : "",
				              (unsigned long long)v->u);
		}
		break;
	}
	case HD_LLDI_U_INST:
		hd_buf_printf(b, "location in sp %s: ", function_name(F->m, u->func));
		location(b, loc);
		break;
	case HD_LLDI_U_DECLARE:
	case HD_LLDI_U_VALUE:
	case HD_LLDI_U_ASSIGN: {
		const hd_lldi_node *var = u->nops > 1 ? hd_lldi_target(&u->ops[1]) : NULL;
		const hd_lldi_node *x = u->nops > 2 ? hd_lldi_target(&u->ops[2]) : NULL;
		hd_buf_printf(b, "%s in sp %s: ", use_names[u->kind], function_name(F->m, u->func));
		scope(b, ref(var, "scope"), 0);
		hd_buf_printf(b, "::%s of ", str(var, "name"));
		if (u->nops > 0)
			value(b, &u->ops[0]);
		hd_buf_printf(b, " expr=(");
		for (uint32_t i = 0; x && i < x->nitems; i++) {
			const hd_lldi_value *v = &x->items[i];
			if (v->kind == HD_LLDI_V_ENUM)
				hd_buf_printf(b, "%s%s", i ? " " : "", v->s);
			else
				hd_buf_printf(b, " %s%llu", v->neg ? "-" : "", (unsigned long long)v->u);
		}
		hd_buf_printf(b, ") at ");
		location(b, loc);
		break;
	}
	default:
		return;
	}
	add(F, b);
}

/* ---- the walk ---- */

typedef struct stack {
	hd_lldi_node **v;
	size_t n, cap;
} stack;

/* Appends n to s. */
static int append(stack *s, hd_lldi_node *n)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 256;
		hd_lldi_node **v = realloc(s->v, cap * sizeof *v);
		if (!v)
			return -1;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = n;
	return 0;
}

/* Appends n to s unless the walk has met it already. */
static int push(stack *s, hd_lldi_node *n)
{
	if (!n || n->mark == MARK)
		return 0;
	n->mark = MARK;
	return append(s, n);
}

static int push_value(stack *s, const hd_lldi_value *v)
{
	return push(s, hd_lldi_target(v));
}

/* Every node reachable from the roots, each once, into *all. */
static int reach(hd_lldi_module *m, stack *all)
{
	stack todo = { 0 };
	int rc = 0;

	for (uint32_t i = 0; i < m->nnodes; i++)
		m->nodes[i]->mark = 0;
	for (uint32_t i = 0; i < m->nnamed; i++)
		if (strcmp(m->named[i].name, "llvm.dbg.cu") == 0)
			for (uint32_t k = 0; k < m->named[i].nitems; k++)
				rc |= push_value(&todo, &m->named[i].items[k]);
	for (uint32_t i = 0; i < m->nfunctions; i++)
		rc |= push_value(&todo, &m->functions[i].sp);
	for (uint32_t i = 0; i < m->nuses; i++) {
		for (uint32_t k = 0; k < m->uses[i].nops; k++)
			rc |= push_value(&todo, &m->uses[i].ops[k]);
		rc |= push_value(&todo, &m->uses[i].loc);
	}
	while (rc == 0 && todo.n > 0) {
		hd_lldi_node *n = todo.v[--todo.n];
		rc |= append(all, n);
		for (uint32_t i = 0; i < n->nfields; i++)
			rc |= push_value(&todo, &n->fields[i].v);
		for (uint32_t i = 0; i < n->nitems; i++)
			rc |= push_value(&todo, &n->items[i]);
	}
	free(todo.v);
	return rc;
}

/* Sorts the facts and drops repeats. */
static void normalise(hd_lldi_facts *f)
{
	size_t k = 0;

	hd_sort(f->v, f->n, sizeof *f->v, cmp_str);
	for (size_t i = 0; i < f->n; i++) {
		if (k > 0 && strcmp(f->v[k - 1], f->v[i]) == 0) {
			free(f->v[i]);
			continue;
		}
		f->v[k++] = f->v[i];
	}
	f->n = k;
}

int hd_lldi_facts_of(hd_lldi_module *m, hd_lldi_facts *f)
{
	fx F = { m, f, 0 };
	stack all = { 0 };
	hd_buf b;

	memset(f, 0, sizeof *f);
	hd_buf_init(&b);
	if (reach(m, &all) != 0)
		F.failed = 1;
	for (size_t i = 0; !F.failed && i < all.n; i++)
		fact_node(&F, all.v[i], &b);
	for (uint32_t i = 0; !F.failed && i < m->nuses; i++)
		fact_use(&F, &m->uses[i], &b);
	for (size_t i = 0; i < all.n; i++)
		all.v[i]->mark = 0;   /* the walk's marks, cleared for the next reader */
	free(all.v);
	hd_buf_free(&b);
	if (F.failed) {
		hd_lldi_facts_free(f);
		return -1;
	}
	normalise(f);
	return 0;
}

void hd_lldi_facts_free(hd_lldi_facts *f)
{
	for (size_t i = 0; i < f->n; i++)
		free(f->v[i]);
	free(f->v);
	memset(f, 0, sizeof *f);
}

size_t hd_lldi_facts_diff(const hd_lldi_facts *want, const hd_lldi_facts *got, hd_buf *out,
                          size_t max, const char **first, int *first_in_want)
{
	size_t i = 0, k = 0, count = 0;

	*first = NULL;
	while (i < want->n || k < got->n) {
		int c = i == want->n ? 1 : k == got->n ? -1 : strcmp(want->v[i], got->v[k]);
		const char *s;
		if (c == 0) {
			i++;
			k++;
			continue;
		}
		s = c < 0 ? want->v[i++] : got->v[k++];
		if (!*first) {
			*first = s;
			*first_in_want = c < 0;
		}
		if (count++ < max)
			hd_buf_printf(out, "%c %s\n", c < 0 ? '-' : '+', s);
	}
	if (count > max)
		hd_buf_printf(out, "... %zu more\n", count - max);
	return count;
}
