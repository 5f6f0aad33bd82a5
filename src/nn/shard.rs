//! Training data kept between runs: a *shard* is the samples one generation run made (its
//! training and held-out parts) with the settings that made them, in one gzip file of JSON
//! lines. Generation is the costly part of training (about 50 minutes of both cores for 4,000
//! large corner problems), so a shard written once (`train --shard-out`) is fitted on again by
//! later runs (`train --shard FILE`, any number of them) beside or instead of new data.
//!
//! Layout: the first line is the [`ShardHeader`] (format name, version, settings, counts),
//! then the training samples, then the held-out samples, one JSON object per line
//! ([`super::samples`]). A shard whose counts do not match its lines (a truncated file), of
//! another format or version, or with a line that does not parse is refused with the reason.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;

use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;
use serde::{Deserialize, Serialize};

use super::dataset::GenSettings;
use super::samples::Sample;

/// The format name in a shard's header.
pub const SHARD_FORMAT: &str = "tsumego-studio training shard";
/// The format version this build writes and reads.
pub const SHARD_VERSION: u32 = 1;

/// The first line of a shard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ShardHeader {
    pub format: String,
    pub version: u32,
    /// The settings the samples were generated with (equal settings give equal samples).
    pub settings: GenSettings,
    /// Problems proven by the run.
    pub proven: u64,
    /// Training samples (the lines after the header).
    pub train: usize,
    /// Held-out samples (the lines after the training samples).
    pub held_out: usize,
}

/// A shard read back.
#[derive(Clone, Debug, PartialEq)]
pub struct Shard {
    pub header: ShardHeader,
    pub train: Vec<Sample>,
    pub held_out: Vec<Sample>,
}

/// Writes a shard of `settings` (its run proved `proven` problems) holding `train` and
/// `held_out` to `out` (gzip-compressed).
pub fn write_shard(
    settings: &GenSettings,
    proven: u64,
    train: &[Sample],
    held_out: &[Sample],
    out: impl Write,
) -> std::io::Result<()> {
    let mut gz = GzEncoder::new(out, Compression::default());
    let header = ShardHeader {
        format: SHARD_FORMAT.to_string(),
        version: SHARD_VERSION,
        settings: settings.clone(),
        proven,
        train: train.len(),
        held_out: held_out.len(),
    };
    serde_json::to_writer(&mut gz, &header)?;
    gz.write_all(b"\n")?;
    for sample in train.iter().chain(held_out) {
        serde_json::to_writer(&mut gz, sample)?;
        gz.write_all(b"\n")?;
    }
    gz.finish()?.flush()
}

/// Reads a shard written by [`write_shard`]; an error says what is wrong and on which line.
pub fn read_shard(input: impl Read) -> Result<Shard, String> {
    let mut lines = BufReader::new(GzDecoder::new(input)).lines();
    let first = lines
        .next()
        .ok_or("empty file: not a training shard")?
        .map_err(|e| format!("not a gzip training shard: {e}"))?;
    let header: ShardHeader = serde_json::from_str(&first)
        .map_err(|e| format!("line 1: not a training shard header: {e}"))?;
    if header.format != SHARD_FORMAT {
        return Err(format!(
            "line 1: format {:?}, not {SHARD_FORMAT:?}",
            header.format
        ));
    }
    if header.version != SHARD_VERSION {
        return Err(format!(
            "format version {} (this build reads version {SHARD_VERSION})",
            header.version
        ));
    }
    let mut samples = Vec::with_capacity(header.train + header.held_out);
    for (i, line) in lines.enumerate() {
        let number = i + 2;
        let line = line.map_err(|e| format!("line {number}: {e}"))?;
        if line.trim().is_empty() {
            continue;
        }
        samples.push(
            serde_json::from_str::<Sample>(&line).map_err(|e| format!("line {number}: {e}"))?,
        );
    }
    if samples.len() != header.train + header.held_out {
        return Err(format!(
            "{} samples where the header says {} training and {} held out (a truncated file?)",
            samples.len(),
            header.train,
            header.held_out
        ));
    }
    let held_out = samples.split_off(header.train);
    Ok(Shard {
        header,
        train: samples,
        held_out,
    })
}

/// Reads the shard at `path`; the error names the file.
pub fn load_shard(path: &Path) -> Result<Shard, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    read_shard(file).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nn::dataset::{generate, small_test_settings};

    fn small_settings() -> GenSettings {
        small_test_settings(12, 20_000)
    }

    fn small_shard() -> Shard {
        let settings = small_settings();
        let generated = generate(&settings, 1, None, &|_, _| {});
        assert!(generated.proven > 0, "the settings prove some problems");
        let mut bytes = Vec::new();
        write_shard(
            &settings,
            generated.proven,
            &generated.train,
            &generated.held_out,
            &mut bytes,
        )
        .expect("written");
        read_shard(&bytes[..]).expect("read back")
    }

    #[test]
    fn a_shard_reads_back_as_it_was_written() {
        let shard = small_shard();
        let mut bytes = Vec::new();
        let h = &shard.header;
        write_shard(
            &h.settings,
            h.proven,
            &shard.train,
            &shard.held_out,
            &mut bytes,
        )
        .expect("written");
        assert_eq!(&bytes[..2], &[0x1f, 0x8b], "gzip");
        let back = read_shard(&bytes[..]).expect("read back");
        assert_eq!(back, shard);
        assert!(!back.train.is_empty());
    }

    #[test]
    fn a_truncated_or_foreign_shard_is_refused_with_the_reason() {
        let shard = small_shard();
        // The header claims one more held-out sample than the file holds.
        let mut longer = shard.clone();
        longer.header.held_out += 1;
        let mut bytes = Vec::new();
        let mut gz = GzEncoder::new(&mut bytes, Compression::default());
        serde_json::to_writer(&mut gz, &longer.header).expect("header");
        gz.write_all(b"\n").expect("newline");
        for s in shard.train.iter().chain(&shard.held_out) {
            serde_json::to_writer(&mut gz, s).expect("sample");
            gz.write_all(b"\n").expect("newline");
        }
        gz.finish().expect("finished");
        let err = read_shard(&bytes[..]).expect_err("truncated");
        assert!(err.contains("truncated"), "{err}");

        let err = read_shard(&b"not gzip at all"[..]).expect_err("not gzip");
        assert!(err.contains("not a gzip training shard"), "{err}");

        let mut other = Vec::new();
        let mut foreign = shard.clone();
        foreign.header.version = SHARD_VERSION + 1;
        let mut gz = GzEncoder::new(&mut other, Compression::default());
        serde_json::to_writer(&mut gz, &foreign.header).expect("header");
        gz.finish().expect("finished");
        let err = read_shard(&other[..]).expect_err("other version");
        assert!(err.contains("format version"), "{err}");
    }
}
