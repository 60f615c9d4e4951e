/* Turning what a candidate's command left behind into a result: the
 * comparison rules of each check (docs/harness.md, "Checks"). */
#ifndef HC_JUDGE_H
#define HC_JUDGE_H

#include "child.h"
#include "llvmdi/facts.h"
#include "plan.h"
#include "result.h"

/* Judges job from the child's end and its output file out (err_log: its
 * stderr): one result per check, res[k] for job->checks[k] (case_id and
 * check set, the rest decided here). The command ran once for all of
 * them, so an object is dumped once. */
int hc_judge(const hc_job *job, const hc_profile *p, const hc_child *c, const char *out,
             const char *err_log, hc_result *res, hd_status *st);

/* Sets r's outcome and reason when the child's end decides them before
 * any output is looked at (a crash, a timeout, a non-zero exit) and
 * returns 1; else 0. */
int hc_judge_exit(const hc_child *c, const char *err_log, hc_result *r);

/* compile-opencl/watch and compile-spirv/watch (watch_judge.c): the object
 * out against the watch of job, under the profile's reading; sets r's
 * outcome, reason, diff and score. -1 only when out of memory. */
int hc_judge_watch(const hc_job *job, const hc_profile *p, const char *out, hc_result *r,
                   hd_status *st);

/* translate-spirv/metadata (translate_judge.c): the LLVM IR at out against
 * the reference translation of the job's module, fact by fact
 * (docs/llvm-facts.md); sets r's outcome, reason and diff. -1 only when
 * out of memory. */
int hc_judge_translate(const hc_job *job, const char *out, hc_result *r, hd_status *st);

/* The facts of the reference translation of the SPIR-V module at path,
 * and of the LLVM IR a candidate left at path (place names it in why):
 * 0, 1 with why set, -1 when memory runs out (translate_judge.c). */
int hc_reference_facts(const char *path, hd_lldi_facts *f, char *why, size_t size);
int hc_ir_facts(const char *path, const char *place, hd_lldi_facts *f, char *why, size_t size);

/* translate-llvm/module (translate_llvm_judge.c): the SPIR-V module at out
 * must break no rule of its debug-info set, and the reference translation
 * of it back to LLVM must hold the facts of the input IR beside out
 * (in.ll). -1 only when out of memory. */
int hc_judge_translate_llvm(const char *out, hc_result *r, hd_status *st);

/* compile-spirv/ir and compile-opencl/ir (translate_judge.c): the IR's metadata facts against the
 * reference translation's, both already named alike (hc_blame_prepare);
 * sets r's outcome, reason and diff. -1 only when out of memory. */
int hc_judge_ir_facts(const hd_lldi_facts *ref, const hd_lldi_facts *ir, hc_result *r);

/* The same comparison with the two sides named as the reason says them
 * ("the input has, the module lacks: ..."). */
int hc_judge_llvm_facts(const hd_lldi_facts *want, const hd_lldi_facts *got, const char *want_name,
                        const char *got_name, hc_result *r);

/* A unified diff of the texts in files a and b (through diff -u), or NULL
 * when they are equal or diff cannot run. */
char *hc_diff_files(const char *a, const char *b);

#endif
