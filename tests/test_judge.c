/* Judging a debugger's view of one stop and lane (reference/valuecheck/judge.c):
 * the text rule for `<unset>` parts, and every outcome a variable can get. */
#include "tap.h"
#include "valuecheck/judge.h"

static void texts(void)
{
	OK(hd_judge_text_matches("{1, 2}", "{1, 2}", 0, NULL, NULL), "equal texts match");
	OK(!hd_judge_text_matches("<unset>", "0", 0, NULL, NULL), "strict: <unset> is only <unset>");
	OK(hd_judge_text_matches("<unset>", "123", 1, NULL, NULL), "lenient: <unset> matches a leaf");
	OK(hd_judge_text_matches("{{1, 2, 3}, <unset>}", "{{1, 2, 3}, {0, 0, 0}}", 1, NULL, NULL),
	   "lenient: an <unset> element matches a braced value");
	OK(!hd_judge_text_matches("{{1, 2, 3}, <unset>}", "{{1, 2, 4}, {0, 0, 0}}", 1, NULL, NULL),
	   "lenient: the set parts must still be equal");
	OK(hd_judge_text_matches("{a = <unset>, b = 2}", "{a = 5, b = 2}", 1, NULL, NULL),
	   "lenient: a member's <unset>");
	OK(!hd_judge_text_matches("{1, <unset>}", "{1}", 1, NULL, NULL), "lenient: a missing element is no match");
	OK(!hd_judge_text_matches("{1, 2}", "{1, 2, 3}", 1, NULL, NULL), "an extra element is no match");
	OK(!hd_judge_text_matches("x<unset>", "x5", 1, NULL, NULL), "<unset> inside a leaf is text");
}

/* Addresses from 0x1000 are shared (a global buffer both sides place there). */
static int shared(void *ctx, uint64_t addr)
{
	(void)ctx;
	return addr >= 0x1000;
}

static void pointers(void)
{
	hd_judge_source src = { 0, NULL, NULL, NULL, "k", shared };
	int layout = 0;

	OK(hd_judge_text_matches("{n = 1, p = 0x20}", "{n = 1, p = 0x18}", 1, &src, &layout) &&
	   layout, "a private pointer matches any pointer, and is counted as layout");
	OK(!hd_judge_text_matches("{n = 1, p = 0x1000}", "{n = 1, p = 0x1008}", 1, &src, NULL),
	   "a pointer into a shared buffer is judged");
	OK(!hd_judge_text_matches("0x20", "<unset>", 1, &src, NULL),
	   "a layout pointer still needs a pointer on the debugger's side");
	OK(!hd_judge_text_matches("{n = 1, p = 0x20}", "{n = 2, p = 0x18}", 1, &src, NULL),
	   "the rest of the value is judged");
}

static const char *const names[] = { "a", "b", "c", "d" };
static const char *const want[] = { "1", "2", "<unset>", "3" };

static const char *name_of(void *ctx, uint32_t i) { (void)ctx; return names[i]; }
static const char *text_of(void *ctx, uint32_t i) { (void)ctx; return want[i]; }

static void frame(void)
{
	hd_watch_var vars[] = {
		{ "a", 0, NULL, "1" }, { "b", 0, NULL, "<unavailable>" }, { "c", 0, NULL, "9" },
		{ "x", 1, NULL, "4" },
	};
	hd_watch_frame f = { "k", 0, vars, 4 };
	hd_judge_source src = { 4, name_of, text_of, NULL, "k", NULL };
	hd_judge_where w = { "t", "k", "k", "k.cl", 3, 1, 0, 0, -1, NULL, NULL };
	hd_check_report r;

	memset(&r, 0, sizeof r);
	hd_buf_init(&r.failures);
	hd_judge_frame(&src, &f, &w, 1, &r);
	OK(r.right == 1 && r.unavailable == 1 && r.unset == 1 && r.missing == 1 && r.extra == 1 &&
	   r.wrong == 0 && r.frames == 0, "lenient: right, unavailable, unset, missing, extra");
	OK(strstr(hd_buf_str(&r.failures), "t: kernel k, k k.cl:3:1, work-item 0: d: not among") !=
	   NULL, "a failure line names where and what");
	hd_buf_free(&r.failures);

	memset(&r, 0, sizeof r);
	hd_buf_init(&r.failures);
	f.function = "other";
	hd_judge_frame(&src, &f, &w, 0, &r);
	OK(r.wrong == 1 && r.unset == 0 && r.frames == 1,
	   "strict: an <unset> the DWARF shows as 9 is wrong; another function is a frame failure");
	OK(strstr(hd_buf_str(&r.failures), "c: expected <unset>, the DWARF shows 9") != NULL,
	   "the wrong value's line");
	hd_buf_free(&r.failures);
}

int main(void)
{
	tap_begin();
	texts();
	pointers();
	frame();
	return tap_end();
}
