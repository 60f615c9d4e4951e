/* The canonical dump of vISA debug information (docs/visa.md, "The dump"):
 * one line per element, in file order, every field's value and no byte
 * offset, so it is the same for the same content and asm.c assembles it
 * back into the same bytes. */
#include <string.h>

#include "visa.h"

/* Numbers and words without printf: a dump of a large file is mostly
 * numbers, and the fuzz tests dump every changed file. */
static void put_str(hd_buf *out, const char *s)
{
	hd_buf_put(out, s, strlen(s));
}

static void put_dec(hd_buf *out, uint64_t v)
{
	char buf[24];
	size_t k = sizeof buf;

	do
		buf[--k] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	hd_buf_put(out, buf + k, sizeof buf - k);
}

static void put_hex(hd_buf *out, uint64_t v)
{
	char buf[24];
	size_t k = sizeof buf;

	do
		buf[--k] = "0123456789abcdef"[v % 16];
	while ((v /= 16) != 0);
	buf[--k] = 'x';
	buf[--k] = '0';
	hd_buf_put(out, buf + k, sizeof buf - k);
}

/* " WORD N" */
static void put_key(hd_buf *out, const char *word, uint64_t v)
{
	hd_buf_byte(out, ' ');
	put_str(out, word);
	hd_buf_byte(out, ' ');
	put_dec(out, v);
}

static void put_name(hd_buf *out, const hd_visa_name *n)
{
	hd_buf_byte(out, '\'');
	for (uint16_t i = 0; i < n->len; i++) {
		uint8_t b = n->p[i];
		if (b >= 0x20 && b < 0x7f && b != '\'' && b != '\\')
			hd_buf_byte(out, b);
		else
			hd_buf_printf(out, "\\x%02x", b);
	}
	hd_buf_byte(out, '\'');
}

static const char *const vtype_name[3] = { "address", "flag", "general" };
static const char reg_prefix[3] = { 'a', 'f', 'r' };

static void put_memory(hd_buf *out, uint32_t loc)
{
	int32_t off = hd_visa_mem_offset(loc);

	put_str(out, hd_visa_mem_absolute(loc) ? "mem abs" : "mem be_fp");
	hd_buf_byte(out, off < 0 ? '-' : '+');
	put_dec(out, off < 0 ? (uint64_t)(-(int64_t)off) : (uint64_t)off);
}

/* "r5.12" */
static void put_reg(hd_buf *out, char prefix, uint32_t loc)
{
	hd_buf_byte(out, (uint8_t)prefix);
	put_dec(out, hd_visa_regnum(loc));
	hd_buf_byte(out, '.');
	put_dec(out, hd_visa_subreg(loc));
}

/* " general r5.12", " flag f1.1", " general mem be_fp+12", or the numbers
 * of a type the appendix does not define. */
static void put_location(hd_buf *out, uint8_t vtype, uint8_t ptype, uint32_t loc)
{
	hd_buf_byte(out, ' ');
	if (vtype <= 2) {
		put_str(out, vtype_name[vtype]);
	} else {
		put_str(out, "vtype-");
		put_dec(out, vtype);
	}
	hd_buf_byte(out, ' ');
	if (ptype <= 2)
		put_reg(out, reg_prefix[ptype], loc);
	else if (ptype == 3)
		put_memory(out, loc);
	else
		hd_buf_printf(out, "ptype-%u 0x%08x", (unsigned)ptype, (unsigned)loc);
}

static void put_intervals(hd_buf *out, const hd_visa_intervals *l, int wide, const char *indent)
{
	for (uint16_t i = 0; i < l->n; i++) {
		const hd_visa_interval *in = &l->v[i];
		put_str(out, indent);
		put_str(out, wide ? "gen " : "visa ");
		(wide ? put_hex : put_dec)(out, in->start);
		put_str(out, "..");
		(wide ? put_hex : put_dec)(out, in->end);
		put_location(out, in->vtype, in->ptype, in->loc);
		hd_buf_byte(out, '\n');
	}
}

static void put_map(hd_buf *out, const hd_visa_map *m, const char *name, const char *key)
{
	hd_buf_printf(out, "  %s %u\n", name, (unsigned)m->n);
	for (uint32_t i = 0; i < m->n; i++) {
		put_str(out, "    ");
		put_str(out, key);
		hd_buf_byte(out, ' ');
		put_dec(out, m->v[i].visa);
		put_str(out, " gen ");
		put_hex(out, m->v[i].gen);
		hd_buf_byte(out, '\n');
	}
}

static void put_saves(hd_buf *out, const hd_visa_saves *t, const char *name)
{
	hd_buf_printf(out, "    %s %u\n", name, (unsigned)t->n);
	for (uint16_t i = 0; i < t->n; i++) {
		const hd_visa_save_ip *ip = &t->v[i];
		hd_buf_printf(out, "      ip 0x%x entries %u\n", (unsigned)ip->ip, (unsigned)ip->n);
		for (uint16_t k = 0; k < ip->n; k++) {
			const hd_visa_save *s = &ip->v[k];
			hd_buf_printf(out, "        src 0x%x bytes %u -> ", (unsigned)s->src,
			              (unsigned)s->nbytes);
			if (s->in_reg > 1)
				hd_buf_printf(out, "in-reg-%u ", (unsigned)s->in_reg);
			if (s->in_reg != 0)
				hd_buf_printf(out, "r%u.%u", (unsigned)hd_visa_regnum(s->dst),
				              (unsigned)hd_visa_subreg(s->dst));
			else
				put_memory(out, s->dst);
			hd_buf_byte(out, '\n');
		}
	}
}

static void put_frame(hd_buf *out, const hd_visa_frame *f)
{
	static const char *const name[HD_VISA_NFP] = { "befp", "caller-befp", "ret-addr" };

	hd_buf_printf(out, "  frame size %u\n", (unsigned)f->size);
	for (int k = 0; k < HD_VISA_NFP; k++) {
		hd_buf_printf(out, "    %s valid %u", name[k], (unsigned)f->valid[k]);
		if (f->valid[k] != 0)
			hd_buf_printf(out, " intervals %u", (unsigned)f->fp[k].n);
		hd_buf_byte(out, '\n');
		put_intervals(out, &f->fp[k], 1, "      ");
	}
	put_saves(out, &f->callee, "callee-save");
	put_saves(out, &f->caller, "caller-save");
}

static void put_object(hd_buf *out, const hd_visa_object *o, unsigned index)
{
	hd_buf_printf(out, "object %u ", index);
	put_name(out, &o->name);
	hd_buf_printf(out, " reloc 0x%x\n", (unsigned)o->reloc);
	put_map(out, &o->offset_map, "offset-map", "offset");
	put_map(out, &o->index_map, "index-map", "index");
	hd_buf_printf(out, "  vars %u\n", (unsigned)o->nvars);
	for (uint32_t i = 0; i < o->nvars; i++) {
		put_str(out, "    var ");
		put_name(out, &o->vars[i].name);
		put_key(out, "intervals", o->vars[i].lr.n);
		hd_buf_byte(out, '\n');
		put_intervals(out, &o->vars[i].lr, 0, "      ");
	}
	hd_buf_printf(out, "  subs %u\n", (unsigned)o->nsubs);
	for (uint16_t i = 0; i < o->nsubs; i++) {
		const hd_visa_sub *s = &o->subs[i];
		hd_buf_printf(out, "    sub ");
		put_name(out, &s->name);
		hd_buf_printf(out, " visa %u..%u retval %u\n", (unsigned)s->start, (unsigned)s->end,
		              (unsigned)s->retval.n);
		put_intervals(out, &s->retval, 0, "      ");
	}
	put_frame(out, &o->frame);
}

void hd_visa_dump(const hd_visa_file *f, hd_buf *out)
{
	hd_buf_printf(out, "visa magic 0x%08x objects %u\n", (unsigned)f->magic,
	              (unsigned)f->nobjects);
	for (uint16_t i = 0; i < f->nobjects; i++)
		put_object(out, &f->objects[i], i);
	for (size_t at = f->end; at < f->size; at += 16) {
		hd_buf_printf(out, "trailing");
		for (size_t k = at; k < f->size && k < at + 16; k++)
			hd_buf_printf(out, " %02x", f->bytes[k]);
		hd_buf_byte(out, '\n');
	}
	hd_buf_printf(out, "end\n");
}
