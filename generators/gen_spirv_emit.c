/* The SPIR-V assembly text builder: a module is a few sections written in
 * the core logical layout's order (SPIR-V 2.4), each a buffer that grows
 * as the case asks for parts. Core parts (strings, types, constants,
 * variables) are made once per module and named after what they are, so
 * a case reads like the hand-written ones in cases/spirv. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen_spirv.h"

void spv_init(spv_mod *m, const hd_spv_set *set)
{
	memset(m, 0, sizeof *m);
	m->set = set;
	m->import = "%1";
	m->line = 1;
	hd_buf_init(&m->head);
	for (int i = 0; i < SEC_COUNT; i++)
		hd_buf_init(&m->sec[i]);
	/* main's own types come first: every module has the kernel */
	spv_memo_put(m, "type:void", "%void");
	spv_line(m, SEC_TYPES, "%void", "OpTypeVoid");
	spv_memo_put(m, "type:fnty", "%fnty");
	spv_line(m, SEC_TYPES, "%fnty", "OpTypeFunction %%void");
}

void spv_free(spv_mod *m)
{
	hd_buf_free(&m->head);
	for (int i = 0; i < SEC_COUNT; i++)
		hd_buf_free(&m->sec[i]);
	for (size_t i = 0; i < m->nmemo; i++)
		free(m->memo[i]);
	free(m->memo);
	memset(m, 0, sizeof *m);
}

void spv_head(spv_mod *m, const char *fmt, ...)
{
	char text[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	hd_buf_printf(&m->head, "; %s\n", text);
}

/* One instruction line, laid out as in the hand-written cases: the result
 * id right-aligned in 12 columns, then " = ". */
void spv_line(spv_mod *m, spv_sec sec, const char *result, const char *fmt, ...)
{
	char text[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (result)
		hd_buf_printf(&m->sec[sec], "%12s = %s\n", result, text);
	else
		hd_buf_printf(&m->sec[sec], "%15s%s\n", "", text);
}

int spv_write_case(gen_out *g, spv_mod *m, const char *name)
{
	hd_buf t;
	int rc;

	hd_buf_init(&t);
	hd_buf_put(&t, m->head.data, m->head.len);
	hd_buf_printf(&t, "%15sOpCapability Addresses\n", "");
	hd_buf_printf(&t, "%15sOpCapability Kernel\n", "");
	hd_buf_printf(&t, "%15sOpCapability Int64\n", "");
	if (m->extra_cap)
		hd_buf_printf(&t, "%15sOpCapability %s\n", "", m->extra_cap);
	if (m->extra_ext)
		hd_buf_printf(&t, "%15sOpExtension \"%s\"\n", "", m->extra_ext);
	hd_buf_printf(&t, "%12s = OpExtInstImport \"%s\"\n", m->import, m->set->import_name);
	hd_buf_printf(&t, "%15sOpMemoryModel Physical64 OpenCL\n", "");
	hd_buf_printf(&t, "%15sOpEntryPoint Kernel %%main \"main\"\n", "");
	for (int s = SEC_EARLY; s <= SEC_DEBUG; s++)
		hd_buf_put(&t, m->sec[s].data, m->sec[s].len);
	hd_buf_printf(&t, "%12s = OpFunction %%void None %s\n", "%main",
	              m->main_type ? m->main_type : "%fnty");
	hd_buf_put(&t, m->sec[SEC_PARAMS].data, m->sec[SEC_PARAMS].len);
	hd_buf_printf(&t, "%12s = OpLabel\n", "%entry");
	hd_buf_put(&t, m->sec[SEC_FVARS].data, m->sec[SEC_FVARS].len);
	hd_buf_put(&t, m->sec[SEC_BODY].data, m->sec[SEC_BODY].len);
	hd_buf_printf(&t, "%15sOpReturn\n", "");
	hd_buf_printf(&t, "%15sOpFunctionEnd\n", "");
	hd_buf_put(&t, m->sec[SEC_AFTER].data, m->sec[SEC_AFTER].len);
	if (m->oom || m->head.failed)
		t.failed = 1;
	for (int s = 0; s < SEC_COUNT; s++)
		if (m->sec[s].failed)
			t.failed = 1;
	rc = gen_case(g, "spirv", name, "spvasm", &t);
	hd_buf_free(&t);
	return rc;
}

void spv_cover_used(spv_mod *m)
{
	for (uint32_t k = 0; k < m->set->ninsts; k++)
		if (m->set->insts[k].opcode < 64 && (m->used >> m->set->insts[k].opcode & 1))
			spv_head(m, "covers: %s/%s", m->set->import_name, m->set->insts[k].name);
}

const char *spv_memo_get(spv_mod *m, const char *key)
{
	for (size_t i = 0; i < m->nmemo; i++)
		if (strcmp(m->memo[i]->key, key) == 0)
			return m->memo[i]->name;
	return NULL;
}

static int name_taken(const spv_mod *m, const char *name)
{
	for (size_t i = 0; i < m->nmemo; i++)
		if (strcmp(m->memo[i]->name, name) == 0)
			return 1;
	return strcmp(name, "%main") == 0 || strcmp(name, "%entry") == 0 ||
	       strcmp(name, m->import) == 0;
}

/* Remembers name under key and returns the stored copy (never NULL: on
 * allocation failure the module is marked and a placeholder returned). */
const char *spv_memo_put(spv_mod *m, const char *key, const char *name)
{
	spv_memo *e;

	if (m->nmemo == m->cap) {
		size_t n = m->cap ? m->cap * 2 : 64;
		spv_memo **p = realloc(m->memo, n * sizeof *p);
		if (!p) {
			m->oom = 1;
			return "%oom";
		}
		m->memo = p;
		m->cap = n;
	}
	if ((e = malloc(sizeof *e)) == NULL) {
		m->oom = 1;
		return "%oom";
	}
	m->memo[m->nmemo++] = e;
	snprintf(e->key, sizeof e->key, "%s", key);
	snprintf(e->name, sizeof e->name, "%s", name);
	return e->name;
}

/* A new id name "%STEM" or, when taken, "%STEM_N". */
const char *spv_fresh(spv_mod *m, const char *stem)
{
	char name[SPV_NAME], key[64];

	snprintf(name, sizeof name, "%%%s", stem);
	while (name_taken(m, name))
		snprintf(name, sizeof name, "%%%s_%u", stem, ++m->fresh);
	snprintf(key, sizeof key, "fresh:%s", name);
	return spv_memo_put(m, key, name);
}

/* An OpString, once per text; named %s_TEXT with TEXT reduced to the
 * characters an id name may hold. */
const char *spv_str(spv_mod *m, const char *text)
{
	char key[64], stem[SPV_NAME];
	const char *name;
	size_t k = 0;

	snprintf(key, sizeof key, "str:%s", text);
	if ((name = spv_memo_get(m, key)) != NULL)
		return name;
	k = (size_t)snprintf(stem, sizeof stem, "s_");
	for (const char *p = text; *p && k + 1 < sizeof stem - 8; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9'))
			stem[k++] = *p;
	stem[k] = '\0';
	name = spv_fresh(m, strcmp(text, "k.cl") == 0 ? "src" : stem);
	name = spv_memo_put(m, key, name);
	spv_line(m, SEC_STRINGS, name, "OpString \"%s\"", text);
	return name;
}

const char *spv_uint(spv_mod *m)
{
	const char *name = spv_memo_get(m, "type:uint");

	if (name)
		return name;
	name = spv_memo_put(m, "type:uint", "%uint");
	spv_line(m, SEC_TYPES, name, "OpTypeInt 32 0");
	return name;
}

const char *spv_const(spv_mod *m, uint32_t v)
{
	char key[64], name[SPV_NAME];
	const char *ty = spv_uint(m), *have;

	snprintf(key, sizeof key, "const:%u", v);
	if ((have = spv_memo_get(m, key)) != NULL)
		return have;
	snprintf(name, sizeof name, "%%uint_%u", v);
	have = spv_memo_put(m, key, name);
	spv_line(m, SEC_TYPES, have, "OpConstant %s %u", ty, v);
	return have;
}

const char *spv_ptr(spv_mod *m, const char *storage, const char *pointee)
{
	char key[64], name[SPV_NAME];
	const char *have;

	snprintf(key, sizeof key, "ptr:%s:%s", storage, pointee);
	if ((have = spv_memo_get(m, key)) != NULL)
		return have;
	snprintf(name, sizeof name, "%%_ptr_%s_%s", storage, pointee + 1);
	have = spv_memo_put(m, key, name);
	spv_line(m, SEC_TYPES, have, "OpTypePointer %s %s", storage, pointee);
	return have;
}

/* A program-scope variable of type uint. OpenCL's constant address space
 * (UniformConstant) must be initialised (OpenCL C 6.5.3); the others are
 * not, and Workgroup variables may not be (SPIR-V OpVariable). */
const char *spv_global_var(spv_mod *m, const char *storage)
{
	const char *ptr = spv_ptr(m, storage, spv_uint(m));
	const char *init = strcmp(storage, "UniformConstant") == 0 ? spv_const(m, 7) : NULL;
	char stem[SPV_NAME];
	const char *name;

	snprintf(stem, sizeof stem, "g_%s", storage);
	name = spv_fresh(m, stem);
	if (init)
		spv_line(m, SEC_TYPES, name, "OpVariable %s %s %s", ptr, storage, init);
	else
		spv_line(m, SEC_TYPES, name, "OpVariable %s %s", ptr, storage);
	return name;
}

/* A new Function-storage variable of main, where OpVariables must stand:
 * first in the function's first block. */
const char *spv_local_var(spv_mod *m)
{
	const char *ptr = spv_ptr(m, "Function", spv_uint(m));
	const char *name = spv_fresh(m, "var");

	spv_line(m, SEC_FVARS, name, "OpVariable %s Function", ptr);
	return name;
}

/* A new SSA value computed in main's body. */
const char *spv_body_value(spv_mod *m)
{
	const char *a = spv_const(m, 32), *name = spv_fresh(m, "val");

	spv_line(m, SEC_BODY, name, "OpIAdd %s %s %s", spv_uint(m), a, a);
	return name;
}

void spv_tag_name(char *out, size_t n, const char *operand)
{
	size_t k = 0;

	for (; *operand && k + 1 < n; operand++)
		out[k++] = *operand == ' ' ? '-'
		           : (*operand >= 'A' && *operand <= 'Z') ? (char)(*operand - 'A' + 'a')
		                                                  : *operand;
	out[k] = '\0';
}

void spv_lower(char *out, size_t n, const char *name)
{
	size_t k = 0;

	for (; *name && k + 1 < n; name++) {
		char c = *name;
		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')))
			c = '-';
		out[k++] = c;
	}
	out[k] = '\0';
}

const char *spv_set_prefix(const hd_spv_set *set)
{
	return set->id == HD_SET_OCL100 ? "ocl100" : "di100";
}
