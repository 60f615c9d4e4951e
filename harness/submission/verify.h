/* `hdcts verify ARCHIVE` (docs/conformance.md, "Verifying a submission"):
 * whether a submission archive is what `hdcts package` made of one
 * unedited run, and the verdict its results give. */
#ifndef HC_VERIFY_H
#define HC_VERIFY_H

/* Exit status 0 the archive is intact (its verdict is printed), 1 it is
 * not (the message says what disagrees), 2 usage or an archive that cannot
 * be read, 3 verifying failed (no space to unpack it). */
int hc_verify_main(int argc, char **argv);

#endif
