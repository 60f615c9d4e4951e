/* MD5 (RFC 1321), for the DWARF 5 line table's file checksums
 * (DW_LNCT_MD5, DWARF 5 section 6.2.4.1). Not for security: DWARF asks for
 * MD5 by name, so this is what consumers compare against. */
#ifndef HD_MD5_H
#define HD_MD5_H

#include <stddef.h>
#include <stdint.h>

typedef struct hd_md5 {
	uint32_t h[4];
	uint64_t len;        /* bytes hashed so far */
	uint8_t block[64];   /* a partial block */
} hd_md5_ctx;

void hd_md5_init(hd_md5_ctx *c);
void hd_md5_update(hd_md5_ctx *c, const void *p, size_t n);
void hd_md5_final(hd_md5_ctx *c, uint8_t digest[16]);
/* The digest of n bytes at p in one call. */
void hd_md5(const void *p, size_t n, uint8_t digest[16]);

#endif
