/* The normative facts of a canonical dump (conform.h, hc_conform_facts;
 * docs/conformance-rules.md). A fact is one line:
 *
 *     KEY                    the entity exists: tag and name in its scopes
 *     KEY: ATTR = VALUE      it has that normative attribute value
 *
 * KEY is the chain of `tag "name"` from the unit down, without the dump's
 * #k (which depends on every attribute, normative or not). A type is
 * written out in full where it is used, `pointer_type{address_class 1,
 * byte_size 8} -> base_type "int"`, so a fact does not depend on how the
 * producer shares or orders its type DIEs. Which tags are entities and
 * which attributes are normative is the one table below. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform.h"
#include "dumptree.h"
#include "util/sort.h"

/* How deep a written-out type goes: deeper is a cycle or a hostile dump. */
#define TYPE_DEPTH 12

/* Per tag, the attributes a conforming producer must reproduce. */
static const struct rule {
	const char *tag;
	const char *attrs[5];
} rules[] = {
	{ "compile_unit", { "language" } },
	{ "base_type", { "byte_size", "encoding" } },
	{ "structure_type", { "byte_size" } },
	{ "class_type", { "byte_size" } },
	{ "union_type", { "byte_size" } },
	{ "member", { "type", "data_member_location", "bit_size", "data_bit_offset" } },
	{ "inheritance", { "type", "data_member_location" } },
	{ "enumeration_type", { "type", "byte_size", "enum_class" } },
	{ "enumerator", { "const_value" } },
	{ "typedef", { "type" } },
	{ "subprogram", { "type", "decl_file", "decl_line", "external" } },
	{ "formal_parameter", { "type", "decl_file", "decl_line" } },
	{ "variable", { "type", "decl_file", "decl_line", "external", "address_class" } },
	{ "constant", { "type", "const_value" } },
	{ "pointer_type", { "type", "byte_size", "address_class" } },
	{ "reference_type", { "type", "byte_size", "address_class" } },
	{ "rvalue_reference_type", { "type", "byte_size", "address_class" } },
	{ "ptr_to_member_type", { "type", "containing_type" } },
	{ "const_type", { "type" } },
	{ "volatile_type", { "type" } },
	{ "restrict_type", { "type" } },
	{ "atomic_type", { "type" } },
	{ "array_type", { "type" } },
	{ "subroutine_type", { "type" } },
	{ "template_type_parameter", { "type" } },
	{ "template_value_parameter", { "type", "const_value" } },
	{ "namespace", { NULL } },
	{ "lexical_block", { NULL } },
	{ "imported_declaration", { "import" } },
	{ "imported_module", { "import" } },
	{ "unspecified_type", { NULL } },
};

/* Types that a use names instead of writing out. */
static const char *const named_types[] = {
	"base_type", "structure_type", "class_type", "union_type", "enumeration_type",
	"typedef", "unspecified_type",
};

static const struct rule *rule_of(const char *tag)
{
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
		if (strcmp(rules[i].tag, tag) == 0)
			return &rules[i];
	return NULL;
}

static int is_named_type(const hc_die *e)
{
	for (size_t i = 0; e->name && i < sizeof named_types / sizeof named_types[0]; i++)
		if (strcmp(named_types[i], e->tag) == 0)
			return 1;
	return 0;
}

static int is_reference_attr(const char *name)
{
	return strcmp(name, "type") == 0 || strcmp(name, "containing_type") == 0 ||
	       strcmp(name, "import") == 0;
}

/* What an absent attribute means, where DWARF gives it a meaning. No
 * address class is DW_ADDR_none (DWARF Extensions for Heterogeneous Debugging, "Segmented Addresses"). A
 * pointer's size is the unit's address size (DWARF 5 section 5.3), except
 * in DWARF Extensions for Heterogeneous Debugging's group (3) and private (4) classes: on AMDGPU those are the
 * local and private address spaces, whose addresses are 32 bits
 * (AMDGPUUsage, "Address Spaces"). */
static const char *default_of(const hc_dump *d, size_t die, const char *attr, char *buf,
                              size_t size)
{
	const hc_die *e = &d->dies[die];
	int pointer = strstr(e->tag, "reference_type") != NULL ||
	              strcmp(e->tag, "pointer_type") == 0;

	if (pointer && strcmp(attr, "byte_size") == 0) {
		const char *cls = hc_dump_attr(d, die, "address_class");
		int narrow = cls != NULL && (strcmp(cls, "3") == 0 || strcmp(cls, "4") == 0);
		snprintf(buf, size, "%u", narrow ? 4u : e->address_size);
		return buf;
	}
	if (pointer && strcmp(attr, "address_class") == 0)
		return "0";
	return NULL;
}

static void put_type(const hc_dump *d, size_t from, const char *ref, hd_buf *b, unsigned depth);

/* Whether attr of die is the target's rather than the source's, and left
 * out of source-only facts: a pointer's address class and size come from
 * the target's address spaces (docs/conformance-rules.md, "Another
 * target's DWARF"). */
static int target_attr(const hc_dump *d, size_t die, const char *attr)
{
	const hc_die *e = &d->dies[die];
	int pointer = strstr(e->tag, "reference_type") != NULL ||
	              strcmp(e->tag, "pointer_type") == 0;

	return d->source_only && (strcmp(attr, "address_class") == 0 ||
	                          (pointer && strcmp(attr, "byte_size") == 0));
}

/* A byte offset as the dump prints DW_AT_data_member_location: a constant,
 * or the DWARF 2 expression `DW_OP_plus_uconst N` (DWARF 5 section 5.7.6).
 * -1 for any other expression. */
static int byte_offset_of(const char *v, long long *off)
{
	static const char plus[] = "DW_OP_plus_uconst ";
	char *end;

	if (strncmp(v, plus, sizeof plus - 1) == 0)
		v += sizeof plus - 1;
	*off = strtoll(v, &end, 10);
	return end != v && *end == '\0' ? 0 : -1;
}

/* A value as the fact writes it: a file by its base name (where the
 * producer ran is not normative), a reference as the type it names, a
 * member's offset as its number of bytes whether a constant or DWARF 2's
 * expression says it, and any other value as the dump prints it. */
static void put_value(const hc_dump *d, size_t die, const char *attr, const char *value,
                      hd_buf *b, unsigned depth)
{
	long long off;

	if (strcmp(attr, "data_member_location") == 0 && byte_offset_of(value, &off) == 0) {
		hd_buf_printf(b, "%lld", off);
	} else if (is_reference_attr(attr)) {
		put_type(d, die, value, b, depth);
	} else if (strcmp(attr, "decl_file") == 0) {
		const char *q = strrchr(value, '/');
		hd_buf_printf(b, "\"%s", q ? q + 1 : value + (value[0] == '"'));
	} else {
		hd_buf_printf(b, "%s", value);
	}
}

/* The normative attributes of die other than its type, "{a v, ...}". */
static void put_attrs(const hc_dump *d, size_t die, hd_buf *b, unsigned depth)
{
	const hc_die *e = &d->dies[die];
	const struct rule *r = rule_of(e->tag);
	int any = 0;

	for (size_t i = 0; r != NULL && i < 5 && r->attrs[i] != NULL; i++) {
		char buf[32];
		const char *v = hc_dump_attr(d, die, r->attrs[i]);
		const char *dflt = v ? NULL : default_of(d, die, r->attrs[i], buf, sizeof buf);
		if (strcmp(r->attrs[i], "type") == 0 || (v == NULL && dflt == NULL) ||
		    target_attr(d, die, r->attrs[i]))
			continue;
		hd_buf_printf(b, "%s%s ", any++ ? ", " : "{", r->attrs[i]);
		if (v != NULL)
			put_value(d, die, r->attrs[i], v, b, depth);
		else
			hd_buf_printf(b, "%s", dflt);
	}
	if (any)
		hd_buf_byte(b, '}');
}

/* A subrange's element count: DW_AT_count, or upper - lower + 1 with the
 * C family's default lower bound 0 (DWARF 5 section 5.13). */
static void put_bound(const hc_dump *d, size_t sub, hd_buf *b)
{
	const char *count = hc_dump_attr(d, sub, "count");
	const char *upper = hc_dump_attr(d, sub, "upper_bound");
	const char *lower = hc_dump_attr(d, sub, "lower_bound");

	if (count != NULL)
		hd_buf_printf(b, "[%s]", count);
	else if (upper != NULL)
		hd_buf_printf(b, "[%lld]", strtoll(upper, NULL, 10) + 1 -
		                               (lower ? strtoll(lower, NULL, 10) : 0));
	else
		hd_buf_printf(b, "[]");
}

/* A vector, in either of its two forms, written one way: DWARF Extensions for Heterogeneous Debugging's base
 * type with DW_AT_LLVM_vector_size N, or the GNU array of N elements with
 * DW_AT_GNU_vector. The base type's byte_size is the vector's storage, in
 * which a 3-vector takes 4 elements (OpenCL C 6.1.5). Returns 0 when die is
 * no vector. */
static int put_vector(const hc_dump *d, size_t die, hd_buf *b, unsigned depth)
{
	const hc_die *e = &d->dies[die];
	const char *n = hc_dump_attr(d, die, "LLVM_vector_size");

	if (strcmp(e->tag, "base_type") == 0 && n != NULL) {
		const char *size = hc_dump_attr(d, die, "byte_size");
		const char *enc = hc_dump_attr(d, die, "encoding");
		long long count = strtoll(n, NULL, 10), stored = count == 3 ? 4 : count;
		hd_buf_printf(b, "vector[%s] of {byte_size %lld, encoding %s}", n,
		              size && count > 0 ? strtoll(size, NULL, 10) / stored : 0,
		              enc ? enc : "?");
		return 1;
	}
	if (strcmp(e->tag, "array_type") == 0 && hc_dump_attr(d, die, "GNU_vector") != NULL) {
		const char *elem = hc_dump_attr(d, die, "type");
		size_t t = elem ? hc_dump_resolve(d, e->unit, elem) : HC_NO_DIE;
		hd_buf_printf(b, "vector");
		for (size_t j = die + 1; j < e->end; j = d->dies[j].end)
			if (strcmp(d->dies[j].tag, "subrange_type") == 0)
				put_bound(d, j, b);
		if (t != HC_NO_DIE && strcmp(d->dies[t].tag, "base_type") == 0) {
			const char *size = hc_dump_attr(d, t, "byte_size");
			const char *enc = hc_dump_attr(d, t, "encoding");
			hd_buf_printf(b, " of {byte_size %s, encoding %s}", size ? size : "?",
			              enc ? enc : "?");
		} else {
			hd_buf_printf(b, " of ");
			put_type(d, die, elem, b, depth + 1);
		}
		return 1;
	}
	return 0;
}

/* An array's bounds or a subroutine type's parameter types, in order. */
static void put_children(const hc_dump *d, size_t die, hd_buf *b, unsigned depth)
{
	int array = strcmp(d->dies[die].tag, "array_type") == 0, n = 0;

	if (!array)
		hd_buf_byte(b, '(');
	for (size_t j = die + 1; j < d->dies[die].end; j = d->dies[j].end) {
		if (array && strcmp(d->dies[j].tag, "subrange_type") == 0) {
			put_bound(d, j, b);
		} else if (!array && strcmp(d->dies[j].tag, "formal_parameter") == 0) {
			hd_buf_printf(b, "%s", n++ ? ", " : "");
			put_type(d, j, hc_dump_attr(d, j, "type"), b, depth + 1);
		} else if (!array && strcmp(d->dies[j].tag, "unspecified_parameters") == 0) {
			hd_buf_printf(b, "%s...", n++ ? ", " : "");
		}
	}
	if (!array)
		hd_buf_byte(b, ')');
}

static void put_type(const hc_dump *d, size_t from, const char *ref, hd_buf *b, unsigned depth)
{
	size_t t;
	const hc_die *e;

	if (ref == NULL) {
		hd_buf_printf(b, "void");
		return;
	}
	t = hc_dump_resolve(d, d->dies[from].unit, ref);
	if (t == HC_NO_DIE) {
		hd_buf_printf(b, "?%s", ref);
		return;
	}
	e = &d->dies[t];
	if (depth > TYPE_DEPTH) {
		hd_buf_printf(b, "...");
		return;
	}
	if (put_vector(d, t, b, depth))
		return;
	if (is_named_type(e)) {
		hd_buf_printf(b, "%s %s", e->tag, e->name);
		return;
	}
	hd_buf_printf(b, "%s", e->tag);
	put_attrs(d, t, b, depth + 1);
	if (strcmp(e->tag, "array_type") == 0 || strcmp(e->tag, "subroutine_type") == 0)
		put_children(d, t, b, depth);
	hd_buf_printf(b, " -> ");
	put_type(d, t, hc_dump_attr(d, t, "type"), b, depth + 1);
}

/* An entity: a named DIE of the table, the unit, or a base class. A
 * vector base type is not one: its name ("float2") is the producer's, and
 * the other form of a vector has none (put_vector). */
static int is_entity(const hc_dump *d, size_t die)
{
	const hc_die *e = &d->dies[die];

	if (e->parent == HC_NO_DIE || strcmp(e->tag, "inheritance") == 0)
		return 1;
	if (strcmp(e->tag, "base_type") == 0 && hc_dump_attr(d, die, "LLVM_vector_size"))
		return 0;
	return e->name != NULL && rule_of(e->tag) != NULL;
}

/* Whether a lexical block holds an entity of its own. One that holds only
 * another block is no scope a debugger can show: producers differ in
 * whether they keep it (a `for` statement's), so keys leave it out. */
static int holds_entity(const hc_dump *d, size_t block)
{
	for (size_t j = block + 1; j < d->dies[block].end; j = d->dies[j].end)
		if (is_entity(d, j))
			return 1;
	return 0;
}

/* The DIE's key: `tag "name"` of it and its ancestors below the unit. */
static void put_key(const hc_dump *d, size_t die, hd_buf *b)
{
	size_t chain[HC_DUMP_MAX_DEPTH], n = 0;

	if (d->dies[die].parent == HC_NO_DIE) {
		hd_buf_printf(b, "%s", d->dies[die].tag);
		return;
	}
	for (size_t j = die; d->dies[j].parent != HC_NO_DIE && n < HC_DUMP_MAX_DEPTH;
	     j = d->dies[j].parent)
		chain[n++] = j;
	while (n-- > 0) {
		const hc_die *e = &d->dies[chain[n]];
		if (n > 0 && strcmp(e->tag, "lexical_block") == 0 && !holds_entity(d, chain[n]))
			continue;
		hd_buf_printf(b, "%s%s%s%s", e->tag, e->name ? " " : "", e->name ? e->name : "",
		              n ? "/" : "");
	}
}

/* A member's byte offset (byte_offset_of); 0 when it has none. */
static int member_byte_offset(const hc_dump *d, size_t die, long long *off)
{
	const char *v = hc_dump_attr(d, die, "data_member_location");

	*off = 0;
	return v != NULL ? byte_offset_of(v, off) : 0;
}

/* The byte size of die's type, through typedefs, qualifiers and the like:
 * the storage unit of a DWARF 2 bit field without DW_AT_byte_size. 0 when
 * unknown. */
static long long type_byte_size(const hc_dump *d, size_t die)
{
	for (unsigned depth = 0; die != HC_NO_DIE && depth <= TYPE_DEPTH; depth++) {
		const char *size = hc_dump_attr(d, die, "byte_size");
		const char *type = hc_dump_attr(d, die, "type");
		if (depth > 0 && size != NULL)
			return strtoll(size, NULL, 10);
		die = type ? hc_dump_resolve(d, d->dies[die].unit, type) : HC_NO_DIE;
	}
	return 0;
}

/* A bit field's first bit, counted from the start of the containing
 * entity: what DWARF 5's DW_AT_data_bit_offset says (section 5.7.6). The
 * DWARF 2 form counts DW_AT_bit_offset from the most significant bit of a
 * storage unit of DW_AT_byte_size bytes (or the type's size) that starts at
 * DW_AT_data_member_location; on little-endian AMDGPU its first bit is
 * 8 * (location + size) - bit_offset - bit_size (DWARF 4 section 5.5.6
 * gives the conversion). So clang's spelling and the reference's compare
 * by the bits they describe. -1 when the offset cannot be read. */
static int bit_field_offset(const hc_dump *d, size_t die, long long *bit)
{
	const char *dbo = hc_dump_attr(d, die, "data_bit_offset");
	const char *bo = hc_dump_attr(d, die, "bit_offset");
	const char *bsize = hc_dump_attr(d, die, "byte_size");
	long long bytes;

	if (member_byte_offset(d, die, &bytes) != 0)
		return -1;
	*bit = 8 * bytes;
	if (dbo != NULL) {
		*bit += strtoll(dbo, NULL, 10);
	} else if (bo != NULL) {
		long long unit = bsize ? strtoll(bsize, NULL, 10) : type_byte_size(d, die);
		*bit += 8 * unit - strtoll(bo, NULL, 10) -
		        strtoll(hc_dump_attr(d, die, "bit_size"), NULL, 10);
	}
	return 0;
}

/* Whether attr of a member is written by put_bit_field instead: a bit
 * field's place is one fact, however the producer spelled it. */
static int bit_field_attr(const hc_dump *d, size_t die, const char *attr)
{
	return strcmp(d->dies[die].tag, "member") == 0 &&
	       hc_dump_attr(d, die, "bit_size") != NULL &&
	       (strcmp(attr, "data_member_location") == 0 || strcmp(attr, "data_bit_offset") == 0);
}

/* The fact of a bit field's place, `KEY: data_bit_offset = BIT`. */
static void put_bit_field(const hc_dump *d, size_t die, const char *key, hd_buf *lines)
{
	long long bit;

	hd_buf_printf(lines, "%s: data_bit_offset = ", key);
	if (bit_field_offset(d, die, &bit) == 0)
		hd_buf_printf(lines, "%lld", bit);
	else
		hd_buf_printf(lines, "? %s", hc_dump_attr(d, die, "data_member_location"));
	hd_buf_byte(lines, 0);
}

/* One line per fact of the entity die into lines (NUL-separated). */
static void entity_facts(const hc_dump *d, size_t die, hd_buf *lines)
{
	const struct rule *r = rule_of(d->dies[die].tag);
	hd_buf key;

	hd_buf_init(&key);
	put_key(d, die, &key);
	hd_buf_printf(lines, "%s", hd_buf_str(&key));
	hd_buf_byte(lines, 0);
	if (bit_field_attr(d, die, "data_bit_offset"))
		put_bit_field(d, die, hd_buf_str(&key), lines);
	/* the unit's DWARF version is normative: a DWARF 4 unit is read by
	 * other rules (its forms, its location lists), whatever its DIEs say;
	 * another target's DWARF is judged by its source facts only */
	if (d->dies[die].parent == HC_NO_DIE && !d->source_only) {
		hd_buf_printf(lines, "%s: version = %u", hd_buf_str(&key), d->dies[die].version);
		hd_buf_byte(lines, 0);
	}
	for (size_t i = 0; r != NULL && i < 5 && r->attrs[i] != NULL; i++) {
		const char *v = hc_dump_attr(d, die, r->attrs[i]);
		if (v == NULL || bit_field_attr(d, die, r->attrs[i]) || target_attr(d, die, r->attrs[i]))
			continue;
		hd_buf_printf(lines, "%s: %s = ", hd_buf_str(&key), r->attrs[i]);
		put_value(d, die, r->attrs[i], v, lines, 0);
		hd_buf_byte(lines, 0);
	}
	hd_buf_free(&key);
}

/* The call frame of each function the dump names an FDE for, as a fact:
 * whether the CFA is defined at its entry (docs/conformance-rules.md, "Call
 * frames"). Without a CFA a debugger cannot find the caller's frame, nor
 * evaluate DW_OP_call_frame_cfa, from the function's first instruction on. */
static void frame_facts(const hc_dump *d, hd_buf *lines)
{
	for (size_t i = 0; i < d->nframes; i++) {
		const char *cfa = d->frames[i].cfa;
		hd_buf_printf(lines, "frame %s: cfa at entry = %s", d->frames[i].name,
		              cfa != NULL && strcmp(cfa, "none") != 0 ? "defined" : "none");
		hd_buf_byte(lines, 0);
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every fact of d, sorted, as pointers into lines' storage. */
int hc_conform_fact_list(const hc_dump *d, hd_buf *lines, char ***facts, size_t *n)
{
	size_t count = 0;

	for (size_t i = 0; i < d->ndies; i++)
		if (is_entity(d, i))
			entity_facts(d, i, lines);
	if (!d->source_only)  /* call frames are the target's ABI */
		frame_facts(d, lines);
	if (lines->failed)
		return -1;
	for (size_t i = 0; i < lines->len; i++)
		count += lines->data[i] == 0;
	*facts = malloc((count ? count : 1) * sizeof **facts);
	if (*facts == NULL)
		return -1;
	*n = 0;
	for (size_t i = 0; i < lines->len; i += strlen((char *)lines->data + i) + 1)
		(*facts)[(*n)++] = (char *)lines->data + i;
	hd_sort(*facts, *n, sizeof **facts, cmp_str);
	return 0;
}

int hc_conform_facts(const char *dump, size_t len, const char *name, hd_buf *out,
                     hd_status *st)
{
	hc_dump d;
	hd_buf lines;
	char **facts = NULL;
	size_t n = 0;
	int rc;

	if (hc_dump_parse(dump, len, name, &d, st) != 0)
		return -1;
	hd_buf_init(&lines);
	rc = hc_conform_fact_list(&d, &lines, &facts, &n);
	for (size_t i = 0; rc == 0 && i < n; i++)
		hd_buf_printf(out, "%s\n", facts[i]);
	free(facts);
	hd_buf_free(&lines);
	hc_dump_free(&d);
	return rc == 0 && !out->failed ? 0 : hd_fail(st, HD_NO_MEMORY, "no-memory", 0,
	                                             "out of memory");
}
