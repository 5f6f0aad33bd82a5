//! The module is opened on first use, once, from next to the executable (its own process: no
//! other test may open the module first).
#![allow(clippy::unwrap_used)] // tests may panic on what cannot happen

use tsumego_nn_abi::MODULE_FILE_NAME;
use tsumego_studio::nn::module::search_path;
use tsumego_studio::nn::NetModule;

#[test]
fn opened_on_first_use_from_beside_the_executable() {
    assert!(!NetModule::attempted(), "nothing has asked for a net yet");
    let module = NetModule::get().unwrap();
    assert!(NetModule::attempted());
    assert!(module.path().ends_with(MODULE_FILE_NAME));
    // Found in the test binary's folder (Cargo's deps) or its parent, not through the variable.
    assert!(std::env::var_os("TSUMEGO_NN_MODULE").is_none());
    let exe_dir = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .to_path_buf();
    assert!(search_path().iter().any(|p| p == module.path()));
    assert!(module.path().starts_with(exe_dir.parent().unwrap()));
    assert!(
        module.info().starts_with("tsumego-nn "),
        "{}",
        module.info()
    );
    assert!(module.info().contains("libtorch 2.13.0"));
    // The second call returns the same module without opening it again.
    let again = NetModule::get().unwrap();
    assert!(std::ptr::eq(module, again));
}
