// A float3 array on the stack: OpenCL C 6.1.5 sizes and aligns a 3-component
// vector like a 4-component one, so a[1] starts 16 bytes in. A debugger that
// takes the element size from a DWARF vector of byte_size 12 reads a[1] at
// byte 12 and shows a[0]'s padding and half of a[1]: the value check of the
// watches finds that (docs/value-check.md).
kernel void float3_array(global float *out)
{
	float3 a[2];

	a[0] = (float3)(1.0f, 2.0f, 3.0f);
	a[1] = (float3)(4.0f, 5.0f, 6.0f);
	out[get_global_id(0)] = a[1].y;
}
