// A two-dimensional private array and a three-dimensional one: clang emits
// DICompositeType(DW_TAG_array_type) with one DISubrange per dimension,
// which llvm-spirv writes as DebugTypeArray with several Component Counts.
kernel void array2d_kernel(global int *out, int n)
{
	int grid[3][4];
	short cube[2][3][5];

	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 4; j++)
			grid[i][j] = i * n + j;
	cube[1][2][4] = (short)grid[2][3];
	out[get_global_id(0)] = grid[1][2] + cube[1][2][4];
}
