/* SHA256SUMS: the SHA-256 digest of every other file of a submission, in
 * the format `sha256sum` writes and `sha256sum -c` checks ("HEX  NAME"
 * lines, byte order of names), so anyone can check an archive without
 * hdcts (docs/conformance.md, "Verifying a submission"). */
#ifndef HC_DIGESTS_H
#define HC_DIGESTS_H

#include "util/status.h"

#define HC_DIGESTS "SHA256SUMS"
/* A submission holds a few dozen files; more is no submission. */
#define HC_MAX_SUBMISSION_FILES 4096

/* Writes dir/SHA256SUMS over every regular file under dir but itself. */
int hc_digests_write(const char *dir, hd_status *st);
/* Checks that dir/SHA256SUMS names exactly the other files under dir and
 * that each has its digest; HD_BAD_INPUT "digest" naming the first that
 * does not, or that is missing or unlisted. */
int hc_digests_check(const char *dir, hd_status *st);

#endif
