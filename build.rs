//! Link the extension and test binaries against the LibTorch that torch-sys found
//! (the `torch==2.11.0` wheel, via `LIBTORCH_USE_PYTORCH=1`), and give them an rpath
//! so they load it without `LD_LIBRARY_PATH`.
fn main() {
    println!("cargo:rerun-if-env-changed=DEP_TCH_LIBTORCH_LIB");
    if let Ok(lib) = std::env::var("DEP_TCH_LIBTORCH_LIB") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{lib}");
    }
    // Installed into site-packages beside torch: eagertape/_core.abi3.so -> ../torch/lib
    println!("cargo:rustc-link-arg=-Wl,-rpath,$ORIGIN/../torch/lib");
    println!("cargo:rustc-link-arg=-Wl,--no-as-needed");
    println!("cargo:rustc-link-arg=-ltorch");
}
