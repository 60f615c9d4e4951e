/* The watch file (docs/watch-format.md): every stop of a run with the value
 * of every variable in scope for every work-item there, work-items with
 * equal values on one line. */
#include <stdlib.h>
#include <string.h>

#include "watch.h"

/* A watch past this many bytes keeps counting stops but prints no more of
 * them, so a kernel that loops long cannot fill the disk. */
#define MAX_WATCH_BYTES (8u << 20)

typedef struct writer {
	hd_buf *out;
	uint64_t stops, printed;
	hd_buf *texts;       /* one per lane of a wave */
	uint32_t ntexts;
} writer;

/* "0-31,33": the work-items whose bit is set in `mask` among `lanes`. */
static void put_items(hd_buf *out, const uint32_t *items, uint32_t n)
{
	for (uint32_t i = 0; i < n;) {
		uint32_t j = i;
		while (j + 1 < n && items[j + 1] == items[j] + 1)
			j++;
		hd_buf_printf(out, "%s%u", i ? "," : "", items[i]);
		if (j > i)
			hd_buf_printf(out, "-%u", items[j]);
		i = j + 1;
	}
}

static int on_stop(void *ctx, hd_watch *w, const hd_watch_stop *s, hd_status *st)
{
	writer *wr = ctx;
	const hd_exec_where *wh = s->where;
	uint32_t W = (uint32_t)wr->ntexts, items[64], n = 0;

	wr->stops++;
	if (wr->out->len > MAX_WATCH_BYTES)
		return 0;
	wr->printed++;
	for (uint32_t lane = 0; lane < W; lane++)
		if (wh->lanes >> lane & 1)
			items[n++] = wh->wave * W + lane;
	hd_buf_printf(wr->out, "stop %llu %s%s %s:%u:%u group %u,%u,%u items ",
	              (unsigned long long)wr->stops, s->function, s->inlined ? " inlined" : "",
	              s->file, s->line, s->column, wh->group[0], wh->group[1], wh->group[2]);
	put_items(wr->out, items, n);
	hd_buf_printf(wr->out, "\n");
	for (uint32_t v = 0; v < s->nitems; v++) {
		uint8_t done[64] = { 0 };
		for (uint32_t i = 0; i < n; i++) {
			hd_buf_reset(&wr->texts[i]);
			if (hd_watch_value(w, items[i], &s->items[v], &wr->texts[i]) != 0)
				return hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory for a watch");
		}
		/* one line per distinct value, in the order of its first work-item */
		for (uint32_t i = 0; i < n; i++) {
			uint32_t same[64], k = 0;
			if (done[i])
				continue;
			for (uint32_t j = i; j < n; j++)
				if (!done[j] && wr->texts[j].len == wr->texts[i].len &&
				    memcmp(wr->texts[j].data, wr->texts[i].data, wr->texts[i].len) == 0) {
					done[j] = 1;
					same[k++] = items[j];
				}
			hd_buf_printf(wr->out, "  %s [", s->items[v].name);
			put_items(wr->out, same, k);
			hd_buf_printf(wr->out, "] = %s\n", hd_buf_str(&wr->texts[i]));
		}
	}
	return 0;
}

static int write_kernel(const hd_spv_module *m, const char *kernel, const hd_exec_config *c,
                        hd_buf *out, hd_status *st)
{
	hd_buf texts[64];
	writer wr = { out, 0, 0, texts, c->wave_size };
	hd_exec *x = NULL;
	hd_watch *w = NULL;
	hd_exec_outcome o;
	int rc = -1;

	for (unsigned i = 0; i < 64; i++)
		hd_buf_init(&texts[i]);
	if (hd_exec_new(m, kernel, c, &x, st) != 0 || hd_watch_new(x, on_stop, &wr, &w, st) != 0)
		goto done;
	hd_buf_printf(out, "kernel %s\n", kernel);
	hd_buf_printf(out, "ndrange global=%u,%u,%u local=%u,%u,%u offset=%u,%u,%u wave=%u\n",
	              c->global_size[0], c->global_size[1], c->global_size[2], c->local_size[0],
	              c->local_size[1], c->local_size[2], c->global_offset[0],
	              c->global_offset[1], c->global_offset[2], c->wave_size);
	if (hd_exec_run(x, hd_watch_observer(w), &o, st) != 0)
		goto done;
	if (wr.printed < wr.stops)
		hd_buf_printf(out, "truncated after %llu of %llu stops\n",
		              (unsigned long long)wr.printed, (unsigned long long)wr.stops);
	if (o.end == HD_EXEC_COMPLETED || o.end == HD_EXEC_STEP_LIMIT)
		hd_buf_printf(out, "outcome %s\n", hd_exec_end_name(o.end));
	else
		hd_buf_printf(out, "outcome %s: %s\n", hd_exec_end_name(o.end), o.detail);
	hd_buf_printf(out, "steps %llu\n", (unsigned long long)o.steps);
	/* the instructions it ran, in opcode-table order: docs/coverage.md
	 * counts them over the corpus */
	hd_buf_printf(out, "executed");
	for (uint32_t i = 0; i < hd_exec_nops(); i++) {
		const hd_spv_coreop *op = hd_spv_coreop_by_opcode(hd_exec_op_at(i));
		if (op != NULL && hd_exec_executed(x, op->opcode))
			hd_buf_printf(out, " %s", op->name);
	}
	for (uint32_t i = 0; i < hd_exec_nstd(); i++) {
		const char *name;
		uint32_t op = hd_exec_std_at(i, &name);
		if (hd_exec_executed_std(x, op))
			hd_buf_printf(out, " OpenCL.std/%s", name);
	}
	hd_buf_printf(out, "\n");
	rc = out->failed ? hd_fail(st, HD_NO_MEMORY, "no-memory", 0, "no memory") : 0;
done:
	for (unsigned i = 0; i < 64; i++)
		hd_buf_free(&texts[i]);
	hd_watch_free(w);
	hd_exec_free(x);
	return rc;
}

int hd_watch_write(const hd_spv_module *m, const char *kernel, const hd_exec_config *c,
                   hd_buf *out, hd_status *st)
{
	const char *names[64];
	uint32_t n = hd_exec_kernel_names(m, names, 64);

	hd_buf_printf(out, "hdcts-watch 1\n");
	if (kernel != NULL)
		return write_kernel(m, kernel, c, out, st);
	if (n == 0)
		return hd_fail(st, HD_BAD_INPUT, "no-kernel", 0, "no Kernel entry point");
	for (uint32_t k = 0; k < n && k < 64; k++)
		if (write_kernel(m, names[k], c, out, st) != 0)
			return -1;
	return 0;
}
