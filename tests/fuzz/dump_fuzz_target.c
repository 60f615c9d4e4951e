/* The canonical DWARF dump's libFuzzer target (docs/dwarf-dump.md,
 * "Bad input"): built when HDCTS_FUZZ is on, with clang. Each input is
 * written to a file, since libdwarf opens objects by path, and dumped; the
 * result must be a dump or an error value (bad input, no memory), never a
 * crash, a hang or a read past a buffer.
 *
 * libdwarf 20210528 allocates what a file's headers say. The dump holds the
 * section headers against the file's size first (reference/dump/
 * elf_fit.c), so allocations follow the input's size, which this target
 * caps at MAX_INPUT. AddressSanitizer is asked to return NULL for an
 * allocation it cannot make, as the C library would, so that one still
 * asked for becomes libdwarf's out-of-memory error rather than a stop.
 * The buffered dump runs with libdwarf's allocation record on, as for every
 * caller but hdref dump (hd_dump_options.process_exits), so what libdwarf's
 * own error paths drop is freed at the end and LeakSanitizer reports the
 * dump's leaks alone. The streamed one runs as hdref dump does, with the
 * record off, and LeakSanitizer looks away (libdwarf 20210528 drops a DIE
 * on one error path, which only its record can free). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sanitizer/lsan_interface.h>

#include "dump/dump.h"

#define MAX_INPUT (1u << 20)

const char *__asan_default_options(void);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}

/* One scratch file for the process, removed at exit. */
static char scratch[] = "/tmp/hdcts-dump-fuzz-XXXXXX";

static void remove_scratch(void)
{
	unlink(scratch);
}

static int write_input(const uint8_t *data, size_t size)
{
	static int made;
	FILE *f;
	int ok;

	if (!made) {
		int fd = mkstemp(scratch);
		if (fd < 0)
			return -1;
		close(fd);
		atexit(remove_scratch);
		made = 1;
	}
	if ((f = fopen(scratch, "wb")) == NULL)
		return -1;
	ok = fwrite(data, 1, size, f) == size;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* The streamed dump (hd_dwarf_dump_to) must agree with the buffered one:
 * the same result, the same bytes, and nothing written on bad input, which
 * it finds before the first byte goes out. */
static void check_streamed(const hd_dump_options *o, int rc, const hd_status *st,
                           const hd_buf *out)
{
	static FILE *f;
	hd_dump_options o2 = *o;
	hd_status st2;
	int rc2;
	long len;

	if (f == NULL && (f = tmpfile()) == NULL)
		abort();
	rewind(f);
	hd_status_clear(&st2);
	o2.process_exits = 1;
	__lsan_disable();
	rc2 = hd_dwarf_dump_to(scratch, &o2, f, 1, &st2);  /* written after every DIE */
	__lsan_enable();
	if (fflush(f) != 0 || (len = ftell(f)) < 0)
		abort();
	if (rc2 != 0 && st2.kind == HD_NO_MEMORY)
		return;  /* an allocation the other run did not need to make */
	if (rc2 != rc || (rc != 0 && st2.kind != st->kind))
		abort();
	if (rc2 != 0) {
		if (st2.kind == HD_BAD_INPUT && len != 0)
			abort();
		return;
	}
	if ((size_t)len != out->len)
		abort();
	if (len > 0) {
		uint8_t *back = malloc((size_t)len);
		rewind(f);
		if (back == NULL || fread(back, 1, (size_t)len, f) != (size_t)len ||
		    memcmp(back, out->data, (size_t)len) != 0)
			abort();
		free(back);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	hd_dump_options o = { HD_PROFILE_AMDGPU_V0, 64, 0 };
	hd_status st;
	hd_buf out;
	int rc;

	if (size > MAX_INPUT)
		return 0;
	if (write_input(data, size) != 0)
		abort();
	hd_buf_init(&out);
	hd_status_clear(&st);
	rc = hd_dwarf_dump(scratch, &o, &out, &st);
	if (rc != 0 && st.kind != HD_BAD_INPUT && st.kind != HD_NO_MEMORY)
		abort();
	if (rc == 0 || st.kind == HD_BAD_INPUT)
		check_streamed(&o, rc, &st, &out);
	hd_buf_free(&out);
	return 0;
}
