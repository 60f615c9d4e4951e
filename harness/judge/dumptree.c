/* Reading a canonical dump back into DIE trees (dumptree.h). The dump is
 * text this suite printed, but of a candidate's object, so it is read as
 * untrusted input: every line is checked against the layout of
 * docs/dwarf-dump.md and sizes are bounded. */
#include "dumptree.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/sort.h"

struct hc_dkey {
	size_t unit;
	const char *path;
	size_t die;
};

/* While reading: the open DIE at each level of the current unit. */
typedef struct reader {
	hc_dump *d;
	const char *name;
	size_t line;
	size_t open[HC_DUMP_MAX_DEPTH];
	size_t depth;            /* levels open; 0 before the unit's root */
	size_t unit;             /* root of the current unit, HC_NO_DIE before it */
	unsigned address_size;
	unsigned version;        /* the unit header's DWARF version */
	int in_tree;             /* between a unit header and its lines block */
	int in_frame;            /* in a `frame` section */
	int in_fde;              /* under an FDE that frames[nframes - 1] keeps */
	size_t cap_frames;
	hd_buf paths;            /* "path\0" each; offsets until the end */
	size_t cap_dies, cap_attrs;
} reader;

/* Closes the open DIEs from level down: their subtrees end at the next DIE. */
static void close_from(reader *r, size_t level)
{
	for (size_t l = level; l < r->depth; l++)
		r->d->dies[r->open[l]].end = r->d->ndies;
	if (level < r->depth)
		r->depth = level;
}

static int bad(reader *r, hd_status *st, const char *rule)
{
	return hd_fail(st, HD_BAD_INPUT, "dump-layout", r->line, "%s: line %zu: %s", r->name,
	               r->line, rule);
}

static int oom(hd_status *st)
{
	return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
}

static int grow(void **v, size_t *cap, size_t n, size_t size)
{
	void *g;

	if (n < *cap)
		return 0;
	*cap = *cap ? *cap * 2 : 256;
	if ((g = realloc(*v, *cap * size)) == NULL)
		return -1;
	*v = g;
	return 0;
}

/* The end of a quoted string starting at s (on its opening quote), after
 * the closing quote, or NULL when it does not close. */
static const char *skip_quoted(const char *s)
{
	for (s++; *s; s++) {
		if (*s == '\\' && s[1] != '\0')
			s++;
		else if (*s == '"')
			return s + 1;
	}
	return NULL;
}

/* "DW_TAG_<tag>[ "<name>"][#k]": the tag and name cut out in place; the
 * component (everything after DW_TAG_) copied to the paths first. */
static int read_die(reader *r, char *s, size_t level, hd_status *st)
{
	hc_dump *d = r->d;
	hc_die *die;
	char *t = s + 7, *end;
	size_t parent = level ? r->open[level - 1] : HC_NO_DIE;

	if (level > r->depth || level >= HC_DUMP_MAX_DEPTH)
		return bad(r, st, "a DIE is indented deeper than a child of the DIE above");
	if (d->ndies >= HC_DUMP_MAX_DIES)
		return bad(r, st, "more DIEs than the judge reads");
	if (level == 0 && r->unit != HC_NO_DIE && r->depth > 0)
		return bad(r, st, "a unit has two root DIEs");
	if (grow((void **)&d->dies, &r->cap_dies, d->ndies, sizeof *d->dies) != 0)
		return oom(st);
	close_from(r, level);
	die = &d->dies[d->ndies];
	memset(die, 0, sizeof *die);
	die->parent = parent;
	die->unit = level ? r->unit : d->ndies;
	die->address_size = r->address_size;
	die->version = r->version;
	die->attr = d->nattrs;
	/* the path: the parent's, then "/" and this line's component */
	die->path = (const char *)(uintptr_t)r->paths.len;
	if (level > 0) {
		/* the parent's path is in the buffer that grows: make room first */
		size_t from = (uintptr_t)d->dies[parent].path, at = r->paths.len;
		size_t n = strlen((const char *)r->paths.data + from);
		for (size_t i = 0; i < n; i++)
			hd_buf_byte(&r->paths, 0);
		if (!r->paths.failed)
			memcpy(r->paths.data + at, r->paths.data + from, n);
		hd_buf_byte(&r->paths, '/');
		hd_buf_put(&r->paths, t, strlen(t));
	}
	hd_buf_byte(&r->paths, 0);
	if (r->paths.failed)
		return oom(st);
	end = t + strcspn(t, " #");
	if (*end == ' ') {
		const char *q = end[1] == '"' ? skip_quoted(end + 1) : NULL;
		if (q == NULL || (*q != '\0' && *q != '#'))
			return bad(r, st, "a DIE's name is not one quoted string");
		*end = '\0';
		die->name = end + 1;
		*(char *)q = '\0';  /* drops #k: names compare without it */
	} else {
		*end = '\0';
	}
	die->tag = t;
	if (level == 0)
		r->unit = d->ndies;
	r->open[level] = d->ndies;
	r->depth = level + 1;
	d->ndies++;
	return 0;
}

/* "DW_AT_<name> <class> <value>" of the DIE open at level. */
static int read_attr(reader *r, char *s, size_t level, hd_status *st)
{
	hc_dump *d = r->d;
	hc_dattr *a;
	char *cls, *value;

	if (r->depth == 0 || level != r->depth - 1)
		return bad(r, st, "an attribute is not indented one level under its DIE");
	if (grow((void **)&d->attrs, &r->cap_attrs, d->nattrs, sizeof *d->attrs) != 0)
		return oom(st);
	cls = strchr(s, ' ');
	if (cls == NULL)
		return bad(r, st, "an attribute has no value class");
	*cls++ = '\0';
	value = cls + strcspn(cls, " ");
	if (*value == ' ')
		*value++ = '\0';
	a = &d->attrs[d->nattrs++];
	a->name = s + 6;
	a->cls = cls;
	a->value = value;
	d->dies[r->open[level]].nattr++;
	return 0;
}

/* A list entry under the last attribute: kept as an "entry" attribute of
 * the same name, so the location checks see every expression. */
static int read_entry(reader *r, char *s, hd_status *st)
{
	hc_dump *d = r->d;
	hc_dattr *a;

	if (r->depth == 0 || d->nattrs == 0 || d->dies[r->open[r->depth - 1]].nattr == 0)
		return bad(r, st, "a list entry follows no attribute");
	if (grow((void **)&d->attrs, &r->cap_attrs, d->nattrs, sizeof *d->attrs) != 0)
		return oom(st);
	a = &d->attrs[d->nattrs];
	a->name = d->attrs[d->nattrs - 1].name;
	a->cls = "entry";
	a->value = s;
	d->nattrs++;
	d->dies[r->open[r->depth - 1]].nattr++;
	return 0;
}

/* A line of a `frame` section: keeps each FDE at a named function's start
 * and the CFA rule of its first row. */
static int read_frame_line(reader *r, char *s, size_t ind, hd_status *st)
{
	hc_dump *d = r->d;
	char *end;

	if (ind == 2) {
		r->in_fde = 0;
		if (strncmp(s, "fde function \"", 14) != 0)
			return 0;
		if ((end = (char *)skip_quoted(s + 13)) == NULL)
			return bad(r, st, "an FDE's function name does not close its quote");
		if (strncmp(end, " +0x0 ", 6) != 0)
			return 0;  /* it starts inside the function, not at its entry */
		if (d->nframes >= HC_DUMP_MAX_DIES)
			return bad(r, st, "more FDEs than the judge reads");
		if (grow((void **)&d->frames, &r->cap_frames, d->nframes, sizeof *d->frames) != 0)
			return oom(st);
		*end = '\0';
		d->frames[d->nframes].name = s + 13;
		d->frames[d->nframes++].cfa = NULL;
		r->in_fde = 1;
		return 0;
	}
	if (ind == 4 && r->in_fde && strncmp(s, "+0x0 cfa=", 9) == 0) {
		char *rule = s + 9;
		int braces = 0;
		/* the CFA rule ends at the first blank outside braces, where the
		 * register rules start */
		for (end = rule; *end && !(*end == ' ' && braces == 0); end++)
			braces += (*end == '{') - (*end == '}');
		*end = '\0';
		d->frames[d->nframes - 1].cfa = rule;
		r->in_fde = 0;
	}
	return 0;
}

static int read_line(reader *r, char *line, hd_status *st)
{
	size_t ind = strspn(line, " ");
	char *s = line + ind;

	if (ind == 0) {
		const char *as = strstr(s, " address_size "), *ver = strstr(s, " version ");
		if (strncmp(s, "encoding intel-gt", 17) == 0)
			r->d->intel_gt = 1;
		r->in_frame = strncmp(s, "frame ", 6) == 0;
		r->in_fde = 0;
		r->in_tree = strncmp(s, "unit ", 5) == 0;
		r->version = ver ? (unsigned)strtoul(ver + 9, NULL, 10) : 0;
		close_from(r, 0);
		r->unit = HC_NO_DIE;
		r->address_size = as ? (unsigned)strtoul(as + 14, NULL, 10) : 8;
		return 0;
	}
	if (r->in_frame)
		return read_frame_line(r, s, ind, st);
	if (!r->in_tree)
		return 0;
	if (ind % 2 != 0)
		return bad(r, st, "indentation is not two spaces a level");
	if (strncmp(s, "DW_TAG_", 7) == 0)
		return read_die(r, s, ind / 2 - 1, st);
	if (ind == 2) {          /* the unit's lines or macros block */
		close_from(r, 0);
		r->in_tree = 0;
		return 0;
	}
	if (strncmp(s, "DW_AT_", 6) == 0 && ind / 2 >= 2)
		return read_attr(r, s, ind / 2 - 2, st);
	return read_entry(r, s, st);
}

static int cmp_key(const void *a, const void *b)
{
	const struct hc_dkey *x = a, *y = b;

	if (x->unit != y->unit)
		return x->unit < y->unit ? -1 : 1;
	return strcmp(x->path, y->path);
}

/* Turns path offsets into pointers and sorts the keys. */
static int finish(reader *r, hd_status *st)
{
	hc_dump *d = r->d;

	d->paths = (char *)r->paths.data;
	r->paths.data = NULL;
	d->keys = malloc((d->ndies ? d->ndies : 1) * sizeof *d->keys);
	if (d->keys == NULL)
		return oom(st);
	for (size_t i = 0; i < d->ndies; i++) {
		d->dies[i].path = d->paths + (uintptr_t)d->dies[i].path;
		d->keys[i].unit = d->dies[i].unit;
		d->keys[i].path = d->dies[i].path;
		d->keys[i].die = i;
	}
	hd_sort(d->keys, d->ndies, sizeof *d->keys, cmp_key);
	return 0;
}

int hc_dump_parse(const char *text, size_t len, const char *name, hc_dump *d, hd_status *st)
{
	reader r;
	char *line, *end;
	int rc = 0;

	memset(d, 0, sizeof *d);
	memset(&r, 0, sizeof r);
	r.d = d;
	r.name = name;
	r.unit = HC_NO_DIE;
	hd_buf_init(&r.paths);
	if ((d->text = malloc(len + 1)) == NULL)
		return oom(st);
	if (len > 0)  /* an empty file's text may be NULL */
		memcpy(d->text, text, len);
	d->text[len] = '\0';
	if (strlen(d->text) != len)
		rc = hd_fail(st, HD_BAD_INPUT, "dump-layout", 0, "%s: a NUL byte in the dump", name);
	for (line = d->text; rc == 0 && *line; line = end) {
		end = line + strcspn(line, "\n");
		if (*end == '\n')
			*end++ = '\0';
		r.line++;
		rc = read_line(&r, line, st);
	}
	if (rc == 0) {
		close_from(&r, 0);
		rc = finish(&r, st);
	}
	hd_buf_free(&r.paths);
	if (rc != 0)
		hc_dump_free(d);
	return rc;
}

void hc_dump_free(hc_dump *d)
{
	free(d->text);
	free(d->paths);
	free(d->dies);
	free(d->attrs);
	free(d->keys);
	free(d->frames);
	memset(d, 0, sizeof *d);
}

size_t hc_dump_resolve(const hc_dump *d, size_t unit, const char *value)
{
	struct hc_dkey key = { unit, value, 0 }, *k;

	if (value == NULL || value[0] != '/')
		return HC_NO_DIE;  /* `unit "..." /path` or a signature */
	k = bsearch(&key, d->keys, d->ndies, sizeof *d->keys, cmp_key);
	return k != NULL ? k->die : HC_NO_DIE;
}

const char *hc_dump_attr(const hc_dump *d, size_t die, const char *name)
{
	const hc_die *e = &d->dies[die];

	for (size_t i = e->attr; i < e->attr + e->nattr; i++)
		if (strcmp(d->attrs[i].cls, "entry") != 0 && strcmp(d->attrs[i].name, name) == 0)
			return d->attrs[i].value;
	return NULL;
}
