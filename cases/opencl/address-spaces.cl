// Pointers into each OpenCL address space: clang emits pointer
// DIDerivedTypes whose LLVM address space llvm-spirv turns into the Storage
// Class of DebugTypePointer (CrossWorkgroup, Workgroup, UniformConstant,
// Function, Generic).
constant int table[4] = { 1, 2, 3, 5 };

kernel void address_spaces_kernel(global int *g, local int *l, int i)
{
	int priv = i;
	global int *gp = g;
	local int *lp = l;
	constant int *cp = table;
	private int *pp = &priv;
	int *gen = gp;	// no qualifier: the generic address space

	lp[0] = *cp;
	*pp += lp[0];
	gen = pp;
	gp[get_global_id(0)] = *gen + table[i & 3];
}
