// Typedefs of a scalar, of a typedef, and of an anonymous struct: clang emits
// DIDerivedType(DW_TAG_typedef) chains, which llvm-spirv writes as
// DebugTypedef.
typedef int count_t;
typedef count_t small_count_t;
typedef struct {
	count_t hits;
	small_count_t misses;
} stats_t;

kernel void typedef_kernel(global stats_t *out, count_t n)
{
	small_count_t m = n / 2;
	stats_t s;

	s.hits = n;
	s.misses = m;
	out[get_global_id(0)] = s;
}
