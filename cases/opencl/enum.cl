// A C enum with explicit and implicit values (one of them negative): clang
// emits DICompositeType(DW_TAG_enumeration_type) with DIEnumerator elements,
// which llvm-spirv writes as DebugTypeEnum.
enum colour {
	RED = -1,
	GREEN,
	BLUE = 7,
	ALPHA
};

kernel void enum_kernel(global int *out, int sel)
{
	enum colour c = sel ? BLUE : RED;

	out[get_global_id(0)] = c + ALPHA;
}
