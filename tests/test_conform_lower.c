/* The reference's lowering and the conformance facts (harness/judge/conform_facts.c)
 * must agree on what a pointer is: a module with pointers into every kind of
 * memory is lowered and dumped, and the same dump with each pointer's
 * DW_AT_byte_size removed, which is how clang writes pointers for amdgcn,
 * must conform to it. A local or private pointer is 4 bytes on AMDGPU
 * (AMDGPUUsage, "Address Spaces"), a global, constant or generic one 8
 * (docs/lowering.md, "DebugTypePointer"; docs/conformance-rules.md,
 * "Values"). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "conform.h"
#include "dump/dump.h"
#include "lower/lower.h"
#include "lower_test.h"
#include "tap.h"
#include "util/file.h"

/* One typedef per storage class, so each pointer type is named by an
 * entity whose type fact writes it out in full. */
static const char module_text[] =
	"               OpCapability Addresses\n"
	"               OpCapability Kernel\n"
	"               OpCapability Int64\n"
	"          %1 = OpExtInstImport \"OpenCL.DebugInfo.100\"\n"
	"               OpMemoryModel Physical64 OpenCL\n"
	"               OpEntryPoint Kernel %main \"main\"\n"
	"        %src = OpString \"k.cl\"\n"
	"      %s_int = OpString \"int\"\n"
	"        %s_l = OpString \"local_p\"\n"
	"        %s_f = OpString \"private_p\"\n"
	"        %s_g = OpString \"global_p\"\n"
	"        %s_c = OpString \"constant_p\"\n"
	"        %s_n = OpString \"generic_p\"\n"
	"       %void = OpTypeVoid\n"
	"       %uint = OpTypeInt 32 0\n"
	"       %fnty = OpTypeFunction %void\n"
	"    %uint_32 = OpConstant %uint 32\n"
	"       %dsrc = OpExtInst %void %1 DebugSource %src\n"
	"         %cu = OpExtInst %void %1 DebugCompilationUnit 65536 5 %dsrc OpenCL_C\n"
	"      %t_int = OpExtInst %void %1 DebugTypeBasic %s_int %uint_32 Signed\n"
	"        %p_l = OpExtInst %void %1 DebugTypePointer %t_int Workgroup None\n"
	"        %p_f = OpExtInst %void %1 DebugTypePointer %t_int Function None\n"
	"        %p_g = OpExtInst %void %1 DebugTypePointer %t_int CrossWorkgroup None\n"
	"        %p_c = OpExtInst %void %1 DebugTypePointer %t_int UniformConstant None\n"
	"        %p_n = OpExtInst %void %1 DebugTypePointer %t_int Generic None\n"
	"        %d_l = OpExtInst %void %1 DebugTypedef %s_l %p_l %dsrc 1 1 %cu\n"
	"        %d_f = OpExtInst %void %1 DebugTypedef %s_f %p_f %dsrc 2 1 %cu\n"
	"        %d_g = OpExtInst %void %1 DebugTypedef %s_g %p_g %dsrc 3 1 %cu\n"
	"        %d_c = OpExtInst %void %1 DebugTypedef %s_c %p_c %dsrc 4 1 %cu\n"
	"        %d_n = OpExtInst %void %1 DebugTypedef %s_n %p_n %dsrc 5 1 %cu\n"
	"       %main = OpFunction %void None %fnty\n"
	"      %entry = OpLabel\n"
	"               OpReturn\n"
	"               OpFunctionEnd\n";

/* The canonical dump of the module's lowering into *out; 0 on success. */
static int lower_and_dump(const char *dir, hd_buf *out)
{
	hd_lower_options o = { HD_PROFILE_AMDGPU_V0, 0, 64 };
	hd_dump_options d = { HD_PROFILE_AMDGPU_V0, 64, 0 };
	hd_spv_module *m = lower_test_load(module_text);
	hd_lowered *l = NULL;
	hd_buf elf;
	hd_status st;
	char path[256];
	int rc = -1;

	hd_buf_init(&elf);
	hd_status_clear(&st);
	snprintf(path, sizeof path, "%s/k.o", dir);
	if (m != NULL && hd_di_validate(m) == 0 && hd_lower(m, &o, &l, &st) == 0 &&
	    hd_lower_write_elf(l, &elf, &st) == 0 &&
	    hd_write_file(path, elf.data, elf.len, &st) == 0 &&
	    hd_dwarf_dump(path, &d, out, &st) == 0)
		rc = 0;
	else
		printf("# %s: %s\n", st.code, st.msg);
	unlink(path);
	hd_lowered_free(l);
	hd_spv_free(m);
	hd_buf_free(&elf);
	return rc;
}

/* text without the DW_AT_byte_size lines of its pointer types. */
static char *sizeless_pointers(const char *text)
{
	char *out = malloc(strlen(text) + 1), *w = out;
	int in_pointer = 0;

	if (out == NULL)
		abort();
	for (const char *p = text; *p; ) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
		const char *word = p + strspn(p, " ");
		if (strncmp(word, "DW_TAG_", 7) == 0)
			in_pointer = strncmp(word, "DW_TAG_pointer_type", 19) == 0;
		if (!(in_pointer && strncmp(word, "DW_AT_byte_size ", 16) == 0)) {
			memcpy(w, p, len);
			w += len;
		}
		p += len;
	}
	*w = '\0';
	return out;
}

static int has_fact(const char *dump, const char *fact)
{
	hd_buf facts;
	hd_status st;
	int found;

	hd_buf_init(&facts);
	found = hc_conform_facts(dump, strlen(dump), "dump", &facts, &st) == 0 &&
	        strstr(hd_buf_str(&facts), fact) != NULL;
	if (!found)
		printf("# facts:\n%s", hd_buf_str(&facts));
	hd_buf_free(&facts);
	return found;
}

int main(void)
{
	static const struct {
		const char *name, *type;
	} sizes[] = {
		{ "local_p", "pointer_type{byte_size 4, address_class 3}" },
		{ "private_p", "pointer_type{byte_size 4, address_class 4}" },
		{ "global_p", "pointer_type{byte_size 8, address_class 1}" },
		{ "constant_p", "pointer_type{byte_size 8, address_class 2}" },
		{ "generic_p", "pointer_type{byte_size 8, address_class 0}" },
	};
	char dir[] = "/tmp/hdcts-conform-lower-XXXXXX";
	hd_buf ref;
	hc_result r;
	hd_status st;
	char *clang_like;

	tap_begin();
	if (!OK(mkdtemp(dir) != NULL, "a temporary directory"))
		return tap_end();
	hd_buf_init(&ref);
	if (!OK(lower_and_dump(dir, &ref) == 0, "the module lowers and dumps")) {
		rmdir(dir);
		return tap_end();
	}
	rmdir(dir);
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		char fact[160], name[160];
		snprintf(fact, sizeof fact, "typedef \"%s\": type = %s -> base_type \"int\"\n",
		         sizes[i].name, sizes[i].type);
		snprintf(name, sizeof name, "%s is a %s", sizes[i].name, sizes[i].type);
		OK(has_fact(hd_buf_str(&ref), fact), name);
	}
	clang_like = sizeless_pointers(hd_buf_str(&ref));
	OK(strcmp(clang_like, hd_buf_str(&ref)) != 0, "the reference writes pointer sizes");
	memset(&r, 0, sizeof r);
	if (hc_conform_judge(hd_buf_str(&ref), ref.len, clang_like, strlen(clang_like), 0, NULL, &r,
	                     &st) != 0)
		abort();
	EQ_STR(hc_outcome_name(r.outcome), "pass",
	       "the same pointers without DW_AT_byte_size conform to the reference");
	if (r.diff != NULL)
		printf("# diff:\n%s", r.diff);
	hc_result_free(&r);
	free(clang_like);
	hd_buf_free(&ref);
	return tap_end();
}
