// OpenCL C built-ins that take a pointer: the 32-bit atomic functions
// atomic_inc, atomic_cmpxchg, atomic_add and atomic_max on local and global
// memory (OpenCL C 1.2, 6.12.11), and vload4 from constant memory and
// prefetch (OpenCL C 2.0, 6.13.7 and 6.13.10). clang-15 declares each with pointer parameters, and
// llvm-spirv-15 reads their pointee types to name the SPIR-V atomic or the
// OpenCL.std instruction: on the opaque pointers clang-15's front end emits
// by default it asserts ("Attempting to get element type of opaque
// pointer"), so this kernel translates only when clang-15 runs with
// -no-opaque-pointers (docs/amdgpu-facts.md, "OpenCL C to SPIR-V"). The
// pointers are global, local and constant ones: the generic-pointer
// overloads (fract, vstore4, ...) are mangled by clang 22 in a way
// Debian's ROCm device libraries do not define.
// watch ndrange: global=8 local=8
kernel void pointer_builtins(global int *count, constant int *table, global int4 *out,
                             local int *hits)
{
	size_t gid = get_global_id(0);
	int lid = (int)get_local_id(0);
	int4 row = vload4(lid & 3, table);
	int seen, first, top;

	if (lid == 0) {
		hits[0] = 0;
		hits[1] = -1;
	}
	barrier(CLK_LOCAL_MEM_FENCE);
	seen = atomic_inc(&hits[0]);
	first = atomic_cmpxchg(&hits[1], -1, lid);
	atomic_add(&count[0], seen);
	top = atomic_max(&count[1], seen);
	prefetch(&out[gid], 1);
	barrier(CLK_LOCAL_MEM_FENCE);
	out[gid] = row * (hits[0] + top) + (first == -1 ? 1 : 0);
}
