/* Errors are values: every fallible function returns 0 or -1 and fills an
 * hd_status with a kind, a stable reason code and a readable message. */
#ifndef HD_STATUS_H
#define HD_STATUS_H

#include <stdint.h>

typedef enum hd_kind {
	HD_OK = 0,
	HD_EVAL_ERROR,   /* DWARF Extensions for Heterogeneous Debugging "evaluation error": the DWARF is fine, the state is not */
	HD_ILL_FORMED,   /* DWARF Extensions for Heterogeneous Debugging "ill-formed": the DWARF breaks a rule */
	HD_BAD_INPUT,    /* a parser's input (text, case file) breaks its format */
	HD_NO_MEMORY,    /* an allocation or a configured size bound failed */
	HD_INTERNAL      /* a bug in hdref itself */
} hd_kind;

typedef struct hd_status {
	hd_kind kind;
	const char *code;  /* stable reason code, e.g. "stack-underflow"; static storage */
	uint64_t offset;   /* byte offset (expressions) or line (text) where it was found */
	char msg[240];
} hd_status;

/* Fills st (if not NULL) and returns -1, so callers can `return hd_fail(...)`. */
int hd_fail(hd_status *st, hd_kind kind, const char *code, uint64_t offset,
            const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 5, 6)))
#endif
	;

/* Puts the formatted text before st's message (kind, code and offset kept),
 * so a caller can say where a failure happened: "FILE: " + the reason.
 * Returns -1. */
int hd_fail_prefix(hd_status *st, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;

void hd_status_clear(hd_status *st);
const char *hd_kind_name(hd_kind kind);

#endif
