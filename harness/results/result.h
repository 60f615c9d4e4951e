/* The outcome of one check of one case, and the results of a run: the one
 * data model the runner fills, the journal and results.json store, and the
 * renderers (reports/render) print. docs/results.md is the JSON schema. */
#ifndef HC_RESULT_H
#define HC_RESULT_H

#include <stddef.h>
#include <stdint.h>

#include "util/buf.h"
#include "util/status.h"

/* The result codes of a case (docs/results.md). */
typedef enum hc_outcome {
	HC_PASS,
	HC_FAIL,
	HC_NOT_SUPPORTED,        /* the profile declares the feature absent */
	HC_QUALITY_WARNING,      /* conformant but deprecated or weak */
	HC_COMPAT_WARNING,       /* conformant under another encoding profile */
	HC_WAIVED,               /* in the candidate's waiver file, with a reason */
	HC_CRASH,
	HC_TIMEOUT,
	HC_INTERNAL_ERROR,       /* the suite itself failed */
	HC_OUTCOME_COUNT
} hc_outcome;

/* "pass", "fail", "not-supported", "quality-warning",
 * "compatibility-warning", "waived", "crash", "timeout", "internal-error" */
const char *hc_outcome_name(hc_outcome o);
/* 0 and *o set when name is one of the names above, else -1. */
int hc_outcome_parse(const char *name, size_t len, hc_outcome *o);
/* Whether a must-pass case may end so and the candidate still conform. */
int hc_outcome_conforms(hc_outcome o);

typedef struct hc_result {
	char *case_id;      /* "expr/arith-abs": cases/ folder and file name without extension */
	char *check;        /* "evaluate", "decode", "compile-spirv/strict", ... (docs/results.md) */
	hc_outcome outcome;
	char *reason;       /* one line saying what decided the outcome; NULL for a plain pass */
	char *diff;         /* expected against got, unified diff text; NULL when none */
	char *waiver;       /* the waiver's reason when outcome is HC_WAIVED; else NULL */
	char **covers;      /* the coverage facts of the case (expected/coverage.tsv) */
	size_t ncovers;
	int must_pass;      /* listed in the must-pass list */
	double seconds;     /* wall time of the candidate's commands for this check */
	int has_score;      /* a watch check's result: */
	double score;       /* its score, 0 to 1 (docs/value-check.md, "Score") */
	/* how the candidate's command ran, for a result of one (docs/results.md):
	 * NULL, and has_exit 0, for results decided without running it */
	char *command;      /* the command line, placeholders filled */
	char *scratch;      /* its scratch directory */
	int has_exit;
	int exit_status;    /* the shell's: 128 + N for a signal N */
	char *stderr_tail;  /* the last bytes of its stderr */
} hc_result;

typedef struct hc_run {
	char *suite_version;    /* the suite's version, "0.1.0" */
	char *suite_revision;   /* `git describe --always --dirty` of the suite, or "unknown" */
	char *candidate;        /* the profile's name */
	char *encoding;         /* the profile's encoding profile, "amdgpu-v0" or "llvm-user" */
	char *started;          /* ISO 8601 UTC, "2026-11-21T10:00:00Z" */
	char *finished;
	char *scope;            /* what the plan took and why it left the rest (docs/harness.md,
	                           "Scope"); NULL when not known */
	char *shard;            /* "I/N" for a shard of a run (--shard): its verdict is not
	                           the suite's; NULL for a whole run */
	hc_result *results;     /* sorted by (case_id, check) once the run is complete */
	size_t n, cap;
} hc_run;

void hc_result_free(hc_result *r);   /* frees the members, not r */
void hc_run_init(hc_run *run);
void hc_run_free(hc_run *run);
/* Appends a copy of r (deep); -1 on no memory. */
int hc_run_add(hc_run *run, const hc_result *r);
/* Sorts the results by case_id, then check. */
void hc_run_sort(hc_run *run);
/* Counts per outcome into counts[HC_OUTCOME_COUNT]. */
void hc_run_count(const hc_run *run, size_t counts[HC_OUTCOME_COUNT]);
/* The verdict (docs/conformance.md, "The verdict"): a run conforms when
 * every must-pass result ends in a conforming outcome and at least one was
 * accepted (pass, quality or compatibility warning): waivers and
 * not-supported declarations alone never make a candidate conform. */
typedef struct hc_verdict {
	int conforms;
	size_t must_pass;   /* must-pass results */
	size_t bad;         /* of them non-conforming */
	size_t accepted;    /* of them pass, quality-warning or compatibility-warning */
	size_t waived;      /* of them waived */
} hc_verdict;
void hc_run_verdict(const hc_run *run, hc_verdict *v);
/* "conforms", "conforms with N waivers" or "does not conform: WHY". */
void hc_verdict_text(const hc_verdict *v, hd_buf *out);
/* hc_run_verdict's conforms. */
int hc_run_conforms(const hc_run *run);

/* ---- JSON (json.c): results.json and the journal ---- */

/* One result as a JSON object on one line, no newline. */
void hc_result_json(hd_buf *out, const hc_result *r);
/* Parses one result object (a journal line). len bytes; bad input fails
 * with st->offset the byte offset in text and the rule broken. */
int hc_result_parse(const char *text, size_t len, hc_result *r, hd_status *st);
/* The whole run as results.json (docs/results.md), ending in a newline. */
void hc_run_json(hd_buf *out, const hc_run *run);
/* Reads results.json text into run (initialised by the caller). */
int hc_run_parse(const char *text, size_t len, hc_run *run, hd_status *st);
/* Reads the file at path (results.json) into run, as hc_run_parse; a file
 * that cannot be read is HD_BAD_INPUT "open" or "read". */
int hc_run_load(const char *path, hc_run *run, hd_status *st);

#endif
