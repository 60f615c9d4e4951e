// Variables declared in nested braces, one of them shadowing an outer one:
// clang emits a DILexicalBlock per scope, which llvm-spirv writes as nested
// DebugLexicalBlocks that the variables' DebugLocalVariables name as Scope.
kernel void nested_blocks_kernel(global int *out, int n)
{
	int a = n;
	{
		int b = a + 1;
		{
			int a = b * 2;
			{
				int c = a - b;
				out[0] = c;
			}
			out[1] = a;
		}
		out[2] = b;
	}
	out[get_global_id(0) + 3] = a;
}
