/* The value check of a candidate's code object (reference/valuecheck/candidate.c),
 * on a unit built by hand: a kernel whose variable x lives in VGPR 0, two
 * statement rows, and a watch that says what x holds at each for two
 * work-items. The model stands where the executor will: its registers are
 * set as the code would leave them. Right and wrong values, a stop the
 * debugger skips (not reached), a pc that starts no statement, and an
 * <unset> that is not judged. */
#include "tap.h"

#include <libdwarf/dwarf.h>

#include "valuecheck/candidate.h"

static const char watch[] =
	"hdcts-watch 1\n"
	"kernel k\n"
	"ndrange global=2,1,1 local=2,1,1 offset=0,0,0 wave=64\n"
	"stop 1 k /src/k.cl:3:1 group 0,0,0 items 0-1\n"
	"  x [0] = 5\n"
	"  x [1] = 6\n"
	"  y [0-1] = 42\n"
	"stop 2 k /src/k.cl:4:1 group 0,0,0 items 0-1\n"
	"  x [0-1] = 7\n"
	"stop 3 k /src/k.cl:5:1 group 0,0,0 items 0-1\n"
	"  x [0-1] = <unset>\n"
	"outcome completed\n"
	"steps 9\n"
	"executed\n";

/* DW_OP_regx 2560 (VGPR 0 of a wave64, AMDGPUUsage "DWARF Register
 * Identifier": the whole vector register); DW_OP_LLVM_push_lane; DW_OP_lit4;
 * DW_OP_mul; DW_OP_LLVM_offset: the focused lane's dword of it (DWARF
 * Extensions for Heterogeneous Debugging, amdgpu-v0 encoding). A bare
 * DW_OP_regx would be lane 0's bytes for every lane. */
static const uint8_t in_v0[] = { DW_OP_regx, 0x80, 0x14, 0xe2, DW_OP_lit4, DW_OP_mul, 0xe3 };

/* DW_OP_regx 17: EXEC_64, a 64-bit register as frame base (clang's SGPR33
 * is 32 bits, too narrow for an address of the default address space); and
 * DW_OP_fbreg 8 */
static const uint8_t in_s33[] = { DW_OP_regx, 17 };
static const uint8_t at_fb8[] = { DW_OP_fbreg, 8 };

static const char *dirs[] = { "/build" };
static hd_dw_file files[] = { { "k.cl", 0, 0, { 0 }, NULL } };
static const hd_dw_row rows[] = {
	{ 0x1000, 0, 3, 1, 1, 0, 0, 0 },
	{ 0x1004, 0, 3, 9, 0, 0, 0, 0 },   /* not a statement */
	{ 0x1010, 0, 4, 1, 1, 0, 0, 0 },
	{ 0x1020, 0, 5, 1, 1, 0, 0, 0 },
	{ 0x1100, 0, 5, 1, 1, 1, 0, 0 },
};

static int build(hd_dw_unit *u, hd_status *st)
{
	hd_die *cu, *fn, *ty, *x, *y;

	if (hd_dw_unit_init(u, 0, HD_PROFILE_AMDGPU_V0, st) != 0)
		return -1;
	cu = hd_die_new(u, NULL, DW_TAG_compile_unit);
	fn = cu ? hd_die_new(u, cu, DW_TAG_subprogram) : NULL;
	ty = cu ? hd_die_new(u, cu, DW_TAG_base_type) : NULL;
	x = fn ? hd_die_new(u, fn, DW_TAG_variable) : NULL;
	y = fn ? hd_die_new(u, fn, DW_TAG_variable) : NULL;
	if (x == NULL || y == NULL || ty == NULL ||
	    hd_die_expr(u, fn, DW_AT_frame_base, in_s33, sizeof in_s33) != 0 ||
	    hd_die_string(u, y, DW_AT_name, "y") != 0 || hd_die_ref(u, y, DW_AT_type, ty) != 0 ||
	    hd_die_expr(u, y, DW_AT_location, at_fb8, sizeof at_fb8) != 0 || hd_die_string(u, fn, DW_AT_name, "k") != 0 ||
	    hd_die_addr(u, fn, DW_AT_low_pc, 0x1000) != 0 ||
	    hd_die_udata(u, fn, DW_AT_high_pc, 0x100) != 0 ||
	    hd_die_string(u, ty, DW_AT_name, "int") != 0 ||
	    hd_die_udata(u, ty, DW_AT_encoding, DW_ATE_signed) != 0 ||
	    hd_die_udata(u, ty, DW_AT_byte_size, 4) != 0 ||
	    hd_die_string(u, x, DW_AT_name, "x") != 0 || hd_die_ref(u, x, DW_AT_type, ty) != 0 ||
	    hd_die_expr(u, x, DW_AT_location, in_v0, sizeof in_v0) != 0)
		return -1;
	u->lines.dirs = dirs;
	u->lines.ndirs = 1;
	u->lines.files = files;
	u->lines.nfiles = 1;
	u->lines.rows = (hd_dw_row *)rows;
	u->lines.nrows = sizeof rows / sizeof rows[0];
	return 0;
}

static void set_x(hd_amdgpu *m, uint32_t lane0, uint32_t lane1)
{
	hd_status st;

	hd_amdgpu_set_lane(m, HD_AMDGPU_VGPR0_W64, 0, lane0, &st);
	hd_amdgpu_set_lane(m, HD_AMDGPU_VGPR0_W64, 1, lane1, &st);
}

static void free_reports(hd_check_report *r)
{
	for (unsigned k = 0; k < HD_READINGS; k++)
		hd_check_report_free(&r[k]);
}

int main(void)
{
	static const uint32_t g0[3] = { 0, 0, 0 };
	const hd_encoding enc = { HD_PROFILE_AMDGPU_V0, 8, 4 };
	hd_watch_file *wf = NULL;
	hd_candidate *c = NULL;
	hd_amdgpu *m = hd_amdgpu_new(64);
	hd_check_report rep[HD_READINGS], *r = &rep[HD_READING_EXTENSION];
	hd_dw_unit u;
	hd_status st;

	tap_begin();
	if (!OK(m != NULL && build(&u, &st) == 0 &&
	        hd_watch_file_read(watch, sizeof watch - 1, "k.watch", &wf, &st) == 0 &&
	        hd_candidate_new(&u, &enc, wf, &wf->kernels[0], "t", &c, &st) == 0, "set up"))
		return tap_end();
	OK(hd_candidate_row_at(c, 0x1000) != NULL && hd_candidate_row_at(c, 0x1004) == NULL &&
	   hd_candidate_row_at(c, 0x1100) == NULL, "statement rows are stops, the rest are not");

	set_x(m, 5, 6);
	{
		/* y at the frame base plus 8: the register's value addresses
		 * the default address space (the register frame-base rule) */
		const uint8_t fb[8] = { 0x00, 0x20, 0, 0, 0, 0, 0, 0 }, v[4] = { 42, 0, 0, 0 };
		hd_amdgpu_set_reg(m, HD_AMDGPU_EXEC_64, fb, 8, &st);
		hd_amdgpu_write_mem(m, HD_ASPACE_GLOBAL, 0, 0, 0x2008, v, 4, &st);
	}
	OK(hd_candidate_stop(c, m, g0, 0, 64, 3, 0x1000, &st) == 0, "stop at line 3");
	OK(hd_candidate_stop(c, m, g0, 0, 64, 3, 0x1004, &st) == 0, "no stop inside a statement");
	set_x(m, 7, 8);
	OK(hd_candidate_stop(c, m, g0, 0, 64, 3, 0x1010, &st) == 0, "stop at line 4");
	set_x(m, 0xdead, 0xbeef);
	OK(hd_candidate_stop(c, m, g0, 0, 64, 3, 0x1020, &st) == 0, "stop at line 5");
	hd_candidate_finish(c, rep);
	OK(r->stops == 3 && r->lanes == 6, "3 stops of 2 lanes");
	OK(r->right == 5 && r->wrong == 1 && r->unset == 2 && r->missing == 0 && r->extra == 4,
	   "right at line 3 (x twice, y through DW_OP_fbreg twice) and line 4 once, wrong once, "
	   "the <unset>s not judged, y extra where the watch has no y");
	OK(strstr(hd_buf_str(&r->failures),
	          "t: kernel k, stop 2, k /src/k.cl:4:1, work-item 1, lane 1: x: expected 7, the DWARF "
	          "shows 8; location DW_OP_regx v0; DW_OP_LLVM_push_lane; DW_OP_lit4; DW_OP_mul; "
	          "DW_OP_LLVM_offset") != NULL,
	   "the wrong value's line");
	EQ_U64(r->not_reached, 0, "every stop of the watch met");
	OK(rep[HD_READING_LLVM].right == 5 && rep[HD_READING_LLVM].stops == 3,
	   "a 64-bit frame register and no xderef: LLVM's reading the same");
	free_reports(rep);
	hd_candidate_free(c);

	/* a candidate that never stops at line 3 */
	if (OK(hd_candidate_new(&u, &enc, wf, &wf->kernels[0], "t", &c, &st) == 0, "again")) {
		set_x(m, 7, 7);
		hd_candidate_stop(c, m, g0, 0, 64, 1, 0x1010, &st);
		hd_candidate_finish(c, rep);
		OK(r->right == 1 && r->not_reached == 5,
		   "line 3 skipped: lane 0's first stop and all of lane 1's are not reached");
		free_reports(rep);
		hd_candidate_free(c);
	}
	hd_watch_file_free(wf);
	hd_dw_unit_free(&u);
	hd_amdgpu_free(m);
	return tap_end();
}
