//! Loading a problem file: choose the format, read, validate; [`load_inferring`] also infers the
//! target and region of a file without markup.
//!
//! The format comes from the extension (`.sgf`, `.json`, case-insensitive), otherwise from the
//! first non-blank character of the content (`(` SGF, `{` JSON). SGF bytes that are not UTF-8 are
//! decoded lossily (coordinates are ASCII; only comments can suffer); JSON must be UTF-8.

use super::error::LoadError;
use super::infer::{self, InferError, Inference};
use super::setup::{MovesRead, ProblemSetup};
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
    let (bytes, format) = read_file(path)?;
    load_bytes(&bytes, format)
}

/// The bytes of the file at `path` and their format.
fn read_file(path: &Path) -> Result<(Vec<u8>, Format), LoadError> {
    let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let format = Format::from_path(path)
        .or_else(|| Format::sniff(&bytes))
        .ok_or(LoadError::UnknownFormat)?;
    Ok((bytes, format))
}

/// A problem file read with its target markup inferred where it had none.
#[derive(Debug)]
pub struct Loaded {
    /// The problem as solved: the file's own, or with the inferred (and possibly framed) markup.
    pub problem: Problem,
    /// The file as written, without inferred markup (`Some` when it differs from `problem`).
    pub original: Option<ProblemSetup>,
    /// What was inferred ([`infer::frame_if_needed`]); `None` when the file had its markup.
    pub inferred: Option<Inference>,
    /// Why inference failed, when it did (the problem is then the file's own).
    pub infer_error: Option<InferError>,
    /// How the moves after the root were read (setup or answer, and why): see
    /// [`super::sgf_read`]. `None` for a setup not read from SGF.
    pub moves_read: Option<MovesRead>,
}

impl Loaded {
    /// The position had no thick wall and was framed (stones added) before inference.
    pub fn framed(&self) -> bool {
        self.original
            .as_ref()
            .is_some_and(|o| o.stones != self.problem.start_stones())
    }

    /// One line on how the moves after the root were read, for the command line and the status
    /// bar: `moves after the root: the answer (the first move is White's, as PL says)`; `None`
    /// when there were none.
    pub fn reading_note(&self) -> Option<String> {
        self.moves_read.as_ref().and_then(MovesRead::describe)
    }

    /// One line on what was inferred (or why not), for the command line and the status bar.
    pub fn note(&self) -> Option<String> {
        match (&self.inferred, &self.infer_error) {
            (Some(i), _) if self.framed() => Some(format!(
                "no thick wall around the target: the position was framed with living {} \
                 stones (a tsumego frame); inferred: {}",
                i.attacker(),
                i.description
            )),
            (Some(i), _) => Some(format!("inferred: {}", i.description)),
            (None, Some(e)) => Some(format!("no markup, and none inferred: {e}")),
            (None, None) => None,
        }
    }
}

/// Read a problem file like [`load`]; a file without target markup (no crucial stones and no
/// region, as most book and website problems) gets its target, region and goal inferred, its
/// position framed when the attacker's wall is open ([`infer::frame_if_needed`]).
pub fn load_inferring(path: &Path) -> Result<Loaded, LoadError> {
    let (bytes, format) = read_file(path)?;
    infer_setup(load_setup_bytes(&bytes, format)?)
}

/// A setup made a problem as [`load_inferring`] makes a file's: validated as written when it
/// marks its target, else with its target, region and goal inferred (the position framed when
/// the attacker's wall is open). The GTP engine's positions are made problems this way.
pub fn infer_setup(setup: ProblemSetup) -> Result<Loaded, LoadError> {
    let moves_read = setup.moves_read;
    if !infer::needs_inference(&setup) {
        return as_written(setup, None);
    }
    let (mut marked, inference) =
        match infer::frame_if_needed(&setup, &infer::FrameOptions::default()) {
            Ok(found) => found,
            Err(e) => return as_written(setup, Some(e)),
        };
    infer::apply(&mut marked, &inference);
    match marked.validate() {
        Ok(problem) => Ok(Loaded {
            problem,
            original: Some(setup),
            inferred: Some(inference),
            infer_error: None,
            moves_read,
        }),
        Err(e) => as_written(setup, Some(InferError::Invalid(e))),
    }
}

/// The file as written, with why nothing was inferred.
fn as_written(setup: ProblemSetup, infer_error: Option<InferError>) -> Result<Loaded, LoadError> {
    let moves_read = setup.moves_read;
    Ok(Loaded {
        problem: setup.validate()?,
        original: None,
        inferred: None,
        infer_error,
        moves_read,
    })
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
    fn unmarked_files_get_inferred_markup_and_open_corners_a_frame() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("problems");
        let marked = load_inferring(&dir.join("01-straight-three-kill.sgf")).unwrap();
        assert!(marked.inferred.is_none() && marked.original.is_none() && !marked.framed());
        assert_eq!(marked.note(), None);
        let walled = load_inferring(&dir.join("15-bulky-five-kill.sgf")).unwrap();
        assert!(walled.inferred.is_some() && !walled.framed());
        assert!(walled.note().unwrap().starts_with("inferred: Target: "));
        assert!(!walled.problem.crucial().is_empty());
        let open = load_inferring(&dir.join("19-open-corner-live.sgf")).unwrap();
        assert!(open.framed(), "the open corner is framed");
        assert!(open
            .note()
            .unwrap()
            .contains("framed with living White stones"));
        // The file as written is kept, without the frame.
        let original = open.original.unwrap();
        assert!(original.stones.white.len() < open.problem.start_stones().white.len());
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
