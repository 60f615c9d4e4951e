/* The model's storages as sparse memory: 4 KiB pages in a hash table keyed by
 * (storage, page number), each with a bitmap of the bytes ever written so
 * strict mode can tell "never written" from "written zero". A page limit
 * bounds what a hostile case can make the model allocate. */
#include "model_impl.h"
#include "util/keyed_hash.h"

#include <stdlib.h>
#include <string.h>

#define PAGE_BITS 12
#define PAGE_SIZE (1u << PAGE_BITS)
#define BUCKET_BITS 12
#define NBUCKETS (1u << BUCKET_BITS)

typedef struct page {
	struct page *next;
	uint64_t number;                 /* storage address >> PAGE_BITS */
	unsigned storage;
	uint8_t data[PAGE_SIZE];
	uint8_t written[PAGE_SIZE / 8];  /* one bit a byte, for strict reads */
} page;

struct hd_amdgpu_mem {
	page *buckets[NBUCKETS];
	size_t npages, max_pages;
	unsigned refs;
};

hd_amdgpu_mem *hd_amdgpu_mem_new(void)
{
	hd_amdgpu_mem *mem = calloc(1, sizeof *mem);

	if (mem != NULL) {
		mem->max_pages = HD_AMDGPU_MEMORY_LIMIT / PAGE_SIZE;
		mem->refs = 1;
	}
	return mem;
}

hd_amdgpu_mem *hd_amdgpu_mem_ref(hd_amdgpu_mem *mem)
{
	mem->refs++;
	return mem;
}

void hd_amdgpu_mem_free(hd_amdgpu_mem *mem)
{
	size_t i;

	if (mem == NULL || --mem->refs > 0)
		return;
	for (i = 0; i < NBUCKETS; i++) {
		page *p = mem->buckets[i];
		while (p != NULL) {
			page *next = p->next;
			free(p);
			p = next;
		}
	}
	free(mem);
}

void hd_amdgpu_mem_set_limit(hd_amdgpu_mem *mem, size_t bytes)
{
	mem->max_pages = bytes / PAGE_SIZE;
}

/* The addresses are the case's, so the bucket comes from a hash keyed out
 * of the input's sight (util/keyed_hash.h): a fixed multiplier can be
 * inverted to put every page in one chain. Nothing iterates the buckets in
 * an order that shows. */
static unsigned bucket_of(unsigned storage, uint64_t number)
{
	uint64_t h = hd_keyed_hash_u64(number ^ ((uint64_t)storage << 56));

	return (unsigned)(h >> (64 - BUCKET_BITS));
}

static page *find_page(const hd_amdgpu_mem *mem, unsigned storage, uint64_t number)
{
	page *p;

	for (p = mem->buckets[bucket_of(storage, number)]; p != NULL; p = p->next)
		if (p->number == number && p->storage == storage)
			return p;
	return NULL;
}

static page *make_page(hd_amdgpu_mem *mem, unsigned storage, uint64_t number,
                       hd_status *st)
{
	page *p = find_page(mem, storage, number);
	unsigned b;

	if (p != NULL)
		return p;
	if (mem->npages >= mem->max_pages) {
		hd_fail(st, HD_NO_MEMORY, "memory-limit", 0,
		        "the model's memory is limited to %zu pages of %u bytes",
		        mem->max_pages, PAGE_SIZE);
		return NULL;
	}
	p = calloc(1, sizeof *p);
	if (p == NULL) {
		hd_fail(st, HD_NO_MEMORY, "out-of-memory", 0, "no memory for a page");
		return NULL;
	}
	p->number = number;
	p->storage = storage;
	b = bucket_of(storage, number);
	p->next = mem->buckets[b];
	mem->buckets[b] = p;
	mem->npages++;
	return p;
}

/* Bytes from a to the end of its page, at most len. */
static size_t page_run(uint64_t a, size_t len)
{
	size_t room = PAGE_SIZE - (size_t)(a & (PAGE_SIZE - 1));

	return len < room ? len : room;
}

int hd_amdgpu_store_reserve(hd_amdgpu_mem *mem, unsigned storage, uint64_t a,
                            size_t len, hd_status *st)
{
	uint64_t p = a >> PAGE_BITS, last = (a + (len - 1)) >> PAGE_BITS;

	if (len == 0)
		return 0;
	for (;;) {
		if (make_page(mem, storage, p, st) == NULL)
			return -1;
		if (p == last)
			return 0;
		p++;
	}
}

void hd_amdgpu_store_write(hd_amdgpu_mem *mem, unsigned storage, uint64_t a,
                           const uint8_t *buf, size_t len)
{
	while (len > 0) {
		size_t run = page_run(a, len), off = (size_t)(a & (PAGE_SIZE - 1)), i;
		page *p = find_page(mem, storage, a >> PAGE_BITS);
		if (p == NULL)
			return;  /* hd_amdgpu_store_reserve made it; cannot happen */
		memcpy(p->data + off, buf, run);
		for (i = off; i < off + run; i++)
			p->written[i / 8] |= (uint8_t)(1u << (i % 8));
		a += run;
		buf += run;
		len -= run;
	}
}

size_t hd_amdgpu_store_read(const hd_amdgpu_mem *mem, unsigned storage, uint64_t a,
                            uint8_t *buf, size_t len, int strict)
{
	size_t done = 0;

	while (done < len) {
		size_t run = page_run(a, len - done), off = (size_t)(a & (PAGE_SIZE - 1)), i;
		const page *p = find_page(mem, storage, a >> PAGE_BITS);
		if (p == NULL) {
			if (strict)
				return done;
			memset(buf + done, 0, run);
		} else if (strict) {
			for (i = 0; i < run; i++) {
				if (!(p->written[(off + i) / 8] & (1u << ((off + i) % 8))))
					return done + i;
				buf[done + i] = p->data[off + i];
			}
		} else {
			memcpy(buf + done, p->data + off, run);
		}
		a += run;
		done += run;
	}
	return done;
}
