/* The target protocol's request reader on hostile text, the deterministic
 * part of its fuzzing (protocol_fuzz_target.c explores further): requests
 * written from real cases, cut at every length and with single bytes
 * changed. Each must be refused with an error value or read and written
 * back the same; never a crash (the sanitizers of the CI build watch). */
#include "tap.h"

#include "fuzz/protocol_fuzz.h"

/* Cases whose requests use every member: a location list, an object, typed
 * and location initial stack entries, a write and a read, frame answers,
 * a call stack and requests. */
static const char *const cases[] = {
	"format hdcts-case 1\ncontext lane=3 pc=0x1000 result=location\n"
	"type 0x10 uint unsigned 32\npush value uint 7\npush location: lit0; lit6; LLVM_form_aspace_address | regx 65\n"
	"object: lit4; stack_value\nwrite 32 = 01 02 03 04\nread 32\n"
	"loclist 0x1000 0x10: lit1; stack_value\nloclist default: lit2; stack_value\n",
	"format hdcts-case 1\ncfa: lit0; lit6; LLVM_form_aspace_address\n"
	"frame-base frame 1: bregx 65 8\nexpr: call_frame_cfa\n",
	"format hdcts-case 1\nstack 0x1010 0x2008\n"
	"cie c\ncie c: def_cfa 64 0\nfde f c 0x1000 0x100\nsubprogram k 0x2000 0x100 lanes=64\n"
	"subprogram f 0x1000 0x100\nevaluate cfa frame 1\nevaluate reg s33 frame 1\n",
};

/* Every prefix of text, and text with each byte replaced by each of a few
 * values. The count of broken round trips. */
static size_t mutate(const char *text, size_t n, size_t *tried)
{
	static const uint8_t values[] = { 0, '"', '\\', '{', '}', '[', ',', 'x', '9', 0xff };
	uint8_t *buf = malloc(n ? n : 1);
	size_t bad = 0;

	if (buf == NULL)
		return 1;
	memcpy(buf, text, n);
	for (size_t k = 0; k <= n; k++, (*tried)++)
		bad += protocol_fuzz_one(buf, k) < 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t v = 0; v < sizeof values; v++, (*tried)++) {
			buf[i] = values[v];
			bad += protocol_fuzz_one(buf, n) < 0;
		}
		buf[i] = (uint8_t)text[i];
	}
	free(buf);
	return bad;
}

int main(void)
{
	size_t tried = 0, bad = 0, whole = 0;

	tap_begin();
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		hd_case *c = NULL;
		hd_status st;
		hd_buf req;
		hd_buf_init(&req);
		if (hd_case_parse(cases[i], strlen(cases[i]), &c, &st) != 0) {
			printf("# case %zu: %s\n", i, st.msg);
			bad++;
			continue;
		}
		hd_request_write(c, "fuzz", &req);
		{
			/* read back and written again, a real request is itself: the
			 * reader loses nothing the writer says */
			hd_buf again;
			hd_buf_init(&again);
			whole += protocol_fuzz_rewrite((const char *)req.data, req.len, &again) == 0 &&
			         again.len == req.len && memcmp(again.data, req.data, req.len) == 0;
			hd_buf_free(&again);
		}
		bad += mutate((const char *)req.data, req.len, &tried);
		hd_case_free(c);
		hd_buf_free(&req);
	}
	OK(whole == sizeof cases / sizeof cases[0],
	   "requests written from real cases read back and write again to the same bytes");
	OK(bad == 0, "those requests cut at every length, each byte changed: refused, or read and "
	             "written back the same");
	printf("# %zu inputs\n", tried);
	return tap_end();
}
