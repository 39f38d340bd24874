//! The machine and moment of a run, as the report's header and JSON give them.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::Serialize;

/// The machine and moment of a run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Machine {
    /// Logical CPUs available to the process.
    pub cpus: usize,
    /// CPU model from `/proc/cpuinfo` (or "unknown").
    pub cpu_model: String,
    /// UTC date and time the run started, `YYYY-MM-DD HH:MM UTC`.
    pub date: String,
    /// The 1-minute load average when the run started (from `/proc/loadavg`, or "unknown"):
    /// on a shared machine, how many other runnable processes competed for the CPUs.
    pub load_average: String,
}

impl Machine {
    /// The machine this process runs on, now.
    #[must_use]
    pub fn current() -> Self {
        let cpus = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let cpu_model = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split(':').nth(1))
                    .map(|m| m.trim().to_owned())
            })
            .unwrap_or_else(|| "unknown".to_owned());
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let load_average = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|s| s.split_whitespace().next().map(str::to_owned))
            .unwrap_or_else(|| "unknown".to_owned());
        Self {
            cpus,
            cpu_model,
            date: utc_date(secs),
            load_average,
        }
    }
}

/// `YYYY-MM-DD HH:MM UTC` for seconds since the Unix epoch (civil-from-days, proleptic
/// Gregorian).
#[must_use]
pub fn utc_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        rem / 3_600,
        (rem % 3_600) / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates() {
        assert_eq!(utc_date(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc_date(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc_date(1_764_466_260), "2025-11-30 01:31 UTC");
    }
}
