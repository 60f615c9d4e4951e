/* Registers of the AMDGPU model in DWARF numbering (docs/amdgpu-model.md,
 * AMDGPUUsage "DWARF Register Identifier"). One table of register classes
 * drives sizes, storage, names and lookup, so a number means the same thing
 * everywhere. */
#include "model_impl.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

typedef struct reg_class {
	uint64_t first;      /* DWARF number of the class's first register */
	unsigned count;
	unsigned bits;       /* per lane for a vector class */
	unsigned wave;       /* 32 or 64: only in that wave size; 0: in both */
	int vector;          /* one dword per lane */
	const char *name;    /* the name, or its prefix when numbered */
	int numbered;        /* name is prefix + decimal index */
	unsigned name_base;  /* index of `first` in its name: 64 for s64 at 1088 */
} reg_class;

/* PC_32 (0) is absent on purpose: amdgcn has only the 64-bit address space,
 * so the model treats it as an unknown register. */
static const reg_class classes[] = {
	{ HD_AMDGPU_PC_64,      1, 64,  0, 0, "pc",     0, 0 },
	{ HD_AMDGPU_EXEC_32,    1, 32, 32, 0, "exec",   0, 0 },
	{ HD_AMDGPU_EXEC_64,    1, 64, 64, 0, "exec",   0, 0 },
	{ HD_AMDGPU_SGPR0,     64, 32,  0, 0, "s",      1, 0 },
	{ HD_AMDGPU_STATUS,     1, 32,  0, 0, "status", 0, 0 },
	{ HD_AMDGPU_VCC_32,     1, 32, 32, 0, "vcc",    0, 0 },
	{ HD_AMDGPU_VCC_64,     1, 64, 64, 0, "vcc",    0, 0 },
	{ HD_AMDGPU_SGPR64,    42, 32,  0, 0, "s",      1, 64 },
	{ HD_AMDGPU_VGPR0_W32, 256, 32, 32, 1, "v",     1, 0 },
	{ HD_AMDGPU_AGPR0_W32, 256, 32, 32, 1, "a",     1, 0 },
	{ HD_AMDGPU_VGPR0_W64, 256, 32, 64, 1, "v",     1, 0 },
	{ HD_AMDGPU_AGPR0_W64, 256, 32, 64, 1, "a",     1, 0 },
};

#define NCLASSES (sizeof classes / sizeof classes[0])

static int in_wave(const reg_class *c, unsigned wave)
{
	return c->wave == 0 || c->wave == wave;
}

static size_t reg_bytes(const reg_class *c, unsigned wave)
{
	return (size_t)c->bits / 8 * (c->vector ? wave : 1);
}

/* The class holding reg in this wave size, or NULL. */
static const reg_class *find_class(unsigned wave, uint64_t reg)
{
	size_t i;

	for (i = 0; i < NCLASSES; i++) {
		const reg_class *c = &classes[i];
		if (in_wave(c, wave) && reg >= c->first && reg - c->first < c->count)
			return c;
	}
	return NULL;
}

/* Storage is the classes of the wave size laid out in table order. */
int hd_amdgpu_reg_slot(unsigned wave, uint64_t reg, hd_amdgpu_slot *slot)
{
	size_t i, offset = 0;

	for (i = 0; i < NCLASSES; i++) {
		const reg_class *c = &classes[i];
		size_t bytes;
		if (!in_wave(c, wave))
			continue;
		bytes = reg_bytes(c, wave);
		if (reg >= c->first && reg - c->first < c->count) {
			slot->offset = offset + (size_t)(reg - c->first) * bytes;
			slot->bytes = bytes;
			slot->vector = c->vector;
			return 0;
		}
		offset += (size_t)c->count * bytes;
	}
	return -1;
}

size_t hd_amdgpu_regs_size(unsigned wave)
{
	size_t i, size = 0;

	for (i = 0; i < NCLASSES; i++)
		if (in_wave(&classes[i], wave))
			size += (size_t)classes[i].count * reg_bytes(&classes[i], wave);
	return size;
}

/* Parses the decimal index after a name prefix: 1 to 3 digits, no leading
 * zero, so each register has exactly one spelling ("s01" is no name). */
static int parse_index(const char *s, size_t len, unsigned *index)
{
	unsigned v = 0;
	size_t i;

	if (len == 0 || len > 3 || (s[0] == '0' && len > 1))
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	*index = v;
	return 0;
}

int hd_amdgpu_reg_lookup(unsigned wave_size, const char *name, size_t len,
                         uint64_t *reg)
{
	size_t i;

	if (name == NULL)
		return -1;
	for (i = 0; i < NCLASSES; i++) {
		const reg_class *c = &classes[i];
		size_t plen = strlen(c->name);
		unsigned index;
		if (!in_wave(c, wave_size) || len < plen || memcmp(name, c->name, plen) != 0)
			continue;
		if (!c->numbered) {
			if (len != plen)
				continue;
			*reg = c->first;
			return 0;
		}
		if (parse_index(name + plen, len - plen, &index) != 0)
			continue;
		if (index >= c->name_base && index - c->name_base < c->count) {
			*reg = c->first + (index - c->name_base);
			return 0;
		}
	}
	return -1;
}

int hd_amdgpu_reg_name(unsigned wave_size, uint64_t reg, char *out, size_t outsz)
{
	const reg_class *c = find_class(wave_size, reg);
	int n;

	if (c == NULL || out == NULL || outsz == 0)
		return -1;
	if (c->numbered)
		n = snprintf(out, outsz, "%s%u", c->name,
		             c->name_base + (unsigned)(reg - c->first));
	else
		n = snprintf(out, outsz, "%s", c->name);
	if (n < 0 || (size_t)n >= outsz) {
		out[0] = '\0';
		return -1;
	}
	return 0;
}

static int unknown_register(const hd_amdgpu *m, uint64_t reg, hd_status *st)
{
	return hd_fail(st, HD_ILL_FORMED, "unknown-register", 0,
	               "register %" PRIu64 " does not exist in amdgpu:wave%u",
	               reg, m->wave);
}

/* The register's slot, checking that n bytes of it exist. */
static int slot_for(const hd_amdgpu *m, uint64_t reg, size_t n, hd_amdgpu_slot *slot,
                    hd_status *st)
{
	if (m == NULL)
		return hd_fail(st, HD_INTERNAL, "no-model", 0, "no AMDGPU model");
	if (hd_amdgpu_reg_slot(m->wave, reg, slot) != 0)
		return unknown_register(m, reg, st);
	if (n > slot->bytes)
		return hd_fail(st, HD_BAD_INPUT, "register-size", 0,
		               "register %" PRIu64 " has %zu bytes, not %zu",
		               reg, slot->bytes, n);
	return 0;
}

int hd_amdgpu_set_reg(hd_amdgpu *m, uint64_t reg, const uint8_t *bytes, size_t n,
                      hd_status *st)
{
	hd_amdgpu_slot slot;

	if (slot_for(m, reg, n, &slot, st) != 0)
		return -1;
	if (n > 0)
		memcpy(m->regs + slot.offset, bytes, n);
	return 0;
}

int hd_amdgpu_get_reg(hd_amdgpu *m, uint64_t reg, uint8_t *bytes, size_t n,
                      hd_status *st)
{
	hd_amdgpu_slot slot;

	if (slot_for(m, reg, n, &slot, st) != 0)
		return -1;
	if (n > 0)
		memcpy(bytes, m->regs + slot.offset, n);
	return 0;
}

int hd_amdgpu_set_lane(hd_amdgpu *m, uint64_t reg, unsigned lane, uint32_t v,
                       hd_status *st)
{
	hd_amdgpu_slot slot;
	uint8_t *p;

	if (slot_for(m, reg, 0, &slot, st) != 0)
		return -1;
	if (!slot.vector)
		return hd_fail(st, HD_BAD_INPUT, "not-vector-register", 0,
		               "register %" PRIu64 " has no lanes", reg);
	if (lane >= m->wave)
		return hd_fail(st, HD_EVAL_ERROR, "lane-out-of-range", 0,
		               "lane %u of a wave%u", lane, m->wave);
	/* Lane L's dword sits at bit 32*L, little-endian like the whole register. */
	p = m->regs + slot.offset + (size_t)lane * 4;
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
	return 0;
}
