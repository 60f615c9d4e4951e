/* vISA debug information: the binary an Intel Graphics Compiler (IGC)
 * back end writes beside a kernel (magic 0xdeadd010), read into structures,
 * validated rule by rule and printed in a canonical text form that
 * assembles back into the same bytes (docs/visa.md).
 *
 * The reader trusts nothing: every count is checked against the bytes left
 * before anything is allocated, all memory comes from one pool capped at
 * 16 bytes per byte of input, and an error names the byte offset and the
 * field (HD_BAD_INPUT, code "visa/truncated" or "visa/size-limit"). Names
 * point into the caller's bytes, which must outlive the hd_visa_file. */
#ifndef HD_VISA_H
#define HD_VISA_H

#include <stddef.h>
#include <stdint.h>

#include "../util/buf.h"
#include "../util/status.h"

#define HD_VISA_MAGIC 0xdeadd010u
#define HD_VISA_MAX_FILE (512u << 20)

/* virtualType and physicalType (vISA debug information, IntervalVISA). */
enum { HD_VISA_ADDRESS = 0, HD_VISA_FLAG = 1, HD_VISA_GRF = 2, HD_VISA_MEMORY = 3 };

typedef struct hd_visa_name {
	const uint8_t *p;  /* not NUL-terminated */
	uint16_t len;
} hd_visa_name;

/* IntervalVISA (start/end are vISA indices) or IntervalGenISA (Gen byte
 * offsets). loc is the 4-byte Register/Memory union as read little-endian:
 * regNum in bits 0-15 and subRegNum in 16-31, or the memory offset in bits
 * 0-30 (signed) and the absolute flag in bit 31. */
typedef struct hd_visa_interval {
	uint64_t offset;  /* of the interval in the file */
	uint32_t start, end;
	uint8_t vtype, ptype;
	uint32_t loc;
} hd_visa_interval;

typedef struct hd_visa_intervals {
	uint64_t offset;  /* of numIntervals */
	uint16_t n;
	hd_visa_interval *v;
} hd_visa_intervals;

typedef struct hd_visa_map_entry {
	uint32_t visa;  /* vISA byte offset (offsetMap) or index (indexMap) */
	uint32_t gen;   /* Gen byte offset from the object's first instruction */
} hd_visa_map_entry;

typedef struct hd_visa_map {
	uint64_t offset;  /* of numElements */
	uint32_t n;
	hd_visa_map_entry *v;
} hd_visa_map;

typedef struct hd_visa_var {
	uint64_t offset;
	hd_visa_name name;
	hd_visa_intervals lr;  /* vISA indices */
} hd_visa_var;

typedef struct hd_visa_sub {
	uint64_t offset;
	hd_visa_name name;
	uint32_t start, end;      /* vISA indices of the first and last instruction */
	hd_visa_intervals retval; /* vISA indices, as IGC writes and reads it */
} hd_visa_sub;

/* RegInfoMapping: dst is a register (regNum, subRegNum) when in_reg is not
 * 0, else a memory location, with the same layout as hd_visa_interval.loc. */
typedef struct hd_visa_save {
	uint64_t offset;
	uint16_t src, nbytes;  /* bytes from r0.0 */
	uint8_t in_reg;
	uint32_t dst;
} hd_visa_save;

typedef struct hd_visa_save_ip {
	uint64_t offset;
	uint32_t ip;  /* Gen byte offset from the object's first instruction */
	uint16_t n;
	hd_visa_save *v;
} hd_visa_save_ip;

typedef struct hd_visa_saves {
	uint64_t offset;  /* of the count */
	uint16_t n;
	hd_visa_save_ip *v;
} hd_visa_saves;

/* The three Gen-offset interval lists of CallFrameInfo, in file order. */
enum { HD_VISA_BEFP, HD_VISA_CALLER_BEFP, HD_VISA_RET_ADDR, HD_VISA_NFP };

typedef struct hd_visa_frame {
	uint64_t offset;
	uint16_t size;
	uint8_t valid[HD_VISA_NFP];          /* the valid bytes as read */
	uint64_t valid_offset[HD_VISA_NFP];
	hd_visa_intervals fp[HD_VISA_NFP];   /* empty when valid is 0 */
	hd_visa_saves callee, caller;
} hd_visa_frame;

typedef struct hd_visa_object {
	uint64_t offset;
	hd_visa_name name;
	uint32_t reloc;
	hd_visa_map offset_map, index_map;
	uint64_t vars_offset;
	uint32_t nvars;
	hd_visa_var *vars;
	uint64_t subs_offset;
	uint16_t nsubs;
	hd_visa_sub *subs;
	hd_visa_frame frame;
} hd_visa_object;

struct hd_visa_block;

typedef struct hd_visa_file {
	uint32_t magic;
	uint16_t nobjects;
	hd_visa_object *objects;
	const uint8_t *bytes;
	size_t size;  /* of the file */
	size_t end;   /* where the last object ends; bytes past it are trailing */
	struct hd_visa_block *blocks;  /* the pool (read.c) */
	size_t pool_used, pool_cap;
} hd_visa_file;

/* Reads the whole file; *out is NULL after an error. */
int hd_visa_read(const uint8_t *p, size_t n, hd_visa_file **out, hd_status *st);
void hd_visa_free(hd_visa_file *f);

/* The location of the union loc for a physical type: register parts, or the
 * memory offset (bits 0-30, sign-extended) and whether it is absolute. */
uint16_t hd_visa_regnum(uint32_t loc);
uint16_t hd_visa_subreg(uint32_t loc);
int32_t hd_visa_mem_offset(uint32_t loc);
int hd_visa_mem_absolute(uint32_t loc);

/* ------------------------------------------------------------------------
 * Rules (rules.def, checked in check*.c). */

typedef enum hd_visa_rule {
#define HD_VISA_RULE(sym, id, source, what) sym,
#include "rules.def"
#undef HD_VISA_RULE
	HD_VISA_NRULES
} hd_visa_rule;

const char *hd_visa_rule_id(hd_visa_rule r);
/* Every rule id, a tab, its source; one per line. */
void hd_visa_rules_print(hd_buf *out);

typedef struct hd_visa_finding {
	uint64_t offset;
	hd_visa_rule rule;
	char where[120];
	char msg[200];
} hd_visa_finding;

#define HD_VISA_MAX_FINDINGS 10000u

typedef struct hd_visa_findings {
	hd_visa_finding *v;
	size_t n, cap;
	size_t dropped;  /* past the cap, or when an allocation failed */
} hd_visa_findings;

typedef struct hd_visa_options {
	int code_size_known;  /* visa-map-in-code is checked only when set */
	uint64_t code_size;   /* bytes of Gen code the objects were placed in */
	const struct hd_gen_code *code;  /* the code's instruction starts, or NULL:
	                                    visa-gen-instruction is checked only then */
	const struct hd_gt_claims *claims;  /* what the kernel's DWARF says is in
	                                       which GRF, or NULL: visa-dwarf-register
	                                       is checked only then */
} hd_visa_options;

/* Checks every rule; returns how many findings (dropped ones included). */
size_t hd_visa_validate(const hd_visa_file *f, const hd_visa_options *o, hd_visa_findings *out);
/* Sorted by offset, then rule id: one line each, then "no rule broken" or
 * "N finding(s)". */
void hd_visa_findings_print(hd_visa_findings *fs, hd_buf *out);
void hd_visa_findings_free(hd_visa_findings *fs);

/* ------------------------------------------------------------------------
 * The canonical text form (dump.c) and its assembler (asm.c). */

void hd_visa_dump(const hd_visa_file *f, hd_buf *out);
/* Text in the dump's form (comments and what follows `end` ignored) to the
 * bytes it describes. Errors are HD_BAD_INPUT with the line in offset. */
int hd_visa_assemble(const char *text, size_t n, hd_buf *out, hd_status *st);

#endif
