/* The candidate-profile reader's libFuzzer target (docs/fuzzing.md): built
 * when HDCTS_FUZZ is on, with clang. Each input is an INI profile
 * (docs/candidates.md), which the user writes; it is parsed as hdcts run
 * --candidate FILE parses it. It must be read or refused as bad input (or
 * for lack of memory) with a message; never a crash, a hang or a leak (the
 * profile is freed whatever happened). */
#include <stdint.h>
#include <stdlib.h>

#include "profile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The committed profiles are under 2 KiB and the reader refuses any over
 * 1 MiB; inputs between only cost time. */
#define MAX_INPUT (128u << 10)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	hc_profile p;
	hd_status st;

	if (size > MAX_INPUT)
		return 0;
	hd_status_clear(&st);
	if (hc_profile_parse((const char *)data, size, "fuzz.ini", &p, &st) != 0) {
		if ((st.kind != HD_BAD_INPUT && st.kind != HD_NO_MEMORY) || st.msg[0] == '\0')
			abort();
		return 0;
	}
	if (p.name == NULL)
		abort();
	hc_profile_free(&p);
	return 0;
}
