//! The search options shared by `solve` and `bench`, and running a search with them.

use super::checking::CheckArgs;
pub(crate) use super::seconds::parse_secs;
use crate::problem::Problem;
use crate::solver::engines::portfolio::MctsGuide;
use crate::solver::jobs::analysis::Analysis;
use crate::solver::jobs::schedule::Width;
use crate::solver::jobs::service::{certify_reported, search, ReproTarget, SolveRequest};
use crate::solver::kernel::tt::TranspositionTable;
use crate::solver::knowledge::pattern_store::{PatternStore, PatternStoreHandle, RztError};
use crate::solver::{self, Engine, EngineChoice, TablePool};
use crate::solver::{Solution, SolveConfig, Solver};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// Every `--engine` value: the registry's run choices ([`solver::engines::choices`]: its
/// engines, then the portfolio).
static ENGINE_VALUES: std::sync::LazyLock<Vec<EngineChoice>> =
    std::sync::LazyLock::new(|| solver::engines::choices().map(|c| c.id).collect());

/// `--engine` parses a registry choice by its name; its help is the choice's description.
impl ValueEnum for EngineChoice {
    fn value_variants<'a>() -> &'a [Self] {
        &ENGINE_VALUES
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let choice = self.info();
        Some(clap::builder::PossibleValue::new(choice.name).help(choice.description))
    }
}

/// Search options of the command line.
#[derive(Clone, Debug, PartialEq, Args)]
pub struct SearchArgs {
    /// The search engine (df-pn by default: on the research sets at 60 s each it proves at
    /// least 24 of the 106 19x19 problems and 4 of the 20 7x7 ones, 6–7 with `--threads 2`,
    /// where depth-first search proves 1 and 0; see BENCHMARKS.md).
    #[arg(long, value_enum, default_value_t = EngineChoice::One(Engine::DFPN))]
    pub engine: EngineChoice,
    /// Stop after this many nodes (the result is then unknown unless already proven).
    #[arg(long, value_name = "N")]
    pub max_nodes: Option<u64>,
    /// Stop after this many seconds (decimals allowed).
    #[arg(long, value_name = "S", value_parser = parse_secs)]
    pub time_limit_secs: Option<f64>,
    /// Search width: `auto` (solve's default: full width and width 8 in turn with growing
    /// budgets, the narrow search first on regions of more than 20 empty points), `full`
    /// (bench's default: every move) or N (at most N moves of the OR player per node, best
    /// first; a failed search is then unknown, never a proven failure).
    #[arg(long, value_name = "N|auto|full", value_parser = parse_width)]
    pub or_width: Option<Width>,
    /// Positional superko off: simple ko, a repeated position counting as a failure of the OR
    /// player. Without this or --superko the solver's default applies.
    #[arg(long, conflicts_with = "superko")]
    pub no_superko: bool,
    /// Positional superko on: refuse plays that recreate a position of the current line.
    #[arg(long)]
    pub superko: bool,
    /// Memory of the transposition table in MiB (rounded down to a power-of-two number of
    /// entries). Default: 2^20 entries (about 100 MiB).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub table_mib: Option<u64>,
    /// df-pn: generate all AND moves at once instead of searching the AND player's pass first
    /// (for measuring; the same as `--null-moves 0`).
    #[arg(long, hide = true)]
    pub pass_not_first: bool,
    /// df-pn and MCTS: how many attacker passes on a line are searched first as null moves
    /// (for measuring; default by goal: 4 with crucial stones, 2 where seki is life, else 1).
    #[arg(long, hide = true, value_name = "N")]
    pub null_moves: Option<u32>,
    /// MCTS: the constant term of PUCT's exploration factor (for measuring; default 1.5 when
    /// leaves carry the guide's value, 0.9 with a net's priors alone, 0.3 with the heuristic
    /// prior).
    #[arg(long, hide = true, value_name = "C", value_parser = parse_exploration)]
    pub puct: Option<f64>,
    /// MCTS: how much an open leaf's value follows the guide's estimate, 0 to 1 (for
    /// measuring; default 0 with a net, whose value the search does better without, and 1
    /// with playouts).
    #[arg(long, hide = true, value_name = "W", value_parser = parse_weight)]
    pub net_value: Option<f64>,
    /// Entries of the relevance-zone pattern table (0: off; for measuring).
    #[arg(long, hide = true, value_name = "N")]
    pub pattern_entries: Option<usize>,
    /// Keep the relevance-zone pattern table in FILE: every solve of the run starts with the
    /// wins earlier runs proved in the same game (board size, OR player, goal, crucial stones,
    /// region, ko rules) and the wins of this run are saved there at the end (created when
    /// missing; a corrupt or foreign file is refused). Unused under superko.
    #[arg(long, value_name = "FILE")]
    pub rzt: Option<PathBuf>,
    /// The store `--rzt` opened ([`SearchArgs::open_rzt`]), shared by every solve of the run.
    #[arg(skip)]
    pub pattern_store: Option<PatternStoreHandle>,
    /// Switch off the static life-and-death rule of the goal test (for measuring).
    #[arg(long, hide = true)]
    pub no_static: bool,
    /// Switch off immediate wins (an OR move the goal test decides as won wins its node as
    /// soon as the moves are generated; for measuring).
    #[arg(long, hide = true)]
    pub no_immediate_wins: bool,
    /// Switch off the seki database's terminal of the goal test (goals where seki is life:
    /// `live`/`kill`, `live-any-seki`/`kill-all-seki`), for measuring what it brings.
    #[arg(long)]
    pub no_seki_db: bool,
    /// Switch off the "one eye and a connection" terminal of the goal test (two defender
    /// blocks with one eye each, sharing two liberties in the region, live), for measuring
    /// what it brings.
    #[arg(long)]
    pub no_eye_join: bool,
    /// Switch on life by links in the goal test of the defender's claims (chains of blocks
    /// kept connected by miai, alive by Benson's rule on chains; off by default: it saves few
    /// nodes and costs node rate, BENCHMARKS).
    #[arg(long)]
    pub links: bool,
    /// Switch off the relevance zones' pruning of AND nodes (every AND move searched, as in
    /// plain proof-number search), for measuring what they bring.
    #[arg(long, hide = true)]
    pub no_rz: bool,
    /// Switch on df-pn's eye knowledge in the move costs of the one-eye goals (an experiment,
    /// off by default: it cost nodes on the one-eye set).
    #[arg(long, hide = true)]
    pub eye_costs: bool,
    /// Count seki as life whatever the file says: the research goals become their Go forms
    /// (`live-uca` → `live`, `kill-uca` → `kill`, `live-any` → `live-any-seki`, `kill-all` →
    /// `kill-all-seki`), as Go players and the seki-database paper's Killall-Go count it.
    #[arg(long)]
    pub seki_life: bool,
    /// df-pn: threads searching one claim together, sharing the transposition table (1: the
    /// serial search, whose node counts are reproducible; with more, nodes are those of all
    /// threads and vary from run to run). The depth-first engine and `--side both` (one thread
    /// per claim) ignore it.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: u16,
    /// The net that guides the search: `off` (the heuristic move order), `on` (the shipped
    /// weights, `weights/ftl.safetensors`), `playout[:N[:W]]` (no net: the heuristic move order
    /// with N random games played to the end, weighted W, as MCTS's value) or a weights file. df-pn takes its
    /// priors for the move order and the proof numbers of new children, MCTS its priors at
    /// every node (its "Faster to Life" value is left out: the search proves more without it;
    /// playouts' value is used). When the net cannot be loaded the search goes on
    /// with the heuristic and says so on standard error. Default: `off`, except for the
    /// portfolio's MCTS lane, which takes the shipped net unless `--net` says otherwise.
    #[arg(long, value_name = "off|on|playout[:N[:W]]|FILE")]
    pub net: Option<String>,
    /// With a net: df-pn asks it at nodes at most this many plies below the root (for
    /// measuring; MCTS asks it everywhere).
    #[arg(long, hide = true, value_name = "N")]
    pub net_plies: Option<u32>,
    /// With a net: ask it at a node from its N-th visit on (for measuring).
    #[arg(long, hide = true, value_name = "N")]
    pub net_visits: Option<u32>,
}

/// The guide `--net` asks for (`None`: the heuristic); a failure is said once per process on
/// standard error and the heuristic used.
pub fn net_guide(net: &str) -> Option<crate::solver::knowledge::guide::GuideHandle> {
    static SAID: std::sync::Once = std::sync::Once::new();
    crate::nn::net_choice::guide_for(net).unwrap_or_else(|e| {
        SAID.call_once(|| eprintln!("{e}; the search uses the heuristic prior"));
        None
    })
}

impl Default for SearchArgs {
    fn default() -> Self {
        SearchArgs {
            engine: EngineChoice::One(Engine::DFPN),
            max_nodes: None,
            time_limit_secs: None,
            or_width: None,
            no_superko: false,
            superko: false,
            table_mib: None,
            pass_not_first: false,
            null_moves: None,
            pattern_entries: None,
            puct: None,
            net_value: None,
            rzt: None,
            pattern_store: None,
            no_static: false,
            no_immediate_wins: false,
            no_seki_db: false,
            no_eye_join: false,
            links: false,
            no_rz: false,
            eye_costs: false,
            seki_life: false,
            threads: 1,
            net: None,
            net_plies: None,
            net_visits: None,
        }
    }
}

impl SearchArgs {
    /// Check `analysis` (a search of the problem in `file` with these options) as `check` asks: sets `analysis.check`;
    /// when the checker rejects the proof, writes the reproduction file and returns its path (or
    /// why it could not be written).
    pub fn check(
        &self,
        check: &CheckArgs,
        file: &Path,
        analysis: &mut Analysis,
    ) -> Option<Result<PathBuf, String>> {
        let request = self.request(&analysis.claim, Width::Full, check, Some(file));
        certify_reported(&request, analysis, None)
    }

    /// Where a reproduction file of a claim from `file` goes, and the run's settings in words.
    pub fn repro_target(&self, check: &CheckArgs, file: Option<&Path>) -> ReproTarget {
        ReproTarget {
            dir: check.repro_dir(),
            source: file.map(Path::to_path_buf),
            settings: self.describe(),
        }
    }

    /// The solver settings these options ask for (everything else default; proofs are built).
    pub fn config(&self) -> SolveConfig {
        let default = SolveConfig::default();
        SolveConfig {
            max_nodes: self.max_nodes,
            // `parse_secs` accepted the value, so the conversion succeeds.
            time_limit: self
                .time_limit_secs
                .and_then(|s| Duration::try_from_secs_f64(s).ok()),
            superko: (default.superko || self.superko) && !self.no_superko,
            or_width: match self.or_width {
                Some(Width::Narrow(w)) => Some(w),
                _ => None,
            },
            build_proof: true,
            static_dead: !self.no_static,
            immediate_wins: !self.no_immediate_wins,
            seki_db: !self.no_seki_db,
            eye_join: !self.no_eye_join,
            links: self.links,
            relevance_zones: !self.no_rz,
            eye_costs: self.eye_costs,
            // The portfolio's first lane (df-pn); `SearchArgs::request` makes both.
            engine: self.engine.first_engine(),
            null_moves: if self.pass_not_first {
                Some(0)
            } else {
                self.null_moves
            },
            tt_entries: self
                .table_mib
                .map_or(default.tt_entries, TranspositionTable::entries_for_mib),
            pattern_entries: self.pattern_entries.unwrap_or(default.pattern_entries),
            pattern_store: self.pattern_store.clone(),
            threads: usize::from(self.threads),
            guide: net_guide(self.net.as_deref().unwrap_or("off")),
            guide_plies: self.net_plies.unwrap_or(default.guide_plies),
            guide_visits: self.net_visits.unwrap_or(default.guide_visits),
            exploration: self.puct,
            value_weight: self.net_value,
            ..default
        }
    }

    /// The options in words, for a reproduction file: `engine dfs, time limit 2 s, superko off,
    /// …` ([`SolveConfig::describe`]).
    pub fn describe(&self) -> String {
        let mcts = match self.portfolio_net() {
            "off" => MctsGuide::Heuristic,
            p if p.starts_with("playout") => MctsGuide::Playouts,
            _ => MctsGuide::Net,
        };
        let mut text = self.engine.describe(&self.config(), mcts);
        if let Some(path) = &self.rzt {
            // A proof may rest on wins loaded from it.
            text.push_str(&format!(", RZ pattern table {}", path.display()));
        }
        text
    }

    /// Open `--rzt`'s file (none asked for: `None`) and hand its store to every solve run
    /// with these options. Errors: the file is refused or unreadable, or its folder does not
    /// exist (checked now, not after a long search).
    pub fn open_rzt(&mut self) -> anyhow::Result<Option<RztFile>> {
        let Some(path) = self.rzt.clone() else {
            return Ok(None);
        };
        let parent = crate::atomic_file::parent_dir(&path);
        if !parent.is_dir() {
            anyhow::bail!(
                "cannot write the RZ pattern table to {}: directory {} does not exist",
                path.display(),
                parent.display()
            );
        }
        let entries = self
            .pattern_entries
            .unwrap_or(solver::kernel::config::DEFAULT_PATTERN_ENTRIES);
        let store = PatternStore::open(&path, entries)?;
        let loaded = store.len();
        let store = store.into_shared();
        self.pattern_store = Some(store.clone());
        Ok(Some(RztFile {
            path,
            store,
            loaded,
        }))
    }

    /// The problem as these flags have it searched (`--seki-life`).
    pub fn goal_of(&self, problem: Problem) -> Problem {
        if self.seki_life {
            problem.with_seki(true)
        } else {
            problem
        }
    }

    /// Solve `problem`'s claim with the chosen engine (one search, at the width asked for;
    /// `auto` is full width here).
    pub fn solve(&self, problem: &Problem) -> Solution {
        Solver::new(problem, self.config()).solve()
    }

    /// The width asked for, or `default` when none was.
    pub fn width(&self, default: Width) -> Width {
        self.or_width.unwrap_or(default)
    }

    /// The Go result of `problem`'s claim ([`analyse_with_width`]: seki or unconditional life,
    /// ko; the widths of [`SearchArgs::width`]), all searches within the limits together.
    pub fn analyse(&self, problem: &Problem, default: Width) -> Analysis {
        self.analyse_until(problem, default, Arc::default())
    }

    /// [`SearchArgs::analyse`], ending with an unknown result, stopped, once `stop` is set.
    pub fn analyse_until(
        &self,
        problem: &Problem,
        default: Width,
        stop: Arc<AtomicBool>,
    ) -> Analysis {
        let request = self.request(problem, default, &CheckArgs::default(), None);
        search(&request, stop, &mut TablePool::new(), None)
    }

    /// The request these options make for `problem` ([`crate::solver::jobs::service`]): the
    /// engine's settings, or the portfolio's lanes; the width (`default` unless `--or-width`);
    /// `check`'s bounds; reproduction files named after `file`.
    pub fn request(
        &self,
        problem: &Problem,
        default: Width,
        check: &CheckArgs,
        file: Option<&Path>,
    ) -> SolveRequest {
        SolveRequest {
            claim: problem.clone(),
            lanes: self
                .engine
                .lanes(&self.config(), || net_guide(self.portfolio_net())),
            width: self.width(default),
            strong_opposite: false,
            check: check.settings(),
            repro: self.repro_target(check, file),
        }
    }

    /// The net of the portfolio's MCTS lane: `--net` as given, else the shipped one.
    fn portfolio_net(&self) -> &str {
        self.net.as_deref().unwrap_or("on")
    }

    /// The lanes of `--engine portfolio` ([`portfolio::lanes`]): df-pn without the net, MCTS
    /// with the shipped one (or the `--net` given: `off` for the heuristic).
    #[cfg(test)]
    fn portfolio_configs(&self) -> [SolveConfig; 2] {
        let base = self.config();
        crate::solver::engines::portfolio::lanes(&base, net_guide(self.portfolio_net()))
    }
}

/// `--rzt FILE` opened for a run ([`SearchArgs::open_rzt`]).
pub struct RztFile {
    path: PathBuf,
    store: PatternStoreHandle,
    /// Entries the file held.
    loaded: usize,
}

impl RztFile {
    /// Write the store (what was loaded and what the run proved) to the file atomically and
    /// say on standard error how many entries were loaded and saved.
    pub fn save(&self) -> anyhow::Result<()> {
        let (saved, sections) = self.store.with(|s| {
            s.save(&self.path)?;
            Ok::<_, RztError>((s.len(), s.sections()))
        })?;
        eprintln!(
            "RZ pattern table {}: {} entries loaded, {saved} saved ({sections} {})",
            self.path.display(),
            self.loaded,
            if sections == 1 { "game" } else { "games" }
        );
        Ok(())
    }

    /// Save after `run`, whatever it returned (what was proven is kept even when the run
    /// fails later, e.g. writing its output); `run`'s error comes first.
    pub fn save_after<T>(rzt: Option<&RztFile>, run: anyhow::Result<T>) -> anyhow::Result<T> {
        let saved = rzt.map_or(Ok(()), RztFile::save);
        match (run, saved) {
            (Ok(out), saved) => saved.map(|()| out),
            (Err(e), Ok(())) => Err(e),
            (Err(e), Err(not_saved)) => {
                eprintln!("{not_saved:#}");
                Err(e)
            }
        }
    }
}

/// `auto`, `full` (or `0`), or a positive width.
pub(crate) fn parse_width(text: &str) -> Result<Width, String> {
    match text.trim() {
        "auto" => Ok(Width::Auto),
        "full" | "0" => Ok(Width::Full),
        n => match n.parse::<usize>() {
            Ok(w) if w > 0 => Ok(Width::Narrow(w)),
            _ => Err(format!(
                "{text:?} is not a width: a positive number, auto or full"
            )),
        },
    }
}

/// `--puct`: a finite number at least 0.
fn parse_exploration(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(c) if c.is_finite() && c >= 0.0 => Ok(c),
        _ => Err(format!("{text:?} is not a finite number at least 0")),
    }
}

/// `--net-value`: a number from 0 to 1.
fn parse_weight(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(w) if (0.0..=1.0).contains(&w) => Ok(w),
        _ => Err(format!("{text:?} is not a number from 0 to 1")),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn options_to_config() {
        let args = SearchArgs {
            max_nodes: Some(5),
            time_limit_secs: Some(1.5),
            or_width: Some(Width::Narrow(3)),
            no_superko: true,
            ..SearchArgs::default()
        };
        let c = args.config();
        assert_eq!(c.max_nodes, Some(5));
        assert_eq!(c.time_limit, Some(Duration::from_millis(1500)));
        assert_eq!(c.or_width, Some(3));
        assert!(!c.superko && c.build_proof);
        let on = SearchArgs {
            superko: true,
            puct: Some(0.5),
            ..SearchArgs::default()
        };
        assert!(on.config().superko);
        assert_eq!(on.config().exploration, Some(0.5));
        assert!(on.config().describe().contains("exploration 0.5"));
        let weighed = SearchArgs {
            net_value: Some(0.25),
            ..SearchArgs::default()
        };
        assert_eq!(weighed.config().value_weight, Some(0.25));
        assert!(weighed.config().describe().contains("value weight 0.25"));
        assert_eq!(parse_weight("1"), Ok(1.0));
        assert!(parse_weight("1.5").is_err() && parse_weight("-0.1").is_err());
        // A reproduction file of an MCTS run names its null moves too.
        let mcts = SearchArgs {
            engine: EngineChoice::One(Engine::MCTS),
            null_moves: Some(3),
            ..SearchArgs::default()
        };
        assert!(mcts.config().describe().contains("null moves 3"));
        assert_eq!(parse_exploration("0.3"), Ok(0.3));
        assert!(parse_exploration("-1").is_err() && parse_exploration("inf").is_err());
        // The command line's engine is df-pn; the rest is the solver's default.
        assert_eq!(
            SearchArgs::default().config(),
            SolveConfig {
                engine: Engine::DFPN,
                ..SolveConfig::default()
            }
        );
        // A memory budget gives a power-of-two table that fits in it.
        let mib = SearchArgs {
            table_mib: Some(64),
            ..SearchArgs::default()
        };
        let entries = mib.config().tt_entries;
        assert!(entries.is_power_of_two());
        assert!(entries * TranspositionTable::SLOT_BYTES <= 64 << 20);
        assert!(entries * 2 * TranspositionTable::SLOT_BYTES > 64 << 20);
        // The default table stays far below 1 GiB.
        assert!(SolveConfig::default().tt_entries * TranspositionTable::SLOT_BYTES < 1 << 30);
        assert_eq!(parse_secs(" 2 "), Ok(2.0));
        assert_eq!(parse_width("auto"), Ok(Width::Auto));
        assert_eq!(parse_width("full"), Ok(Width::Full));
        assert_eq!(parse_width("0"), Ok(Width::Full));
        assert_eq!(parse_width(" 8"), Ok(Width::Narrow(8)));
        assert!(parse_width("-1").is_err() && parse_width("wide").is_err());
        assert_eq!(SearchArgs::default().width(Width::Auto), Width::Auto);
        for bad in ["0", "-1", "inf", "NaN", "1e300", "x"] {
            assert!(parse_secs(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_portfolio_runs_heuristic_mcts_when_the_net_is_off() {
        let args = SearchArgs {
            engine: EngineChoice::Portfolio,
            net: Some("off".to_string()),
            ..SearchArgs::default()
        };
        let [dfpn, mcts] = args.portfolio_configs();
        assert_eq!(dfpn.engine, Engine::DFPN);
        assert_eq!(mcts.engine, Engine::MCTS);
        assert!(dfpn.guide.is_none() && mcts.guide.is_none());
        assert!(args
            .describe()
            .starts_with("engine portfolio (df-pn; MCTS),"));
        let default = SearchArgs {
            engine: EngineChoice::Portfolio,
            ..SearchArgs::default()
        };
        assert!(default
            .describe()
            .starts_with("engine portfolio (df-pn; MCTS with the net),"));
    }

    #[test]
    fn the_portfolio_runs_mcts_with_playouts_when_asked() {
        let args = SearchArgs {
            engine: EngineChoice::Portfolio,
            net: Some("playout".to_string()),
            ..SearchArgs::default()
        };
        let [dfpn, mcts] = args.portfolio_configs();
        assert!(dfpn.guide.is_none());
        let guide = mcts.guide.expect("the playout guide");
        assert!(guide.guide().has_value() && !guide.guide().batches());
        assert!(args
            .describe()
            .starts_with("engine portfolio (df-pn; MCTS with playouts),"));
    }

    #[test]
    fn rzt_opens_into_the_config_and_the_description() {
        let dir = std::env::temp_dir().join(format!("tsumego-engine-rzt-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.rzt");
        let mut args = SearchArgs {
            rzt: Some(path.clone()),
            ..SearchArgs::default()
        };
        assert!(args
            .describe()
            .ends_with(&format!(", RZ pattern table {}", path.display())));
        let rzt = args.open_rzt().unwrap().unwrap();
        assert!(args.config().pattern_store.is_some());
        assert_eq!(args.config().pattern_store, args.pattern_store);
        rzt.save().unwrap();
        assert!(path.is_file());
        assert!(SearchArgs::default().open_rzt().unwrap().is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
