//! A Go result in GNU Go's terms: the result codes of its `owl_attack` / `owl_defend`
//! (GTP) and the result's name in the `owl` command's JSON and the GTP engine's replies.

use crate::solver::jobs::go_result::GoResult;

/// GNU Go's code of `go` for the asked side (`attacker`: the asked side attacks): 1 it wins,
/// 2 a ko it wins by taking the first ko capture, 3 a ko where the other side takes it first
/// (the asked side needs a threat or an approach move), 0 it fails.
pub fn gnugo_code(go: GoResult, attacker: bool) -> u8 {
    let code = match go {
        GoResult::Kills => [1, 0],
        GoResult::KillsByKo => [2, 3],
        GoResult::LivesByKo => [3, 2],
        GoResult::Lives { .. } => [0, 1],
    };
    code[usize::from(!attacker)]
}

/// `kills`, `kills-by-ko`, `lives-by-ko` or `lives`.
pub fn go_result_name(go: GoResult) -> &'static str {
    match go {
        GoResult::Kills => "kills",
        GoResult::KillsByKo => "kills-by-ko",
        GoResult::LivesByKo => "lives-by-ko",
        GoResult::Lives { .. } => "lives",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::jobs::go_result::Life;

    #[test]
    fn each_result_has_its_code_for_either_side() {
        let lives = GoResult::Lives {
            life: Life::Unconditional,
        };
        let codes = |go| (gnugo_code(go, true), gnugo_code(go, false));
        assert_eq!(codes(GoResult::Kills), (1, 0));
        assert_eq!(codes(GoResult::KillsByKo), (2, 3));
        assert_eq!(codes(GoResult::LivesByKo), (3, 2));
        assert_eq!(codes(lives), (0, 1));
        assert_eq!(go_result_name(lives), "lives");
    }
}
