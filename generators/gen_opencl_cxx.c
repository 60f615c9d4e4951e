/* The C++ for OpenCL construct snippets and the realistic kernels that
 * combine them (gen_opencl.h says what a snippet is and the rules it
 * keeps). Each snippet's comment says what clang-15 emits for it; the
 * OpenCL.DebugInfo.100 instruction llvm-spirv-15 writes follows "->".
 *
 * What clang-15 does not take, and so no snippet shows: virtual functions
 * (C++ for OpenCL forbids them), virtual bases (the amdgcn back end cannot
 * select the VTT address), calls through a pointer to member function
 * (amdgcn cannot select them, llvm-spirv cannot translate the function
 * pointer), and `int &&r = expr` locals (clang emits invalid bitcode for
 * spir64). */
#include "gen_opencl.h"

/* clang wants this to declare any pointer to a function, members too */
#define FUNCTION_POINTERS "#pragma OPENCL EXTENSION __cl_clang_function_pointers : enable"

const ocl_snippet ocl_cxx_snippets[] = {
	/* DW_TAG_class_type with member functions and access flags ->
	 * DebugTypeComposite of class Class, DebugFunction declarations */
	{ "class", "class", "a class with private, protected and public members and a constructor",
	  NULL,
	  "class Counter {\n"
	  "\tint value;\n"
	  "\n"
	  "protected:\n"
	  "\tint step;\n"
	  "\n"
	  "public:\n"
	  "\tCounter(int v) : value(v), step(1) {}\n"
	  "\t~Counter() {}\n"
	  "\tint get() const { return value; }\n"
	  "\tvoid bump() { value += step; }\n"
	  "};\n",
	  NULL,
	  "Counter ctr(n);\n"
	  "ctr.bump();\n"
	  "acc += ctr.get();\n" },
	/* a static data member: DW_TAG_variable inside the class (DWARF 5) */
	{ "class-static-member", "class static-member", "a class with a static constexpr member",
	  NULL,
	  "class Limits {\n"
	  "public:\n"
	  "\tstatic constexpr constant int max_items = 64;\n"
	  "\tint used;\n"
	  "};\n",
	  NULL,
	  "Limits lim;\n"
	  "lim.used = n;\n"
	  "acc += Limits::max_items - lim.used;\n" },
	/* DW_TAG_inheritance -> DebugTypeInheritance */
	{ "inheritance", "inheritance", "a derived struct calling a base member function", NULL,
	  "struct Shape {\n"
	  "\tint sides;\n"
	  "\tint get_sides() const { return sides; }\n"
	  "};\n"
	  "struct Square : Shape {\n"
	  "\tint edge;\n"
	  "};\n",
	  NULL,
	  "Square sq{};\n"
	  "sq.sides = 4;\n"
	  "sq.edge = n;\n"
	  "acc += sq.get_sides() * sq.edge;\n" },
	{ "multiple-inheritance", "inheritance multiple-inheritance",
	  "a struct with two bases at different offsets", NULL,
	  "struct Named {\n"
	  "\tint name_id;\n"
	  "};\n"
	  "struct Weighted {\n"
	  "\tfloat weight;\n"
	  "};\n"
	  "struct Item : Named, Weighted {\n"
	  "\tint count;\n"
	  "};\n",
	  NULL,
	  "Item it{};\n"
	  "it.name_id = n;\n"
	  "it.weight = 2.5f;\n"
	  "it.count = 3;\n"
	  "acc += it.name_id + (int)it.weight + it.count;\n" },
	{ "inheritance-access", "inheritance class", "protected and private inheritance", NULL,
	  "class Device {\n"
	  "public:\n"
	  "\tint port;\n"
	  "\tint read_port() const { return port; }\n"
	  "};\n"
	  "class Sensor : protected Device {\n"
	  "public:\n"
	  "\tvoid attach(int p) { port = p; }\n"
	  "\tint sample() const { return read_port() * 2; }\n"
	  "};\n"
	  "class Probe : private Sensor {\n"
	  "public:\n"
	  "\tint probe(int p) { attach(p); return sample() + 1; }\n"
	  "};\n",
	  NULL,
	  "Probe pr;\n"
	  "acc += pr.probe(n);\n" },
	/* DW_TAG_template_type_parameter -> DebugTypeTemplate and
	 * DebugTypeTemplateParameter */
	{ "template-class", "template-type-param", "a class template used with two arguments",
	  NULL,
	  "template <typename T>\n"
	  "struct Box {\n"
	  "\tT value;\n"
	  "\tT get() const { return value; }\n"
	  "};\n",
	  NULL,
	  "Box<int> box_i;\n"
	  "Box<float> box_f;\n"
	  "box_i.value = n;\n"
	  "box_f.value = 0.5f;\n"
	  "acc += box_i.get() + (int)box_f.get();\n" },
	{ "template-function", "template-type-param", "a function template deduced twice", NULL,
	  "template <typename T>\n"
	  "T larger(T a, T b)\n"
	  "{\n"
	  "\treturn a > b ? a : b;\n"
	  "}\n",
	  NULL,
	  "acc += larger(n, 7) + (int)larger(1.5f, 2.5f);\n" },
	/* DW_TAG_template_value_parameter with DW_AT_const_value */
	{ "template-value", "template-value-param template-type-param",
	  "class templates with int and bool value parameters", NULL,
	  "template <typename T, int N>\n"
	  "struct FixedArray {\n"
	  "\tT data[N];\n"
	  "\tint size() const { return N; }\n"
	  "};\n"
	  "template <bool Checked>\n"
	  "struct Indexer {\n"
	  "\tint at(int i) const { return Checked ? (i & 7) : i; }\n"
	  "};\n",
	  NULL,
	  "FixedArray<short, 6> fa;\n"
	  "Indexer<true> ix;\n"
	  "fa.data[0] = (short)n;\n"
	  "acc += fa.data[0] + fa.size() + ix.at(n);\n" },
	/* DW_TAG_GNU_template_template_param -> DebugTypeTemplateTemplateParameter */
	{ "template-template", "template-template-param template-type-param",
	  "a function template with a template template parameter", NULL,
	  "template <typename T>\n"
	  "struct Holder {\n"
	  "\tT held;\n"
	  "\tT get() const { return held; }\n"
	  "};\n"
	  "template <template <typename> class C, typename T>\n"
	  "T unwrap(const C<T> &c)\n"
	  "{\n"
	  "\treturn c.get();\n"
	  "}\n",
	  NULL,
	  "Holder<int> hold;\n"
	  "hold.held = n;\n"
	  "acc += unwrap(hold);\n" },
	/* DW_TAG_GNU_template_parameter_pack -> DebugTypeTemplateParameterPack */
	{ "template-pack-type", "template-pack template-type-param",
	  "type parameter packs of a class and a function template", NULL,
	  "template <typename... Ts>\n"
	  "struct TypeList {\n"
	  "\tint size() const { return sizeof...(Ts); }\n"
	  "};\n"
	  "template <typename... Ts>\n"
	  "int count_args(Ts... args)\n"
	  "{\n"
	  "\treturn sizeof...(args);\n"
	  "}\n",
	  NULL,
	  "TypeList<int, float, char> tl;\n"
	  "acc += tl.size() + count_args(n, 2.0f, 'c');\n" },
	{ "template-pack-value", "template-pack template-value-param",
	  "a value parameter pack summed by a fold expression", NULL,
	  "template <int... Vs>\n"
	  "int sum_values()\n"
	  "{\n"
	  "\treturn (Vs + ... + 0);\n"
	  "}\n",
	  NULL,
	  "acc += sum_values<1, 2, 3>() + n;\n" },
	{ "template-specialization", "template-specialization template-type-param",
	  "a class template and its explicit specialization", NULL,
	  "template <typename T>\n"
	  "struct Traits {\n"
	  "\tint bits() const { return 8 * (int)sizeof(T); }\n"
	  "};\n"
	  "template <>\n"
	  "struct Traits<char> {\n"
	  "\tint bits() const { return 7; }\n"
	  "};\n",
	  NULL,
	  "Traits<int> tr_i;\n"
	  "Traits<char> tr_c;\n"
	  "acc += tr_i.bits() + tr_c.bits() + n;\n" },
	/* DW_TAG_namespace -> DebugLexicalBlock with a Name, which is how
	 * OpenCL.DebugInfo.100 spells a namespace */
	{ "namespace", "namespace", "a function and a struct in a namespace", NULL,
	  "namespace physics {\n"
	  "struct Body {\n"
	  "\tfloat mass;\n"
	  "};\n"
	  "int momentum(const Body &b, int v)\n"
	  "{\n"
	  "\treturn (int)b.mass * v;\n"
	  "}\n"
	  "}\n",
	  NULL,
	  "physics::Body body;\n"
	  "body.mass = 2.0f;\n"
	  "acc += physics::momentum(body, n);\n" },
	{ "nested-namespace", "namespace nested-namespace", "a C++17 nested namespace definition",
	  NULL,
	  "namespace geo::units {\n"
	  "int metres(int x)\n"
	  "{\n"
	  "\treturn x * 100;\n"
	  "}\n"
	  "}\n",
	  NULL,
	  "acc += geo::units::metres(n);\n" },
	{ "anonymous-namespace", "namespace anonymous-namespace", "a function with internal linkage",
	  NULL,
	  "namespace {\n"
	  "int hidden_offset(int x)\n"
	  "{\n"
	  "\treturn x - 1;\n"
	  "}\n"
	  "}\n",
	  NULL,
	  "acc += hidden_offset(n);\n" },
	/* DW_TAG_imported_declaration -> DebugImportedEntity (Declaration) */
	{ "using-declaration", "using-declaration namespace", "a using declaration of a function",
	  NULL,
	  "namespace colours {\n"
	  "int brightness(int r, int g)\n"
	  "{\n"
	  "\treturn (r + g) / 2;\n"
	  "}\n"
	  "}\n"
	  "using colours::brightness;\n",
	  NULL,
	  "acc += brightness(n, 4);\n" },
	/* DW_TAG_imported_module -> DebugImportedEntity (Module) */
	{ "using-directive", "using-directive namespace", "a using directive inside the kernel", NULL,
	  "namespace maths {\n"
	  "int cube(int x)\n"
	  "{\n"
	  "\treturn x * x * x;\n"
	  "}\n"
	  "}\n",
	  NULL,
	  "using namespace maths;\n"
	  "acc += cube(n);\n" },
	{ "namespace-alias", "namespace-alias namespace nested-namespace",
	  "a namespace alias for a nested namespace", NULL,
	  "namespace net::proto {\n"
	  "int header_size(int v)\n"
	  "{\n"
	  "\treturn v + 20;\n"
	  "}\n"
	  "}\n"
	  "namespace np = net::proto;\n",
	  NULL,
	  "acc += np::header_size(n);\n" },
	/* DW_TAG_typedef named by a using alias */
	{ "type-alias", "type-alias", "alias declarations of a scalar and a global pointer", NULL,
	  "using real_t = float;\n"
	  "using gint_t = global int *;\n",
	  NULL,
	  "real_t rt = 2.5f;\n"
	  "gint_t gi = out;\n"
	  "gi[1] = n;\n"
	  "acc += (int)rt + gi[1];\n" },
	/* DW_TAG_ptr_to_member_type -> DebugTypePtrToMember */
	{ "ptr-to-data-member", "ptr-to-data-member", "a pointer to a data member", NULL,
	  "struct Sample {\n"
	  "\tint left;\n"
	  "\tint right;\n"
	  "};\n",
	  NULL,
	  "Sample smp;\n"
	  "int Sample::*channel = n > 0 ? &Sample::right : &Sample::left;\n"
	  "smp.left = 1;\n"
	  "smp.right = n;\n"
	  "acc += smp.*channel;\n" },
	{ "ptr-to-member-function", "ptr-to-member-function",
	  "a pointer to a const member function, compared but never called", FUNCTION_POINTERS,
	  "struct Gauge {\n"
	  "\tint level;\n"
	  "\tint read(int bias) const { return level + bias; }\n"
	  "};\n",
	  NULL,
	  "Gauge gauge;\n"
	  "int (Gauge::*read_fn)(int) const = nullptr;\n"
	  "gauge.level = n;\n"
	  "acc += gauge.read(1) + (read_fn == nullptr);\n" },
	/* DW_TAG_reference_type / DW_TAG_rvalue_reference_type */
	{ "reference", "reference", "an lvalue reference local and reference parameters", NULL,
	  "void add_into(int &dst, const int &src)\n"
	  "{\n"
	  "\tdst += src;\n"
	  "}\n",
	  NULL,
	  "int base_r = n;\n"
	  "int &alias_r = base_r;\n"
	  "add_into(alias_r, 5);\n"
	  "acc += base_r;\n" },
	{ "rvalue-reference", "rvalue-reference", "an rvalue reference parameter", NULL,
	  "int consume(int &&moved)\n"
	  "{\n"
	  "\treturn moved + 1;\n"
	  "}\n",
	  NULL,
	  "acc += consume(n + 1);\n" },
	/* DW_TAG_enumeration_type with DW_AT_enum_class and an underlying type */
	{ "scoped-enum", "scoped-enum", "an enum class with a short underlying type", NULL,
	  "enum class Phase : short {\n"
	  "\tIdle,\n"
	  "\tBusy = 4,\n"
	  "\tDone\n"
	  "};\n",
	  NULL,
	  "Phase ph = n > 0 ? Phase::Busy : Phase::Idle;\n"
	  "acc += (int)ph + (int)Phase::Done;\n" },
	/* a lambda's closure: an unnamed DW_TAG_class_type with the captures as
	 * members and operator() */
	{ "lambda", "lambda", "lambdas capturing by value and by reference", NULL, NULL, NULL,
	  "int total_l = 0;\n"
	  "auto add_l = [&total_l](int v) { total_l += v; };\n"
	  "auto offset_l = [n](int v) { return v + n; };\n"
	  "add_l(offset_l(2));\n"
	  "acc += total_l;\n" },
	{ "operator-overload", "operator-overload", "overloaded +, == and [] operators", NULL,
	  "struct Vec2 {\n"
	  "\tint c[2];\n"
	  "\tVec2 operator+(const Vec2 &o) const { return Vec2{ { c[0] + o.c[0], c[1] + o.c[1] } }; }\n"
	  "\tbool operator==(const Vec2 &o) const { return c[0] == o.c[0] && c[1] == o.c[1]; }\n"
	  "\tint operator[](int i) const { return c[i]; }\n"
	  "};\n",
	  NULL,
	  "Vec2 va{ { n, 1 } };\n"
	  "Vec2 vb = va + va;\n"
	  "acc += vb[0] + vb[1] + (va == vb);\n" },
	{ "constexpr", "constexpr", "a constexpr function and a constexpr local", NULL,
	  "constexpr int kib(int k)\n"
	  "{\n"
	  "\treturn k * 1024;\n"
	  "}\n",
	  NULL,
	  "constexpr int page_size = kib(4);\n"
	  "acc += page_size / 1024 + kib(n);\n" },
};

const size_t ocl_cxx_nsnippets = sizeof ocl_cxx_snippets / sizeof ocl_cxx_snippets[0];

const ocl_combo ocl_cxx_combos[] = {
	{ "combo-containers", "containers: class templates, value parameters, operators, aliases",
	  "template-class template-value operator-overload type-alias reference constexpr" },
	{ "combo-hierarchy", "a class hierarchy in namespaces with member pointers",
	  "class inheritance multiple-inheritance inheritance-access namespace ptr-to-data-member "
	  "ptr-to-member-function" },
	{ "combo-metaprogramming", "metaprogramming: packs, template templates, specializations",
	  "template-pack-type template-pack-value template-template template-specialization "
	  "template-function scoped-enum" },
	{ "combo-modules", "namespaces every way: nested, anonymous, aliased, imported",
	  "nested-namespace anonymous-namespace namespace-alias using-declaration using-directive "
	  "lambda rvalue-reference" },
};

const size_t ocl_cxx_ncombos = sizeof ocl_cxx_combos / sizeof ocl_cxx_combos[0];
