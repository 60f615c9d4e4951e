/* Interned texts for the canonical order (dump_order.c): each distinct text
 * is stored once, in a balanced search tree (an AA tree, Andersson 1993)
 * ordered by memcmp, so equal texts get one id and, after dd_intern_rank,
 * ids carry their text's rank in byte order. A balanced tree and not a hash
 * table: no input can make a lookup cost more than O(log n) comparisons. */
#include <stdlib.h>
#include <string.h>

#include "dump_intern.h"

void dd_intern_init(dd_intern *t)
{
	memset(t, 0, sizeof *t);
	hd_buf_init(&t->text);
}

void dd_intern_free(dd_intern *t)
{
	hd_buf_free(&t->text);
	free(t->n);
	memset(t, 0, sizeof *t);
}

static int cmp_text(const dd_intern *t, const uint8_t *s, size_t len, uint32_t x)
{
	const dd_inode *n = &t->n[x];
	size_t m = len < n->len ? len : n->len;
	int r = m != 0 ? memcmp(s, t->text.data + n->off, m) : 0;

	if (r != 0)
		return r;
	return len < n->len ? -1 : len > n->len;
}

/* A new leaf holding a copy of s; 0 when memory ran out. */
static uint32_t new_node(dd_intern *t, const uint8_t *s, size_t len)
{
	dd_inode *n;

	if (t->count + 1 >= t->cap) {
		uint32_t cap = t->cap ? t->cap * 2 : 256;
		dd_inode *p = realloc(t->n, cap * sizeof *p);
		if (p == NULL || cap <= t->cap)
			return 0;
		t->n = p;
		t->cap = cap;
	}
	if (len > UINT32_MAX || t->text.len > UINT32_MAX - len)
		return 0;
	n = &t->n[++t->count];
	n->off = (uint32_t)t->text.len;
	n->len = (uint32_t)len;
	n->left = n->right = 0;
	n->level = 1;
	n->rank = 0;
	hd_buf_put(&t->text, s, len);
	return t->text.failed ? 0 : t->count;
}

/* AA tree rotations: a left child on the same level moves up (skew); two
 * right children on one level split it. */
static uint32_t skew(dd_inode *n, uint32_t x)
{
	uint32_t l = n[x].left;

	if (l == 0 || n[l].level != n[x].level)
		return x;
	n[x].left = n[l].right;
	n[l].right = x;
	return l;
}

static uint32_t split(dd_inode *n, uint32_t x)
{
	uint32_t r = n[x].right;

	if (r == 0 || n[r].right == 0 || n[n[r].right].level != n[x].level)
		return x;
	n[x].right = n[r].left;
	n[r].left = x;
	n[r].level++;
	return r;
}

/* Inserts under x (0: empty); returns the subtree's new root, and the
 * text's node in *id (0 when memory ran out). Depth is O(log n). */
static uint32_t insert(dd_intern *t, uint32_t x, const uint8_t *s, size_t len, uint32_t *id)
{
	int r;
	uint32_t k;

	if (x == 0)
		return *id = new_node(t, s, len);
	r = cmp_text(t, s, len, x);
	if (r == 0) {
		*id = x;
		return x;
	}
	k = insert(t, r < 0 ? t->n[x].left : t->n[x].right, s, len, id);
	if (*id == 0)
		return x;
	if (r < 0)
		t->n[x].left = k;
	else
		t->n[x].right = k;
	return split(t->n, skew(t->n, x));
}

int dd_intern_add(dd_intern *t, const uint8_t *s, size_t len, uint32_t *id)
{
	uint32_t root = insert(t, t->root, s, len, id);

	if (*id == 0)
		return -1;
	t->root = root;
	return 0;
}

static uint32_t rank_inorder(dd_inode *n, uint32_t x, uint32_t next)
{
	while (x != 0) {
		next = rank_inorder(n, n[x].left, next);
		n[x].rank = next++;
		x = n[x].right;
	}
	return next;
}

void dd_intern_rank(dd_intern *t)
{
	if (t->n != NULL)
		rank_inorder(t->n, t->root, 1);
}
