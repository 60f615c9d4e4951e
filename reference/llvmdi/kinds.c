/* The table of node kinds and fields (kinds.def) and its lookups. The
 * tables are small and fixed, so a linear scan is enough; nothing here is
 * sized by the input. */
#include <string.h>

#include "impl.h"

const hd_lldi_kind_row hd_lldi_kinds[K_NKINDS] = {
#define HD_LLDI_KIND(sym, name, groups, positional) { name, groups, positional },
#define HD_LLDI_FIELD(kind, name, form, refs, items, flags, en)
#include "kinds.def"
#undef HD_LLDI_KIND
#undef HD_LLDI_FIELD
};

const hd_lldi_field_row hd_lldi_fields[] = {
#define HD_LLDI_KIND(sym, name, groups, positional)
#define HD_LLDI_FIELD(kind, name, form, refs, items, flags, en) \
	{ kind, name, form, refs, items, flags, en },
#include "kinds.def"
#undef HD_LLDI_KIND
#undef HD_LLDI_FIELD
};

const size_t hd_lldi_nfields = sizeof hd_lldi_fields / sizeof hd_lldi_fields[0];

int hd_lldi_kind_find(const char *name)
{
	for (int k = 0; k < K_NKINDS; k++)
		if (strcmp(hd_lldi_kinds[k].name, name) == 0)
			return k;
	return -1;
}

const hd_lldi_field_row *hd_lldi_field_row_find(int kind, const char *name)
{
	for (size_t i = 0; i < hd_lldi_nfields; i++)
		if (hd_lldi_fields[i].kind == kind && strcmp(hd_lldi_fields[i].name, name) == 0)
			return &hd_lldi_fields[i];
	return NULL;
}

size_t hd_lldi_field_rank(int kind, const char *name)
{
	for (size_t i = 0; i < hd_lldi_nfields; i++)
		if (hd_lldi_fields[i].kind == kind && strcmp(hd_lldi_fields[i].name, name) == 0)
			return i;
	return hd_lldi_nfields;
}

uint32_t hd_lldi_node_groups(const hd_lldi_node *n)
{
	if (n->kind[0] == '\0')
		return G_TUPLE;
	return n->known >= 0 ? hd_lldi_kinds[n->known].groups : G_UNKNOWN;
}
