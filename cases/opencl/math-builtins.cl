// OpenCL C built-in functions, each of which llvm-spirv writes as an
// OpenCL.std extended instruction: the watches then show values the
// interpreter computed through that table (docs/interpreter.md), and
// docs/coverage.md counts which of its rows the corpus executes. Eight
// work-items are enough, and keep the watch small:
// watch ndrange: global=8 local=8
kernel void math_builtins(global float *out, global int *iout, int n)
{
	size_t gid = get_global_id(0);
	float x = (float)gid + 0.25f;
	float r = sqrt(x);
	float f = floor(x * 1.5f);
	float c = clamp(x, 2.0f, 10.0f);
	float m = mad(x, 2.0f, 1.0f);
	float mx = fmax(r, f);
	float3 v = (float3)(x, 1.0f, 2.0f);
	float len = length(v);
	float d = dot(v, (float3)(1.0f, 0.0f, 0.0f));
	int i = abs((int)gid - n);
	int cl = clamp(i, 1, 5);
	int mn = min(i, n);
	uint pc = popcount((uint)gid);

	out[gid] = r + f + c + m + mx + len + d;
	iout[gid] = i + cl + mn + (int)pc;
}
