// OpenCL C image built-ins (OpenCL C 2.0, 6.13.14): get_image_width,
// get_image_height and get_image_dim, and read_imagef and write_imagef
// without a sampler, on 2D images. clang-15 passes an image as a pointer to
// an opaque struct (opencl.image2d_ro_t), and llvm-spirv-15 reads that
// pointee type to make OpTypeImage: on the opaque pointers clang-15's front
// end emits by default it asserts ("Attempting to get element type of
// opaque pointer"), so this kernel translates only when clang-15 runs with
// -no-opaque-pointers (docs/amdgpu-facts.md, "OpenCL C to SPIR-V").
// llvm-spirv-15 describes each image type as a DebugTypeComposite whose
// Linkage Name is DebugInfoNone, behind a DebugTypePointer with no storage
// class (image-builtins.findings), so the kernel has no expected DWARF. No
// sampler: clang-15 cannot select image sampling for gfx90a ("requested
// image instruction is not supported on this GPU"). The interpreter has no
// input for an image argument (docs/interpreter.md, "Inputs"), so the
// kernel has no watch and the tests that run kernels skip it, saying so.
kernel void image_builtins(read_only image2d_t src, write_only image2d_t dst,
                           global float4 *edge)
{
	int2 pos = (int2)(get_global_id(0), get_global_id(1));
	int width = get_image_width(src);
	int height = get_image_height(src);
	int2 dim = get_image_dim(dst);
	float4 texel = read_imagef(src, pos);
	float4 scaled = texel * (float)(width * height) / (float)(dim.x * dim.y);

	write_imagef(dst, pos, scaled);
	if (pos.x == width - 1)
		edge[pos.y] = scaled;
}
