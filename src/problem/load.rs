//! Loading a problem file: choose the format, read, validate.
//!
//! The format comes from the extension (`.sgf`, `.json`, case-insensitive), otherwise from the
//! first non-blank character of the content (`(` SGF, `{` JSON). SGF bytes that are not UTF-8 are
//! decoded lossily (coordinates are ASCII; only comments can suffer); JSON must be UTF-8.

use super::error::LoadError;
use super::setup::ProblemSetup;
use super::{json, sgf_read, Problem};
use std::path::Path;

/// A problem file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Sgf,
    /// The research JSON of the RZS paper (see [`super::json`]).
    ResearchJson,
}

impl Format {
    /// The format named by the extension of `path`, if any.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "sgf" => Some(Format::Sgf),
            "json" => Some(Format::ResearchJson),
            _ => None,
        }
    }

    /// The format suggested by the content: `(` SGF, `{` JSON (after blanks and a UTF-8 BOM).
    pub fn sniff(bytes: &[u8]) -> Option<Format> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        match bytes.iter().find(|b| !b.is_ascii_whitespace())? {
            b'(' => Some(Format::Sgf),
            b'{' => Some(Format::ResearchJson),
            _ => None,
        }
    }
}

/// Read and validate the problem file at `path`.
pub fn load(path: &Path) -> Result<Problem, LoadError> {
    let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let format = Format::from_path(path)
        .or_else(|| Format::sniff(&bytes))
        .ok_or(LoadError::UnknownFormat)?;
    load_bytes(&bytes, format)
}

/// Read and validate a problem from bytes of a known format.
pub fn load_bytes(bytes: &[u8], format: Format) -> Result<Problem, LoadError> {
    Ok(load_setup_bytes(bytes, format)?.validate()?)
}

/// Read a problem from bytes of a known format, without validating it.
pub fn load_setup_bytes(bytes: &[u8], format: Format) -> Result<ProblemSetup, LoadError> {
    match format {
        Format::Sgf => {
            let text = String::from_utf8_lossy(bytes);
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            Ok(sgf_read::read_sgf(text)?)
        }
        Format::ResearchJson => Ok(json::read_research_json_bytes(bytes)?),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn format_detection() {
        assert_eq!(Format::from_path(Path::new("a/b.SGF")), Some(Format::Sgf));
        assert_eq!(
            Format::from_path(Path::new("1.json")),
            Some(Format::ResearchJson)
        );
        assert_eq!(Format::from_path(Path::new("README")), None);
        assert_eq!(Format::sniff(b" \n(;FF[4])"), Some(Format::Sgf));
        assert_eq!(Format::sniff(b"\xEF\xBB\xBF{}"), Some(Format::ResearchJson));
        assert_eq!(Format::sniff(b"hello"), None);
        assert_eq!(Format::sniff(b""), None);
    }

    #[test]
    fn io_error_names_the_path() {
        let err = load(Path::new("/nonexistent/x.sgf")).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("cannot read /nonexistent/x.sgf: "),
            "{err}"
        );
    }
}
