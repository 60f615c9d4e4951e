/* Templates: DebugTypeTemplate and its three parameter kinds
 * (docs/lowering.md, "DebugTypeTemplate" and after). DWARF has no entry for
 * "an instantiation": the instantiated class or function carries its
 * parameters as children (DWARF 5 section 2.23), so the template's DIE is
 * its Target's, and the parameters are built as that DIE's children here.
 * The parameter instructions have no DIE of their own; nothing but a
 * template's or a pack's Parameters refers to them. */
#include <string.h>

#include "lower_type.h"

/* A pack nested in a pack nested in ... deeper than this is a cycle. */
#define MAX_DEPTH 16

static int build(hd_lw *L, hd_die *parent, uint32_t id, int depth);

/* DW_TAG_template_type_parameter, or DW_TAG_template_value_parameter when
 * the Value is not DebugInfoNone (DebugInfo 1.00 section 4.4): name, the actual
 * type, and the value as DW_AT_const_value when it is a constant. */
static int value_or_type(hd_lw *L, hd_die *parent, const hd_di_node *n)
{
	uint32_t value = hd_lw_word(n, HD_O_Value), type = hd_lw_word(n, HD_O_Actual_Type);
	int is_value = value && !hd_lw_is_none(L, value);
	hd_die *d = hd_die_new(L->u, parent, is_value ? DW_TAG_template_value_parameter :
	                                                DW_TAG_template_type_parameter);

	if (!d || hd_lw_name(L, d, n, HD_O_Name) != 0 || hd_lw_type(L, d, DW_AT_type, type) != 0 ||
	    hd_lw_decl(L, d, n) != 0)
		return -1;
	if (is_value && hd_lower_const_value(L, d, value, hd_lower_type_is_signed(L, type)) < 0)
		return -1;
	return 0;
}

/* DW_TAG_GNU_template_template_param with the template's name as
 * DW_AT_GNU_template_name: the GNU extension GCC and clang both write,
 * since DWARF 5 has no template template parameter. */
static int template_template(hd_lw *L, hd_die *parent, const hd_di_node *n)
{
	hd_die *d = hd_die_new(L->u, parent, DW_TAG_GNU_template_template_param);
	const char *t = hd_lower_nonempty(L, n, HD_O_Template_Name);

	return !d || hd_lw_name(L, d, n, HD_O_Name) != 0 ||
	       (t && hd_die_string(L->u, d, DW_AT_GNU_template_name, t) != 0) ||
	       hd_lw_decl(L, d, n) != 0 ? -1 : 0;
}

/* DW_TAG_GNU_template_parameter_pack, the expanded parameters as its
 * children (the GNU extension again; DWARF 5 has no pack). */
static int pack(hd_lw *L, hd_die *parent, const hd_di_node *n, int depth)
{
	hd_die *d = hd_die_new(L->u, parent, DW_TAG_GNU_template_parameter_pack);
	hd_di_span sp;

	if (!d || hd_lw_name(L, d, n, HD_O_Name) != 0 || hd_lw_decl(L, d, n) != 0)
		return -1;
	if (hd_lw_span(n, HD_O_Template_Parameters, &sp) == 0)
		for (uint32_t i = 0; i < sp.count; i++)
			if (build(L, d, n->args[sp.first + i], depth + 1) != 0)
				return -1;
	return 0;
}

static int build(hd_lw *L, hd_die *parent, uint32_t id, int depth)
{
	const hd_di_node *n = hd_di_node_of(L->m, id);

	if (!n || depth > MAX_DEPTH)
		return 0;
	if (hd_lw_is(n, HD_K_DebugTypeTemplateParameter))
		return value_or_type(L, parent, n);
	if (hd_lw_is(n, HD_K_DebugTypeTemplateTemplateParameter))
		return template_template(L, parent, n);
	if (hd_lw_is(n, HD_K_DebugTypeTemplateParameterPack))
		return pack(L, parent, n, depth);
	return 0;
}

hd_die *hd_lower_type_template(hd_lw *L, const hd_di_node *n)
{
	hd_die *target = hd_lower_id(L, hd_lw_word(n, HD_O_Target));
	hd_di_span sp;

	if (L->failed)
		return NULL;
	if (!target)
		return hd_lower_fail(L, HD_BAD_INPUT, "invalid-module", n,
		                     "the template's Target has no DIE");
	hd_lower_set_die(L, n, target);
	if (hd_lw_span(n, HD_O_Parameters, &sp) == 0)
		for (uint32_t i = 0; i < sp.count; i++)
			if (build(L, target, n->args[sp.first + i], 0) != 0)
				return L->failed ? NULL : hd_lower_fail(L, HD_NO_MEMORY, "no-memory",
				                                        n, "out of memory");
	return target;
}

/* A parameter is built by the template (or pack) listing it; lowering it on
 * its own makes nothing, so the driver's walk over every node does not
 * make an orphan DIE. */
hd_die *hd_lower_type_template_parameter(hd_lw *L, const hd_di_node *n)
{
	(void)L;
	(void)n;
	return NULL;
}

hd_die *hd_lower_type_template_template_parameter(hd_lw *L, const hd_di_node *n)
{
	(void)L;
	(void)n;
	return NULL;
}

hd_die *hd_lower_type_template_parameter_pack(hd_lw *L, const hd_di_node *n)
{
	(void)L;
	(void)n;
	return NULL;
}
