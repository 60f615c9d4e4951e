/* gen_tables: writes spirv_tables.c from the SPIRV-Headers grammar files, so
 * that every opcode, operand, quantifier and enum value the reference knows
 * comes from the machine-readable grammar Debian's spirv-headers installs.
 *
 * Two small text files beside tables.h add what the grammar does not say:
 *   grammar-errata.txt   corrections where a grammar file disagrees with the
 *                        spec it transcribes (each line cites the spec);
 *   operand-targets.txt  for every id operand, what it may name (the specs'
 *                        prose rules), and which may be forward references;
 *   operand-targets-nonsemantic.txt  the same for the operands that
 *                        NonSemantic.Shader.DebugInfo.100 has of its own or
 *                        reads otherwise: its numbers, enumerations and
 *                        flags are ids of constants, not literals.
 * A name in either file that the grammar does not have stops the build, so
 * they cannot drift from the grammar.
 *
 * It also writes spirv_kinds.h: one enumerator per instruction name of any
 * set (HD_K_DebugScope ...), which every hd_spv_inst carries as .kind, so
 * that readers ask "is this node a DebugScope" of whichever set by number.
 *
 * usage: gen_tables OUT.c GRAMMAR_DIR ERRATA TARGETS NONSEMANTIC_TARGETS OUT.h */
#include <cjson/cJSON.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_OPERANDS 24
#define MAX_INSTS 128
#define MAX_ENUMS 16

typedef struct operand {
	char name[64];
	char kind[64];
	char quant;          /* 0, '?', '*', or '+' from the errata */
	char target[2][40];  /* from operand-targets.txt */
	char en[64];         /* target "enum=KIND": the constant's value is a KIND value */
	int forward;
} operand;

typedef struct inst {
	char name[64];
	unsigned opcode;
	int noperands;
	operand ops[MAX_OPERANDS];
} inst;

typedef struct set {
	const char *file;
	const char *import_name;
	const char *id;
	int checked;  /* operand targets apply */
	int ninsts;
	inst insts[MAX_INSTS];
	cJSON *root;   /* the parsed grammar file */
	cJSON *kinds;  /* its operand_kinds */
} set;

static set sets[] = {
	{ .file = "extinst.opencl.debuginfo.100.grammar.json",
	  .import_name = "OpenCL.DebugInfo.100", .id = "HD_SET_OCL100", .checked = 1 },
	{ .file = "extinst.debuginfo.grammar.json",
	  .import_name = "DebugInfo", .id = "HD_SET_DI100", .checked = 1 },
	{ .file = "extinst.nonsemantic.shader.debuginfo.100.grammar.json",
	  .import_name = "NonSemantic.Shader.DebugInfo.100", .id = "HD_SET_NONSEMANTIC",
	  .checked = 1 },
};
#define NSETS (int)(sizeof sets / sizeof sets[0])

static const char *errata_path, *targets_path, *ns_targets_path;
static int only_set = -1;  /* targets_line: -1 every checked set, else that one */

static void die(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "gen_tables: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(1);
}

static cJSON *load_json(const char *dir, const char *file)
{
	char path[1024];
	FILE *f;
	long n;
	char *text;
	cJSON *j;

	snprintf(path, sizeof path, "%s/%s", dir, file);
	f = fopen(path, "rb");
	if (!f)
		die("cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	text = malloc((size_t)n + 1);
	if (!text || fread(text, 1, (size_t)n, f) != (size_t)n)
		die("cannot read %s", path);
	text[n] = 0;
	fclose(f);
	j = cJSON_Parse(text);
	free(text);
	if (!j)
		die("%s is not JSON", path);
	return j;
}

static cJSON *item(cJSON *o, const char *key)
{
	return cJSON_GetObjectItemCaseSensitive(o, key);
}

/* Grammar names are quoted ("'Base Type'") and variadic ones end in " ...";
 * the tables use the bare name. */
static void clean_name(char *dst, size_t cap, const char *src)
{
	size_t n;

	if (*src == '\'')
		src++;
	snprintf(dst, cap, "%s", src);
	n = strlen(dst);
	if (n && dst[n - 1] == '\'')
		dst[--n] = 0;
	if (n >= 4 && strcmp(dst + n - 4, " ...") == 0)
		dst[n - 4] = 0;
}

static unsigned json_uint(cJSON *v)
{
	if (cJSON_IsNumber(v))
		return (unsigned)v->valuedouble;
	if (cJSON_IsString(v))
		return (unsigned)strtoul(v->valuestring, NULL, 0);
	die("enumerant value is neither a number nor a string");
	return 0;
}

static void load_set(set *s, const char *dir)
{
	cJSON *g = load_json(dir, s->file), *i;

	s->root = g;
	s->kinds = item(g, "operand_kinds");
	cJSON_ArrayForEach(i, item(g, "instructions")) {
		inst *in;
		cJSON *o;

		if (s->ninsts == MAX_INSTS)
			die("%s: too many instructions", s->file);
		in = &s->insts[s->ninsts++];
		snprintf(in->name, sizeof in->name, "%s", item(i, "opname")->valuestring);
		in->opcode = json_uint(item(i, "opcode"));
		cJSON_ArrayForEach(o, item(i, "operands")) {
			operand *op;
			cJSON *q = item(o, "quantifier"), *nm = item(o, "name");

			if (in->noperands == MAX_OPERANDS)
				die("%s: too many operands", in->name);
			op = &in->ops[in->noperands++];
			snprintf(op->kind, sizeof op->kind, "%s", item(o, "kind")->valuestring);
			clean_name(op->name, sizeof op->name, nm ? nm->valuestring : op->kind);
			op->quant = q ? q->valuestring[0] : 0;
		}
	}
}

static inst *find_inst(set *s, const char *name)
{
	for (int i = 0; i < s->ninsts; i++)
		if (strcmp(s->insts[i].name, name) == 0)
			return &s->insts[i];
	return NULL;
}

static int find_operand(inst *in, const char *name)
{
	for (int i = 0; i < in->noperands; i++)
		if (strcmp(in->ops[i].name, name) == 0)
			return i;
	return -1;
}

/* Splits a line into fields: words, or '...' quoted names. Returns the count;
 * a '#' outside quotes starts a comment. */
static int split(char *line, char **f, int max)
{
	int n = 0;
	char *p = line;

	while (*p && n < max) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p || *p == '#')
			break;
		if (*p == '\'') {
			f[n++] = ++p;
			while (*p && *p != '\'')
				p++;
		} else {
			f[n++] = p;
			while (*p && !isspace((unsigned char)*p))
				p++;
		}
		if (*p)
			*p++ = 0;
	}
	return n;
}

#define MAX_FIELDS 8

/* Calls fn on every non-empty line of a data file, split into fields, with
 * "path:line" for its messages; a line with fewer than min fields stops. */
static void read_lines(const char *path, int min,
                       void (*fn)(char **fl, int n, const char *where))
{
	FILE *f = fopen(path, "r");
	char line[512], where[600];
	int lineno = 0;

	if (!f)
		die("cannot open %s", path);
	while (fgets(line, sizeof line, f)) {
		char *fl[MAX_FIELDS];
		int n = split(line, fl, MAX_FIELDS);

		snprintf(where, sizeof where, "%s:%d", path, ++lineno);
		if (n == 0)
			continue;
		if (n < min)
			die("%s: too few fields", where);
		fn(fl, n, where);
	}
	fclose(f);
}

/* grammar-errata.txt: SET INSTRUCTION INDEX insert KIND 'NAME'
 *                     SET INSTRUCTION INDEX rename 'NAME'
 *                     SET INSTRUCTION INDEX quantifier +
 * SET is an import name or * for every set that has the instruction. */
static void errata_line(char **fl, int n, const char *where)
{
	int applied = 0, idx = atoi(fl[2]);

	for (int s = 0; s < NSETS; s++) {
		inst *in;

		if (strcmp(fl[0], "*") != 0 && strcmp(fl[0], sets[s].import_name) != 0)
			continue;
		in = find_inst(&sets[s], fl[1]);
		if (!in)
			continue;
		if (strcmp(fl[3], "rename") == 0) {
			if (idx >= in->noperands)
				die("%s: %s has no operand %d", where, fl[1], idx);
			snprintf(in->ops[idx].name, sizeof in->ops[idx].name, "%s", fl[4]);
		} else if (strcmp(fl[3], "quantifier") == 0) {
			if (idx >= in->noperands || strcmp(fl[4], "+") != 0)
				die("%s: bad quantifier line", where);
			in->ops[idx].quant = '+';
		} else if (strcmp(fl[3], "insert") == 0 && n >= 6) {
			if (idx > in->noperands || in->noperands == MAX_OPERANDS)
				die("%s: cannot insert at %d", where, idx);
			memmove(&in->ops[idx + 1], &in->ops[idx],
			        (size_t)(in->noperands - idx) * sizeof in->ops[0]);
			memset(&in->ops[idx], 0, sizeof in->ops[0]);
			snprintf(in->ops[idx].kind, sizeof in->ops[idx].kind, "%s", fl[4]);
			snprintf(in->ops[idx].name, sizeof in->ops[idx].name, "%s", fl[5]);
			in->noperands++;
		} else {
			die("%s: unknown action %s", where, fl[3]);
		}
		applied = 1;
	}
	if (!applied)
		die("%s: no set has %s", where, fl[1]);
}

/* operand-targets.txt: INSTRUCTION 'OPERAND' TARGET [TARGET2] [forward]
 * Applies to every checked set whose instruction has that operand (the sets
 * differ: 1.00's DebugTypeComposite has no Linkage Name); at least one must. */
static void targets_line(char **fl, int n, const char *where)
{
	int applied = 0;

	for (int s = 0; s < NSETS; s++) {
		inst *in;
		int k, t = 0;

		if (!sets[s].checked || (only_set >= 0 && s != only_set) ||
		    !(in = find_inst(&sets[s], fl[0])))
			continue;
		k = find_operand(in, fl[1]);
		if (k < 0)
			continue;
		/* a later line (the NonSemantic file) replaces an earlier one */
		memset(in->ops[k].target, 0, sizeof in->ops[k].target);
		in->ops[k].en[0] = 0;
		in->ops[k].forward = 0;
		for (int i = 2; i < n; i++) {
			if (strcmp(fl[i], "forward") == 0) {
				in->ops[k].forward = 1;
			} else if (strncmp(fl[i], "enum=", 5) == 0 && t == 0) {
				snprintf(in->ops[k].target[t++], sizeof in->ops[k].target[0], "enum");
				snprintf(in->ops[k].en, sizeof in->ops[k].en, "%s", fl[i] + 5);
			} else if (t < 2) {
				snprintf(in->ops[k].target[t++], sizeof in->ops[k].target[0], "%s",
				         fl[i]);
			}
		}
		applied = 1;
	}
	if (!applied)
		die("%s: no checked set has %s '%s'", where, fl[0], fl[1]);
}

static void apply_targets(void)
{
	read_lines(targets_path, 3, targets_line);
	for (int s = 0; s < NSETS; s++)
		if (strcmp(sets[s].id, "HD_SET_NONSEMANTIC") == 0)
			only_set = s;
	read_lines(ns_targets_path, 3, targets_line);
	only_set = -1;
	/* Completeness: every id operand of a checked set says what it names. */
	for (int s = 0; s < NSETS; s++) {
		if (!sets[s].checked)
			continue;
		for (int i = 0; i < sets[s].ninsts; i++) {
			inst *in = &sets[s].insts[i];
			for (int k = 0; k < in->noperands; k++) {
				const char *kind = in->ops[k].kind;
				if ((strcmp(kind, "IdRef") == 0 || strcmp(kind, "PairIdRefIdRef") == 0) &&
				    !in->ops[k].target[0][0] && strcmp(in->name, "DebugModuleINTEL") != 0)
					die("%s: %s '%s' has no line in operand-targets.txt",
					    sets[s].import_name, in->name, in->ops[k].name);
			}
		}
	}
}

/* A C identifier fragment from a name: letters and digits kept, others '_'. */
static const char *ident(const char *s)
{
	static char buf[4][128];
	static int slot;
	char *b = buf[slot++ % 4];
	size_t i;

	for (i = 0; s[i] && i < 127; i++)
		b[i] = isalnum((unsigned char)s[i]) ? s[i] : '_';
	b[i] = 0;
	return b;
}

/* A small number as text, for a row's initializer. */
static const char *ident_num(int v)
{
	static char buf[16];

	snprintf(buf, sizeof buf, "%d", v);
	return buf;
}

static const char *target_enum(const char *t)
{
	static char buf[2][64];
	static int slot;
	char *b = buf[slot++ % 2];
	size_t i, n;

	if (!t[0])
		return "HD_T_NONE";
	n = (size_t)snprintf(b, 64, "HD_T_");
	for (i = 0; t[i] && n < 63; i++)
		b[n++] = t[i] == '-' ? '_' : (char)toupper((unsigned char)t[i]);
	b[n] = 0;
	return b;
}

static void emit_enum(FILE *out, cJSON *kind, const char *cname, int is_static)
{
	cJSON *e;
	int count = 0;
	const char *cat = item(kind, "category")->valuestring;

	fprintf(out, "static const hd_spv_enumerant %s_values[] = {\n", cname);
	cJSON_ArrayForEach(e, item(kind, "enumerants")) {
		cJSON *params = item(e, "parameters");
		fprintf(out, "\t{ \"%s\", 0x%xu, %d },\n", item(e, "enumerant")->valuestring,
		        json_uint(item(e, "value")), params ? cJSON_GetArraySize(params) : 0);
		count++;
	}
	fprintf(out, "};\n%sconst hd_spv_enum %s = { \"%s\", %d, %d, %s_values };\n\n",
	        is_static ? "static " : "", cname, item(kind, "kind")->valuestring,
	        strcmp(cat, "BitEnum") == 0, count, cname);
}

static cJSON *find_kind(cJSON *kinds, const char *name)
{
	cJSON *k;
	cJSON_ArrayForEach(k, kinds) {
		if (strcmp(item(k, "kind")->valuestring, name) == 0)
			return k;
	}
	return NULL;
}

/* The C name of the enum KIND (an enum operand's kind, or what an
 * "enum=KIND" target names): a core enum, or one of the set's own kinds.
 * A kind neither has stops the build. */
static void enum_ref(const char *kind, char *out, size_t cap, int s)
{
	if (strcmp(kind, "StorageClass") == 0 || strcmp(kind, "SourceLanguage") == 0)
		snprintf(out, cap, "&hd_spv_enum_%s", kind);
	else if (find_kind(sets[s].kinds, kind))
		snprintf(out, cap, "&en_%s_%s", ident(sets[s].import_name), kind);
	else
		die("%s: %s is no enum of the set or the core", sets[s].import_name, kind);
}

static const char *okind(const char *kind, char *eref, size_t cap, int s)
{
	eref[0] = 0;
	if (strcmp(kind, "IdRef") == 0)
		return "HD_SPV_ID";  /* an "enum=KIND" target sets eref afterwards */
	if (strcmp(kind, "LiteralInteger") == 0)
		return "HD_SPV_LITERAL";
	if (strcmp(kind, "PairIdRefIdRef") == 0)
		return "HD_SPV_PAIR";
	enum_ref(kind, eref, cap, s);
	return "HD_SPV_ENUM";
}

static int by_opcode(const void *a, const void *b)
{
	const inst *x = a, *y = b;
	return (x->opcode > y->opcode) - (x->opcode < y->opcode);
}

static void emit_set(FILE *out, int s)
{
	set *st = &sets[s];
	const char *sid = ident(st->import_name);
	char sidbuf[128];
	cJSON *k;

	snprintf(sidbuf, sizeof sidbuf, "%s", sid);
	cJSON_ArrayForEach(k, st->kinds) {
		char cname[192];
		snprintf(cname, sizeof cname, "en_%s_%s", sidbuf, item(k, "kind")->valuestring);
		emit_enum(out, k, cname, 1);
	}
	fprintf(out, "static const hd_spv_enum *const enums_%s[] = {\n", sidbuf);
	cJSON_ArrayForEach(k, st->kinds)
		fprintf(out, "\t&en_%s_%s,\n", sidbuf, item(k, "kind")->valuestring);
	fprintf(out, "\tNULL\n};\n\n");

	qsort(st->insts, (size_t)st->ninsts, sizeof st->insts[0], by_opcode);
	for (int i = 0; i < st->ninsts; i++) {
		inst *in = &st->insts[i];
		if (!in->noperands)
			continue;
		fprintf(out, "static const hd_spv_operand ops_%s_%s[] = {\n", sidbuf, in->name);
		/* pos: the fixed word index of the next operand, -1 once an
		 * operand before it may take no place or several */
		int pos = 0;
		for (int o = 0; o < in->noperands; o++) {
			operand *op = &in->ops[o];
			char eref[192];
			const char *kind = okind(op->kind, eref, sizeof eref, s);
			int fixed = pos;
			if (op->en[0])
				enum_ref(op->en, eref, sizeof eref, s);
			if (pos >= 0 && op->quant == 0 && pos + 2 < 0xff)
				pos += strcmp(kind, "HD_SPV_PAIR") == 0 ? 2 : 1;
			else
				pos = -1;
			fprintf(out, "\t{ \"%s\", %s, %s, %s, %s, %d, %s, %s, HD_O_%s },\n", op->name, kind,
			        op->quant == '?'   ? "HD_SPV_OPT"
			        : op->quant == '*' ? "HD_SPV_MANY"
			        : op->quant == '+' ? "HD_SPV_SOME"
			                           : "HD_SPV_ONE",
			        target_enum(op->target[0]), target_enum(op->target[1]), op->forward,
			        eref[0] ? eref : "NULL", fixed >= 0 ? ident_num(fixed) : "HD_SPV_NOT_FIXED",
			        ident(op->name));
		}
		fprintf(out, "};\n");
	}
	fprintf(out, "static const hd_spv_inst insts_%s[] = {\n", sidbuf);
	for (int i = 0; i < st->ninsts; i++) {
		inst *in = &st->insts[i];
		if (in->noperands)
			fprintf(out, "\t{ \"%s\", %u, %d, ops_%s_%s, HD_K_%s },\n", in->name,
			        in->opcode, in->noperands, sidbuf, in->name, ident(in->name));
		else
			fprintf(out, "\t{ \"%s\", %u, 0, NULL, HD_K_%s },\n", in->name, in->opcode,
			        ident(in->name));
	}
	fprintf(out, "};\n\n");
}

static int coreop_cmp(const void *a, const void *b)
{
	unsigned x = json_uint(item(*(cJSON *const *)a, "opcode"));
	unsigned y = json_uint(item(*(cJSON *const *)b, "opcode"));
	return (x > y) - (x < y);
}

/* hd_spv_coreop_slot: opcode -> 1 + its index in hd_spv_coreops (0: none),
 * so that finding an instruction's row is one load, not a search; the core
 * opcodes reach about 6,400, a table of 13 KB. list is sorted by opcode. */
static void emit_core_slots(FILE *out, cJSON *const *list, int n)
{
	unsigned last = ~0u, max = 0;
	int kept = 0;

	for (int k = 0; k < n; k++)
		max = json_uint(item(list[k], "opcode"));
	fprintf(out, "const uint32_t hd_spv_coreop_max = %u;\n"
	             "const uint16_t hd_spv_coreop_slot[%u] = {\n", max, max + 1);
	for (int k = 0; k < n; k++) {
		unsigned opcode = json_uint(item(list[k], "opcode"));

		if (opcode == last)  /* the aliases emit_core skipped */
			continue;
		last = opcode;
		fprintf(out, "\t[%u] = %d,\n", opcode, ++kept);
	}
	fprintf(out, "};\n\n");
}

static void emit_core(FILE *out, cJSON *core)
{
	cJSON *i, *list[4096];
	int n = 0;
	unsigned last = ~0u;

	emit_enum(out, find_kind(item(core, "operand_kinds"), "StorageClass"),
	          "hd_spv_enum_StorageClass", 0);
	emit_enum(out, find_kind(item(core, "operand_kinds"), "SourceLanguage"),
	          "hd_spv_enum_SourceLanguage", 0);
	cJSON_ArrayForEach(i, item(core, "instructions")) {
		if (n == 4096)
			die("core grammar: too many instructions");
		list[n++] = i;
	}
	qsort(list, (size_t)n, sizeof list[0], coreop_cmp);
	fprintf(out, "const hd_spv_coreop hd_spv_coreops[] = {\n");
	int kept = 0;
	for (int k = 0; k < n; k++) {
		cJSON *o, *ops = item(list[k], "operands"), *cls = item(list[k], "class");
		unsigned opcode = json_uint(item(list[k], "opcode"));
		int has_type = 0, has_result = 0;

		if (opcode == last)  /* aliases (…KHR/…NV) share an opcode: keep the first */
			continue;
		last = opcode;
		cJSON_ArrayForEach(o, ops) {
			const char *kind = item(o, "kind")->valuestring;
			has_type |= strcmp(kind, "IdResultType") == 0;
			has_result |= strcmp(kind, "IdResult") == 0;
		}
		fprintf(out, "\t{ \"%s\", %u, %d, %d, \"%s\" },\n",
		        item(list[k], "opname")->valuestring, opcode, has_type, has_result,
		        cls ? cls->valuestring : "");
		kept++;
	}
	fprintf(out, "};\nconst uint32_t hd_spv_ncoreops = %d;\n\n", kept);
	emit_core_slots(out, list, n);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* One enumerator per distinct name of names[0 .. n), sorted: PREFIX_NAME.
 * Two names that become one identifier do not compile. */
static void emit_names(FILE *out, const char **names, int n, const char *type,
                       const char *prefix)
{
	int kept = 0;

	qsort(names, (size_t)n, sizeof names[0], by_name);
	fprintf(out, "typedef enum %s {\n\t%s_NONE,\n", type, prefix);
	for (int i = 0; i < n; i++) {
		if (i > 0 && strcmp(names[i], names[i - 1]) == 0)
			continue;
		fprintf(out, "\t%s_%s,\n", prefix, ident(names[i]));
		kept++;
	}
	fprintf(out, "\t%s_COUNT  /* %d names */\n} %s;\n\n", prefix, kept, type);
}

/* spirv_kinds.h: the instruction names and the operand names of every set,
 * once each, sorted. */
static void emit_kinds(const char *path)
{
	static const char *names[NSETS * MAX_INSTS * MAX_OPERANDS];
	int n = 0;
	FILE *out = fopen(path, "w");

	if (!out)
		die("cannot write %s", path);
	fprintf(out, "/* Generated by gen_tables from the SPIRV-Headers grammars. Do not edit. */\n"
	             "#ifndef HD_SPIRV_KINDS_H\n#define HD_SPIRV_KINDS_H\n\n"
	             "/* Debug-info instructions by name, alike in every set. */\n");
	for (int s = 0; s < NSETS; s++)
		for (int i = 0; i < sets[s].ninsts; i++)
			names[n++] = sets[s].insts[i].name;
	emit_names(out, names, n, "hd_spv_kind", "HD_K");
	fprintf(out, "/* Their operands by grammar name (\"Base Type\" is HD_O_Base_Type): a\n"
	             " * reader asks for an operand by number, not by comparing names. */\n");
	n = 0;
	for (int s = 0; s < NSETS; s++)
		for (int i = 0; i < sets[s].ninsts; i++)
			for (int o = 0; o < sets[s].insts[i].noperands; o++)
				names[n++] = sets[s].insts[i].ops[o].name;
	emit_names(out, names, n, "hd_spv_oname", "HD_O");
	fprintf(out, "#endif\n");
	if (fclose(out) != 0)
		die("write error on %s", path);
}

int main(int argc, char **argv)
{
	FILE *out;
	cJSON *core;

	if (argc != 7)
		die("usage: gen_tables OUT.c GRAMMAR_DIR ERRATA TARGETS NONSEMANTIC_TARGETS OUT.h");
	errata_path = argv[3];
	targets_path = argv[4];
	ns_targets_path = argv[5];
	for (int s = 0; s < NSETS; s++)
		load_set(&sets[s], argv[2]);
	core = load_json(argv[2], "spirv.core.grammar.json");
	read_lines(errata_path, 5, errata_line);
	apply_targets();

	out = fopen(argv[1], "w");
	if (!out)
		die("cannot write %s", argv[1]);
	fprintf(out, "/* Generated by gen_tables from the SPIRV-Headers grammars in %s.\n"
	             " * Do not edit: change the grammar errata or operand targets instead. */\n"
	             "#include <stddef.h>\n#include \"tables.h\"\n\n", argv[2]);
	emit_core(out, core);
	for (int s = 0; s < NSETS; s++)
		emit_set(out, s);
	fprintf(out, "const hd_spv_set hd_spv_sets[HD_SET_COUNT] = {\n");
	for (int s = 0; s < NSETS; s++) {
		const char *sid = ident(sets[s].import_name);
		fprintf(out, "\t[%s] = { \"%s\", %s, %d, insts_%s, enums_%s },\n", sets[s].id,
		        sets[s].import_name, sets[s].id, sets[s].ninsts, sid, sid);
	}
	fprintf(out, "};\n");
	if (fclose(out) != 0)
		die("write error on %s", argv[1]);
	emit_kinds(argv[6]);
	for (int s = 0; s < NSETS; s++)
		cJSON_Delete(sets[s].root);
	cJSON_Delete(core);
	return 0;
}
