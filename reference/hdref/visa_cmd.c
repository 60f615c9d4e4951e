/* hdref visa and hdref visa-asm: vISA debug information (docs/visa.md).
 *
 * `hdref visa [--gen-size N | --code FILE] [--dwarf ELF] FILE...` prints
 * each file's canonical dump, what it knows of the code size and of the
 * kernel's DWARF, then the broken rules;
 * exit 0 when no rule is broken, 1 when some is, 2 when a file cannot be
 * read (the offset and field on stderr), 3 when hdref failed. `--rules`
 * lists the rule ids with their sources. `hdref visa-asm TEXT -o OUT`
 * assembles the dump's text form into the bytes it describes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "intelgt/claims.h"
#include "util/file.h"
#include "visa/gen_code.h"
#include "visa/visa.h"

static int usage(void)
{
	fprintf(stderr, "usage: hdref visa [--gen-size N | --code FILE] [--dwarf ELF] FILE...\n"
	                "       hdref visa --instructions CODE\n"
	                "       hdref visa --rules\n");
	return EXIT_INPUT;
}

static int write_out(hd_buf *out)
{
	int failed = out->failed;

	if (!failed)
		fwrite(out->data, 1, out->len, stdout);
	if (failed || fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "hdref: error writing the output\n");
		return EXIT_INTERNAL;
	}
	return 0;
}

static int status_exit(const hd_status *st)
{
	return st->kind == HD_BAD_INPUT ? EXIT_INPUT : EXIT_INTERNAL;
}

/* What visa-dwarf-register holds against the file, one claim a line in
 * the DWARF's order, and what it leaves out. */
static void put_claims(const hd_gt_claims *c, hd_buf *out)
{
	for (size_t i = 0; i < c->n; i++)
		hd_buf_printf(out, "dwarf r%u.%u 0x%llx-0x%llx '%s'\n", (unsigned)c->v[i].grf,
		              (unsigned)c->v[i].byte, (unsigned long long)c->v[i].begin,
		              (unsigned long long)c->v[i].end, c->v[i].name);
	hd_buf_printf(out, "dwarf: %zu GRF locations checked (visa-dwarf-register); not "
	              "checked: %zu in memory or computed, %zu constant or empty, %zu in other "
	              "registers, %zu not followed, %zu not decodable, %zu without a code "
	              "range\n", c->n, c->memory, c->value, c->other_reg, c->unknown,
	              c->undecodable, c->no_range);
}

/* Reads, dumps and validates one file into out; 0, 1 (rules broken) or an
 * exit status after printing why on stderr. */
static int visa_file(const char *path, const hd_visa_options *o, hd_buf *out)
{
	hd_visa_findings fs = { 0 };
	hd_visa_file *f;
	hd_status st;
	hd_buf bytes;
	size_t broken;

	hd_buf_init(&bytes);
	if (hd_read_file(path, HD_VISA_MAX_FILE, &bytes, &st) != 0 ||
	    hd_visa_read(bytes.data, bytes.len, &f, &st) != 0) {
		fprintf(stderr, "hdref visa: %s: %s\n", path, st.msg);
		hd_buf_free(&bytes);
		return status_exit(&st);
	}
	hd_visa_dump(f, out);
	if (o->code != NULL)
		hd_buf_printf(out, "code size 0x%llx: visa-map-in-code and visa-gen-instruction "
		              "checked\n", (unsigned long long)o->code_size);
	else if (o->code_size_known)
		hd_buf_printf(out, "code size 0x%llx: visa-map-in-code checked\n",
		              (unsigned long long)o->code_size);
	else
		hd_buf_printf(out, "code size unknown: visa-map-in-code not checked\n");
	if (o->claims != NULL)
		put_claims(o->claims, out);
	broken = hd_visa_validate(f, o, &fs);
	hd_visa_findings_print(&fs, out);
	hd_visa_findings_free(&fs);
	hd_visa_free(f);
	hd_buf_free(&bytes);
	return broken ? EXIT_RULES : 0;
}

/* --code FILE: the Gen code the objects were placed in: its size, and
 * where its instructions start. */
static int read_code(const char *path, hd_gen_code *g, hd_status *st)
{
	hd_buf b;
	int rc;

	hd_buf_init(&b);
	rc = hd_read_file(path, HD_VISA_MAX_FILE, &b, st) != 0 ||
	             hd_gen_code_scan(b.data, b.len, g, st) != 0
	             ? -1 : 0;
	hd_buf_free(&b);
	return rc;
}

static int code_file(const char *path, hd_gen_code *g, hd_visa_options *o)
{
	hd_status st;

	if (read_code(path, g, &st) != 0) {
		fprintf(stderr, "hdref visa: --code %s: %s\n", path, st.msg);
		return status_exit(&st);
	}
	o->code_size_known = 1;
	o->code_size = g->len;
	o->code = g;
	return 0;
}

/* --instructions CODE: the offset of every instruction, one a line, so the
 * scan can be compared with a disassembler's (tests/visa_igc.sh). */
static int list_instructions(const char *path)
{
	hd_gen_code g;
	hd_status st;
	hd_buf out;
	int rc;

	if (read_code(path, &g, &st) != 0) {
		fprintf(stderr, "hdref visa: --instructions %s: %s\n", path, st.msg);
		return status_exit(&st);
	}
	hd_buf_init(&out);
	for (uint64_t at = 0; at < g.len; at += 8)
		if (hd_gen_code_is_start(&g, at))
			hd_buf_printf(&out, "0x%04llx\n", (unsigned long long)at);
	rc = write_out(&out);
	hd_buf_free(&out);
	hd_gen_code_free(&g);
	return rc;
}

/* --dwarf ELF: the kernel's debug ELF, read in intel-gt; the GRFs its
 * locations name for lane 0 become visa-dwarf-register's claims. */
static int dwarf_file(const char *path, hd_gt_claims *claims, hd_visa_options *o)
{
	hd_status st;

	if (hd_gt_claims_of_object(path, claims, &st) != 0) {
		fprintf(stderr, "hdref visa: --dwarf %s: %s\n", path, st.msg);
		return status_exit(&st);
	}
	o->claims = claims;
	return 0;
}

static int gen_size(const char *arg, hd_visa_options *o)
{
	char *end;
	unsigned long long v;

	if (arg[0] == '-' || arg[0] == '\0')
		return usage();
	v = strtoull(arg, &end, 0);
	if (*end != '\0')
		return usage();
	o->code_size_known = 1;
	o->code_size = v;
	return 0;
}

int hd_cmd_visa(int argc, char **argv, int verbose)
{
	hd_visa_options o = { 0, 0, NULL, NULL };
	hd_gen_code code = { NULL, 0 };
	hd_gt_claims claims = { 0 };
	int status = 0, nfiles = 0, rc;
	hd_buf out;

	(void)verbose;
	if (argc == 2 && strcmp(argv[0], "--instructions") == 0)
		return list_instructions(argv[1]);
	if (argc == 1 && strcmp(argv[0], "--rules") == 0) {
		hd_buf_init(&out);
		hd_visa_rules_print(&out);
		rc = write_out(&out);
		hd_buf_free(&out);
		return rc;
	}
	for (int i = 0; i < argc; i++) {
		if ((strcmp(argv[i], "--gen-size") == 0 || strcmp(argv[i], "--code") == 0) &&
		    (i + 1 == argc || o.code_size_known))
			rc = usage();
		else if (strcmp(argv[i], "--dwarf") == 0 && (i + 1 == argc || o.claims != NULL))
			rc = usage();
		else if (strcmp(argv[i], "--gen-size") == 0)
			rc = gen_size(argv[++i], &o);
		else if (strcmp(argv[i], "--code") == 0)
			rc = code_file(argv[++i], &code, &o);
		else if (strcmp(argv[i], "--dwarf") == 0)
			rc = dwarf_file(argv[++i], &claims, &o);
		else if (argv[i][0] == '-')
			rc = usage();
		else
			rc = 0, nfiles++;
		if (rc != 0)
			break;
	}
	if (rc == 0 && nfiles == 0)
		rc = usage();
	if (rc != 0) {
		hd_gen_code_free(&code);
		hd_gt_claims_free(&claims);
		return rc;
	}
	hd_buf_init(&out);
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--gen-size") == 0 || strcmp(argv[i], "--code") == 0 ||
		    strcmp(argv[i], "--dwarf") == 0) {
			i++;
			continue;
		}
		hd_buf_reset(&out);
		if (nfiles > 1)
			hd_buf_printf(&out, "# %s\n", argv[i]);
		rc = visa_file(argv[i], &o, &out);
		if (rc == EXIT_INPUT || rc == EXIT_INTERNAL) {
			/* nothing on stdout for a file that failed */
			if (rc > status)
				status = rc;
			continue;
		}
		if (write_out(&out) != 0) {
			status = EXIT_INTERNAL;
			break;
		}
		if (rc > status)
			status = rc;
	}
	hd_buf_free(&out);
	hd_gen_code_free(&code);
	hd_gt_claims_free(&claims);
	return status;
}

int hd_cmd_visa_asm(int argc, char **argv, int verbose)
{
	hd_status st;
	hd_buf text, bytes;
	int rc = 0;

	(void)verbose;
	if (argc != 3 || strcmp(argv[1], "-o") != 0 || argv[0][0] == '-') {
		fprintf(stderr, "usage: hdref visa-asm TEXT -o OUT\n");
		return EXIT_INPUT;
	}
	hd_buf_init(&text);
	hd_buf_init(&bytes);
	if (hd_read_file(argv[0], HD_VISA_MAX_FILE, &text, &st) != 0 ||
	    hd_visa_assemble((const char *)text.data, text.len, &bytes, &st) != 0 ||
	    hd_write_file(argv[2], bytes.data, bytes.len, &st) != 0) {
		fprintf(stderr, "hdref visa-asm: %s: %s\n", argv[0], st.msg);
		rc = status_exit(&st);
	}
	hd_buf_free(&text);
	hd_buf_free(&bytes);
	return rc;
}
