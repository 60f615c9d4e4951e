/* What the dump's two files share: dump.c (the walk, the labels, the
 * sections) and dump_print.c (values and nodes). */
#ifndef HD_LLVMDI_DUMP_IMPL_H
#define HD_LLVMDI_DUMP_IMPL_H

#include "check_impl.h"

/* A node's mark during the dump: an entity's index, seen, on the path
 * being printed. */
#define ENTITY 0x80000000u
#define SEEN 0x40000000u
#define ONPATH 0x20000000u
#define INDEX_OF(mark) ((mark) & ~(ENTITY | SEEN | ONPATH))

typedef struct entity {
	hd_lldi_node *node;
	char *base;        /* `DIBasicType "int"` */
	uint32_t ordinal;  /* among entities with the same base, from 1 */
} entity;

typedef struct dumper {
	const hd_lldi_module *m;
	hd_buf *out;
	entity *ents;
	uint32_t nents, capents;
	hd_lldi_node **stack;
	size_t nstack, capstack;
	int budget;
	int failed;
} dumper;

/* A node's fields in kinds.def's order (unknown ones after, by name):
 * idx gets the permutation. */
void field_order_of(const hd_lldi_node *n, uint32_t *idx);
void hd_lldi_put_label(hd_buf *out, const entity *e);
void hd_lldi_put_value(dumper *d, const hd_lldi_value *v, uint32_t depth);
void hd_lldi_put_node(dumper *d, const hd_lldi_node *n, uint32_t depth);

#endif
