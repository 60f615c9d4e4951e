/* What the validator's files (check.c, check_loc.c) share: the state of
 * one validation and how a finding is recorded. */
#ifndef HD_VISA_CHECK_IMPL_H
#define HD_VISA_CHECK_IMPL_H

#include "gen_code.h"
#include "intelgt/claims.h"
#include "visa.h"

/* What the rest of an object's checks learn from its indexMap: where its
 * code ends and the index after its last vISA instruction, when the map
 * has its end entry (visa-map-end). */
typedef struct hd_visa_extent {
	int known;
	uint32_t gen_end;    /* Gen byte offset of the end of the code */
	uint32_t visa_end;   /* every vISA instruction index is below it */
} hd_visa_extent;

typedef struct hd_visa_ck {
	const hd_visa_file *f;
	const hd_visa_options *o;
	hd_visa_findings *out;
	const hd_visa_object *obj;  /* the object being checked */
	uint16_t oi;                /* its index */
	hd_visa_extent ext;
} hd_visa_ck;

/* Records a finding at offset; where says which element, e.g. "object 0
 * 'add' var 3 'V36' interval 0". */
void hd_visa_finding_add(hd_visa_findings *fs, uint64_t offset, hd_visa_rule rule,
                         const char *where, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;

/* A name quoted as the dump prints it, cut to fit cap. */
void hd_visa_quote(const hd_visa_name *n, char *buf, size_t cap);
/* "object I 'NAME'" for the object being checked, then the text of fmt. */
void hd_visa_where(const hd_visa_ck *c, char *buf, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

/* Which element of the object being checked a finding is about, as the
 * parts of "var 3 'V36' interval 0", "sub 0 'S' retval interval 1",
 * "frame befp", "caller-save 2 entry 1". The text is only made when a rule
 * is broken, so a clean file costs no formatting. */
typedef struct hd_visa_site {
	const char *kind;          /* "var", "sub", "frame", "callee-save", "caller-save" */
	long index;                /* -1: none */
	const hd_visa_name *name;  /* NULL: none */
	const char *part;          /* NULL, "retval", "befp", "caller-befp", "ret-addr" */
	const char *item;          /* NULL, "interval", "entry" */
	long item_index;
} hd_visa_site;

/* A finding about site s of the object being checked. */
void hd_visa_report(hd_visa_ck *c, const hd_visa_site *s, uint64_t offset, hd_visa_rule rule,
                    const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;

/* Whether the Gen offset gen of the object being checked (relative to its
 * reloc_offset) starts an instruction of the code the options give; 1 when
 * they give none (visa-gen-instruction is then not checked). */
int hd_visa_on_instruction(const hd_visa_ck *c, uint64_t gen);

/* check_loc.c: one interval list of the object being checked, at site s
 * (its item is set per interval); sub is the sub-routine whose return
 * value it is, or NULL; wide for Gen offsets. */
void hd_visa_check_intervals(hd_visa_ck *c, const hd_visa_intervals *l, int wide,
                             const hd_visa_sub *sub, const hd_visa_site *s);
/* check_loc.c: the object's CallFrameInfo and save tables. */
void hd_visa_check_frame(hd_visa_ck *c);

/* check_dwarf.c: the DWARF's register claims that start in the object being
 * checked (its extent known), marking each in done; then those left over. */
void hd_visa_check_dwarf(hd_visa_ck *c, unsigned char *done);
void hd_visa_check_dwarf_rest(hd_visa_ck *c, const unsigned char *done);

#endif
