// A kernel calling a helper that is not inlined: clang emits a second
// DISubprogram for the helper, which llvm-spirv writes as a DebugFunction
// with its own DebugTypeFunction, parameters and DebugScope.
__attribute__((noinline))
int scale(int v, int by)
{
	int r = v * by;

	return r + 1;
}

kernel void call_kernel(global int *out, int n)
{
	out[get_global_id(0)] = scale(n, 3);
}
