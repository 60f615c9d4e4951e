/* The candidate profile reader: a small INI dialect (docs/candidates.md).
 * Sections [candidate] and [roles]; `key = value` lines; `#` or `;` starts
 * a comment line. Unknown keys are errors, so a typo cannot silently drop a
 * role or a limit. */
#include "profile.h"
#include "optional.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/buf.h"
#include "util/file.h"

#define MAX_PROFILE (1u << 20)
#define MAX_LINE    4096u

static const char *const role_names[HC_ROLE_COUNT] = {
	"compile-spirv", "compile-opencl", "evaluate", "decode", "translate-spirv",
	"translate-llvm"
};

const char *const hc_placeholders[] = {
	"in", "out", "scratch", "spirv", "harness", "hdref", "encoding", "profile_dir", "visa",
	"gen", "ir", NULL
};

const char *hc_role_name(hc_role r)
{
	return r < HC_ROLE_COUNT ? role_names[r] : "?";
}

typedef struct reader {
	hc_profile *p;
	const char *path;
	hd_status *st;
	unsigned line;
	int section;   /* 0 none, 1 [candidate], 2 [roles] */
} reader;

static int bad(reader *r, const char *fmt, const char *arg)
{
	return hd_fail(r->st, HD_BAD_INPUT, "profile-syntax", r->line, "%s:%u: %s%s", r->path,
	               r->line, fmt, arg != NULL ? arg : "");
}

static char *dup_n(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d != NULL) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* Splits a list on blanks and commas. */
static int set_list(reader *r, const char *v, char ***out, size_t *n)
{
	while (*v) {
		size_t k = 0;
		char **grown;
		while (*v == ',' || is_blank(*v))
			v++;
		while (v[k] && v[k] != ',' && !is_blank(v[k]))
			k++;
		if (k == 0)
			break;
		grown = realloc(*out, (*n + 1) * sizeof **out);
		if (grown == NULL || (grown[*n] = dup_n(v, k)) == NULL) {
			if (grown != NULL)
				*out = grown;
			return hd_fail(r->st, HD_NO_MEMORY, "no-memory", r->line, "out of memory");
		}
		*out = grown;
		(*n)++;
		v += k;
	}
	return 0;
}

/* A name reports/NAME can hold: no '/', no leading '.', so no escape. */
static int plain_name(const char *v)
{
	if (*v == '\0' || *v == '.')
		return 0;
	for (; *v; v++)
		if (!isalnum((unsigned char)*v) && *v != '.' && *v != '_' && *v != '-')
			return 0;
	return 1;
}

static int set_str(reader *r, char **field, const char *v, const char *key)
{
	if (*field != NULL)
		return bad(r, "a second value for ", key);
	if ((*field = dup_n(v, strlen(v))) == NULL)
		return hd_fail(r->st, HD_NO_MEMORY, "no-memory", r->line, "out of memory");
	return 0;
}

static int set_number(reader *r, const char *v, double max, double *out)
{
	char *end;
	double d = strtod(v, &end);

	if (end == v || *end != '\0' || !(d > 0) || d > max)
		return bad(r, "expected a positive number, got ", v);
	*out = d;
	return 0;
}

static int set_u64(reader *r, const char *v, uint64_t *out)
{
	double d = 0;

	if (set_number(r, v, 1e9, &d) != 0)
		return -1;
	*out = (uint64_t)d;
	return 0;
}

static void free_list(char **v, size_t n);
static int add_version(reader *r, const char *v);

/* decode-encodings: one or two distinct encoding profiles, all on one line.
 * A second line is refused, as a second `name` is: appending would let a
 * profile name more encodings than the runner has decode batches for, and
 * replacing would silently drop what the first line said. The bound is on
 * the stored count, so it holds however the names are spread. */
static int set_decode_encodings(reader *r, const char *v)
{
	hc_profile *p = r->p;
	const size_t most = sizeof p->decode_encodings / sizeof p->decode_encodings[0];
	char **names = NULL;
	size_t n = 0;
	int rc;

	if (p->ndecode_encodings != 0)
		return bad(r, "a second value for ", "decode-encodings");
	rc = set_list(r, v, &names, &n);
	if (rc == 0 && n == 0)
		rc = bad(r, "decode-encodings names no encoding profile: ", v);
	for (size_t i = 0; rc == 0 && i < n; i++) {
		hd_profile e;
		if (hd_profile_parse(names[i], &e) != 0)
			rc = bad(r, "unknown encoding profile ", names[i]);
		else if (p->ndecode_encodings >= most ||
		         (p->ndecode_encodings == 1 && e == p->decode_encodings[0]))
			rc = bad(r, "decode-encodings takes two different profiles at most: ", v);
		else
			p->decode_encodings[p->ndecode_encodings++] = e;
	}
	free_list(names, n);
	return rc;
}

static int candidate_key(reader *r, const char *k, const char *v)
{
	hc_profile *p = r->p;

	if (strcmp(k, "name") == 0 && !plain_name(v))
		return bad(r, "a name is letters, digits, '.', '_' and '-', not starting with '.': ",
		           v);
	if (strcmp(k, "name") == 0)
		return set_str(r, &p->name, v, k);
	if (strcmp(k, "description") == 0)
		return set_str(r, &p->description, v, k);
	if (strcmp(k, "encoding") == 0) {
		if (hd_profile_parse(v, &p->encoding) != 0)
			return bad(r, "unknown encoding profile ", v);
		return 0;
	}
	if (strcmp(k, "timeout") == 0)
		return set_number(r, v, 86400, &p->timeout);
	if (strcmp(k, "requires") == 0)
		return set_list(r, v, &p->requires, &p->nrequires);
	if (strcmp(k, "not-supported") == 0) {
		if (set_list(r, v, &p->not_supported, &p->nnot_supported) != 0)
			return -1;
		for (size_t i = 0; i < p->nnot_supported; i++)
			if (hc_feature_find(p->not_supported[i]) == NULL) {
				char why[700];
				snprintf(why, sizeof why, "%.100s (the optional features are %s)",
				         p->not_supported[i], hc_feature_names());
				return bad(r, "not-supported names no optional feature: ", why);
			}
		return 0;
	}
	if (strcmp(k, "waivers") == 0)
		return set_str(r, &p->waivers, v, k);
	if (strcmp(k, "strict") == 0) {
		if (strcmp(v, "true") != 0 && strcmp(v, "false") != 0)
			return bad(r, "expected true or false, got ", v);
		p->strict = strcmp(v, "true") == 0;
		return 0;
	}
	if (strcmp(k, "watch") == 0) {
		p->watch = hd_reading_by_name(v);
		if (p->watch == HD_READINGS)
			return bad(r, "expected extension, dwarf5 or llvm, got ", v);
		p->has_watch = 1;
		return 0;
	}
	if (strcmp(k, "decode-encodings") == 0)
		return set_decode_encodings(r, v);
	if (strcmp(k, "version") == 0)
		return add_version(r, v);
	if (strcmp(k, "memory-mb") == 0)
		return set_u64(r, v, &p->memory_mb);
	if (strcmp(k, "cpu-seconds") == 0)
		return set_u64(r, v, &p->cpu_seconds);
	if (strcmp(k, "file-mb") == 0)
		return set_u64(r, v, &p->file_mb);
	return bad(r, "unknown key in [candidate]: ", k);
}

/* Every {name} of a command template (a lower-case word in braces, not a
 * shell's ${NAME}) must be a placeholder the runner fills (docs/
 * candidates.md, "Roles"): a typo would reach the shell as it is. */
static int check_placeholders(reader *r, const char *v)
{
	for (const char *p = strchr(v, '{'); p != NULL; p = strchr(p + 1, '{')) {
		size_t n = 0;
		int known = 0;
		while (islower((unsigned char)p[1 + n]) || p[1 + n] == '_')
			n++;
		if (n == 0 || p[1 + n] != '}' || (p > v && p[-1] == '$'))
			continue;
		for (size_t i = 0; hc_placeholders[i] != NULL; i++)
			known |= strlen(hc_placeholders[i]) == n && strncmp(p + 1, hc_placeholders[i], n) == 0;
		if (!known) {
			char tok[80];
			snprintf(tok, sizeof tok, "%.*s", (int)(n + 2 < 70 ? n + 2 : 70), p);
			return bad(r, "unknown placeholder (the placeholders are {in} {out} {scratch} "
			              "{spirv} {visa} {gen} {ir} {harness} {hdref} {encoding} "
			              "{profile_dir}): ",
			           tok);
		}
	}
	return 0;
}

/* version: one more command that prints a tool's version. It runs before
 * any job, with no case, so only the placeholders that name the suite and
 * the profile mean anything in it. */
static int add_version(reader *r, const char *v)
{
	static const char *const per_job[] = { "{in}", "{out}", "{scratch}", "{spirv}", "{visa}",
		                               "{gen}", "{ir}" };
	hc_profile *p = r->p;
	char **grown;

	if (check_placeholders(r, v) != 0)
		return -1;
	for (size_t i = 0; i < sizeof per_job / sizeof per_job[0]; i++)
		if (strstr(v, per_job[i]) != NULL)
			return bad(r, "a version command runs with no case, so it takes no ",
			           per_job[i]);
	grown = realloc(p->versions, (p->nversions + 1) * sizeof *p->versions);
	if (grown == NULL)
		return hd_fail(r->st, HD_NO_MEMORY, "no-memory", r->line, "out of memory");
	p->versions = grown;
	if ((p->versions[p->nversions] = dup_n(v, strlen(v))) == NULL)
		return hd_fail(r->st, HD_NO_MEMORY, "no-memory", r->line, "out of memory");
	p->nversions++;
	return 0;
}

static int role_key(reader *r, const char *k, const char *v)
{
	if (strcmp(k, "evaluate-batch") == 0)
		return check_placeholders(r, v) != 0 ? -1 : set_str(r, &r->p->evaluate_batch, v, k);
	for (int i = 0; i < HC_ROLE_COUNT; i++)
		if (strcmp(k, role_names[i]) == 0)
			return check_placeholders(r, v) != 0 ? -1 : set_str(r, &r->p->role[i], v, k);
	return bad(r, "unknown role: ", k);
}

/* One line, NUL-terminated and writable. */
static int parse_line(reader *r, char *s)
{
	char *eq, *k, *v, *end;

	while (is_blank(*s))
		s++;
	end = s + strlen(s);
	while (end > s && is_blank(end[-1]))
		*--end = '\0';
	if (*s == '\0' || *s == '#' || *s == ';')
		return 0;
	if (*s == '[') {
		if (strcmp(s, "[candidate]") == 0)
			r->section = 1;
		else if (strcmp(s, "[roles]") == 0)
			r->section = 2;
		else
			return bad(r, "unknown section ", s);
		return 0;
	}
	if ((eq = strchr(s, '=')) == NULL)
		return bad(r, "expected `key = value`", NULL);
	k = s;
	v = eq + 1;
	for (end = eq; end > k && is_blank(end[-1]); end--)
		;
	*end = '\0';
	while (is_blank(*v))
		v++;
	if (*k == '\0' || *v == '\0')
		return bad(r, "empty key or value", NULL);
	if (r->section == 0)
		return bad(r, "a key before [candidate] or [roles]: ", k);
	return r->section == 1 ? candidate_key(r, k, v) : role_key(r, k, v);
}

static int check_complete(reader *r)
{
	int roles = 0;

	r->line = 0;
	if (r->p->name == NULL)
		return bad(r, "no `name` in [candidate]", NULL);
	/* a case the batch does not answer runs alone, through evaluate */
	if (r->p->evaluate_batch != NULL && r->p->role[HC_ROLE_EVALUATE] == NULL)
		return bad(r, "evaluate-batch without evaluate in [roles]", NULL);
	for (int i = 0; i < HC_ROLE_COUNT; i++)
		roles += r->p->role[i] != NULL;
	if (roles == 0)
		return bad(r, "no role in [roles]", NULL);
	return 0;
}

static int parse_text(const char *text, size_t len, const char *path, hc_profile *p,
                      hd_status *st)
{
	reader r = { p, path, st, 0, 0 };
	char line[MAX_LINE + 1];
	size_t pos = 0;

	memset(p, 0, sizeof *p);
	p->encoding = HD_PROFILE_AMDGPU_V0;
	p->timeout = 60;
	p->memory_mb = 4096;
	p->cpu_seconds = 600;
	p->file_mb = 1024;
	if (len > MAX_PROFILE)
		return hd_fail(st, HD_BAD_INPUT, "profile-limit", 0, "%s: larger than %u bytes",
		               path, MAX_PROFILE);
	while (pos < len) {
		const char *nl = memchr(text + pos, '\n', len - pos);
		size_t n = (nl != NULL ? (size_t)(nl - text) : len) - pos;
		r.line++;
		if (n > MAX_LINE)
			return bad(&r, "line too long", NULL);
		memcpy(line, text + pos, n);
		line[n] = '\0';
		if (memchr(text + pos, '\0', n) != NULL)
			return bad(&r, "NUL byte in the line", NULL);
		if (parse_line(&r, line) != 0)
			return -1;
		pos += n + 1;
	}
	return check_complete(&r);
}

/* A profile refused half-way holds what its lines before the bad one set;
 * it is freed here, so a caller that does not free after a refusal leaks
 * nothing (the profile fuzz target's first finding was that leak). */
int hc_profile_parse(const char *text, size_t len, const char *path, hc_profile *p,
                     hd_status *st)
{
	if (parse_text(text, len, path, p, st) != 0) {
		hc_profile_free(p);
		return -1;
	}
	return 0;
}

static int load_text(const char *text, size_t len, const char *path, const char *dir,
                     hc_profile *p, hd_status *st)
{
	if (hc_profile_parse(text, len, path, p, st) != 0) {
		hc_profile_free(p);
		return -1;
	}
	p->path = dup_n(path, strlen(path));
	p->dir = dup_n(dir, strlen(dir));
	if (p->path == NULL || p->dir == NULL) {
		hc_profile_free(p);
		return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "out of memory");
	}
	return 0;
}

int hc_profile_find(const char *name, const char *dir, hc_profile *p, hd_status *st)
{
	size_t n = strlen(name);
	char path[4096], pdir[4096];
	const char *slash;
	hd_buf b;
	int rc;

	memset(p, 0, sizeof *p);
	if (strcmp(name, "reference") == 0)
		return load_text(hc_reference_ini, strlen(hc_reference_ini), "(built in)", dir, p,
		                 st);
	if (n > 4 && strcmp(name + n - 4, ".ini") == 0)
		snprintf(path, sizeof path, "%s", name);
	else
		snprintf(path, sizeof path, "%s/%s.ini", dir, name);
	slash = strrchr(path, '/');
	snprintf(pdir, sizeof pdir, "%.*s", slash != NULL ? (int)(slash - path) : 1,
	         slash != NULL ? path : ".");
	hd_buf_init(&b);
	if (hd_read_file(path, MAX_PROFILE, &b, st) != 0) {
		char why[sizeof st->msg];
		snprintf(why, sizeof why, "%s", st->msg);
		hd_buf_free(&b);
		return hd_fail(st, HD_BAD_INPUT, "no-candidate", 0, "candidate %s: %s: %s", name, path,
		               why);
	}
	rc = load_text((const char *)b.data, b.len, path, pdir, p, st);
	hd_buf_free(&b);
	return rc;
}

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void hc_profile_free(hc_profile *p)
{
	free(p->path);
	free(p->dir);
	free(p->name);
	free(p->description);
	for (int i = 0; i < HC_ROLE_COUNT; i++)
		free(p->role[i]);
	free(p->evaluate_batch);
	free_list(p->requires, p->nrequires);
	free_list(p->not_supported, p->nnot_supported);
	free_list(p->versions, p->nversions);
	free(p->waivers);
	memset(p, 0, sizeof *p);
}
