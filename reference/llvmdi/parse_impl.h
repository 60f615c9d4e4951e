/* The parser's state for one line, shared by value.c (values), node.c
 * (nodes) and read.c (lines and the module). */
#ifndef HD_LLVMDI_PARSE_IMPL_H
#define HD_LLVMDI_PARSE_IMPL_H

#include "impl.h"

typedef struct hd_lldi_parser {
	const char *path;
	uint32_t lineno;
	hd_lldi_token *toks;   /* the line's tokens, T_END last */
	size_t i;            /* the next token */
	hd_arena *arena;
	hd_status *st;
	/* Stacks the fields and items of the nodes being parsed grow on: a
	 * node's own are copied into the arena when it ends, so nesting
	 * needs no allocation per level. */
	hd_lldi_field *fstack;
	size_t fn, fcap;
	hd_lldi_value *vstack;
	size_t vn, vcap;
} hd_lldi_parser;

int hd_lldi_no_memory(hd_lldi_parser *ps);
char *hd_lldi_strdup(hd_lldi_parser *ps, const char *p, size_t n);
int hd_lldi_expected(hd_lldi_parser *ps, const char *what);
int hd_lldi_is_punct(const hd_lldi_parser *ps, char c);
int hd_lldi_is_punct_at(const hd_lldi_parser *ps, size_t i, char c);
int hd_lldi_expect_punct(hd_lldi_parser *ps, char c);
int hd_lldi_string(hd_lldi_parser *ps, const hd_lldi_token *t, uint32_t skip, hd_lldi_value *v);
int hd_lldi_integer(hd_lldi_parser *ps, const hd_lldi_token *t, hd_lldi_value *v);
int hd_lldi_ref_id(hd_lldi_parser *ps, const hd_lldi_token *t, uint32_t *id);
int hd_lldi_ref_value(hd_lldi_parser *ps, const hd_lldi_token *t, hd_lldi_value *v);
/* One value at the current token; depth: of the node it is in. */
int hd_lldi_value_parse(hd_lldi_parser *ps, hd_lldi_value *v, uint32_t depth);
/* `!{...}` or `!Kind(...)` at the current token, into a new node. */
int hd_lldi_node_parse(hd_lldi_parser *ps, hd_lldi_node **out, uint32_t depth);
/* The items of a list up to the closing character (the opening one already
 * taken), into *items and *n. */
int hd_lldi_items_parse(hd_lldi_parser *ps, char close, hd_lldi_value **items, uint32_t *n,
                      uint32_t depth);

#endif
