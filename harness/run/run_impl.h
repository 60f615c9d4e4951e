/* What the two halves of `hdcts run` share (docs/harness.md): run.c sets a
 * run up, reports it and tears it down; run_jobs.c starts the candidate's
 * commands, judges each job as it ends and records its results. Internal
 * to the harness. */
#ifndef HC_RUN_IMPL_H
#define HC_RUN_IMPL_H

#include <signal.h>

#include "run.h"
#include "child.h"
#include "decode_run.h"
#include "eval_batch.h"
#include "journal.h"
#include "lists.h"
#include "plan.h"
#include "provenance.h"

/* A job's command: where it runs, what it reads and writes. An evaluate
 * batch's slot runs many jobs: their indexes are in batch. */
typedef struct slot {
	hc_child child;
	size_t job;
	char *cmd;             /* the command it runs, for its results */
	char dir[4300], in[4400], out[4400], out_log[4400], err_log[4400];
	size_t batch[HC_EVAL_BATCH_MAX];
	size_t nbatch;         /* 0: one job */
} slot;

typedef struct runner {
	const hc_options *o;
	hc_profile profile;
	hc_plan plan;
	hc_decode_batch batch[2];  /* the decode role's command per encoding (decode_run.h) */
	size_t nbatch;
	size_t decode_planned[2];  /* each batch's results in the whole plan, every shard's */
	size_t total;            /* results the run gives: the plan's and the batch's */
	hc_run run;
	hc_journal journal;
	hc_lines index, waivers, mustpass;
	unsigned char *waiver_used;  /* one per waiver line: it waived a result */
	char outdir[4096], scratch[4200];
	size_t tap_number;
	size_t done;          /* results in the run, resumed ones included */
	size_t resumed;       /* results the journal held at the start */
	hc_adapter_files adapters;  /* the profile's adapter files (adapters.h) */
	hd_buf tools;         /* what its version commands printed (environment.h) */
	slot ready;           /* the next job's input, made ahead (prepare_next) */
	slot one;             /* a batch's case, judged (finish_batch) */
	size_t *retry;        /* jobs an ended batch did not answer: they run alone */
	size_t nretry, cap_retry;
	size_t ready_job;     /* its index + 1; 0 when there is none */
	int tty;
} runner;

/* Set by hc_run_on_signal, the SIGINT and SIGTERM handler: the jobs loop
 * stops starting commands and the run ends resumable. */
extern volatile sig_atomic_t hc_run_interrupted;
void hc_run_on_signal(int sig);

/* The template with its placeholders replaced (malloc'd; NULL when out of
 * memory). */
char *hc_run_expand(const runner *r, const char *tmpl, hd_profile enc, const char *in,
                    const char *out, const char *scratch);
/* The decode batch's hooks: the same rules as a job's. */
void hc_run_batch_hooks(runner *r, hc_batch_hooks *hooks);
/* Runs every planned job and batch, -j at a time, recording each result. */
int hc_run_jobs(runner *r, hd_status *st);

#endif
