/* The decode role's library calls as a command, for tests/decode_role.sh:
 * the same functions the runner calls, with no runner around them.
 *
 *   decode_role_tool object CASES PROFILE OBJ
 *       collects the items of CASES (cases/expr) for PROFILE and writes the
 *       candidate's input object; prints "items N skipped-profile S
 *       skipped-broken B excluded X"
 *   decode_role_tool judge CASES PROFILE OUTPUT
 *       judges a candidate's output file; prints one line per item,
 *       "pass ID" or "OUTCOME ID: reason" (fail, compatibility-warning,
 *       internal-error; the diff indented under it), then
 *       "total N pass P fail F compatibility-warning C internal-error I"
 *
 * Exit status 0 when the calls succeeded (whatever the verdicts), 2 on bad
 * usage, 3 when a call failed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"

static int usage(void)
{
	fprintf(stderr, "usage: decode_role_tool object|judge CASES PROFILE FILE\n");
	return 2;
}

static int failed(const char *what, const hd_status *st)
{
	fprintf(stderr, "decode_role_tool: %s: %s\n", what, st->msg);
	return 3;
}

static void print_verdict(const hc_decode_item *it, const hc_decode_verdict *v)
{
	if (v->outcome == HC_PASS) {
		printf("pass %s\n", it->case_id);
		return;
	}
	printf("%s %s: %s\n", hc_outcome_name(v->outcome), it->case_id,
	       v->reason ? v->reason : "");
	if (v->diff != NULL) {
		const char *s = v->diff;
		while (*s != '\0') {
			const char *nl = strchr(s, '\n');
			size_t n = nl ? (size_t)(nl - s) : strlen(s);
			printf("    %.*s\n", (int)n, s);
			s += n + (nl != NULL);
		}
	}
}

static int judge(const hc_decode_set *set, const char *path)
{
	hc_decode_verdict *v = calloc(set->nitems ? set->nitems : 1, sizeof *v);
	size_t counts[HC_OUTCOME_COUNT] = { 0 };
	hd_status st;

	if (v == NULL)
		return fprintf(stderr, "decode_role_tool: out of memory\n"), 3;
	hd_status_clear(&st);
	if (hc_decode_judge_file(set->items, set->nitems, set->profile, path, v, &st) != 0) {
		free(v);
		return failed("judging", &st);
	}
	for (size_t i = 0; i < set->nitems; i++) {
		print_verdict(&set->items[i], &v[i]);
		counts[v[i].outcome]++;
	}
	printf("total %zu pass %zu fail %zu compatibility-warning %zu internal-error %zu\n",
	       set->nitems, counts[HC_PASS], counts[HC_FAIL], counts[HC_COMPAT_WARNING],
	       counts[HC_INTERNAL_ERROR]);
	hc_decode_verdicts_free(v, set->nitems);
	free(v);
	return 0;
}

static int object(const hc_decode_set *set, const char *path)
{
	size_t by_profile = 0, broken = 0;
	hd_status st;

	for (size_t i = 0; i < set->nskips; i++) {
		if (set->skips[i].kind == HC_DECODE_SKIP_PROFILE)
			by_profile++;
		else
			broken++;
	}
	hd_status_clear(&st);
	if (hc_decode_write_object(set->items, set->nitems, set->profile, path, &st) != 0)
		return failed(path, &st);
	printf("items %zu skipped-profile %zu skipped-broken %zu excluded %zu\n", set->nitems,
	       by_profile, broken, set->nexcluded);
	return 0;
}

int main(int argc, char **argv)
{
	hc_decode_set set;
	hd_profile profile;
	hd_status st;
	int rc;

	if (argc != 5 || hd_profile_parse(argv[3], &profile) != 0)
		return usage();
	if (strcmp(argv[1], "object") != 0 && strcmp(argv[1], "judge") != 0)
		return usage();
	hd_status_clear(&st);
	if (hc_decode_collect(argv[2], profile, &set, &st) != 0)
		return failed(argv[2], &st);
	rc = strcmp(argv[1], "object") == 0 ? object(&set, argv[4]) : judge(&set, argv[4]);
	hc_decode_set_free(&set);
	if (fflush(stdout) != 0 || ferror(stdout))
		rc = 3;
	return rc;
}
