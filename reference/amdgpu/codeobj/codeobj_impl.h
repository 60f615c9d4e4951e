/* Private to amdgpu/codeobj/: the code object's storage. */
#ifndef HD_CODEOBJ_IMPL_H
#define HD_CODEOBJ_IMPL_H

#include "../../util/arena.h"
#include "codeobj.h"
#include "msgpack.h"

struct hd_codeobj {
	hd_arena arena;        /* everything below, freed at once */
	uint32_t e_flags;
	unsigned version;
	const char *processor;
	const char *target;
	hd_co_segment *segs;
	size_t nsegs;
	hd_co_symbol *syms;
	size_t nsyms;
	hd_co_kernel *kernels;
	size_t nkernels;
};

/* A NUL-terminated copy of a MessagePack string in the code object's arena;
 * NULL when v is no string or memory ran out. */
const char *hd_co_str(hd_codeobj *co, const hd_mp *v);

/* The kernels of the metadata note's descriptor (metadata.c); desc_offset
 * is the descriptor's file offset, added to the offsets of errors. */
int hd_co_read_metadata(hd_codeobj *co, const uint8_t *desc, size_t n, uint64_t desc_offset,
                        hd_status *st);

#endif
