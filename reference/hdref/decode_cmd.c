/* hdref decode: the reference in the decode role (docs/adapter-protocol.md,
 * "decode"). Reads every DW_TAG_variable of an object through libdwarf and
 * prints `NAME: OPS` for each one whose DW_AT_location is an exprloc, OPS
 * being the canonical text with register numbers. libdwarf only hands over
 * the raw bytes: Debian's libdwarf 20210528 knows none of the extension ops,
 * so reference/dwarf decodes them in the profile --encoding names.
 *
 * An expression that does not decode prints `NAME: error CODE: message`;
 * that is output, not failure. Exit status 0 when the lines were printed,
 * 2 when the file is not an ELF libdwarf can read (nothing on stdout), 3
 * when hdref itself failed. */
#include <stdio.h>
#include <string.h>

#include <libdwarf/dwarf.h>
#include <libdwarf/libdwarf.h>

#include "commands.h"
#include "dwarf/codec/expr.h"

/* Deepest DIE nesting walked; the protocol puts variables under the root,
 * but any producer's object may be given, so the walk is general. */
#define DECODE_MAX_DEPTH 256

typedef struct decode_ctx {
	Dwarf_Debug dbg;
	Dwarf_Error err;
	hd_encoding enc;      /* the profile, and the sizes of the current unit */
	hd_buf out;
	const char *fail;     /* what libdwarf failed to read; NULL: fine */
} decode_ctx;

static int lib_fail(decode_ctx *c, const char *what)
{
	c->fail = what;
	return -1;
}

/* One variable's line, when it has a name and an exprloc location. */
static int print_variable(decode_ctx *c, Dwarf_Die die)
{
	char *name = NULL;
	Dwarf_Attribute at = NULL;
	Dwarf_Half form = 0;
	Dwarf_Unsigned len = 0;
	Dwarf_Ptr bytes = NULL;
	hd_status st;
	int res;

	res = dwarf_diename(die, &name, &c->err);
	if (res == DW_DLV_ERROR)
		return lib_fail(c, "DW_AT_name");
	if (res == DW_DLV_NO_ENTRY)
		return 0;
	res = dwarf_attr(die, DW_AT_location, &at, &c->err);
	if (res == DW_DLV_ERROR)
		return lib_fail(c, "DW_AT_location");
	if (res == DW_DLV_NO_ENTRY)
		return 0;
	if (dwarf_whatform(at, &form, &c->err) != DW_DLV_OK) {
		dwarf_dealloc(c->dbg, at, DW_DLA_ATTR);
		return lib_fail(c, "DW_AT_location's form");
	}
	hd_buf_printf(&c->out, "%s: ", name);
	if (form != DW_FORM_exprloc) {
		/* a location list: the protocol has one expression per variable */
		hd_buf_printf(&c->out, "error not-exprloc: DW_AT_location has form 0x%x\n",
		              (unsigned)form);
		dwarf_dealloc(c->dbg, at, DW_DLA_ATTR);
		return 0;
	}
	if (dwarf_formexprloc(at, &len, &bytes, &c->err) != DW_DLV_OK) {
		dwarf_dealloc(c->dbg, at, DW_DLA_ATTR);
		return lib_fail(c, "DW_AT_location exprloc");
	}
	hd_status_clear(&st);
	if (hd_disassemble(bytes, (size_t)len, &c->enc, NULL, &c->out, &st) != 0)
		hd_buf_printf(&c->out, "error %s: %s", st.code ? st.code : "decode", st.msg);
	hd_buf_printf(&c->out, "\n");
	dwarf_dealloc(c->dbg, at, DW_DLA_ATTR);
	return 0;
}

static int walk(decode_ctx *c, Dwarf_Die die, int depth)
{
	Dwarf_Half tag = 0;
	Dwarf_Die kid = NULL;
	int res;

	if (depth > DECODE_MAX_DEPTH)
		return lib_fail(c, "the DIE tree (nested too deep)");
	if (dwarf_tag(die, &tag, &c->err) != DW_DLV_OK)
		return lib_fail(c, "a DIE's tag");
	if (tag == DW_TAG_variable && print_variable(c, die) != 0)
		return -1;
	res = dwarf_child(die, &kid, &c->err);
	while (res == DW_DLV_OK) {
		Dwarf_Die next = NULL;
		int rc = walk(c, kid, depth + 1);

		if (rc == 0)
			res = dwarf_siblingof_b(c->dbg, kid, 1, &next, &c->err);
		dwarf_dealloc_die(kid);
		if (rc != 0)
			return -1;
		kid = next;
	}
	return res == DW_DLV_ERROR ? lib_fail(c, "the DIE tree") : 0;
}

static int walk_units(decode_ctx *c)
{
	for (;;) {
		Dwarf_Unsigned len, abbrev, typeoff, next;
		Dwarf_Half version, addr_size, length_size, ext_size, type;
		Dwarf_Sig8 sig;
		Dwarf_Die cu = NULL;
		int res = dwarf_next_cu_header_d(c->dbg, 1, &len, &version, &abbrev, &addr_size,
		                                 &length_size, &ext_size, &sig, &typeoff, &next,
		                                 &type, &c->err);
		if (res == DW_DLV_NO_ENTRY)
			return 0;
		if (res != DW_DLV_OK)
			return lib_fail(c, ".debug_info unit header");
		c->enc.addr_size = (uint8_t)addr_size;
		c->enc.offset_size = (uint8_t)length_size;
		if (dwarf_siblingof_b(c->dbg, NULL, 1, &cu, &c->err) != DW_DLV_OK)
			return lib_fail(c, ".debug_info unit");
		res = walk(c, cu, 0);
		dwarf_dealloc_die(cu);
		if (res != 0)
			return -1;
	}
}

/* libdwarf calls a missing file and a file it does not recognise "no
 * entry"; say which it is. NULL when path is an ELF file. */
static const char *not_elf(const char *path)
{
	unsigned char magic[4];
	FILE *f = fopen(path, "rb");
	size_t n;

	if (f == NULL)
		return "cannot open the file";
	n = fread(magic, 1, sizeof magic, f);
	fclose(f);
	return n == sizeof magic && memcmp(magic, "\177ELF", 4) == 0 ? NULL : "not an ELF file";
}

static int usage(void)
{
	fprintf(stderr, "usage: hdref decode [--encoding amdgpu-v0|llvm-user|intel-gt] OBJ\n"
	                "       hdref decode --operand-table\n");
	return EXIT_INPUT;
}

/* How the canonical text spells an operand kind: what an adapter must turn
 * a tool's spelling into. Read off the operand table, not a list of kinds. */
static const char *spelling(hd_opnd k)
{
	const hd_opnd_info *o = &hd_opnd_table[k];

	if (k == HD_OPND_REG)
		return "reg";
	if (k == HD_OPND_EXPR)
		return "expr";
	if (o->form == HD_FORM_BLOCK)
		return "block";
	return o->hex ? "hex" : "dec";
}

static void table_row(const char *name, const hd_op_info *info)
{
	printf("DW_OP_%s", name);
	for (int i = 0; i < 2 && info->opnd[i] != HD_OPND_NONE; i++)
		printf(" %s", spelling((hd_opnd)info->opnd[i]));
	printf("\n");
}

/* Every op name (family members spelled out) and the canonical spelling
 * of its operands, so the decode adapters (harness/adapters/operands.txt)
 * work from the op table instead of a copy of it. */
static int operand_table(void)
{
	printf("# hdref decode --operand-table: DW_OP name, then how the canonical text\n"
	       "# spells each operand: dec (decimal, '-' when negative), hex (0x, lowercase),\n"
	       "# reg (a decimal register number), block ([hex bytes]), expr ({ops} or [hex bytes])\n");
	for (size_t id = 0; id < HD_OP_COUNT; id++) {
		const hd_op_info *info = &hd_op_table[id];
		char name[64];

		if (info->family <= 1) {
			table_row(info->name, info);
			continue;
		}
		for (unsigned n = 0; n < info->family; n++) {
			snprintf(name, sizeof name, "%s%u", info->name, n);
			table_row(name, info);
		}
	}
	return fflush(stdout) != 0 || ferror(stdout) ? EXIT_INTERNAL : 0;
}

int hd_cmd_decode(int argc, char **argv, int verbose)
{
	decode_ctx c;
	const char *path = NULL;
	hd_profile profile = HD_PROFILE_AMDGPU_V0;
	int res, rc = 0;

	(void)verbose;
	if (argc == 1 && strcmp(argv[0], "--operand-table") == 0)
		return operand_table();
	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--encoding") == 0 && i + 1 < argc) {
			if (hd_profile_parse(argv[++i], &profile) != 0) {
				fprintf(stderr, "hdref decode: unknown encoding %s\n", argv[i]);
				return usage();
			}
		} else if ((argv[i][0] == '-' && argv[i][1] != '\0') || path != NULL) {
			return usage();
		} else {
			path = argv[i];
		}
	}
	if (path == NULL)
		return usage();
	if (not_elf(path) != NULL) {
		fprintf(stderr, "hdref decode: %s: %s\n", path, not_elf(path));
		return EXIT_INPUT;
	}
	memset(&c, 0, sizeof c);
	c.enc.profile = profile;
	hd_buf_init(&c.out);
	res = dwarf_init_path(path, NULL, 0, DW_DLC_READ, DW_GROUPNUMBER_ANY, NULL, NULL,
	                      &c.dbg, NULL, 0, NULL, &c.err);
	if (res == DW_DLV_ERROR) {
		fprintf(stderr, "hdref decode: %s: libdwarf: %s\n", path, dwarf_errmsg(c.err));
		dwarf_dealloc_error(NULL, c.err);
		hd_buf_free(&c.out);
		return EXIT_INPUT;
	}
	if (res == DW_DLV_NO_ENTRY) {
		fprintf(stderr, "hdref decode: %s: no DWARF in the file\n", path);
		hd_buf_free(&c.out);
		return EXIT_INPUT;
	}
	if (walk_units(&c) != 0) {
		fprintf(stderr, "hdref decode: %s: reading %s: libdwarf: %s\n", path, c.fail,
		        c.err != NULL ? dwarf_errmsg(c.err) : "error");
		rc = EXIT_INPUT;
	}
	if (c.err != NULL)
		dwarf_dealloc_error(c.dbg, c.err);
	dwarf_finish(c.dbg, NULL);
	if (rc == 0 && c.out.failed) {
		fprintf(stderr, "hdref decode: out of memory\n");
		rc = EXIT_INTERNAL;
	}
	if (rc == 0 && c.out.len != 0)
		fwrite(c.out.data, 1, c.out.len, stdout);
	hd_buf_free(&c.out);
	if (rc == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
		fprintf(stderr, "hdref: error writing the output\n");
		return EXIT_INTERNAL;
	}
	return rc;
}
