/* One fuzz input for the readers `hdcts verify` and `hdcts merge` apply to
 * a record someone else made: results.json (hc_run_parse) and run.txt
 * (hc_run_txt_parse). The first byte picks the reader, the rest is the
 * text. It must be refused with an error value or read; what is read must
 * write back to text that reads to the same text (the reader and the
 * writer agree on every record they accept). Shared by the libFuzzer
 * target (record_fuzz_target.c) and test_record_fuzz.c. */
#ifndef HC_RECORD_FUZZ_H
#define HC_RECORD_FUZZ_H

#include <string.h>

#include "provenance.h"
#include "result.h"

/* hc_run_json of results.json text. -1 refused. */
static inline int record_fuzz_results(const char *text, size_t n, hd_buf *out)
{
	hc_run run;
	hd_status st;

	hc_run_init(&run);
	if (hc_run_parse(text, n, &run, &st) != 0)
		return -1;
	hc_run_json(out, &run);
	hc_run_free(&run);
	return 0;
}

/* hc_run_txt_format of run.txt text. -1 refused. */
static inline int record_fuzz_run_txt(const char *text, size_t n, hd_buf *out)
{
	hc_provenance pv;
	hd_status st;

	if (hc_run_txt_parse(text, n, "fuzz", &pv, &st) != 0)
		return -1;
	hc_run_txt_format(&pv, out);
	hc_provenance_free(&pv);
	return 0;
}

/* 0 read and written back the same, 1 refused, -1 the round trip broke. */
static inline int record_fuzz_one(const uint8_t *data, size_t size)
{
	int (*read_write)(const char *, size_t, hd_buf *);
	hd_buf a, b;
	int rc = -1;

	if (size == 0)
		return 1;
	read_write = data[0] & 1 ? record_fuzz_run_txt : record_fuzz_results;
	hd_buf_init(&a);
	hd_buf_init(&b);
	if (read_write((const char *)data + 1, size - 1, &a) != 0)
		rc = 1;
	else if (!a.failed && read_write((const char *)a.data, a.len, &b) == 0)
		rc = !b.failed && a.len == b.len && memcmp(a.data, b.data, a.len) == 0 ? 0 : -1;
	hd_buf_free(&a);
	hd_buf_free(&b);
	return rc;
}

#endif
