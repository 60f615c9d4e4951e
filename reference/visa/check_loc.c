/* The validator, part two: live intervals and the locations they give, the
 * call frame and the caller/callee save tables (docs/visa.md, "Rules").
 * One fault is one finding: a check that needs a well-formed interval or a
 * known object extent skips what another rule has already reported. */
#include <stdio.h>

#include "check_impl.h"

/* The largest register files a vISA target has, for visa-register-range:
 * 256 GRFs of 64 bytes (Xe-HPC's large-GRF mode), four 32-bit flag
 * registers of two 16-bit halves (f0-f3), one address register of sixteen
 * 16-bit elements (a0.0-a0.15). subRegNum is in bytes for a GRF and in
 * elements for flags and a0, as IGC writes it (visa/DebugInfo.cpp,
 * emitRegisterMapping). */
static const struct regfile {
	uint16_t max_reg, max_sub;
	char prefix;
} regfiles[3] = {
	[HD_VISA_ADDRESS] = { 0, 15, 'a' },
	[HD_VISA_FLAG] = { 3, 1, 'f' },
	[HD_VISA_GRF] = { 255, 63, 'r' },
};

#define GRF_FILE_BYTES (256u * 64u)

static const char *const type_name[4] = { "address", "flag", "general", "memory" };

static int registers_ok(int ptype, uint32_t loc)
{
	const struct regfile *r = &regfiles[ptype];

	return hd_visa_regnum(loc) <= r->max_reg && hd_visa_subreg(loc) <= r->max_sub;
}

static void register_range(hd_visa_ck *c, uint64_t offset, const hd_visa_site *where, int ptype,
                           uint32_t loc)
{
	const struct regfile *r = &regfiles[ptype];

	if (registers_ok(ptype, loc))
		return;
	hd_visa_report(c, where, offset, HD_VISA_R_REGISTER_RANGE,
	                    "%c%u.%u is outside %c0-%c%u with sub-registers .0-.%u", r->prefix,
	                    (unsigned)hd_visa_regnum(loc), (unsigned)hd_visa_subreg(loc), r->prefix,
	                    r->prefix, (unsigned)r->max_reg, (unsigned)r->max_sub);
}

/* A memory location of nbytes (1 when the size is not known): absolute in
 * scratch from offset 0 up, or relative to this frame's BE_FP and inside
 * [0, frameSizeInBytes). */
static void memory(hd_visa_ck *c, uint64_t offset, const hd_visa_site *where, uint32_t loc,
                   uint32_t nbytes)
{
	const hd_visa_frame *fr = &c->obj->frame;
	int64_t off = hd_visa_mem_offset(loc);

	if (hd_visa_mem_absolute(loc)) {
		if (off < 0)
			hd_visa_report(c, where, offset, HD_VISA_R_MEMORY_RANGE,
			                    "absolute scratch offset %lld is negative", (long long)off);
		return;
	}
	if (fr->valid[HD_VISA_BEFP] == 0) {
		hd_visa_report(c, where, offset, HD_VISA_R_MEMORY_BASE,
		                    "be_fp%+lld is relative to BE_FP, which this object does not have",
		                    (long long)off);
		return;
	}
	if (off < 0 || off + nbytes > fr->size)
		hd_visa_report(c, where, offset, HD_VISA_R_MEMORY_RANGE,
		                    "be_fp%+lld, %u byte%s, is outside the frame of %u bytes",
		                    (long long)off, (unsigned)nbytes, nbytes == 1 ? "" : "s",
		                    (unsigned)fr->size);
}

/* The types and the location of one interval. */
static void location(hd_visa_ck *c, const hd_visa_interval *in, const hd_visa_site *where)
{
	int v = in->vtype, p = in->ptype;

	if (v > HD_VISA_GRF)
		hd_visa_report(c, where, in->offset, HD_VISA_R_VIRTUAL_TYPE,
		                    "virtualType %d is not 0 (address), 1 (flag) or 2 (general)", v);
	if (p > HD_VISA_MEMORY) {
		hd_visa_report(c, where, in->offset, HD_VISA_R_PHYSICAL_TYPE,
		                    "physicalType %d is not 0 (address), 1 (flag), 2 (GRF) or 3 (memory)",
		                    p);
		return;
	}
	/* Only general variables live in GRFs or memory; flag and address
	 * variables keep to their own file or spill to a GRF or memory. */
	if (v <= HD_VISA_GRF && ((v == HD_VISA_GRF && p <= HD_VISA_FLAG) ||
	                         (v == HD_VISA_FLAG && p == HD_VISA_ADDRESS) ||
	                         (v == HD_VISA_ADDRESS && p == HD_VISA_FLAG)))
		hd_visa_report(c, where, in->offset, HD_VISA_R_TYPE_PAIR,
		                    "a %s variable in a%s %s register", type_name[v],
		                    p == HD_VISA_ADDRESS ? "n" : "", type_name[p]);
	if (p == HD_VISA_MEMORY)
		memory(c, in->offset, where, in->loc, 1);
	else
		register_range(c, in->offset, where, p, in->loc);
}

/* Where an ordered interval sits: in order after the one before, inside
 * the object (and the sub-routine whose return value it is). vISA intervals
 * are [start, end], both instructions included, as IGC's reader maps them
 * (IGC/DebugInfo/DwarfDebug.cpp); Gen intervals are [start, end) bytes. */
static void placement(hd_visa_ck *c, const hd_visa_interval *in, const hd_visa_interval *prev,
                      int wide, const hd_visa_sub *sub, const hd_visa_site *where)
{
	if (prev != NULL && in->start < prev->start)
		hd_visa_report(c, where, in->offset, HD_VISA_R_INTERVAL_OVERLAP,
		                    "starts at %u, before the interval before it (%u)",
		                    (unsigned)in->start, (unsigned)prev->start);
	else if (prev != NULL && (wide ? in->start < prev->end : in->start <= prev->end))
		hd_visa_report(c, where, in->offset, HD_VISA_R_INTERVAL_OVERLAP,
		                    "starts at %u, inside the interval before it (%u..%u)",
		                    (unsigned)in->start, (unsigned)prev->start, (unsigned)prev->end);
	if (wide && c->ext.known && in->end > c->ext.gen_end)
		hd_visa_report(c, where, in->offset, HD_VISA_R_GEN_IN_OBJECT,
		                    "ends at 0x%x, past the object's code (0x%x bytes)",
		                    (unsigned)in->end, (unsigned)c->ext.gen_end);
	if (!wide && c->ext.known && in->end >= c->ext.visa_end)
		hd_visa_report(c, where, in->offset, HD_VISA_R_INTERVAL_IN_MAP,
		                    "ends at %u, past the last vISA instruction, %u", (unsigned)in->end,
		                    (unsigned)c->ext.visa_end - 1);
	if (sub != NULL && sub->start <= sub->end &&
	    (in->start < sub->start || in->end > sub->end))
		hd_visa_report(c, where, in->offset, HD_VISA_R_INTERVAL_IN_SUB,
		                    "%u..%u is not inside the sub-routine, %u..%u",
		                    (unsigned)in->start, (unsigned)in->end, (unsigned)sub->start,
		                    (unsigned)sub->end);
}

void hd_visa_check_intervals(hd_visa_ck *c, const hd_visa_intervals *l, int wide,
                             const hd_visa_sub *sub, const hd_visa_site *s)
{
	const hd_visa_interval *prev = NULL;
	hd_visa_site at = *s;
	hd_visa_site *where = &at;

	at.item = "interval";
	for (uint16_t i = 0; i < l->n; i++) {
		const hd_visa_interval *in = &l->v[i];

		at.item_index = i;
		location(c, in, where);
		if (wide && (in->start % 8 != 0 || in->end % 8 != 0))
			hd_visa_report(c, where, in->offset, HD_VISA_R_GEN_ALIGN,
			               "0x%x..0x%x: a bound is not a multiple of 8", (unsigned)in->start,
			               (unsigned)in->end);
		else if (wide && (!hd_visa_on_instruction(c, in->start) ||
		                  !hd_visa_on_instruction(c, in->end)))
			hd_visa_report(c, where, in->offset, HD_VISA_R_GEN_INSTRUCTION,
			               "0x%x..0x%x: a bound is inside an instruction of the code",
			               (unsigned)in->start, (unsigned)in->end);
		if (in->start > in->end) {
			/* empty: IGC's own reader skips it, and so do the checks below */
			hd_visa_report(c, where, in->offset, HD_VISA_R_INTERVAL_ORDER,
			               "start %u is after end %u", (unsigned)in->start, (unsigned)in->end);
			continue;
		}
		placement(c, in, prev, wide, sub, where);
		prev = in;
	}
}

/* ------------------------------------------------------------------------
 * The call frame. */

static const char *const fp_name[HD_VISA_NFP] = { "befp", "caller-befp", "ret-addr" };

/* BE_FP lives in a GRF (IGC's reader asserts it); the caller's BE_FP and
 * the return address live in this frame's descriptor, in memory relative
 * to BE_FP (IGC writes them so, emitFrameDescriptorOffsetLiveInterval). */
static void frame_location(hd_visa_ck *c, int k, const hd_visa_site *where)
{
	const hd_visa_intervals *l = &c->obj->frame.fp[k];

	for (uint16_t i = 0; i < l->n; i++) {
		const hd_visa_interval *in = &l->v[i];
		int p = in->ptype;

		if (p > HD_VISA_MEMORY)
			continue;
		if (k == HD_VISA_BEFP && p != HD_VISA_GRF)
			hd_visa_report(c, where, in->offset, HD_VISA_R_FRAME_LOCATION,
			                    "interval %u: BE_FP is in %s, not in a GRF", (unsigned)i,
			                    type_name[p]);
		else if (k != HD_VISA_BEFP && (p != HD_VISA_MEMORY || hd_visa_mem_absolute(in->loc)))
			hd_visa_report(c, where, in->offset, HD_VISA_R_FRAME_LOCATION,
			                    "interval %u: the %s is not in memory relative to BE_FP",
			                    (unsigned)i,
			                    k == HD_VISA_CALLER_BEFP ? "caller's BE_FP" : "return address");
	}
}

static void frame_flags(hd_visa_ck *c)
{
	const hd_visa_frame *fr = &c->obj->frame;
	int kernel = c->obj->reloc == 0;

	for (int k = 0; k < HD_VISA_NFP; k++) {
		hd_visa_site at = { "frame", -1, NULL, fp_name[k], NULL, 0 };
		const hd_visa_site *where = &at;

		if (fr->valid[k] > 1)
			hd_visa_report(c, where, fr->valid_offset[k], HD_VISA_R_FRAME_FLAG,
			               "the valid byte is %u, not 0 or 1", (unsigned)fr->valid[k]);
		if (fr->valid[k] != 0 && fr->fp[k].n == 0)
			hd_visa_report(c, where, fr->valid_offset[k], HD_VISA_R_FRAME_EMPTY,
			               "valid, with no interval");
		if (kernel && k != HD_VISA_BEFP && fr->valid[k] != 0)
			hd_visa_report(c, where, fr->valid_offset[k], HD_VISA_R_FRAME_KERNEL,
			               "a kernel (reloc_offset 0) has no caller, so no %s",
			               k == HD_VISA_CALLER_BEFP ? "caller's BE_FP" : "return address");
		if (!kernel && fr->valid[k] == 0)
			hd_visa_report(c, where, fr->valid_offset[k], HD_VISA_R_FRAME_FUNCTION,
			               "a stack-call function (reloc_offset 0x%x) needs its %s",
			               (unsigned)c->obj->reloc,
			               k == HD_VISA_BEFP          ? "BE_FP"
			               : k == HD_VISA_CALLER_BEFP ? "caller's BE_FP"
			                                          : "return address");
		frame_location(c, k, where);
		hd_visa_check_intervals(c, &fr->fp[k], 1, NULL, where);
	}
}

/* ------------------------------------------------------------------------
 * Save tables: at each IP, in increasing order, where whole GRFs are kept. */

static void save_entry(hd_visa_ck *c, const hd_visa_save *s, const hd_visa_site *where)
{
	if (s->in_reg > 1)
		hd_visa_report(c, where, s->offset, HD_VISA_R_SAVE_FLAG,
		                    "dstInReg is %u, not 0 or 1", (unsigned)s->in_reg);
	if (s->nbytes == 0 || s->src % 32 != 0 || (uint32_t)s->src + s->nbytes > GRF_FILE_BYTES)
		hd_visa_report(c, where, s->offset, HD_VISA_R_SAVE_SOURCE,
		                    "%u bytes from byte %u of the GRF file: %s", (unsigned)s->nbytes,
		                    (unsigned)s->src,
		                    s->nbytes == 0        ? "nothing saved"
		                    : s->src % 32 != 0    ? "not the start of a GRF"
		                                          : "past r255");
	if (s->in_reg != 0)
		register_range(c, s->offset, where, HD_VISA_GRF, s->dst);
	else
		memory(c, s->offset, where, s->dst, s->nbytes ? s->nbytes : 1);
}

static void save_table(hd_visa_ck *c, const hd_visa_saves *t, const char *name)
{
	for (uint16_t i = 0; i < t->n; i++) {
		const hd_visa_save_ip *ip = &t->v[i];
		hd_visa_site at = { name, i, NULL, NULL, NULL, 0 };
		const hd_visa_site *where = &at;

		if (i > 0 && ip->ip <= t->v[i - 1].ip)
			hd_visa_report(c, where, ip->offset, HD_VISA_R_SAVE_ORDER,
			               "IP 0x%x does not follow 0x%x of the entry before", (unsigned)ip->ip,
			               (unsigned)t->v[i - 1].ip);
		if (ip->ip % 8 != 0)
			hd_visa_report(c, where, ip->offset, HD_VISA_R_GEN_ALIGN,
			               "IP 0x%x is not a multiple of 8", (unsigned)ip->ip);
		else if (!hd_visa_on_instruction(c, ip->ip))
			hd_visa_report(c, where, ip->offset, HD_VISA_R_GEN_INSTRUCTION,
			               "IP 0x%x is inside an instruction of the code", (unsigned)ip->ip);
		if (c->ext.known && ip->ip > c->ext.gen_end)
			hd_visa_report(c, where, ip->offset, HD_VISA_R_GEN_IN_OBJECT,
			               "IP 0x%x is past the object's code (0x%x bytes)", (unsigned)ip->ip,
			               (unsigned)c->ext.gen_end);
		at.item = "entry";
		for (uint16_t k = 0; k < ip->n; k++) {
			at.item_index = k;
			save_entry(c, &ip->v[k], where);
		}
	}
}

void hd_visa_check_frame(hd_visa_ck *c)
{
	frame_flags(c);
	save_table(c, &c->obj->frame.callee, "callee-save");
	save_table(c, &c->obj->frame.caller, "caller-save");
}
