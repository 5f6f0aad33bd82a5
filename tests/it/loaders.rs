//! Problem loaders: the exact error messages of the malformed corpus (`tests/corpus/malformed`),
//! a byte fuzzer (arbitrary and mutated files never make a loader panic), and the SGF round trip
//! of benchmark problems (`../shared/bench/rzs-aaai22`).

use crate::deterministic_proptest;

use deterministic_proptest::config;

use proptest::prelude::*;
use std::path::{Path, PathBuf};
use tsumego_studio::problem::{load, load_bytes, read_sgf, write_sgf, Format, LoadError, Problem};

fn malformed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/malformed")
}

fn bench_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/bench/rzs-aaai22")
}

/// Every file of the malformed corpus and the `Display` of its load error (all reasons).
const MALFORMED: &[(&str, &str)] = &[
    (
        "bad_size.sgf",
        "invalid problem: board size 25 is not in 2..=19",
    ),
    ("bad_size_value.sgf", "invalid value SZ[nine]"),
    (
        "both_colors.sgf",
        "invalid problem: point C3 (SGF cc) has both a black and a white stone",
    ),
    (
        "crucial_on_empty.sgf",
        "invalid problem: crucial stone C3 (SGF cc) is on an empty point",
    ),
    (
        "empty.sgf",
        "SGF syntax error at line 1, column 1: no game tree",
    ),
    (
        "garbage.json",
        "invalid research JSON: expected value at line 1 column 1",
    ),
    (
        "garbage.sgf",
        "SGF syntax error at line 1, column 1: text outside a game tree",
    ),
    (
        "invalid.json",
        "invalid research JSON: EOF while parsing a value at line 2 column 0",
    ),
    (
        "many_errors.sgf",
        "invalid problem: Black stone at hh is off the 5x5 board; \
         crucial stone C3 (SGF cc) is on an empty point; \
         crucial stone E1 (SGF ee) is on an empty point; \
         region point ff is off the 5x5 board; \
         the region has no empty point",
    ),
    (
        "missing_fields.json",
        "invalid research JSON: missing field `black_search_goal` at line 5 column 1",
    ),
    (
        "point_off_board.sgf",
        "invalid problem: Black stone at gg is off the 5x5 board",
    ),
    (
        "point_out_of_range.sgf",
        "MA[zz]: \"zz\" is not a point of a board of at most 19x19",
    ),
    (
        "region_no_empty.sgf",
        "invalid problem: the region has no empty point",
    ),
    (
        "truncated.sgf",
        "SGF syntax error at line 1, column 30: property value never closed (missing ']')",
    ),
    (
        "wrong_goal.json",
        "field black_search_goal: \"TOSURVIVE\" is not TOLIVE, TOKILL, TOLIVE_ANY or TOKILL_ALL",
    ),
    (
        "zero_liberty.sgf",
        "invalid problem: the Black block of 1 stone(s) at A5 (SGF aa) has no liberty",
    ),
];

#[test]
fn malformed_files_give_pinned_messages() {
    let dir = malformed_dir();
    let mut failures = Vec::new();
    for (file, expected) in MALFORMED {
        let path = dir.join(file);
        match load(&path) {
            Ok(p) => failures.push(format!("{file}: loaded ({})", p.summary())),
            Err(e) => {
                let got = e.to_string();
                if got != *expected {
                    failures.push(format!("{file}:\n   got  {got:?}\n   want {expected:?}"));
                }
                // Loading the bytes with the format of the extension gives the same error.
                let bytes = std::fs::read(&path).expect("readable");
                let format = Format::from_path(&path).expect("known extension");
                let again = load_bytes(&bytes, format).expect_err("fails from bytes too");
                assert_eq!(again.to_string(), got, "{file}");
            }
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn malformed_table_lists_every_corpus_file() {
    let mut on_disk: Vec<String> = std::fs::read_dir(malformed_dir())
        .expect("tests/corpus/malformed exists")
        .map(|e| {
            e.expect("dir entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    on_disk.sort();
    let listed: Vec<String> = MALFORMED.iter().map(|(f, _)| f.to_string()).collect();
    assert_eq!(
        on_disk, listed,
        "corpus files and table differ (the table is sorted)"
    );
}

#[test]
fn validation_errors_are_listed_one_per_reason() {
    let err = load(&malformed_dir().join("many_errors.sgf")).expect_err("invalid");
    let LoadError::Invalid(errors) = &err else {
        panic!("not a validation error: {err}");
    };
    assert_eq!(errors.len(), 5);
    assert_eq!(
        err.messages(),
        vec![
            "Black stone at hh is off the 5x5 board",
            "crucial stone C3 (SGF cc) is on an empty point",
            "crucial stone E1 (SGF ee) is on an empty point",
            "region point ff is off the 5x5 board",
            "the region has no empty point",
        ]
    );
}

#[test]
fn unknown_format_without_extension() {
    assert_eq!(Format::sniff(b"\x00\x9f garbage"), None);
    let err = load(&malformed_dir().join("no-such-file.txt")).expect_err("missing");
    assert!(matches!(err, LoadError::Io { .. }), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Benchmark files used as valid inputs.

/// A few 19x19 problems and every 7x7 one, as (name, bytes).
fn valid_files() -> Vec<(String, Vec<u8>)> {
    let dir = bench_dir();
    assert!(
        dir.is_dir(),
        "benchmark folder {} is missing (see ../shared/bench/README.md)",
        dir.display()
    );
    let mut names: Vec<String> = ["1", "2", "17", "50", "66", "106"]
        .iter()
        .map(|n| format!("19x19/{n}.json"))
        .collect();
    names.extend((1..=20).map(|n| format!("7x7/{n}.json")));
    names
        .into_iter()
        .map(|name| {
            let bytes = std::fs::read(dir.join(&name))
                .unwrap_or_else(|e| panic!("cannot read {name}: {e}"));
            (name, bytes)
        })
        .collect()
}

/// The masked SGF of a research JSON file.
fn masked_sgf(json: &[u8]) -> String {
    let v: serde_json::Value = serde_json::from_slice(json).expect("valid JSON");
    v["masked_sgf_str"]
        .as_str()
        .expect("masked_sgf_str")
        .to_string()
}

#[track_caller]
fn assert_sgf_round_trip(name: &str, p: &Problem) {
    let sgf = write_sgf(p);
    let back = load_bytes(sgf.as_bytes(), Format::Sgf)
        .unwrap_or_else(|e| panic!("{name}: written SGF does not load: {e}\n{sgf}"));
    assert_eq!(&back, p, "{name}: round trip differs\n{sgf}");
    // Writing is deterministic: the reloaded problem writes the same text.
    assert_eq!(write_sgf(&back), sgf, "{name}");
}

#[test]
fn sgf_round_trip_of_benchmark_problems() {
    for (name, bytes) in valid_files() {
        let p = load_bytes(&bytes, Format::ResearchJson)
            .unwrap_or_else(|e| panic!("{name} does not load: {e}"));
        assert_sgf_round_trip(&name, &p);
        // The flipped claim round-trips too, and so does the masked SGF alone.
        assert_sgf_round_trip(&format!("{name} flipped"), &p.flipped());
        let setup = read_sgf(&masked_sgf(&bytes)).expect("masked SGF reads");
        if let Ok(q) = setup.validate() {
            assert_sgf_round_trip(&format!("{name} masked SGF"), &q);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Fuzzing: loaders never panic.

/// One edit of a byte string.
#[derive(Clone, Debug)]
enum Edit {
    /// Replace the byte at (index modulo length).
    Set(usize, u8),
    /// XOR a bit mask into the byte at (index modulo length).
    Flip(usize, u8),
    /// Insert a byte.
    Insert(usize, u8),
    /// Delete a run of up to 8 bytes.
    Delete(usize, usize),
    /// Copy a run of up to 16 bytes elsewhere.
    Duplicate(usize, usize, usize),
    /// Cut the text at (index modulo length + 1).
    Truncate(usize),
}

/// Bytes that matter to SGF and JSON syntax, to make edits more interesting than noise.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        3 => prop::sample::select(b"()[];\\{}\":,abstBWSZ019 \n".to_vec()),
        1 => any::<u8>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), interesting_byte()).prop_map(|(i, b)| Edit::Set(i, b)),
        (any::<usize>(), 1u8..=255).prop_map(|(i, m)| Edit::Flip(i, m)),
        (any::<usize>(), interesting_byte()).prop_map(|(i, b)| Edit::Insert(i, b)),
        (any::<usize>(), 1usize..=8).prop_map(|(i, n)| Edit::Delete(i, n)),
        (any::<usize>(), 1usize..=16, any::<usize>())
            .prop_map(|(i, n, j)| Edit::Duplicate(i, n, j)),
        any::<usize>().prop_map(Edit::Truncate),
    ]
}

fn apply(bytes: &mut Vec<u8>, e: &Edit) {
    let len = bytes.len();
    match *e {
        Edit::Truncate(i) => bytes.truncate(i % (len + 1)),
        Edit::Insert(i, b) => bytes.insert(i % (len + 1), b),
        _ if len == 0 => {}
        Edit::Set(i, b) => bytes[i % len] = b,
        Edit::Flip(i, m) => bytes[i % len] ^= m,
        Edit::Delete(i, n) => {
            let i = i % len;
            bytes.drain(i..(i + n).min(len));
        }
        Edit::Duplicate(i, n, j) => {
            let i = i % len;
            let run: Vec<u8> = bytes[i..(i + n).min(len)].to_vec();
            let j = j % (len + 1);
            bytes.splice(j..j, run);
        }
    }
}

/// Feed `bytes` to both loaders; whatever loads must summarise and survive an SGF round trip.
fn exercise(bytes: &[u8]) -> Result<(), TestCaseError> {
    for format in [Format::Sgf, Format::ResearchJson] {
        match load_bytes(bytes, format) {
            Ok(p) => {
                let _ = p.summary();
                let sgf = write_sgf(&p);
                let back = load_bytes(sgf.as_bytes(), Format::Sgf);
                prop_assert!(
                    back.is_ok(),
                    "written SGF does not load: {:?}\n{}",
                    back.err(),
                    sgf
                );
                prop_assert_eq!(back.ok(), Some(p), "round trip differs:\n{}", sgf);
            }
            Err(e) => {
                // Every error has a non-empty message.
                prop_assert!(!e.to_string().is_empty());
                prop_assert!(e.messages().iter().all(|m| !m.is_empty()));
            }
        }
    }
    Ok(())
}

/// Valid inputs to mutate: research JSON files, their masked SGF, and SGF written from them.
fn seeds() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (_, bytes) in valid_files().into_iter().step_by(3) {
        let sgf = masked_sgf(&bytes).into_bytes();
        let p = load_bytes(&bytes, Format::ResearchJson).expect("valid");
        out.push(write_sgf(&p).into_bytes());
        out.push(sgf);
        out.push(bytes);
    }
    out
}

proptest! {
    #![proptest_config(config(1000, 0x5EED_0002))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        exercise(&bytes)?;
    }

    #[test]
    fn arbitrary_sgf_like_text_never_panics(
        bytes in prop::collection::vec(interesting_byte(), 0..300)
    ) {
        let mut text = b"(;".to_vec();
        text.extend(bytes);
        exercise(&text)?;
    }
}

proptest! {
    #![proptest_config(config(1500, 0x5EED_0003))]

    #[test]
    fn mutated_valid_files_never_panic(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 1..4),
    ) {
        thread_local! {
            static SEEDS: Vec<Vec<u8>> = seeds();
        }
        let mut bytes = SEEDS.with(|s| s[which.index(s.len())].clone());
        for e in &edits {
            apply(&mut bytes, e);
        }
        exercise(&bytes)?;
    }
}
