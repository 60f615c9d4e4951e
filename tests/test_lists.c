/* The run's lists (harness/profile/lists.h): the coverage index is searched by
 * case id whatever order coverage.tsv is in, including a case id that is a
 * prefix of another's (which sorts after it in the committed file), and the
 * committed index gives every case all of its lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lists.h"
#include "tap.h"

static const char prefix_order[] =
	"spirv/a-valid-encoding-8\tpos\tDebugInfo/DebugTypeBasic\n"
	"spirv/a-valid\tpos\tDebugInfo/DebugCompilationUnit\n"
	"spirv/a-valid\tpos\tDebugInfo/DebugTypeBasic\n"
	"cfi/b\tneg\tDW_CFA_nop\n";

static int read_text(const char *text, hc_lines *l, hd_status *st)
{
	char path[] = "/tmp/test-lists.XXXXXX";
	int fd = mkstemp(path), rc;
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (f == NULL)
		return -1;
	fputs(text, f);
	fclose(f);
	rc = hc_lines_read(l, path, '\t', 3, 0, st);
	remove(path);
	return rc;
}

static void test_prefix_ids(void)
{
	hc_lines l;
	hd_status st;
	size_t first, n;

	memset(&l, 0, sizeof l);
	if (!OK(read_text(prefix_order, &l, &st) == 0, "an index in coverage.tsv's order reads"))
		return;
	hc_index_sort(&l);
	n = hc_facts_of(&l, "spirv/a-valid", &first);
	OK(n == 2 && strcmp(l.v[first].c, "DebugInfo/DebugCompilationUnit") == 0,
	   "a case id that is a prefix of another's has its own facts");
	n = hc_facts_of(&l, "spirv/a-valid-encoding-8", &first);
	OK(n == 1, "and the longer id has its own");
	OK(hc_facts_of(&l, "cfi/b", &first) == 1 && hc_facts_of(&l, "cfi/c", &first) == 0,
	   "other ids are found, missing ones are not");
	hc_lines_free(&l);
}

/* Every case of the committed index finds as many facts as it has lines. */
static void test_committed_index(void)
{
	hc_lines l;
	hd_status st;
	int all = 1;

	memset(&l, 0, sizeof l);
	if (!OK(hc_lines_read(&l, HD_COVERAGE_TSV, '\t', 3, 0, &st) == 0,
	        "expected/coverage.tsv reads"))
		return;
	hc_index_sort(&l);
	for (size_t i = 0; i < l.n;) {
		size_t first, n = hc_facts_of(&l, l.v[i].a, &first);
		if (first != i || n == 0) {
			printf("  # %s: facts at %zu (%zu), lines from %zu\n", l.v[i].a, first, n, i);
			all = 0;
			break;
		}
		i += n;
	}
	OK(all, "every committed case finds all of its facts");
	hc_lines_free(&l);
}

int main(void)
{
	tap_begin();
	test_prefix_ids();
	test_committed_index();
	return tap_end();
}
