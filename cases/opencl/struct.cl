// A struct type with members of several types, used by a kernel argument and
// a local: clang emits DICompositeType(DW_TAG_structure_type) with
// DW_TAG_member elements, which llvm-spirv writes as DebugTypeComposite and
// DebugTypeMember.
struct point {
	int x;
	float y;
	char tag;
	long id;
};

kernel void struct_kernel(global struct point *out, int n)
{
	struct point p;

	p.x = n;
	p.y = 1.5f;
	p.tag = 'p';
	p.id = n * 2L;
	out[get_global_id(0)] = p;
}
