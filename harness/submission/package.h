/* `hdcts package` (docs/conformance.md, "Packaging a submission"): a
 * finished run's report directory as a submission archive. */
#ifndef HC_PACKAGE_H
#define HC_PACKAGE_H

#include "provenance.h"
#include "result.h"
#include "util/buf.h"

/* `hdcts package --run DIR [-o FILE.tar.gz] [--partial]`. Exit status 0
 * the archive is written, 2 usage or a run that cannot be packaged
 * (incomplete, edited, partial without --partial, no suite revision), 3
 * writing it failed. */
int hc_package_main(int argc, char **argv);

/* VERDICT.txt's text for run, recorded as pv says: what `hdcts verify`
 * computes again from an archive's results. */
void hc_package_verdict(hd_buf *b, const hc_run *run, const hc_provenance *pv);

#endif
