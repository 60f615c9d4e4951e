/* Readings of a producer's location expressions (docs/value-check.md,
 * "Readings"). clang for amdgcn writes DWARF 5 forms that the DWARF
 * Extensions for Heterogeneous Debugging deprecate: a frame base in a
 * 32-bit SGPR, and `DW_OP_lit<A>; DW_OP_swap; DW_OP_xderef` after the
 * variable's address. Consumers read them differently, so the check shows
 * what each reading makes a debugger show. A reading is written as a
 * rewrite into the extension's own operations, which the reference
 * evaluator then runs unchanged: it stays the one definition of every
 * operation. */
#ifndef HD_WATCH_READING_H
#define HD_WATCH_READING_H

#include <stddef.h>
#include <stdint.h>

#include "dwarf/write/die.h"
#include "dwarf/eval/target.h"
#include "util/buf.h"

typedef enum hd_reading_kind {
	/* as the extension defines every operation: a register frame base is
	 * the address in that register, read at the generic type's size, and
	 * DW_OP_xderef reads memory; the check's verdict */
	HD_READING_EXTENSION,
	/* as a DWARF 5 consumer such as GDB reads it: a register narrower than
	 * an address is zero-extended (DWARF 5 3.3.5 makes DW_OP_reg<n> the
	 * frame base DW_OP_breg<n> 0); DW_OP_xderef still reads memory */
	HD_READING_DWARF5,
	/* as LLVM's AMDGPU back end means it: the 32-bit frame base register
	 * holds the wave's unswizzled scratch offset, a lane's private_lane
	 * address times the wavefront size, and `DW_OP_lit<A>; DW_OP_swap;
	 * DW_OP_xderef` names address space A without reading memory */
	HD_READING_LLVM,
	HD_READINGS
} hd_reading_kind;

typedef struct hd_reading {
	hd_reading_kind kind;
	/* HD_READING_LLVM: A is clang's own numbering (private 1, local 2), as
	 * clang 19 and older write it, rather than DW_ASPACE_AMDGPU_* */
	int clang_aspaces;
} hd_reading;

/* "extension", "dwarf5", "llvm"; NULL past the last. */
const char *hd_reading_name(hd_reading_kind k);

/* The reading kind named s, or HD_READINGS when s names none. */
hd_reading_kind hd_reading_by_name(const char *s);

/* Whether u's DW_AT_producer is clang 19 or older, which number address
 * spaces their own way (private 1, local 2). */
int hd_reading_clang_aspaces(const hd_dw_unit *u);

/* The bits of pointer or reference type t of u when it has no
 * DW_AT_byte_size: the unit's address size, or 32 when its
 * DW_AT_address_class names a 32-bit address space. Under the extension's
 * and DWARF 5's reading the classes are the extension's (DW_ADDR_LLVM_group
 * 3 and DW_ADDR_LLVM_private 4 are 32-bit, AMDGPUUsage "Address Class
 * Identifier"); under LLVM's, clang's own private 1 and local 2, or for a
 * later clang DW_ASPACE_AMDGPU_local 3 and private_lane 5. */
unsigned hd_reading_pointer_bits(const hd_reading *rd, const hd_dw_unit *u, const hd_die *t);

/* Appends to out expression b of n bytes as reading rd means it, written
 * in the extension's operations for arch; frame_base says whether b is a
 * DW_AT_frame_base (else a location). An expression the reading does not
 * change is copied. Errors: the decoder's ill-formed verdicts, and
 * "register-unknown" for a frame base register arch lacks. */
int hd_reading_rewrite(const hd_reading *rd, const hd_target *arch, const hd_encoding *enc,
                       int frame_base, const uint8_t *b, size_t n, hd_buf *out, hd_status *st);

#endif
