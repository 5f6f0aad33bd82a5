//! Proofs split into jobs (issue 41; the design in `../shared/research/scale.md`): the
//! manager's job-level proof-number tree ([`tree`]) whose leaves are jobs
//! ([`crate::solver::jobs::job`]) run by workers in other processes or on other machines, and
//! the one proof assembled from the jobs' proofs ([`graft`]), which the independent checker
//! checks like any other. The executors and the manager's loop are the command line's
//! (`cli/manage/`).

pub mod graft;
pub mod tree;
