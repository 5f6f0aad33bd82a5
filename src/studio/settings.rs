//! Settings that persist between runs (eframe's storage, as JSON under one key). A value that
//! cannot be read falls back to the defaults with a notice; missing fields take their defaults, so
//! settings of an older version still load.

use super::solve_job::ClaimChoice;
use super::theme::ThemeChoice;
use crate::solver::jobs::reduce::{Strategy, DEFAULT_K};
use crate::solver::{Engine, EngineChoice};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The storage key.
pub const KEY: &str = "tsumego-studio-settings";

/// How many recent files are remembered.
pub const RECENT_LIMIT: usize = 10;

/// Which overlays the board shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Overlays {
    pub region: bool,
    pub crucial: bool,
    pub zone: bool,
    pub must_play: bool,
    pub null_moves: bool,
    pub line: bool,
    pub coordinates: bool,
    /// The areas where a block keeps a seki the seki database knows (outlined).
    pub seki: bool,
    /// The net's policy over the shown position's moves, as a heat map (off by default).
    pub net_policy: bool,
    /// The net's estimate that the OR player wins within d moves, under the board (off by
    /// default).
    pub net_value: bool,
    /// *Analyze a game*: the search areas tinted by their verdicts and the gap points marked.
    pub partition: bool,
}

impl Default for Overlays {
    fn default() -> Self {
        Overlays {
            region: true,
            crucial: true,
            zone: true,
            must_play: true,
            null_moves: true,
            line: true,
            coordinates: true,
            seki: true,
            net_policy: false,
            net_value: false,
            partition: true,
        }
    }
}

/// Search limits of the solver panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Limits {
    /// Seconds per claim; 0 = none.
    pub time_secs: f64,
    /// Nodes per claim; 0 = none.
    pub max_nodes: u64,
    /// OR forward pruning width when `auto_width` is off; 0 = full width.
    pub or_width: usize,
    /// The automatic width schedule ([`crate::solver::jobs::schedule::Width::Auto`]).
    pub auto_width: bool,
    /// The search engine or the portfolio, a choice of the registry (df-pn unless chosen
    /// otherwise, as on the command line). Saved as its name, as the engine was before the
    /// portfolio was offered, so older settings read back unchanged.
    pub engine: EngineChoice,
    /// Guide the search by the net when it is loaded (df-pn orders its moves by the net's
    /// policy); off by default.
    pub use_net: bool,
}

impl Limits {
    /// The search width these limits ask for.
    pub fn width(&self) -> crate::solver::jobs::schedule::Width {
        use crate::solver::jobs::schedule::Width;
        match (self.auto_width, self.or_width) {
            (true, _) => Width::Auto,
            (false, 0) => Width::Full,
            (false, w) => Width::Narrow(w),
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time_secs: 60.0,
            max_nodes: 0,
            or_width: 0,
            auto_width: true,
            engine: EngineChoice::One(Engine::DFPN),
            use_net: false,
        }
    }
}

/// The choices of "Find a smaller proof" (the relevance-zone reduction).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReduceChoice {
    /// How each round chooses the point it forbids inside the zone.
    pub strategy: Strategy,
    /// Stop after this many failed rounds in a row (the paper's K).
    pub k: usize,
}

impl Default for ReduceChoice {
    fn default() -> Self {
        ReduceChoice {
            strategy: Strategy::Heatmap,
            k: DEFAULT_K,
        }
    }
}

/// Everything that persists.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub overlays: Overlays,
    pub limits: Limits,
    pub claim: ClaimChoice,
    pub reduce: ReduceChoice,
    pub theme: ThemeChoice,
    /// Show corner and side problems cropped to their area.
    pub crop: bool,
    pub last_folder: Option<PathBuf>,
    pub recent: Vec<PathBuf>,
    /// *Analyze a game*: the time limit of each claim of the areas' search, in seconds (0: no
    /// search, the static safe points only).
    pub analysis_secs_per_claim: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            overlays: Overlays::default(),
            limits: Limits::default(),
            claim: ClaimChoice::AsStated,
            reduce: ReduceChoice::default(),
            theme: ThemeChoice::Light,
            crop: true,
            last_folder: None,
            recent: Vec::new(),
            analysis_secs_per_claim: 1.0,
        }
    }
}

impl Settings {
    /// Read the stored text: `Ok` with the settings (defaults when nothing is stored), or the
    /// defaults and a notice when the text cannot be read.
    pub fn from_stored(text: Option<&str>) -> (Settings, Option<String>) {
        match text {
            None => (Settings::default(), None),
            Some(t) => match serde_json::from_str(t) {
                Ok(s) => (s, None),
                Err(e) => (
                    Settings::default(),
                    Some(format!(
                        "the saved settings could not be read ({e}); using the defaults"
                    )),
                ),
            },
        }
    }

    pub fn to_stored(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Put `path` first in the recent files.
    pub fn remember(&mut self, path: PathBuf) {
        self.recent.retain(|p| p != &path);
        if let Some(dir) = path.parent() {
            self.last_folder = Some(dir.to_path_buf());
        }
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_LIMIT);
    }
}

impl Settings {
    /// Something wants the net: the solver panel's choice or a net overlay.
    pub fn wants_net(&self) -> bool {
        let o = &self.overlays;
        self.limits.use_net || o.net_policy || o.net_value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_corrupt_text_falls_back() {
        let mut s = Settings {
            theme: ThemeChoice::Dark,
            ..Settings::default()
        };
        s.overlays.zone = false;
        s.remember(PathBuf::from("/a/b.sgf"));
        let (back, notice) = Settings::from_stored(Some(&s.to_stored()));
        assert_eq!(back, s);
        assert!(notice.is_none());
        let (back, notice) = Settings::from_stored(Some("{not json"));
        assert_eq!(back, Settings::default());
        assert!(notice.unwrap().contains("could not be read"));
        assert_eq!(Settings::from_stored(None).0, Settings::default());
        // Missing fields take their defaults.
        let (back, _) = Settings::from_stored(Some(r#"{"crop":false}"#));
        assert!(!back.crop && back.overlays.zone);
    }

    #[test]
    fn the_net_choices_round_trip_and_default_off() {
        let defaults = Settings::default();
        assert!(!defaults.limits.use_net);
        assert!(!defaults.overlays.net_policy && !defaults.overlays.net_value);
        let mut s = Settings::default();
        s.limits.use_net = true;
        s.overlays.net_policy = true;
        s.overlays.net_value = true;
        let (back, notice) = Settings::from_stored(Some(&s.to_stored()));
        assert!(notice.is_none());
        assert_eq!(back, s);
        // Settings saved before the net choices existed load with them off.
        let old = r#"{"overlays":{"zone":false},"limits":{"engine":"dfs","max_nodes":5}}"#;
        let (back, notice) = Settings::from_stored(Some(old));
        assert!(notice.is_none(), "{notice:?}");
        assert!(!back.overlays.zone && back.limits.max_nodes == 5);
        assert!(!back.limits.use_net);
        assert!(!back.overlays.net_policy && !back.overlays.net_value);
        assert_eq!(back.limits.engine, EngineChoice::One(Engine::DFS));
    }

    #[test]
    fn every_engine_choice_round_trips_and_old_engines_still_load() {
        for choice in crate::solver::engines::choices() {
            let mut s = Settings::default();
            s.limits.engine = choice.id;
            let (back, notice) = Settings::from_stored(Some(&s.to_stored()));
            assert!(notice.is_none(), "{notice:?}");
            assert_eq!(back.limits.engine, choice.id);
        }
        // Each engine as settings saved it before the portfolio was a choice.
        for (name, engine) in [
            ("dfs", Engine::DFS),
            ("dfpn", Engine::DFPN),
            ("mcts", Engine::MCTS),
            ("exhaustive", Engine::EXHAUSTIVE),
        ] {
            let old = format!(r#"{{"limits":{{"engine":"{name}","time_secs":5.0}}}}"#);
            let (back, notice) = Settings::from_stored(Some(&old));
            assert!(notice.is_none(), "{name}: {notice:?}");
            assert_eq!(back.limits.engine, EngineChoice::One(engine));
            assert_eq!(back.limits.time_secs, 5.0);
        }
        // The stored text names the portfolio.
        let mut s = Settings::default();
        s.limits.engine = EngineChoice::Portfolio;
        assert!(s.to_stored().contains(r#""engine":"portfolio""#));
    }

    #[test]
    fn recent_files_are_unique_newest_first_and_bounded() {
        let mut s = Settings::default();
        for i in 0..15 {
            s.remember(PathBuf::from(format!("/p/{i}.sgf")));
        }
        s.remember(PathBuf::from("/p/12.sgf"));
        assert_eq!(s.recent.len(), RECENT_LIMIT);
        assert_eq!(s.recent[0], PathBuf::from("/p/12.sgf"));
        assert_eq!(s.recent.iter().filter(|p| p.ends_with("12.sgf")).count(), 1);
        assert_eq!(s.last_folder, Some(PathBuf::from("/p")));
    }
}
