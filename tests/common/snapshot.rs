//! insta snapshots named as when each test file was a binary of its own:
//! `tests/snapshots/ui__board_of_6_at_80x24.snap`, not the `it__ui__…` that
//! insta would make of a module of the one test binary.

/// `insta::assert_snapshot!` for a test module of this binary: compares
/// `value` with `tests/snapshots/{module}__{name}.snap`, where the name is
/// the one given or, as insta names it, the test function's (so one unnamed
/// snapshot a test).
macro_rules! assert_snapshot {
    ($name:expr, $value:expr $(,)?) => {{
        let name = $crate::common::snapshot::file_name(module_path!(), &$name);
        let mut settings = insta::Settings::clone_current();
        settings.set_prepend_module_to_snapshot(false);
        settings.set_snapshot_path("../snapshots");
        settings.bind(|| insta::assert_snapshot!(name, $value));
    }};
    ($value:expr $(,)?) => {{
        fn here() {}
        let name = $crate::common::snapshot::test_name(std::any::type_name_of_val(&here));
        $crate::common::snapshot::assert_snapshot!(name, $value)
    }};
}
pub(crate) use assert_snapshot;

/// `ui__name` for the snapshot `name` asserted in the module `it::ui`.
pub fn file_name(module_path: &str, name: &str) -> String {
    let (_crate, module) = module_path.split_once("::").expect("a test module");
    format!("{}__{name}", module.replace("::", "__"))
}

/// The name insta gives an unnamed snapshot: the enclosing function's, out
/// of the path of a function inside it (`it::ui::board_of_6::here`).
pub fn test_name(path_of_inner: &str) -> &str {
    let mut function = path_of_inner
        .strip_suffix("::here")
        .expect("an inner function");
    while let Some(outer) = function.strip_suffix("::{{closure}}") {
        function = outer;
    }
    let name = function.rsplit("::").next().expect("a name");
    name.strip_prefix("test_").unwrap_or(name)
}
