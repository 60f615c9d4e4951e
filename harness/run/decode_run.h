/* The decode role in `hdcts run` (docs/harness.md, "The decode batch"):
 * unlike the other roles, a decoder is run once for many cases. The batch
 * is one command over one object holding every item of the run (decode.h),
 * and it gives one result per item and one per skipped case. The runner
 * keeps its own rules (not-supported, waivers, the journal, TAP, limits)
 * and lends them to the batch through hooks, so this file needs nothing
 * of the runner and run.c needs only a few lines for the batch. */
#ifndef HC_DECODE_RUN_H
#define HC_DECODE_RUN_H

#include <stddef.h>

#include "child.h"
#include "decode.h"
#include "profile.h"
#include "result.h"

/* What the batch asks of the runner. ctx is passed back to each. */
typedef struct hc_batch_hooks {
	void *ctx;
	/* 1, with reason filled, when the profile declares case_id absent */
	int (*unsupported)(void *ctx, const char *case_id, char *reason, size_t size);
	/* records a finished result (waiver, journal, TAP, the run); res is
	 * the caller's to free */
	int (*record)(void *ctx, hc_result *res, hd_status *st);
	/* starts the profile's decode command on in, writing out, in dir with
	 * its stdout and stderr in out_log and err_log, under the run's limits;
	 * {encoding} is enc */
	int (*start)(void *ctx, hd_profile enc, const char *dir, const char *in,
	             const char *out, const char *out_log, const char *err_log, hc_child *c,
	             hd_status *st);
} hc_batch_hooks;

/* One result the batch gives: an item of the object or a skipped case. */
typedef struct hc_batch_entry {
	const char *case_id;
	const hc_decode_item *item;   /* NULL for a skip */
	const hc_decode_skip *skip;   /* NULL for an item */
	int done;                     /* its result is in the journal already */
} hc_batch_entry;

typedef struct hc_decode_batch {
	hc_decode_set set;            /* all of cases/expr for the profile; owns the memory */
	unsigned index;               /* 0, or 1 for the second encoding's batch */
	hc_batch_entry *entries;      /* this run's share, in case-id order */
	size_t n;
	hc_batch_hooks hooks;
	/* set when the batch starts: the object's items, and for each whether
	 * its result is still to be recorded */
	hc_decode_item *todo;
	unsigned char *fresh;
	size_t ntodo;
	char dir[4300], in[4400], out[4400], out_log[4400], err_log[4400];
} hc_decode_batch;

/* The decode results of profile p in encoding enc: the items and skips of
 * suite/cases/expr whose case ids match glob (NULL: all). Empty when p does
 * not play decode. */
int hc_decode_batch_build(hc_decode_batch *b, const hc_profile *p, hd_profile enc,
                          const char *suite, const char *glob, const hc_batch_hooks *hooks,
                          hd_status *st);
/* For a profile that reads two encodings: every case gets one result. A
 * case first skips for being in the other encoding goes to second when it
 * is one of second's items, and gets no result when second has no entry
 * for it (it is no decode case in its own encoding either); second keeps
 * only the items first does not have. */
void hc_decode_batch_split(hc_decode_batch *first, hc_decode_batch *second);
/* Keeps every shards-th result from shard on (0-based), in case-id order:
 * the shards of a run partition its decode results. */
void hc_decode_batch_shard(hc_decode_batch *b, unsigned shard, unsigned shards);
/* How many results the batch gives, resumed ones included. */
size_t hc_decode_batch_results(const hc_decode_batch *b);
/* Marks the entries that already have a decode result in run (the
 * journal a resumed run starts from). */
void hc_decode_batch_resume(hc_decode_batch *b, const hc_run *run);
/* Records what needs no run: skips, and items the profile declares
 * absent. Then, when an item still has no result, writes the object of
 * every item the profile does not declare absent to scratch/decode/in.o and
 * starts the command in c; *started says whether it did. A batch that
 * cannot start gives each of its items internal-error. */
int hc_decode_batch_start(hc_decode_batch *b, const char *scratch, hc_child *c,
                          int *started, hd_status *st);
/* Judges the ended command c and records a result for every item that had
 * none: crash, timeout and a failing exit are every item's outcome. */
int hc_decode_batch_finish(hc_decode_batch *b, const hc_child *c, hd_status *st);
void hc_decode_batch_free(hc_decode_batch *b);

#endif
