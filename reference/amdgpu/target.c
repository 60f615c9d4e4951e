/* The model's life cycle and its face towards the evaluator: hd_target_ops
 * over the registers (regs.c) and memory (memory.c) of one wavefront. */
#include "model_impl.h"

#include <stdlib.h>

static int op_register_bits(void *self, uint64_t reg, uint64_t *bits)
{
	const hd_amdgpu *m = self;
	hd_amdgpu_slot slot;

	if (hd_amdgpu_reg_slot(m->wave, reg, &slot) != 0)
		return -1;
	*bits = (uint64_t)slot.bytes * 8;
	return 0;
}

/* Whole registers: the size comes from the model, so an unknown register
 * fails in hd_amdgpu_get_reg with "unknown-register". */
static size_t whole(const hd_amdgpu *m, uint64_t reg)
{
	hd_amdgpu_slot slot;

	return hd_amdgpu_reg_slot(m->wave, reg, &slot) == 0 ? slot.bytes : 0;
}

static int op_read_register(void *self, uint64_t reg, uint8_t *buf, hd_status *st)
{
	return hd_amdgpu_get_reg(self, reg, buf, whole(self, reg), st);
}

static int op_write_register(void *self, uint64_t reg, const uint8_t *buf, hd_status *st)
{
	return hd_amdgpu_set_reg(self, reg, buf, whole(self, reg), st);
}

static int op_aspace(void *self, uint64_t aspace, hd_aspace_info *info)
{
	(void)self;
	return hd_amdgpu_aspace_info(aspace, info);
}

static int op_read_memory(void *self, uint64_t aspace, int has_lane, uint32_t lane,
                          uint64_t addr, size_t n, uint8_t *buf, hd_status *st)
{
	return hd_amdgpu_read_mem(self, aspace, has_lane, lane, addr, buf, n, st);
}

static int op_write_memory(void *self, uint64_t aspace, int has_lane, uint32_t lane,
                           uint64_t addr, size_t n, const uint8_t *buf, hd_status *st)
{
	return hd_amdgpu_write_mem(self, aspace, has_lane, lane, addr, buf, n, st);
}

/* AMDGPU has no thread-local storage: tls_address stays NULL and the
 * evaluator reports DW_OP_form_tls_address itself. */
static const hd_target_ops amdgpu_ops = {
	op_register_bits,
	op_read_register,
	op_write_register,
	op_aspace,
	op_read_memory,
	op_write_memory,
	NULL,
};

static int names_lookup(void *self, const char *name, size_t len, uint64_t *reg)
{
	const hd_amdgpu *m = self;

	return hd_amdgpu_reg_lookup(m->wave, name, len, reg);
}

static int names_name(void *self, uint64_t reg, char *out, size_t outsz)
{
	const hd_amdgpu *m = self;

	return hd_amdgpu_reg_name(m->wave, reg, out, outsz);
}

/* A model whose storages are not set yet. */
static hd_amdgpu *new_wave(unsigned wave_size)
{
	hd_amdgpu *m;

	if (wave_size != 32 && wave_size != 64)
		return NULL;
	m = calloc(1, sizeof *m);
	if (m == NULL)
		return NULL;
	m->wave = wave_size;
	m->regs_size = hd_amdgpu_regs_size(wave_size);
	m->regs = calloc(1, m->regs_size);  /* registers start as zero */
	if (m->regs == NULL) {
		hd_amdgpu_free(m);
		return NULL;
	}
	m->target.ops = &amdgpu_ops;
	m->target.self = m;
	m->target.name = wave_size == 64 ? "amdgpu:wave64" : "amdgpu:wave32";
	m->target.generic_bits = 64;
	m->target.lanes = wave_size;
	m->target.default_aspace = HD_ASPACE_GLOBAL;
	m->target.exec_reg = wave_size == 64 ? HD_AMDGPU_EXEC_64 : HD_AMDGPU_EXEC_32;
	/* ROCm's CIEs leave every column not described as same value
	 * (docs/amdgpu-facts.md, "AMDGPU conventions") */
	m->target.cfi_same_value = 1;
	m->target.names.self = m;
	m->target.names.lookup = names_lookup;
	m->target.names.name = names_name;
	return m;
}

/* One memory for all four storages, so the memory bound covers them
 * together. */
hd_amdgpu *hd_amdgpu_new(unsigned wave_size)
{
	hd_amdgpu *m = new_wave(wave_size);
	hd_amdgpu_mem *mem;
	unsigned s;

	if (m == NULL)
		return NULL;
	mem = hd_amdgpu_mem_new();
	if (mem == NULL) {
		hd_amdgpu_free(m);
		return NULL;
	}
	m->mem[0] = mem;
	for (s = 1; s < HD_AMDGPU_ST_NONE; s++)
		m->mem[s] = hd_amdgpu_mem_ref(mem);
	return m;
}

/* Global and region (and local with share_local) are other's storages;
 * the rest, private_wave at least, is a new memory of this wave's own:
 * scratch is never shared between wavefronts. */
hd_amdgpu *hd_amdgpu_new_sharing(unsigned wave_size, hd_amdgpu *other, int share_local)
{
	hd_amdgpu *m;
	hd_amdgpu_mem *own;
	unsigned s;

	if (other == NULL)
		return NULL;
	m = new_wave(wave_size);
	if (m == NULL)
		return NULL;
	own = hd_amdgpu_mem_new();
	if (own == NULL) {
		hd_amdgpu_free(m);
		return NULL;
	}
	for (s = 0; s < HD_AMDGPU_ST_NONE; s++) {
		int shared = s == HD_AMDGPU_ST_GLOBAL || s == HD_AMDGPU_ST_REGION ||
		             (s == HD_AMDGPU_ST_LOCAL && share_local);
		m->mem[s] = shared ? hd_amdgpu_mem_ref(other->mem[s]) : hd_amdgpu_mem_ref(own);
	}
	hd_amdgpu_mem_free(own);  /* the slots hold it now */
	return m;
}

void hd_amdgpu_free(hd_amdgpu *m)
{
	unsigned s;

	if (m == NULL)
		return;
	for (s = 0; s < HD_AMDGPU_ST_NONE; s++)
		hd_amdgpu_mem_free(m->mem[s]);
	free(m->regs);
	free(m);
}

unsigned hd_amdgpu_wave_size(const hd_amdgpu *m)
{
	return m->wave;
}

void hd_amdgpu_set_strict(hd_amdgpu *m, int strict)
{
	m->strict = strict != 0;
}

void hd_amdgpu_set_memory_limit(hd_amdgpu *m, size_t bytes)
{
	unsigned s;

	for (s = 0; s < HD_AMDGPU_ST_NONE; s++)
		hd_amdgpu_mem_set_limit(m->mem[s], bytes);
}

const hd_target *hd_amdgpu_target(hd_amdgpu *m)
{
	return &m->target;
}
