//! Numbers of seconds on the command line.

use std::time::Duration;

/// A positive, finite number of seconds.
pub(crate) fn parse_secs(text: &str) -> Result<f64, String> {
    let secs: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if secs > 0.0 && Duration::try_from_secs_f64(secs).is_ok() {
        Ok(secs)
    } else {
        Err(format!(
            "{text:?} is not a positive, finite number of seconds"
        ))
    }
}
