/* The reference placement of local variables (docs/lowering-vars.md,
 * "Placement"): where each DebugDeclare's OpVariable and each DebugValue's
 * value lives on the AMDGPU model, and the base location expression of that
 * storage, which the DebugExpression's operations then act on.
 *
 * - Function and Private OpVariables named by a DebugDeclare get private
 *   memory in the function's frame, in order of first DebugDeclare.
 * - Program-scope OpVariables have the address lower_global.c gave them.
 * - Constants are implicit values; OpUndef and DebugInfoNone are undefined.
 * - A kernel's parameters are uniform: SGPRs from SGPR34 up. Every other SSA
 *   value is per lane: VGPRs from VGPR0 up, one dword per 4 bytes. An id
 *   keeps its registers for the whole function. */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "lower_loc.h"
#include "amdgpu/model.h"

enum { FIRST_KERNEL_SGPR = 34, MAX_SGPR = 105, MAX_VGPR = 255 };

typedef struct slot {
	uint32_t var;       /* OpVariable id */
	uint32_t offset;    /* bytes from the frame's start */
	uint32_t size;
} slot;

typedef struct regs {
	uint32_t id;        /* SSA id */
	uint32_t first;     /* SGPR or VGPR number */
	uint32_t count;
	int sgpr;
} regs;

struct hd_lw_frame {
	uint32_t f;
	hd_place_function *pf;
	unsigned wave;
	slot *slots;
	uint32_t nslots;
	regs *regs;
	uint32_t nregs, regs_cap;
	uint32_t next_vgpr, next_sgpr;
};

static int no_memory(hd_lw *L)
{
	hd_lower_fail(L, HD_NO_MEMORY, "no-memory", NULL, "out of memory");
	return -1;
}

static unsigned log2_wave(unsigned w)
{
	return w == 32 ? 5 : 6;
}

/* ---- SPIR-V types and instructions ---- */

static const hd_spv_insn *def(hd_lw *L, uint32_t id)
{
	return id ? hd_spv_def_insn(L->m, id) : NULL;
}

static uint32_t word(hd_lw *L, const hd_spv_insn *in, uint32_t i)
{
	return i < in->nwords ? L->m->words[in->offset + i] : 0;
}

/* Bytes of a pointer: 4 under the Physical32 addressing model, else 8.
 * OpMemoryModel comes after only capabilities, extensions and imports
 * (SPIR-V 1.6 section 2.4, logical layout), so the scan stops there and
 * costs a few instructions per call, not the module. */
static uint32_t pointer_size(hd_lw *L)
{
	for (uint32_t i = 0; i < L->m->ninsns; i++) {
		uint16_t op = L->m->insns[i].opcode;
		if (op == SpvOpMemoryModel)
			return word(L, &L->m->insns[i], 1) == SpvAddressingModelPhysical32 ? 4 : 8;
		if (op != SpvOpCapability && op != SpvOpExtension && op != SpvOpExtInstImport)
			break;
	}
	return 8;
}

/* Bytes of a value of SPIR-V type id; 0 when unknown. */
static uint64_t type_size(hd_lw *L, uint32_t id, int depth)
{
	const hd_spv_insn *t = def(L, id);
	uint64_t n, s = 0;

	if (!t || depth > 16)
		return 0;
	switch (t->opcode) {
	case SpvOpTypeBool:
		return 4;
	case SpvOpTypeInt: case SpvOpTypeFloat:
		return (word(L, t, 2) + 7) / 8;
	case SpvOpTypePointer:
		return pointer_size(L);
	case SpvOpTypeVector:
		return type_size(L, word(L, t, 2), depth + 1) * word(L, t, 3);
	case SpvOpTypeArray:
		if (hd_spv_int_constant(L->m, word(L, t, 3), &n, NULL, NULL) != 0)
			return 0;
		return type_size(L, word(L, t, 2), depth + 1) * n;
	case SpvOpTypeStruct:
		for (uint32_t i = 2; i < t->nwords; i++)
			s += type_size(L, word(L, t, i), depth + 1);
		return s;
	default:
		return 0;
	}
}

/* Bytes of the variable's type (DebugLocalVariable Type); 4 when unknown, so
 * every variable gets storage a debugger can read. */
static uint32_t var_size(hd_lw *L, const hd_di_node *var)
{
	uint64_t n = var ? hd_lower_type_size(L, hd_lw_word(var, HD_O_Type)) : 0;
	return n && n < UINT32_MAX ? (uint32_t)n : 4;
}

static uint32_t storage_class(hd_lw *L, const hd_spv_insn *var)
{
	return word(L, var, 3);
}

static int is_frame_class(uint32_t sc)
{
	return sc == SpvStorageClassFunction || sc == SpvStorageClassPrivate;
}

/* ---- the frame ---- */

static uint32_t pow2_at_least(uint32_t n)
{
	uint32_t p = 1;
	while (p < n && p < 16)
		p <<= 1;
	return p;
}

static const slot *slot_of(const hd_lw_frame *fr, uint32_t var)
{
	for (uint32_t i = 0; i < fr->nslots; i++)
		if (fr->slots[i].var == var)
			return &fr->slots[i];
	return NULL;
}

/* Bytes of a frame slot: the declared variable's type size, or the
 * OpVariable's own pointee size when that is larger (an expression may
 * describe a variable inside a bigger object: Constu 4; Plus). */
static uint32_t slot_size(hd_lw *L, const hd_spv_insn *v, const hd_di_node *var)
{
	const hd_spv_insn *pt = def(L, v->type);
	uint64_t own = pt && pt->opcode == SpvOpTypePointer ? type_size(L, word(L, pt, 3), 0) : 0;
	uint32_t size = var_size(L, var);

	return own > size && own < UINT32_MAX ? (uint32_t)own : size;
}

/* Frame offsets in order of first DebugDeclare, each aligned to its size
 * rounded up to a power of two, at most 16 (the widest OpenCL C type). */
static int place_frame(hd_lw *L, hd_lw_frame *fr)
{
	const hd_di_function *fn = &L->m->functions[fr->f];
	uint32_t total = 0;

	fr->slots = calloc(fn->npoints ? fn->npoints : 1, sizeof *fr->slots);
	if (!fr->slots)
		return no_memory(L);
	for (uint32_t i = 0; i < fn->npoints; i++) {
		const hd_di_node *p = &L->m->nodes[fn->points[i].node];
		uint32_t id = hd_lw_word(p, HD_O_Variable), size, align;
		const hd_spv_insn *v = def(L, id);

		if (!hd_lw_is(p, HD_K_DebugDeclare) || !v || v->opcode != SpvOpVariable ||
		    !is_frame_class(storage_class(L, v)) || slot_of(fr, id))
			continue;
		size = slot_size(L, v, hd_lower_variable_of(L, hd_di_node_of(L->m,
		                                            hd_lw_word(p, HD_O_Local_Variable))));
		align = pow2_at_least(size);
		total = (total + align - 1) / align * align;
		fr->slots[fr->nslots++] = (slot){ id, total, size };
		total += size;
	}
	if (fr->pf)
		fr->pf->frame_size = total;
	return 0;
}

hd_lw_frame *hd_lower_frame_new(hd_lw *L, uint32_t f, hd_place_function *pf)
{
	hd_lw_frame *fr = calloc(1, sizeof *fr);

	if (!fr) {
		no_memory(L);
		return NULL;
	}
	fr->f = f;
	fr->pf = pf;
	fr->wave = L->opt.wave_size;
	fr->next_sgpr = FIRST_KERNEL_SGPR;
	if (place_frame(L, fr) != 0) {
		hd_lower_frame_free(fr);
		return NULL;
	}
	return fr;
}

void hd_lower_frame_free(hd_lw_frame *fr)
{
	if (!fr)
		return;
	free(fr->slots);
	free(fr->regs);
	free(fr);
}

/* ---- registers ---- */

static uint64_t sgpr_dwarf(uint32_t n)
{
	return n < 64 ? HD_AMDGPU_SGPR0 + n : HD_AMDGPU_SGPR64 + (n - 64);
}

static uint64_t vgpr_dwarf(unsigned wave, uint32_t n)
{
	return (wave == 32 ? HD_AMDGPU_VGPR0_W32 : HD_AMDGPU_VGPR0_W64) + n;
}

/* The registers of SSA id: the ones it has, or the next free ones. */
static const regs *regs_of(hd_lw *L, hd_lw_frame *fr, uint32_t id, uint32_t size, int sgpr)
{
	uint32_t count = (size + 3) / 4, *next = sgpr ? &fr->next_sgpr : &fr->next_vgpr;

	for (uint32_t i = 0; i < fr->nregs; i++)
		if (fr->regs[i].id == id)
			return &fr->regs[i];
	if (*next + count - 1 > (sgpr ? MAX_SGPR : MAX_VGPR)) {
		hd_lower_fail(L, HD_BAD_INPUT, "too-many-registers", NULL,
		              "function %u: the values need more than the %s registers",
		              fr->f, sgpr ? "SGPR" : "VGPR");
		return NULL;
	}
	if (hd_lower_grow(L, (void **)&fr->regs, sizeof *fr->regs, fr->nregs, &fr->regs_cap) != 0)
		return NULL;
	fr->regs[fr->nregs] = (regs){ id, *next, count, sgpr };
	*next += count;
	return &fr->regs[fr->nregs++];
}

/* One dword of a VGPR as the focused lane sees it (docs/amdgpu-facts.md, "VGPR
 * variable"): the register's storage is every lane's dword, lane 0 first,
 * so the lane's dword starts at byte lane * 4. */
static int vgpr_part(hd_lw *L, hd_buf *b, uint64_t reg)
{
	return hd_lw_op(L, b, HD_OP_regx, reg, 0) || hd_lw_op(L, b, HD_OP_LLVM_push_lane, 0, 0) ||
	       hd_lw_op(L, b, HD_OP_lit, 4, 0) || hd_lw_op(L, b, HD_OP_mul, 0, 0) ||
	       hd_lw_op(L, b, HD_OP_LLVM_offset, 0, 0);
}

/* The location of a value held in registers: one dword per register, as
 * pieces of 4 bytes when there is more than one. */
static int holder(hd_lw *L, hd_lw_frame *fr, uint32_t id, uint32_t size, int sgpr, hd_lw_base *b)
{
	const regs *r = regs_of(L, fr, id, size, sgpr);

	if (!r)
		return -1;
	for (uint32_t i = 0; i < r->count; i++) {
		int rc = sgpr ? hd_lw_op(L, &b->ops, HD_OP_regx, sgpr_dwarf(r->first + i), 0)
		              : vgpr_part(L, &b->ops, vgpr_dwarf(fr->wave, r->first + i));
		if (rc != 0 || (r->count > 1 && hd_lw_op(L, &b->ops, HD_OP_piece, 4, 0) != 0))
			return -1;
	}
	b->start.top = r->count > 1 ? HD_LW_PIECES : HD_LW_HOLDER;
	b->start.load_size = size;
	b->place.kind = sgpr ? HD_PLACE_SGPR : HD_PLACE_VGPR;
	b->place.reg = sgpr ? sgpr_dwarf(r->first) : vgpr_dwarf(fr->wave, r->first);
	b->place.size = size;
	return 0;
}

/* ---- addresses ---- */

/* The frame's per-lane address: the frame register holds a private_wave
 * offset; scratch is interleaved by dword across the W lanes, so the
 * private_lane address of the frame is that offset divided by W. */
static int frame_address(hd_lw *L, hd_lw_frame *fr, const slot *s, hd_lw_base *b)
{
	if (hd_lw_op(L, &b->ops, HD_OP_regx, sgpr_dwarf(HD_LOWER_FRAME_SGPR), 0) ||
	    hd_lw_op(L, &b->ops, HD_OP_deref_size, 4, 0) ||
	    hd_lw_op(L, &b->ops, HD_OP_constu, log2_wave(fr->wave), 0) ||
	    hd_lw_op(L, &b->ops, HD_OP_shr, 0, 0) ||
	    hd_lw_op(L, &b->ops, HD_OP_plus_uconst, s->offset, 0))
		return -1;
	b->place.kind = HD_PLACE_MEMORY;
	b->place.aspace = HD_ASPACE_PRIVATE_LANE;
	b->place.addr = (HD_LOWER_FRAME_WAVE_OFFSET >> log2_wave(fr->wave)) + s->offset;
	b->place.size = s->size;
	return 0;
}

/* Whether place p is the program-scope place of OpVariable id: recorded by
 * lower_global.c for the DebugGlobalVariable whose Variable it is. */
static int global_place_of(hd_lw *L, const hd_place *p, uint32_t id)
{
	if (p->point != UINT32_MAX || p->kind != HD_PLACE_MEMORY)
		return 0;
	if (p->var_id == id)
		return 1;
	return p->node >= 0 && (uint32_t)p->node < L->m->nnodes &&
	       hd_lw_word(&L->m->nodes[p->node], HD_O_Variable) == id;
}

/* Storage for a program-scope variable no DebugGlobalVariable describes,
 * by lower_global.c's rule: the next aligned offset of .bss (whose start
 * follows the code, at least 0x10000) or of local memory. */
static uint64_t new_global(hd_lw *L, uint32_t sc, uint32_t size)
{
	hd_lowered *out = L->out;
	uint32_t align = pow2_at_least(size);
	uint64_t off;

	if (sc == SpvStorageClassWorkgroup) {
		off = (L->lds_next + align - 1) / align * align;
		L->lds_next = off + size;
		return off;
	}
	if (out->bss_size == 0 && L->bss_next == 0) {
		uint64_t end = (out->text_addr + out->text_size + 0xfffu) & ~(uint64_t)0xfffu;
		out->bss_addr = end > 0x10000u ? end : 0x10000u;
	}
	off = (L->bss_next + align - 1) / align * align;
	L->bss_next = off + size;
	out->bss_size = L->bss_next;
	return out->bss_addr + off;
}

/* A program-scope variable's address: where lower_global.c placed it, or
 * new storage when no DebugGlobalVariable describes it. */
static int global_address(hd_lw *L, uint32_t id, uint32_t sc, uint32_t size, hd_lw_base *b)
{
	uint64_t addr = 0;
	int found = 0;

	for (uint32_t i = 0; i < L->out->nplaces && !found; i++)
		if (global_place_of(L, &L->out->places[i], id)) {
			addr = L->out->places[i].addr;
			found = 1;
		}
	if (!found) {
		addr = new_global(L, sc, size);
		if (hd_lower_grow(L, (void **)&L->out->places, sizeof *L->out->places,
		                  L->out->nplaces, &L->places_cap) != 0)
			return -1;
		L->out->places[L->out->nplaces++] = (hd_place){
			.node = -1, .function = -1, .kind = HD_PLACE_MEMORY, .aspace = hd_lw_aspace(sc),
			.addr = addr, .size = size, .pc_end = UINT64_MAX, .point = UINT32_MAX,
			.var_id = id };
	}
	if (hd_lw_op(L, &b->ops, HD_OP_constu, addr, 0) != 0)
		return -1;
	b->place.kind = HD_PLACE_MEMORY;
	b->place.aspace = hd_lw_aspace(sc);
	b->place.addr = addr;
	b->place.size = size;
	return 0;
}

/* The address of OpVariable v as a value on the stack; *sc its class. */
static int variable_address(hd_lw *L, hd_lw_frame *fr, const hd_spv_insn *v, uint32_t size,
                            hd_lw_base *b)
{
	uint32_t sc = storage_class(L, v);
	const slot *s = slot_of(fr, v->result);

	b->start.top = HD_LW_VALUE;
	b->start.aspace = hd_lw_aspace(sc);
	b->start.load_size = 0;
	if (is_frame_class(sc) && s)
		return frame_address(L, fr, s, b);
	return global_address(L, v->result, sc, size, b);
}

/* A pointer held in registers (a DebugDeclare whose Variable is a parameter
 * or an access chain): its value, read out of the registers, is the
 * address; the pointer type's storage class gives the address space. The
 * placement does not know where it points: the place has no storage. */
static int pointer_address(hd_lw *L, hd_lw_frame *fr, const hd_spv_insn *p, hd_lw_base *b)
{
	const hd_spv_insn *t = def(L, p->type);
	uint32_t size = pointer_size(L);
	int sgpr = p->opcode == SpvOpFunctionParameter && fr->pf && fr->pf->is_kernel;

	if (holder(L, fr, p->result, size, sgpr, b) != 0)
		return -1;
	if ((size > 4 && hd_lw_op(L, &b->ops, HD_OP_LLVM_piece_end, 0, 0) != 0) ||
	    hd_lw_op(L, &b->ops, HD_OP_deref_size, size, 0) != 0)
		return -1;
	memset(&b->place, 0, sizeof b->place);
	b->place.kind = HD_PLACE_NONE;
	b->start.top = HD_LW_VALUE;
	b->start.load_size = 0;
	b->start.aspace = t && t->opcode == SpvOpTypePointer ? hd_lw_aspace(word(L, t, 2))
	                                                     : HD_ASPACE_GENERIC;
	return 0;
}

/* ---- values ---- */

/* An integer, float or boolean constant of at most 8 bytes: 0 and *v. */
static int constant_value(hd_lw *L, const hd_spv_insn *c, uint64_t *v, uint32_t *size)
{
	uint64_t n = type_size(L, c->type, 0);

	*size = n && n <= 8 ? (uint32_t)n : 4;
	switch (c->opcode) {
	case SpvOpConstantTrue:
		*v = 1;
		return 0;
	case SpvOpConstantFalse: case SpvOpConstantNull:
		*v = 0;
		return n <= 8 ? 0 : -1;
	case SpvOpConstant:
		if (n == 0 || n > 8 || c->nwords < 4)
			return -1;
		*v = word(L, c, 3);
		if (n > 4)
			*v |= (uint64_t)word(L, c, 4) << 32;
		else if (n < 4)
			*v &= (UINT64_C(1) << (8 * n)) - 1;
		return 0;
	default:
		return -1;
	}
}

static int undefined(hd_lw *L, hd_lw_base *b)
{
	b->undefined = 1;
	b->place.kind = HD_PLACE_NONE;
	return hd_lw_op(L, &b->ops, HD_OP_LLVM_undefined, 0, 0);
}

static int value_base(hd_lw *L, hd_lw_frame *fr, uint32_t id, const hd_di_node *var,
                      hd_lw_base *b)
{
	const hd_spv_insn *in = def(L, id);
	uint64_t v, n;
	uint32_t size;

	if (hd_lw_is_none(L, id) || !in || in->opcode == SpvOpUndef)
		return undefined(L, b);
	if (in->opcode == SpvOpVariable) {
		/* the value is the variable's address: a pointer constant */
		if (variable_address(L, fr, in, var_size(L, var), b) != 0)
			return -1;
		b->start.aspace = UINT32_MAX;
		b->constant = 1;
		b->place.value = b->place.addr;
		b->place.kind = HD_PLACE_CONSTANT;
		b->place.size = pointer_size(L);
		return 0;
	}
	if (constant_value(L, in, &v, &size) == 0) {
		b->constant = 1;
		b->literal = 1;
		b->start.top = HD_LW_VALUE;
		b->start.aspace = UINT32_MAX;
		b->place.kind = HD_PLACE_CONSTANT;
		b->place.value = v;
		b->place.size = size;
		return hd_lw_op(L, &b->ops, HD_OP_constu, v, 0);
	}
	if (in->opcode == SpvOpConstantComposite || in->opcode == SpvOpSpecConstantComposite ||
	    in->opcode == SpvOpConstant || in->opcode == SpvOpConstantNull)
		return undefined(L, b);  /* wider than a DWARF value */
	n = type_size(L, in->type, 0);
	size = n && n < 1024 ? (uint32_t)n : var_size(L, var);
	return holder(L, fr, id, size,
	              in->opcode == SpvOpFunctionParameter && fr->pf && fr->pf->is_kernel, b);
}

int hd_lower_base(hd_lw *L, hd_lw_frame *fr, const hd_di_node *n, const hd_di_node *var,
                  int declare, hd_lw_base *b)
{
	uint32_t id = hd_lw_word(n, declare ? HD_O_Variable : HD_O_Value);
	const hd_spv_insn *in;

	memset(b, 0, sizeof *b);
	hd_buf_init(&b->ops);
	b->start.aspace = UINT32_MAX;
	b->place.function = (int32_t)fr->f;
	if (!declare)
		return value_base(L, fr, id, var, b) != 0 || b->ops.failed ? -1 : 0;
	in = def(L, id);
	if (!in || hd_lw_is_none(L, id))
		return undefined(L, b);
	if (in->opcode == SpvOpVariable)
		return variable_address(L, fr, in, var_size(L, var), b) != 0 || b->ops.failed ? -1 : 0;
	return pointer_address(L, fr, in, b) != 0 || b->ops.failed ? -1 : 0;
}

/* ---- Indexes ---- */

/* The type under typedefs and qualifiers. */
static const hd_di_node *strip(hd_lw *L, uint32_t id)
{
	const hd_di_node *t = hd_di_node_of(L->m, id);

	for (int hops = 0; t && hops < 16 &&
	     (hd_lw_is(t, HD_K_DebugTypedef) || hd_lw_is(t, HD_K_DebugTypeQualifier)); hops++)
		t = hd_di_node_of(L->m, hd_lw_word(t, HD_O_Base_Type));
	return t;
}

/* Whether member node m is a field of kind pass: bases (0) or data (1). */
static int is_field(hd_lw *L, const hd_di_node *m, int pass)
{
	if (pass == 0)
		return hd_lw_is(m, HD_K_DebugTypeInheritance);
	return hd_lw_is(m, HD_K_DebugTypeMember) && !hd_lower_member_is_static(L, m);
}

/* Field k of a composite as OpAccessChain counts the fields of its
 * OpTypeStruct: the base classes (DebugTypeInheritance) first, as C++
 * compilers lay them out, then the data members, each in Members order. A
 * static member is no field: it lives outside the object. */
static const hd_di_node *field(hd_lw *L, const hd_di_node *t, uint64_t k)
{
	hd_di_span sp;

	if (hd_lw_span(t, HD_O_Members, &sp) != 0)
		return NULL;
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t i = 0; i < sp.count; i++) {
			const hd_di_node *m = hd_di_node_of(L->m, t->args[sp.first + i]);
			if (m && is_field(L, m, pass) && k-- == 0)
				return m;
		}
	return NULL;
}

/* One step of the walk: index k into type *t (dims: the array dimensions
 * not yet indexed). */
static int step(hd_lw *L, const hd_di_node **t, uint32_t *dims, uint64_t k, uint64_t *offset,
                uint64_t *size)
{
	hd_di_span sp;
	uint64_t count, stride, bits;

	if (hd_lw_is(*t, HD_K_DebugTypeComposite)) {
		const hd_di_node *m = field(L, *t, k);
		uint32_t type;
		if (!m || hd_lw_number(L, m, HD_O_Offset, &bits) != 0)
			return -1;
		/* a base's type is its Parent, a member's its Type */
		type = hd_lw_word(m, hd_lw_is(m, HD_K_DebugTypeInheritance) ? HD_O_Parent : HD_O_Type);
		*offset += bits;
		*t = strip(L, type);
		if (hd_lw_number(L, m, HD_O_Size, size) != 0)
			*size = hd_lower_type_size(L, type) * 8;
		*dims = 0;
		return 0;
	}
	if (hd_lw_is(*t, HD_K_DebugTypeVector) || hd_lw_is(*t, HD_K_DebugTypeArray)) {
		uint32_t base = hd_lw_word(*t, HD_O_Base_Type), nd = 1;
		stride = hd_lower_type_size(L, base) * 8;
		if (hd_lw_is(*t, HD_K_DebugTypeArray) && hd_di_array_counts(*t, &sp) == 0)
			nd = sp.count;
		if (*dims == 0)
			*dims = nd;
		if (nd > 1) {
			/* the dimensions after this one make up the element */
			for (uint32_t i = sp.count - *dims + 1; i < sp.count; i++) {
				/* a count that is a variable has no place to step by */
				if (hd_spv_int_constant(L->m, (*t)->args[sp.first + i], &count, NULL, NULL) != 0)
					return -1;
				stride *= count;
			}
		}
		*offset += k * stride;
		*size = stride;
		if (--*dims == 0) {
			*t = strip(L, base);
			*dims = 0;
		}
		return 0;
	}
	return -1;
}

int hd_lower_indexes(hd_lw *L, const hd_di_node *var, const hd_di_node *value,
                     uint64_t *offset, uint64_t *size)
{
	const hd_di_node *t = strip(L, hd_lw_word(var, HD_O_Type));
	uint32_t dims = 0;
	hd_di_span sp;
	uint64_t k;

	*offset = 0;
	*size = hd_lower_type_size(L, hd_lw_word(var, HD_O_Type)) * 8;
	if (hd_lw_span(value, HD_O_Indexes, &sp) != 0)
		return -1;
	for (uint32_t i = 0; i < sp.count; i++) {
		if (!t || hd_spv_int_constant(L->m, value->args[sp.first + i], &k, NULL, NULL) != 0 ||
		    step(L, &t, &dims, k, offset, size) != 0)
			return -1;
	}
	return *size ? 0 : -1;
}
