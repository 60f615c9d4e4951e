//! Records the version of the rustc that builds the peer, so that every
//! number it prints says which compiler made it.
use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let version = Command::new(&rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|| "rustc (version unknown)".to_string());
    println!("cargo:rustc-env=HD_RUSTC_VERSION={}", version);
    println!("cargo:rerun-if-env-changed=RUSTC");
}
