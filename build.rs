//! Link the extension and test binaries against the LibTorch that torch-sys found
//! (the `torch==2.11.0` wheel, via `LIBTORCH_USE_PYTORCH=1`), give them an rpath so they
//! load it without `LD_LIBRARY_PATH`, and compile the small C++ shims (`src/shim/`) against
//! the same LibTorch headers.
fn main() {
    println!("cargo:rerun-if-env-changed=DEP_TCH_LIBTORCH_LIB");
    println!("cargo:rerun-if-changed=src/shim/recycle.cpp");
    println!("cargo:rerun-if-changed=src/shim/optim.cpp");
    println!("cargo:rerun-if-changed=src/shim/one_pass.cpp");
    println!("cargo:rerun-if-changed=src/shim/layers.cpp");
    println!("cargo:rerun-if-changed=src/shim/dlpack.cpp");
    println!("cargo:rerun-if-changed=src/shim/activations.cpp");
    let lib = std::env::var("DEP_TCH_LIBTORCH_LIB")
        .expect("torch-sys did not report its LibTorch directory (DEP_TCH_LIBTORCH_LIB)");
    // The extension (feature `python`, what maturin builds) carries no path of this
    // machine: installed into site-packages beside torch, eagertape/_core.abi3.so finds
    // ../torch/lib; `import eagertape` imports torch first, so a development build in
    // python/eagertape/ uses the libraries torch already loaded. The test and bench binaries
    // (no `python`) run from the target directory: they find LibTorch where this build did.
    println!("cargo:rerun-if-env-changed=CARGO_FEATURE_PYTHON");
    if std::env::var_os("CARGO_FEATURE_PYTHON").is_some() {
        println!("cargo:rustc-link-arg=-Wl,-rpath,$ORIGIN/../torch/lib");
    } else {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{lib}");
    }
    println!("cargo:rustc-link-arg=-Wl,--no-as-needed");
    println!("cargo:rustc-link-arg=-ltorch");

    let include = std::path::Path::new(&lib).join("..").join("include");
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .include(&include)
        .define("_GLIBCXX_USE_CXX11_ABI", "1")
        .flag_if_supported("-Wno-unused-parameter")
        // The one-pass optimizer updates (`one_pass.cpp`) round each operation as LibTorch's
        // separate kernels do: no contraction of a product and a sum into one rounding.
        // Comparisons may be evaluated unconditionally (LibTorch's own flag), so their
        // selects vectorize; no value changes.
        .flag_if_supported("-ffp-contract=off")
        .flag_if_supported("-fno-trapping-math")
        .warnings(false)
        .file("src/shim/recycle.cpp")
        .file("src/shim/optim.cpp")
        .file("src/shim/one_pass.cpp")
        .file("src/shim/layers.cpp")
        .file("src/shim/dlpack.cpp")
        .file("src/shim/activations.cpp")
        .compile("eagertape_shim");
}
