// A union whose members share storage: clang emits
// DICompositeType(DW_TAG_union_type) with members all at offset 0, which
// llvm-spirv writes as DebugTypeComposite of class Union.
union bits {
	float f;
	uint u;
	uchar b[4];
};

kernel void union_kernel(global uint *out, float v)
{
	union bits x;

	x.f = v;
	out[get_global_id(0)] = x.u + x.b[0];
}
