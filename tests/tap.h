/* A small TAP version 13 producer for the unit tests: ok/not ok lines with a
 * YAML diagnostic block on failure, and a plan at the end. */
#ifndef HD_TAP_H
#define HD_TAP_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

static inline void tap_begin(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);  /* keep lines printed before a crash */
	printf("TAP version 13\n");
}

static inline int tap_ok(int cond, const char *file, int line, const char *name)
{
	tap_n++;
	if (cond) {
		printf("ok %d - %s\n", tap_n, name);
		return 1;
	}
	tap_failed++;
	printf("not ok %d - %s\n  ---\n  at: %s:%d\n  ...\n", tap_n, name, file, line);
	return 0;
}

static inline int tap_eq_u64(uint64_t got, uint64_t want, const char *file, int line,
                      const char *name)
{
	if (tap_ok(got == want, file, line, name))
		return 1;
	printf("  # got 0x%" PRIx64 ", want 0x%" PRIx64 "\n", got, want);
	return 0;
}

static inline int tap_eq_str(const char *got, const char *want, const char *file, int line,
                      const char *name)
{
	if (tap_ok(got != NULL && strcmp(got, want) == 0, file, line, name))
		return 1;
	printf("  # got:  %s\n  # want: %s\n", got ? got : "(null)", want);
	return 0;
}

static inline int tap_end(void)
{
	printf("1..%d\n", tap_n);
	if (tap_failed)
		printf("# %d of %d failed\n", tap_failed, tap_n);
	return tap_failed ? 1 : 0;
}

/* xorshift64*: the fuzz tests' random numbers, from a fixed seed so that a
 * failure reproduces. */
static uint64_t tap_rng = 0x9e3779b97f4a7c15ull;

static inline uint64_t tap_random(void)
{
	tap_rng ^= tap_rng >> 12;
	tap_rng ^= tap_rng << 25;
	tap_rng ^= tap_rng >> 27;
	return tap_rng * 0x2545f4914f6cdd1dull;
}

#define OK(cond, name) tap_ok(!!(cond), __FILE__, __LINE__, (name))
#define EQ_U64(got, want, name) tap_eq_u64((uint64_t)(got), (uint64_t)(want), __FILE__, __LINE__, (name))
#define EQ_STR(got, want, name) tap_eq_str((got), (want), __FILE__, __LINE__, (name))

#endif
