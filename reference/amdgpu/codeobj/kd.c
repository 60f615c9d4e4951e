/* The 64-byte kernel descriptor (AMDGPUUsage "Kernel Descriptor"): its
 * byte layout, and its bit fields read through the kd_fields.def table so
 * that names, directives and positions live in one place. */
#include <string.h>

#include "codeobj.h"

enum { RSRC1, RSRC2, RSRC3, PROPS, PRELOAD };

typedef struct kd_field_info {
	const char *name, *directive;
	unsigned word, shift, width;
} kd_field_info;

static const kd_field_info fields[HD_KD_NFIELDS] = {
#define KD_FIELD(id, name, directive, word, shift, width) { name, directive, word, shift, width },
#include "kd_fields.def"
#undef KD_FIELD
};

static uint64_t le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v = v << 8 | p[n];
	return v;
}

/* Reserved bytes must be zero (AMDGPUUsage: "Reserved, must be 0"); a
 * descriptor with others set is of a layout this reader does not know. */
static int reserved_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != 0)
			return 0;
	return 1;
}

int hd_kd_decode(const uint8_t bytes[64], uint64_t address, hd_kd *kd, hd_status *st)
{
	memset(kd, 0, sizeof *kd);
	kd->address = address;
	kd->group_segment_fixed_size = (uint32_t)le(bytes, 4);
	kd->private_segment_fixed_size = (uint32_t)le(bytes + 4, 4);
	kd->kernarg_size = (uint32_t)le(bytes + 8, 4);
	kd->kernel_code_entry_byte_offset = (int64_t)le(bytes + 16, 8);
	kd->compute_pgm_rsrc3 = (uint32_t)le(bytes + 44, 4);
	kd->compute_pgm_rsrc1 = (uint32_t)le(bytes + 48, 4);
	kd->compute_pgm_rsrc2 = (uint32_t)le(bytes + 52, 4);
	kd->kernel_code_properties = (uint16_t)le(bytes + 56, 2);
	kd->kernarg_preload = (uint16_t)le(bytes + 58, 2);
	if (!reserved_zero(bytes + 12, 4) || !reserved_zero(bytes + 24, 20) ||
	    !reserved_zero(bytes + 60, 4))
		return hd_fail(st, HD_BAD_INPUT, "codeobj-kd-reserved", address,
		               "kernel descriptor at 0x%llx: a reserved byte is not 0",
		               (unsigned long long)address);
	return 0;
}

uint32_t hd_kd_get(const hd_kd *kd, hd_kd_field f)
{
	const kd_field_info *fi = &fields[f];
	uint32_t w = fi->word == RSRC1 ? kd->compute_pgm_rsrc1
	             : fi->word == RSRC2 ? kd->compute_pgm_rsrc2
	             : fi->word == RSRC3 ? kd->compute_pgm_rsrc3
	             : fi->word == PROPS ? kd->kernel_code_properties
	                                 : kd->kernarg_preload;

	return (w >> fi->shift) & ((1u << fi->width) - 1);
}

const char *hd_kd_field_name(hd_kd_field f)
{
	return fields[f].name;
}

const char *hd_kd_field_directive(hd_kd_field f)
{
	return fields[f].directive;
}

uint64_t hd_kd_entry(const hd_kd *kd)
{
	return kd->address + (uint64_t)kd->kernel_code_entry_byte_offset;
}
