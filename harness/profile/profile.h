/* Candidate profiles (docs/candidates.md): which roles an implementation
 * plays, the command template of each, its encoding profile, what it
 * declares unsupported, its waivers and its limits. Profiles are INI files
 * in harness/candidates/; `reference` is also built into hdcts. */
#ifndef HC_PROFILE_H
#define HC_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "dwarf/codec/ops.h"
#include "util/status.h"
#include "debugger/reading.h"

typedef enum hc_role {
	HC_ROLE_COMPILE_SPIRV,   /* SPIR-V module in, AMDGPU ELF out */
	HC_ROLE_COMPILE_OPENCL,  /* OpenCL C / C++ for OpenCL in, ELF out */
	HC_ROLE_EVALUATE,        /* case file in, canonical result out */
	HC_ROLE_DECODE,          /* object of expressions in, op lists out */
	HC_ROLE_TRANSLATE_SPIRV, /* SPIR-V module in, LLVM textual IR out */
	HC_ROLE_TRANSLATE_LLVM,  /* LLVM textual IR in, SPIR-V module out */
	HC_ROLE_COUNT
} hc_role;

/* "compile-spirv", "compile-opencl", "evaluate", "decode", "translate-spirv",
 * "translate-llvm" */
const char *hc_role_name(hc_role r);

/* The placeholders a command template may hold, NULL-terminated
 * (docs/candidates.md, "Roles"); the runner fills each. */
extern const char *const hc_placeholders[];

typedef struct hc_profile {
	char *path;                    /* the file; "(built in)" for reference */
	char *dir;                     /* the file's directory: waivers are relative to it */
	char *name;
	char *description;
	hd_profile encoding;
	double timeout;                /* seconds per command */
	char *role[HC_ROLE_COUNT];     /* command templates; NULL: role not played */
	char *evaluate_batch;          /* [roles] evaluate-batch: many evaluate cases
	                                  in one command ({in} is their list), or NULL */
	char **requires;               /* commands that must be on PATH */
	size_t nrequires;
	char **not_supported;          /* coverage facts or case ids, see docs */
	size_t nnot_supported;
	char **versions;               /* commands that print the tools' versions */
	size_t nversions;
	char *waivers;                 /* waiver file path, or NULL */
	int strict;                    /* compile-spirv is also judged byte for byte */
	int has_watch;                 /* compile-opencl is also judged by the watch check, */
	hd_reading_kind watch;         /* under this reading (docs/candidates.md) */
	hd_profile decode_encodings[2];  /* what the decode role reads: one batch each */
	size_t ndecode_encodings;        /* 0: only encoding */
	uint64_t memory_mb;            /* RLIMIT_AS of each command */
	uint64_t cpu_seconds;          /* RLIMIT_CPU */
	uint64_t file_mb;              /* RLIMIT_FSIZE */
} hc_profile;

/* Parses profile text; path names it in messages (line numbers in offset).
 * On error p is left empty (freeing it again is harmless). */
int hc_profile_parse(const char *text, size_t len, const char *path, hc_profile *p,
                     hd_status *st);
/* NAME (looked up as DIR/NAME.ini, or the built-in reference) or a path
 * ending in .ini. */
int hc_profile_find(const char *name_or_path, const char *dir, hc_profile *p,
                    hd_status *st);
void hc_profile_free(hc_profile *p);

/* The built-in reference profile's text (generated from
 * harness/candidates/reference.ini at build time). */
extern const char hc_reference_ini[];

#endif
