// Vector types of widths 2, 3, 4, 8 and 16: clang emits
// DICompositeType(DW_TAG_array_type) with the DIFlagVector flag, which
// llvm-spirv writes as DebugTypeVector.
kernel void vector_kernel(global float4 *out, float s)
{
	float2 a = (float2)(s, 2.0f);
	int3 b = (int3)(1, 2, 3);
	float4 c = (float4)(a, a);
	uchar8 d = (uchar8)(7);
	short16 e = (short16)(-1);

	c.x += b.y + d.s3 + e.sf;
	out[get_global_id(0)] = c;
}
