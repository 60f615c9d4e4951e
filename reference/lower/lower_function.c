/* DebugFunction → DW_TAG_subprogram (docs/lowering-code.md, "DebugFunction"
 * and "Kernel attributes"): names, return type, declaration coordinates,
 * flags, and for a function with code its pc range from the reference
 * placement, its frame base, and the SIMT attributes of DWARF Extensions for Heterogeneous Debugging (lanes,
 * lane_pc, active_lane). Parameters and locals are DebugLocalVariables,
 * lowered by lower_var.c; a DebugFunction that only declares takes its
 * parameters from its type. */
#include <spirv/unified1/spirv.h>
#include <string.h>

#include "lower_type.h"
#include "amdgpu/model.h"

/* The module function the Function operand names (an OpFunction), or -1 for
 * DebugInfoNone: a function with no code of its own (inlined everywhere, or
 * optimized away). */
static int32_t code_of(hd_lw *L, const hd_di_node *n)
{
	const hd_spv_insn *in = hd_spv_def_insn(L->m, hd_lw_word(n, HD_O_Function));

	if (!in || in->opcode != SpvOpFunction || in->function < 0 ||
	    (uint32_t)in->function >= L->out->nfunctions)
		return -1;
	return in->function;
}

static unsigned log2_wave(hd_lw *L)
{
	return L->opt.wave_size == 32 ? 5u : 6u;
}

/* The EXEC register of the wave size (docs/amdgpu-model.md register table). */
static uint64_t exec_reg(hd_lw *L)
{
	return L->opt.wave_size == 32 ? HD_AMDGPU_EXEC_32 : HD_AMDGPU_EXEC_64;
}

/* Adds the expression in b as attribute attr (or extension attribute x when
 * attr is 0), then empties b. */
static int put_expr(hd_lw *L, hd_die *d, uint16_t attr, hd_xat x, hd_buf *b)
{
	int rc;

	if (b->failed || L->failed)
		rc = -1;
	else if (attr)
		rc = hd_die_expr(L->u, d, attr, b->data, b->len);
	else
		rc = hd_lw_xat_expr(L, d, x, b->data, b->len);
	hd_buf_reset(b);
	return rc;
}

/* The frame base is a private_lane address: the frame register holds the
 * frame's byte offset in the wave's scratch (private_wave); dividing by the
 * wave size gives the same frame as each lane sees it (docs/amdgpu-facts.md,
 * "Stack variable"). DW_OP_regx then DW_OP_deref_size reads the register's
 * value (DWARF Extensions for Heterogeneous Debugging: deref of a register location reads the register). */
static int frame_base(hd_lw *L, hd_die *d, hd_buf *b)
{
	hd_lw_op(L, b, HD_OP_regx, HD_AMDGPU_SGPR0 + HD_LOWER_FRAME_SGPR, 0);
	hd_lw_op(L, b, HD_OP_deref_size, 4, 0);
	hd_lw_op(L, b, HD_OP_constu, log2_wave(L), 0);
	hd_lw_op(L, b, HD_OP_shr, 0, 0);
	hd_lw_op(L, b, HD_OP_constu, HD_ASPACE_PRIVATE_LANE, 0);
	hd_lw_op(L, b, HD_OP_LLVM_form_aspace_address, 0, 0);
	return put_expr(L, d, DW_AT_frame_base, 0, b);
}

/* The active lanes are EXEC's bits: the model has no code that widens EXEC
 * temporarily, so the source-level mask is the hardware one (DWARF Extensions for Heterogeneous Debugging
 * DW_AT_LLVM_active_lane). */
static void active_mask(hd_lw *L, hd_buf *b)
{
	hd_lw_op(L, b, HD_OP_regx, exec_reg(L), 0);
	hd_lw_op(L, b, HD_OP_deref_size, L->opt.wave_size / 8, 0);
}

/* Lane N's pc: the PC when bit N of EXEC is set, else undefined (DWARF Extensions for Heterogeneous Debugging
 * DW_AT_LLVM_lane_pc: a lane not active when the subprogram was entered has
 * an undefined element). DW_OP_LLVM_select_bit_piece pops the mask, then the
 * one-location L1, then the zero-location L0, so L0 (undefined) is pushed
 * first, then L1 (PC), then the mask. Each is extended to W 64-bit parts so
 * that part N, offset by N*64 bits, is still the whole register. */
static void lane_pc(hd_lw *L, hd_buf *b)
{
	unsigned w = L->opt.wave_size;

	hd_lw_op(L, b, HD_OP_LLVM_undefined, 0, 0);
	hd_lw_op(L, b, HD_OP_LLVM_extend, 64, w);
	hd_lw_op(L, b, HD_OP_regx, HD_AMDGPU_PC_64, 0);
	hd_lw_op(L, b, HD_OP_LLVM_extend, 64, w);
	active_mask(L, b);
	hd_lw_op(L, b, HD_OP_LLVM_select_bit_piece, 64, w);
}

/* Code attributes: pc range (DWARF 5 2.17.2, high_pc as a length), frame
 * base (3.3.5), and the SIMT attributes (DWARF Extensions for Heterogeneous Debugging, lanes, lane_pc,
 * active_lane) on every function with code, kernels and callees alike: all
 * of them run on a wavefront's lanes. Kernels also say their calling
 * convention, as clang does for OpenCL kernels (DW_CC_LLVM_OpenCLKernel). */
static int code_attrs(hd_lw *L, hd_die *d, uint32_t f)
{
	const hd_place_function *pf = &L->out->functions[f];
	hd_buf b;
	int rc = 0;

	hd_buf_init(&b);
	if (hd_die_addr(L->u, d, DW_AT_low_pc, pf->low_pc) != 0 ||
	    hd_die_udata(L->u, d, DW_AT_high_pc, pf->high_pc - pf->low_pc) != 0 ||
	    frame_base(L, d, &b) != 0 ||
	    (pf->is_kernel && hd_die_udata(L->u, d, DW_AT_calling_convention,
	                                   DW_CC_LLVM_OpenCLKernel) != 0) ||
	    hd_lw_xat_udata(L, d, HD_XAT_lanes, L->opt.wave_size) != 0)
		rc = -1;
	if (rc == 0) {
		lane_pc(L, &b);
		rc = put_expr(L, d, 0, HD_XAT_lane_pc, &b);
	}
	if (rc == 0) {
		active_mask(L, &b);
		rc = put_expr(L, d, 0, HD_XAT_active_lane, &b);
	}
	hd_buf_free(&b);
	return rc;
}

/* DW_AT_type is the return type of the DebugTypeFunction (DWARF 5 3.3.2);
 * void adds nothing. The parameter types are not children here: the
 * DebugLocalVariables with an Arg Number are the formal parameters. */
static int return_type(hd_lw *L, hd_die *d, const hd_di_node *n)
{
	const hd_di_node *t = hd_di_node_of(L->m, hd_lw_word(n, HD_O_Type));

	if (!hd_lw_is(t, HD_K_DebugTypeFunction))
		return 0;
	return hd_lw_type(L, d, DW_AT_type, hd_lw_word(t, HD_O_Return_Type));
}

/* With a Declaration, the definition completes a non-defining declaration
 * elsewhere (DWARF 5 2.13.2): DW_AT_specification names it, and the name,
 * linkage name and type come from there. */
static int specification(hd_lw *L, hd_die *d, const hd_di_node *n)
{
	hd_die *decl = hd_lower_id(L, hd_lw_word(n, HD_O_Declaration));

	if (!decl)
		return 1;  /* not lowered: say everything here */
	return hd_die_ref(L->u, d, DW_AT_specification, decl) != 0 ? -1 : 0;
}

static int has_declaration(hd_lw *L, const hd_di_node *n)
{
	hd_di_span sp;

	return hd_lw_span(n, HD_O_Declaration, &sp) == 0 && !hd_lw_is_none(L, n->args[sp.first]);
}

static int names(hd_lw *L, hd_die *d, const hd_di_node *n)
{
	const char *link = hd_lw_string(L, n, HD_O_Linkage_Name);
	const char *name = hd_lw_string(L, n, HD_O_Name);

	if (hd_lw_name(L, d, n, HD_O_Name) != 0)
		return -1;
	/* a linkage name equal to the name says nothing (C, OpenCL C kernels) */
	if (link && *link && (!name || strcmp(link, name) != 0) &&
	    hd_die_string(L->u, d, DW_AT_linkage_name, link) != 0)
		return -1;
	/* always prototyped, as function types and declarations are: a SPIR-V
	 * function lists its parameters exactly (docs/lowering.md) */
	if (hd_die_flag(L->u, d, DW_AT_prototyped) != 0)
		return -1;
	return return_type(L, d, n);
}

/* A DebugFunction describes a definition or a declaration (DebugInfo 1.00 section
 * 4.6); FlagIsDefinition says which. One that is no definition and has no
 * code of its own only declares the function: DW_AT_declaration (DWARF 5
 * 3.3.1) and its type's parameters, as a DebugFunctionDeclaration gets,
 * since no DebugLocalVariable will supply them. A definition without code
 * (inlined everywhere, or removed) stays a definition. */
static int declaration_only(hd_lw *L, hd_die *d, const hd_di_node *n, int32_t code)
{
	const hd_di_node *t = hd_di_node_of(L->m, hd_lw_word(n, HD_O_Type));

	if (code >= 0 || hd_lower_has_flag(L, n, hd_lw_word(n, HD_O_Flags), HD_FLAG_IS_DEFINITION))
		return 0;
	/* FlagFwdDecl may have said so already */
	if (!hd_die_attr(d, DW_AT_declaration) && hd_die_flag(L->u, d, DW_AT_declaration) != 0)
		return -1;
	return hd_lw_is(t, HD_K_DebugTypeFunction) ? hd_lower_type_params(L, d, t) : 0;
}

/* A definition with a Declaration goes under the compile unit, as LLVM puts
 * them: the declaration already sits in its class or namespace, and the
 * specification link says where the function belongs. Deciding this does not
 * lower the declaration, so its parent may still refer to this node. */
hd_die *hd_lower_function(hd_lw *L, const hd_di_node *n)
{
	int with_decl = has_declaration(L, n);
	hd_die *parent = with_decl ? L->u->root : hd_lower_parent(L, hd_lw_word(n, HD_O_Parent));
	hd_die *d;
	int32_t f;
	int rc;

	if (L->failed)
		return NULL;
	if (!(d = hd_die_new(L->u, parent, DW_TAG_subprogram)))
		return hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
	hd_lower_set_die(L, n, d);
	rc = with_decl ? specification(L, d, n) : 1;
	if (rc > 0)
		rc = names(L, d, n);
	if (rc == 0)
		rc = hd_lw_decl(L, d, n);
	if (rc == 0)
		rc = hd_lower_flags(L, d, n, hd_lw_word(n, HD_O_Flags));
	f = code_of(L, n);
	if (rc == 0 && f >= 0)
		rc = code_attrs(L, d, (uint32_t)f);
	if (rc == 0)
		rc = declaration_only(L, d, n, f);
	if (rc != 0)
		return L->failed ? NULL : hd_lower_fail(L, HD_NO_MEMORY, "no-memory", n, "out of memory");
	return d;
}
