/* Matching a debugger's stops with a watch's (reference/valuecheck/stop_index.c):
 * the k-th visit of a line meets the k-th visit in the source, the column
 * picks among a visit's stops, lines the debugger skips are passed over and
 * counted, and files match by their last component. */
#include "tap.h"
#include "valuecheck/stop_index.h"

static const char watch[] =
	"hdcts-watch 1\n"
	"kernel k\n"
	"ndrange global=4,1,1 local=2,1,1 offset=0,0,0 wave=64\n"
	"stop 1 k /src/k.cl:3:5 group 0,0,0 items 0-1\n"
	"stop 2 k /src/k.cl:3:9 group 0,0,0 items 0-1\n"
	"stop 3 k /src/k.cl:4:2 group 0,0,0 items 0-1\n"
	"stop 4 k /src/k.cl:5:1 group 0,0,0 items 0\n"
	"stop 5 k /src/k.cl:4:2 group 0,0,0 items 0\n"
	"stop 6 k /src/k.cl:5:1 group 0,0,0 items 0\n"
	"stop 7 k /src/k.cl:6:1 group 0,0,0 items 0-1\n"
	"stop 8 k /src/k.cl:3:5 group 1,0,0 items 1\n"
	"stop 9 k /src/k.cl:8:1 group 1,0,0 items 0\n"
	"stop 10 k /src/k.cl:8:1 group 1,0,0 items 0\n"
	"outcome completed\n"
	"steps 10\n"
	"executed\n";

static uint64_t number(const hd_wf_stop *s)
{
	return s != NULL ? s->number : 0;
}

int main(void)
{
	static const uint32_t g0[3] = { 0, 0, 0 }, g1[3] = { 1, 0, 0 }, g2[3] = { 2, 0, 0 };
	hd_watch_file *wf = NULL;
	hd_stop_index *ix = NULL;
	hd_status st;

	tap_begin();
	if (!OK(hd_watch_file_read(watch, sizeof watch - 1, "k.watch", &wf, &st) == 0 &&
	        hd_stop_index_new(wf, &wf->kernels[0], &ix, &st) == 0, "the index of a watch"))
		return tap_end();
	EQ_U64(number(hd_stop_index_meet(ix, g0, 0, "/build/k.cl", 3, 9, NULL, 0)), 2,
	       "the column picks the stop of the visit");
	EQ_U64(number(hd_stop_index_meet(ix, g0, 0, "k.cl", 4, 7, NULL, 0)), 3,
	       "no stop at the column: the visit's first");
	EQ_U64(number(hd_stop_index_meet(ix, g0, 0, "/build/k.cl", 5, 1, NULL, 0)), 4, "the next line");
	EQ_U64(number(hd_stop_index_meet(ix, g0, 0, "/build/k.cl", 4, 2, NULL, 0)), 5,
	       "the second visit of a line meets the second visit");
	EQ_U64(number(hd_stop_index_meet(ix, g0, 0, "/build/k.cl", 3, 5, NULL, 0)), 0,
	       "a line the source does not visit again meets nothing");
	EQ_U64(number(hd_stop_index_meet(ix, g0, 0, "/build/k.cl", 6, 1, NULL, 0)), 7,
	       "a line skipped over (5) is passed");
	EQ_U64(hd_stop_index_unmet(ix, g0, 0), 1,
	       "line 5's second visit (stop 6) went unmet; line 3's was met at its column 9");
	EQ_U64(number(hd_stop_index_meet(ix, g0, 1, "/src/other.cl", 3, 5, NULL, 0)), 0,
	       "another file's line 3 is not k.cl's");
	EQ_U64(number(hd_stop_index_meet(ix, g0, 1, "/src/k.cl", 6, 1, NULL, 0)), 7,
	       "each work-item has its own cursor");
	EQ_U64(hd_stop_index_unmet(ix, g0, 1), 2, "work-item 1: lines 3 and 4 passed over, 6 met");
	EQ_U64(number(hd_stop_index_meet(ix, g1, 1, "k.cl", 3, 5, NULL, 0)), 8, "a stop of group 1");
	EQ_U64(number(hd_stop_index_meet(ix, g2, 0, "k.cl", 3, 5, NULL, 0)), 0,
	       "a group outside the NDRange meets nothing");
	EQ_U64(number(hd_stop_index_meet(ix, g1, 0, "k.cl", 8, 1, NULL, 0)), 9, "a loop on one line: 1st");
	EQ_U64(number(hd_stop_index_meet(ix, g1, 0, "k.cl", 8, 1, NULL, 0)), 10, "... its 2nd visit");
	EQ_U64(number(hd_stop_index_meet(ix, g1, 0, "k.cl", 8, 1, NULL, 0)), 0, "... and no 3rd");
	EQ_U64(hd_stop_index_unmet(ix, g1, 0), 0, "every stop of it met");
	hd_stop_index_free(ix);

	/* function instances: a call or return between two stops at line 3 */
	if (OK(hd_stop_index_new(wf, &wf->kernels[0], &ix, &st) == 0, "again")) {
		static const char fa[] = "a", fb[] = "b";
		EQ_U64(number(hd_stop_index_meet(ix, g0, 0, "k.cl", 3, 5, fa, 0)), 1, "line 3 in a");
		EQ_U64(number(hd_stop_index_meet(ix, g0, 0, "k.cl", 3, 7, fa, 0)), 2,
		       "line 3 again in a: the same visit goes on");
		EQ_U64(number(hd_stop_index_meet(ix, g0, 1, "k.cl", 3, 5, fa, 0)), 1, "item 1, line 3 in a");
		EQ_U64(number(hd_stop_index_meet(ix, g0, 1, "k.cl", 3, 7, fb, 0)), 0,
		       "line 3 in b: a new visit, and the source has none left");
		EQ_U64(number(hd_stop_index_meet(ix, g0, 0, "k.cl", 4, 2, fa, 0)), 3, "line 4");
		EQ_U64(number(hd_stop_index_meet(ix, g0, 0, "k.cl", 4, 2, fa, 1)), 5,
		       "line 4 at a function's entry: its next visit, after line 5");
		EQ_U64(number(hd_stop_index_meet(ix, g1, 0, "k.cl", 8, 1, fa, 0)), 9,
		       "a one-line loop in group 1");
		EQ_U64(number(hd_stop_index_meet(ix, g1, 0, "k.cl", 8, 1, fa, 1)), 0,
		       "entered again: the rest of the visit it was in is passed over");
		hd_stop_index_free(ix);
	}
	hd_watch_file_free(wf);

	static const char outside[] =
		"hdcts-watch 1\nkernel k\nndrange global=2,1,1 local=2,1,1 offset=0,0,0 wave=64\n"
		"stop 1 k /k.cl:1:1 group 1,0,0 items 0\noutcome completed\nsteps 1\nexecuted\n";
	static const char huge[] =
		"hdcts-watch 1\nkernel k\n"
		"ndrange global=65536,65536,1 local=1024,1,1 offset=0,0,0 wave=64\n"
		"outcome completed\nsteps 1\nexecuted\n";
	if (OK(hd_watch_file_read(outside, sizeof outside - 1, "o.watch", &wf, &st) == 0, "reads"))
		OK(hd_stop_index_new(wf, &wf->kernels[0], &ix, &st) != 0 && ix == NULL &&
		   strcmp(st.code, "watch-groups") == 0, "a stop's group outside the NDRange is refused");
	hd_watch_file_free(wf);
	if (OK(hd_watch_file_read(huge, sizeof huge - 1, "h.watch", &wf, &st) == 0, "reads"))
		OK(hd_stop_index_new(wf, &wf->kernels[0], &ix, &st) != 0 &&
		   strcmp(st.code, "watch-groups") == 0, "an NDRange past the index's bound is refused");
	hd_watch_file_free(wf);
	return tap_end();
}
