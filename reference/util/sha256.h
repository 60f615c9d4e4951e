/* SHA-256 (FIPS 180-4), for the digests of a submission archive's files
 * (`hdcts package`, `hdcts verify`): the same digests `sha256sum -c` checks,
 * so whoever receives an archive can check it without hdcts. */
#ifndef HD_SHA256_H
#define HD_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct hd_sha256_ctx {
	uint32_t h[8];
	uint64_t len;        /* bytes hashed so far */
	uint8_t block[64];   /* a partial block */
} hd_sha256_ctx;

void hd_sha256_init(hd_sha256_ctx *c);
void hd_sha256_update(hd_sha256_ctx *c, const void *p, size_t n);
void hd_sha256_final(hd_sha256_ctx *c, uint8_t digest[32]);
/* The digest of n bytes at p in one call. */
void hd_sha256(const void *p, size_t n, uint8_t digest[32]);
/* The digest as 64 lower-case hex digits and a NUL. */
void hd_sha256_hex(const uint8_t digest[32], char hex[65]);

#endif
