/* The watch-file reader (reference/watch/watch_read.c): every committed
 * watch reads and prints back byte for byte, lookups find the value a
 * work-item holds, each rule broken is an error naming its line, and every
 * one-byte change of a small watch is refused or reads and prints back
 * stably (the sanitizers of the test build watch for the rest). */
#include <stdlib.h>

#include "tap.h"
#include "util/dir.h"
#include "util/file.h"
#include "fuzz/watch_fuzz.h"

static const char small[] =
	"hdcts-watch 1\n"
	"kernel k\n"
	"ndrange global=8,1,1 local=8,1,1 offset=0,0,0 wave=64\n"
	"stop 1 f(int, float) inlined /x/k.cl:3:7 group 0,0,0 items 0-3,5,7\n"
	"  a [0-1,5] = 1\n"
	"  a [2-3,7] = {2, <unset>}\n"
	"  b [0-3,5,7] = 0x100000\n"
	"stop 2 k /x/k.cl:4:1 group 0,0,0 items 4\n"
	"outcome trapped: a load (work-item 4)\n"
	"steps 99\n"
	"executed OpLoad OpenCL.std/sqrt\n";

static void test_committed(void)
{
	char **names = NULL, path[4096];
	size_t n = 0, same = 0;
	hd_status st;

	if (!OK(hd_list_dir(HD_EXPECTED_WATCH, ".watch", &names, &n, &st) == 0 && n > 0,
	        "expected/watch lists its watches"))
		return;
	for (size_t i = 0; i < n; i++) {
		hd_buf text, back;
		hd_watch_file *wf = NULL;
		snprintf(path, sizeof path, "%s/%s", HD_EXPECTED_WATCH, names[i]);
		hd_buf_init(&text);
		hd_buf_init(&back);
		if (hd_read_file(path, 64u << 20, &text, &st) == 0 &&
		    hd_watch_file_read((const char *)text.data, text.len, names[i], &wf, &st) == 0) {
			hd_watch_file_print(wf, &back);
			if (back.len == text.len && memcmp(back.data, text.data, text.len) == 0)
				same++;
			else
				printf("# %s prints back differently\n", names[i]);
		} else {
			printf("# %s: %s\n", names[i], st.msg);
		}
		hd_watch_file_free(wf);
		hd_buf_free(&text);
		hd_buf_free(&back);
	}
	EQ_U64(same, n, "every committed watch reads and prints back byte for byte");
	hd_free_names(names, n);
}

static void test_lookup(void)
{
	hd_watch_file *wf = NULL;
	const hd_wf_kernel *k;
	const hd_wf_stop *s;
	hd_status st;

	if (!OK(hd_watch_file_read(small, sizeof small - 1, "small", &wf, &st) == 0,
	        "a small watch reads"))
		return;
	k = hd_watch_file_kernel(wf, "k");
	if (!OK(k != NULL && k->nstops == 2 && k->wave == 64 && k->steps == 99, "its kernel"))
		goto done;
	s = &wf->stops[k->stop];
	EQ_STR(s->function, "f(int, float)", "a function name with spaces reads whole");
	OK(s->inlined && strcmp(s->file, "/x/k.cl") == 0 && s->line == 3 && s->column == 7,
	   "the stop's place, inlined");
	EQ_STR(hd_wf_value_of(wf, s, "a", 5), "1", "work-item 5's a");
	EQ_STR(hd_wf_value_of(wf, s, "a", 7), "{2, <unset>}", "work-item 7's a");
	EQ_STR(hd_wf_value_of(wf, s, "b", 2), "0x100000", "work-item 2's b");
	OK(hd_wf_value_of(wf, s, "a", 4) == NULL, "work-item 4 is not at the stop");
	OK(hd_wf_value_of(wf, s, "c", 0) == NULL, "no variable c");
	OK(hd_wf_has_item(wf, s[1].range, s[1].nranges, 4), "stop 2 has work-item 4");
	EQ_STR(k->outcome, "trapped: a load (work-item 4)", "the outcome's text");
	EQ_STR(k->executed, " OpLoad OpenCL.std/sqrt", "the executed instructions");
done:
	hd_watch_file_free(wf);
}

/* Each rule broken, with the line it is found on. */
static void test_errors(void)
{
	static const struct {
		const char *text, *rule;
		unsigned line;
	} bad[] = {
		{ "", "empty", 1 },
		{ "hdcts-watch 2\n", "starts", 1 },
		{ "hdcts-watch 1\nkernel k\n", "executed", 3 },
		{ "hdcts-watch 1\nkernel k\nndrange global=1 local=1 offset=0 wave=64\n", "ndrange", 3 },
		{ "hdcts-watch 1\nkernel k\nndrange global=1,1,1 local=0,1,1 offset=0,0,0 wave=64\n",
		  "at least one", 3 },
		{ "hdcts-watch 1\nkernel k\nndrange global=1,1,1 local=1,1,1 offset=0,0,0 wave=64\n"
		  "stop 2 k /k.cl:1:1 group 0,0,0 items 0\n", "numbered", 4 },
		{ "hdcts-watch 1\nkernel k\nndrange global=4,1,1 local=4,1,1 offset=0,0,0 wave=64\n"
		  "stop 1 k /k.cl:1:1 group 0,0,0 items 2,1\n", "ascend", 4 },
		{ "hdcts-watch 1\nkernel k\nndrange global=4,1,1 local=4,1,1 offset=0,0,0 wave=64\n"
		  "stop 1 k /k.cl:1:1 group 0,0,0 items 0-4\n", "stay in the group", 4 },
		{ "hdcts-watch 1\nkernel k\nndrange global=4,1,1 local=4,1,1 offset=0,0,0 wave=2\n"
		  "stop 1 k /k.cl:1:1 group 0,0,0 items 0-2\n", "wavefront", 4 },
		{ "hdcts-watch 1\nkernel k\nndrange global=4,1,1 local=4,1,1 offset=0,0,0 wave=64\n"
		  "stop 1 k /k.cl:1:x group 0,0,0 items 0\n", "decimal", 4 },
		{ "hdcts-watch 1\nkernel k\nndrange global=4,1,1 local=4,1,1 offset=0,0,0 wave=64\n"
		  "stop 1 k /k.cl:1:1 group 0,0,0 items 0-1\n  b [0] = 1\n  a [1] = 2\n", "sorted", 6 },
		{ "hdcts-watch 1\nkernel k\nndrange global=4,1,1 local=4,1,1 offset=0,0,0 wave=64\n"
		  "stop 1 k /k.cl:1:1 group 0,0,0 items 0-1\n  a [0-1] = 1\n  a [1] = 2\n",
		  "no more work-items", 6 },
		{ "hdcts-watch 1\nkernel k\nndrange global=4,1,1 local=4,1,1 offset=0,0,0 wave=64\n"
		  "  a [0] = 1\n", "expected a stop", 4 },
		{ "hdcts-watch 1\nkernel k\nndrange global=4,1,1 local=4,1,1 offset=0,0,0 wave=64\n"
		  "truncated after 1 of 2 stops\n", "truncated", 4 },
		{ "hdcts-watch 1\nkernel k\nndrange global=4,1,1 local=4,1,1 offset=0,0,0 wave=64\n"
		  "outcome completed\nsteps many\n", "steps N", 5 },
		{ "hdcts-watch 1\nkernel k\nndrange global=4,1,1 local=4,1,1 offset=0,0,0 wave=64\n"
		  "outcome completed\nsteps 1\nexecutedOpLoad\n", "executed", 6 },
	};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		hd_watch_file *wf = NULL;
		hd_status st;
		char name[80];
		int rc = hd_watch_file_read(bad[i].text, strlen(bad[i].text), "bad.watch", &wf, &st);
		snprintf(name, sizeof name, "refused at line %u: %s", bad[i].line, bad[i].rule);
		if (!OK(rc != 0 && wf == NULL && st.kind == HD_BAD_INPUT && st.offset == bad[i].line &&
		        strstr(st.msg, bad[i].rule) != NULL && strncmp(st.msg, "bad.watch:", 10) == 0,
		        name))
			printf("  # rc %d line %llu: %s\n", rc, (unsigned long long)st.offset, st.msg);
		hd_watch_file_free(wf);
	}
}

static void test_mutations(void)
{
	static const uint8_t vals[] = { 0, '\n', ' ', ',', '-', '[', ']', '=', ':', '9', 'x' };
	uint8_t text[sizeof small];
	size_t tried = 0, read = 0, broke = 0;

	memcpy(text, small, sizeof small);
	for (size_t p = 0; p + 1 < sizeof small; p++) {
		for (size_t v = 0; v < sizeof vals; v++) {
			int rc;
			text[p] = vals[v];
			rc = watch_fuzz_one(text, sizeof small - 1);
			tried++;
			read += rc == 0;
			broke += rc < 0;
		}
		text[p] = (uint8_t)small[p];
		/* every cut of the file too */
		broke += watch_fuzz_one(text, p) < 0;
	}
	printf("# %zu one-byte changes, %zu read\n", tried, read);
	EQ_U64(broke, 0, "every change is refused or reads and prints back stably");
}

int main(void)
{
	tap_begin();
	test_committed();
	test_lookup();
	test_errors();
	test_mutations();
	return tap_end();
}
