/* The text form of a code object and of a wavefront's initial state
 * (hdref codeobj-dump, docs/amdgpu-dispatch.md "hdref codeobj-dump"). The
 * descriptor's fields that have an assembler directive print under that
 * directive's name and value, the way llvm-objdump prints a descriptor, so
 * the two can be compared line by line. */
#include <inttypes.h>

#include "codeobj.h"
#include "../model.h"

static const char *feature(uint32_t flags, uint32_t mask)
{
	static const char *const names[] = { "unsupported", "any", "off", "on" };
	unsigned shift = mask == HD_EF_AMDGPU_FEATURE_XNACK_V4 ? 8 : 10;

	return names[(flags & mask) >> shift];
}

static void print_kd(const hd_kd *kd, hd_buf *out)
{
	hd_buf_printf(out, "  .amdhsa_group_segment_fixed_size %" PRIu32 "\n",
	              kd->group_segment_fixed_size);
	hd_buf_printf(out, "  .amdhsa_private_segment_fixed_size %" PRIu32 "\n",
	              kd->private_segment_fixed_size);
	hd_buf_printf(out, "  .amdhsa_kernarg_size %" PRIu32 "\n", kd->kernarg_size);
	hd_buf_printf(out, "  kd kernel_code_entry_byte_offset %" PRId64 "\n",
	              kd->kernel_code_entry_byte_offset);
	for (int f = 0; f < HD_KD_NFIELDS; f++) {
		const char *dir = hd_kd_field_directive((hd_kd_field)f);
		if (dir != NULL)
			hd_buf_printf(out, "  .amdhsa_%s %" PRIu32 "\n", dir, hd_kd_get(kd, (hd_kd_field)f));
		else
			hd_buf_printf(out, "  kd %s %" PRIu32 "\n", hd_kd_field_name((hd_kd_field)f),
			              hd_kd_get(kd, (hd_kd_field)f));
	}
	hd_buf_printf(out, "  entry 0x%" PRIx64 "\n", hd_kd_entry(kd));
}

static void print_kernel(const hd_co_kernel *k, hd_buf *out)
{
	hd_buf_printf(out, "kernel %s\n", k->name);
	hd_buf_printf(out, "  .symbol %s\n", k->symbol);
	hd_buf_printf(out, "  .kernarg_segment_size %" PRIu64 "\n", k->kernarg_segment_size);
	hd_buf_printf(out, "  .kernarg_segment_align %" PRIu64 "\n", k->kernarg_segment_align);
	hd_buf_printf(out, "  .group_segment_fixed_size %" PRIu64 "\n", k->group_segment_fixed_size);
	hd_buf_printf(out, "  .private_segment_fixed_size %" PRIu64 "\n",
	              k->private_segment_fixed_size);
	hd_buf_printf(out, "  .wavefront_size %" PRIu64 "\n", k->wavefront_size);
	hd_buf_printf(out, "  .sgpr_count %" PRIu64 "\n", k->sgpr_count);
	hd_buf_printf(out, "  .vgpr_count %" PRIu64 "\n", k->vgpr_count);
	hd_buf_printf(out, "  .agpr_count %" PRIu64 "\n", k->agpr_count);
	hd_buf_printf(out, "  .max_flat_workgroup_size %" PRIu64 "\n", k->max_flat_workgroup_size);
	for (size_t i = 0; i < k->nargs; i++) {
		const hd_co_arg *a = &k->args[i];
		hd_buf_printf(out, "  arg %" PRIu64 " %" PRIu64 " %s", a->offset, a->size, a->value_kind);
		if (a->name != NULL)
			hd_buf_printf(out, " name=%s", a->name);
		if (a->type_name != NULL)
			hd_buf_printf(out, " type=%s", a->type_name);
		if (a->address_space != NULL)
			hd_buf_printf(out, " space=%s", a->address_space);
		hd_buf_byte(out, '\n');
	}
	print_kd(&k->kd, out);
}

void hd_codeobj_print(const hd_codeobj *co, hd_buf *out)
{
	uint32_t fl = hd_codeobj_e_flags(co);

	hd_buf_printf(out, "code object v%u %s e_flags 0x%" PRIx32 " xnack %s sramecc %s\n",
	              hd_codeobj_version(co), hd_codeobj_processor(co), fl,
	              feature(fl, HD_EF_AMDGPU_FEATURE_XNACK_V4),
	              feature(fl, HD_EF_AMDGPU_FEATURE_SRAMECC_V4));
	if (hd_codeobj_target(co) != NULL)
		hd_buf_printf(out, "target %s\n", hd_codeobj_target(co));
	for (size_t i = 0; i < hd_codeobj_nsegments(co); i++) {
		const hd_co_segment *s = hd_codeobj_segment(co, i);
		hd_buf_printf(out, "segment 0x%" PRIx64 " 0x%" PRIx64 " %c%c%c\n", s->vaddr, s->memsz,
		              s->flags & 4 ? 'r' : '-', s->flags & 2 ? 'w' : '-',
		              s->flags & 1 ? 'x' : '-');
	}
	for (size_t i = 0; i < hd_codeobj_nsymbols(co); i++) {
		const hd_co_symbol *s = hd_codeobj_symbol(co, i);
		if (s->dynamic && (s->type == HD_CO_STT_FUNC || s->type == HD_CO_STT_OBJECT))
			hd_buf_printf(out, "symbol %s %s 0x%" PRIx64 " %" PRIu64 "\n", s->name,
			              s->type == HD_CO_STT_FUNC ? "func" : "object", s->value, s->size);
	}
	for (size_t i = 0; i < hd_codeobj_nkernels(co); i++)
		print_kernel(hd_codeobj_kernel(co, i), out);
}

void hd_dispatch_print(const hd_dispatch_state *s, hd_buf *out)
{
	char name[16];

	hd_buf_printf(out, "pc 0x%" PRIx64 "\nexec 0x%" PRIx64 "\nmode 0x%" PRIx32 "\n", s->pc,
	              s->exec, s->mode);
	for (size_t i = 0; i < s->nsgprs; i++) {
		hd_amdgpu_reg_name(s->wave_size, s->sgprs[i].reg, name, sizeof name);
		hd_buf_printf(out, "%s 0x%08" PRIx32 " %s%s\n", name, s->sgprs[i].value,
		              s->sgprs[i].what, i < s->nuser_sgprs ? " (user)" : "");
	}
	for (unsigned v = 0; v < s->nvgprs; v++) {
		hd_buf_printf(out, "v%u", v);
		for (unsigned l = 0; l < s->wave_size; l++)
			hd_buf_printf(out, " %" PRIx32, s->vgpr[v][l]);
		hd_buf_byte(out, '\n');
	}
	hd_buf_printf(out, "packet 0x%" PRIx64, s->packet_address);
	for (int i = 0; i < 64; i++)
		hd_buf_printf(out, "%s%02x", i % 4 ? "" : " ", s->packet[i]);
	hd_buf_printf(out, "\nkernarg 0x%" PRIx64, s->kernarg_address);
	for (size_t i = 0; i < s->kernarg_size; i++)
		hd_buf_printf(out, "%s%02x", i % 4 ? "" : " ", s->kernarg[i]);
	hd_buf_byte(out, '\n');
}
