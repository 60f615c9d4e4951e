/* What a run records about itself besides its results, so that its report
 * directory can be packaged (`hdcts package`, docs/conformance.md) without
 * guessing: the profile it ran with (profile.ini), the waiver file and the
 * must-pass list it applied (waivers.txt, mustpass.txt), the adapter files
 * its commands ran (adapters/), its tools' versions and the machine
 * (tools.txt, machine.txt), and run.txt with the plan's size and scope. Written when the run starts, before any job
 * runs (docs/harness.md, "The report directory"). */
#ifndef HC_PROVENANCE_H
#define HC_PROVENANCE_H

#include <stddef.h>

#include "fingerprint.h"
#include "profile.h"
#include "run.h"

/* The must-pass list a run applies: harness/mustpass/<version>.txt. */
#define HC_MUSTPASS_VERSION "v1"

typedef struct hc_provenance {
	size_t planned;         /* jobs in the plan */
	char *mustpass;         /* the must-pass list's version, "v1" */
	char *cases;            /* the --cases glob; NULL: every case */
	unsigned shard, shards; /* --shard I/N, 1-based; 1/1 for the whole plan */
	unsigned merged;        /* the shards `hdcts merge` made this run of; 0: none */
	char *profile;          /* the profile's path, or "(built in)" */
	int waivers;            /* the profile names a waiver file: waivers.txt */
	hc_fingerprint fp;      /* what the run depended on (fingerprint.h) */
	unsigned fp_seen;       /* bit i: fp.part[i] was in run.txt */
} hc_provenance;

/* Writes run.txt, profile.ini, waivers.txt, mustpass.txt, adapters/,
 * tools.txt and machine.txt into outdir (which exists), each atomically,
 * for a run of p with options o, its inputs in, a plan of planned jobs and
 * the fingerprint fp. A waivers.txt or mustpass.txt left by an earlier run
 * that this one does not have is removed, as are its adapters. */
int hc_provenance_write(const char *outdir, const hc_profile *p, const hc_options *o,
                        const hc_run_inputs *in, size_t planned, const hc_fingerprint *fp,
                        hd_status *st);
/* run.txt's text for pv: `key = value` lines, a fingerprint part only when
 * pv has it (fp_seen). */
void hc_run_txt_format(const hc_provenance *pv, hd_buf *out);
/* Writes outdir/run.txt, atomically, saying what pv says (`hdcts merge`
 * writes the run.txt of the run it makes so). */
int hc_run_txt_write(const char *outdir, const hc_provenance *pv, hd_status *st);
/* Reads len bytes of run.txt text (path names it in messages) into pv;
 * HD_BAD_INPUT "run-txt" with the line for a line that is not `key =
 * value` with a known key and a good value, or for a NUL byte. */
int hc_run_txt_parse(const char *text, size_t len, const char *path, hc_provenance *pv,
                     hd_status *st);
/* Reads outdir/run.txt into pv; HD_BAD_INPUT when it is missing or a line
 * is not `key = value` with a known key. */
int hc_provenance_read(const char *outdir, hc_provenance *pv, hd_status *st);
void hc_provenance_free(hc_provenance *pv);

/* Copies the file from, of at most max bytes, to the path to, atomically. */
int hc_copy_file(const char *from, const char *to, size_t max, hd_status *st);
/* Copies every regular file under the directory from (at most max_files)
 * to the same path under to, making the directories; nothing when from
 * does not exist. */
int hc_copy_tree(const char *from, const char *to, size_t max_files, hd_status *st);

#endif
