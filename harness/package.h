/* `hdcts package` (docs/conformance.md, "Packaging a submission"): a
 * finished run's report directory as a submission archive. */
#ifndef HC_PACKAGE_H
#define HC_PACKAGE_H

/* `hdcts package --run DIR [-o FILE.tar.gz] [--partial]`. Exit status 0
 * the archive is written, 2 usage or a run that cannot be packaged
 * (incomplete, or partial without --partial), 3 writing it failed. */
int hc_package_main(int argc, char **argv);

#endif
