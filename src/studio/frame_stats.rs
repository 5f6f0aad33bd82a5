//! How long the studio's frames take on the UI thread (shown in the status bar, and measured in
//! `BENCHMARKS.md`).

use std::collections::VecDeque;
use std::time::Duration;

/// The last frames kept.
const WINDOW: usize = 240;

/// Durations of the most recent frames.
#[derive(Clone, Debug, Default)]
pub struct FrameStats {
    recent: VecDeque<Duration>,
    pub frames: u64,
}

impl FrameStats {
    pub fn record(&mut self, d: Duration) {
        if self.recent.len() == WINDOW {
            self.recent.pop_front();
        }
        self.recent.push_back(d);
        self.frames += 1;
    }

    /// Mean over the recent frames.
    pub fn mean(&self) -> Duration {
        if self.recent.is_empty() {
            return Duration::ZERO;
        }
        self.recent.iter().sum::<Duration>() / self.recent.len() as u32
    }

    /// How many frames the figures cover.
    pub fn window_len(&self) -> usize {
        self.recent.len()
    }

    /// The longest recent frame.
    pub fn max(&self) -> Duration {
        self.recent.iter().copied().max().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_and_max_over_a_window() {
        let mut s = FrameStats::default();
        assert_eq!(s.mean(), Duration::ZERO);
        for ms in [1, 2, 3] {
            s.record(Duration::from_millis(ms));
        }
        assert_eq!(s.mean(), Duration::from_millis(2));
        assert_eq!(s.max(), Duration::from_millis(3));
        for _ in 0..WINDOW {
            s.record(Duration::from_millis(1));
        }
        assert_eq!(s.max(), Duration::from_millis(1));
        assert_eq!(s.frames, 3 + WINDOW as u64);
    }
}
