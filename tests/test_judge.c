/* Judging a debugger's view of one stop and lane (reference/watch/judge.c):
 * the text rule for `<unset>` parts, and every outcome a variable can get. */
#include "tap.h"
#include "watch/judge.h"

static void texts(void)
{
	OK(hd_judge_text_matches("{1, 2}", "{1, 2}", 0), "equal texts match");
	OK(!hd_judge_text_matches("<unset>", "0", 0), "strict: <unset> is only <unset>");
	OK(hd_judge_text_matches("<unset>", "123", 1), "lenient: <unset> matches a leaf");
	OK(hd_judge_text_matches("{{1, 2, 3}, <unset>}", "{{1, 2, 3}, {0, 0, 0}}", 1),
	   "lenient: an <unset> element matches a braced value");
	OK(!hd_judge_text_matches("{{1, 2, 3}, <unset>}", "{{1, 2, 4}, {0, 0, 0}}", 1),
	   "lenient: the set parts must still be equal");
	OK(hd_judge_text_matches("{a = <unset>, b = 2}", "{a = 5, b = 2}", 1),
	   "lenient: a member's <unset>");
	OK(!hd_judge_text_matches("{1, <unset>}", "{1}", 1), "lenient: a missing element is no match");
	OK(!hd_judge_text_matches("{1, 2}", "{1, 2, 3}", 1), "an extra element is no match");
	OK(!hd_judge_text_matches("x<unset>", "x5", 1), "<unset> inside a leaf is text");
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
	hd_judge_source src = { 4, name_of, text_of, NULL, "k" };
	hd_judge_where w = { "t", "k", "k", "k.cl", 3, 1, 0 };
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
	frame();
	return tap_end();
}
