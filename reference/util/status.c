#include "status.h"

#include <stdarg.h>
#include <stdio.h>

int hd_fail(hd_status *st, hd_kind kind, const char *code, uint64_t offset,
            const char *fmt, ...)
{
	va_list ap;

	if (st == NULL)
		return -1;
	st->kind = kind;
	st->code = code;
	st->offset = offset;
	va_start(ap, fmt);
	vsnprintf(st->msg, sizeof st->msg, fmt, ap);
	va_end(ap);
	return -1;
}

int hd_fail_prefix(hd_status *st, const char *fmt, ...)
{
	char rest[sizeof st->msg];
	int n;
	va_list ap;

	if (st == NULL)
		return -1;
	snprintf(rest, sizeof rest, "%s", st->msg);
	va_start(ap, fmt);
	n = vsnprintf(st->msg, sizeof st->msg, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < sizeof st->msg)
		snprintf(st->msg + n, sizeof st->msg - (size_t)n, "%s", rest);
	return -1;
}

void hd_status_clear(hd_status *st)
{
	st->kind = HD_OK;
	st->code = "ok";
	st->offset = 0;
	st->msg[0] = '\0';
}

const char *hd_kind_name(hd_kind kind)
{
	switch (kind) {
	case HD_OK: return "ok";
	case HD_EVAL_ERROR: return "evaluation";
	case HD_ILL_FORMED: return "ill-formed";
	case HD_BAD_INPUT: return "bad-input";
	case HD_NO_MEMORY: return "resource";
	case HD_INTERNAL: return "internal";
	}
	return "internal";
}
