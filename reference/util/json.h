/* JSON (RFC 8259) for the files and messages the suite exchanges with
 * others (results.json and the journal, docs/results.md): a writer of
 * strings, and a reader that pulls one value at a time from text in
 * memory, by recursive descent with a nesting limit and a size limit. The
 * text is untrusted: every way it can be wrong is an hd_status
 * (HD_BAD_INPUT, a "json-*" code) with the byte offset, never a crash. A
 * caller reads an object through a table of its keys (hd_json_object). */
#ifndef HD_JSON_H
#define HD_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "buf.h"
#include "status.h"

/* The deepest nesting and the largest text the reader accepts. */
#define HD_JSON_MAX_DEPTH 64
#define HD_JSON_MAX_SIZE ((size_t)1 << 30)

/* ---- UTF-8 and the writer ---- */

/* The code point starting at s (n > 0 bytes left) into *cp; returns how
 * many bytes it takes. A byte that does not start a well-formed UTF-8
 * sequence (overlong, surrogate, past U+10FFFF, cut short) gives U+FFFD and
 * length 1, so every caller makes progress and garbage stays local. */
size_t hd_utf8_next(const unsigned char *s, size_t n, uint32_t *cp);
/* Appends cp as UTF-8. */
void hd_utf8_put(hd_buf *b, uint32_t cp);
/* s as a JSON string with its quotes; NULL as null. */
void hd_json_put_string(hd_buf *b, const char *s);

/* ---- the reader ---- */

typedef struct hd_json {
	const unsigned char *s;
	size_t n, pos;
	unsigned depth;
	hd_status *st;
	hd_buf tmp;   /* the string being decoded */
} hd_json;

/* Starts reading len bytes of text; refuses more than HD_JSON_MAX_SIZE.
 * hd_json_end frees what the reader holds, whatever happened. */
int hd_json_start(hd_json *j, const char *text, size_t len, hd_status *st);
void hd_json_end(hd_json *j);
/* Whitespace only, after the top-level value. */
int hd_json_at_end(hd_json *j);
/* An error at byte at, with a "json-*" code. */
int hd_json_fail(hd_json *j, size_t at, const char *code, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 4, 5)))
#endif
	;

void hd_json_skip_ws(hd_json *j);
/* The next byte, or 0 at the end. */
int hd_json_peek(const hd_json *j);

/* Values. A string is decoded into a new C string (U+0000 is refused); a
 * number is JSON's grammar exactly, read with strtod; a literal is true
 * (1), false (0) or null (-1). */
int hd_json_string(hd_json *j, char **out);
int hd_json_number(hd_json *j, double *v);
int hd_json_literal(hd_json *j, int *v);
/* Any value, read and dropped. */
int hd_json_skip(hd_json *j);

/* Containers. hd_json_open reads '{' or '[' (c) and enters it.
 * hd_json_next_key steps through an object (call with *count 0 after
 * opening): 1 with *key set (malloc'd) and the reader at the value, 0 at
 * the closing '}', -1 on error. hd_json_next_element: the same for an
 * array, 1 at an element, 0 at ']'. */
int hd_json_open(hd_json *j, int c, const char *what);
int hd_json_next_key(hd_json *j, size_t *count, char **key);
int hd_json_next_element(hd_json *j, size_t *count);

/* Typed values of a key (key names it in errors): the value at the reader
 * is well-formed JSON of the wrong type, or not JSON at all, and the
 * second is the error reported, so a typo reads as a syntax error. */
int hd_json_wrong_type(hd_json *j, const char *what, const char *key);
/* A string, or null when nullable, into *out (freed first; NULL for null). */
int hd_json_string_or_null(hd_json *j, const char *key, char **out, int nullable);
int hd_json_bool(hd_json *j, const char *key, int *out);
int hd_json_num(hd_json *j, const char *key, double *out);

/* An object whose keys[] (at most 32) must each be there once, but for the
 * last `optional` of them, which may be absent; field reads the value of
 * keys[k] into ctx, and a key not in keys[] is skipped (a later version
 * may add keys). what names the object in errors. */
int hd_json_object(hd_json *j, const char *const *keys, int n, int optional, const char *what,
                   int (*field)(hd_json *j, int k, void *ctx), void *ctx);

/* ---- a value as a tree ---- */

/* For messages small enough to hold whole (the evaluate target protocol,
 * docs/adapter-protocol.md): every node lives in the arena given. */
typedef enum hd_jtype { HD_JNULL, HD_JBOOL, HD_JNUMBER, HD_JSTRING, HD_JARRAY, HD_JOBJECT } hd_jtype;
typedef struct hd_jnode {
	hd_jtype type;
	int b;                    /* HD_JBOOL */
	double num;               /* HD_JNUMBER */
	const char *str;          /* HD_JSTRING */
	const char **keys;        /* HD_JOBJECT: keys[i] names items[i] */
	struct hd_jnode **items;  /* HD_JARRAY, HD_JOBJECT */
	size_t n;
} hd_jnode;

/* Parses len bytes of text holding one JSON value into a tree in arena. */
int hd_json_tree(const char *text, size_t len, hd_arena *arena, hd_jnode **out,
                 hd_status *st);
/* The member key of an object, or NULL (also when o is no object). */
const hd_jnode *hd_jget(const hd_jnode *o, const char *key);
/* The member's string, or NULL when it is absent or not a string. */
const char *hd_jstr(const hd_jnode *o, const char *key);

#endif
