//! Small timing and statistics helpers for the report (criterion does its own).

use std::time::{Duration, Instant};

/// Mean and sample standard deviation of a set of measurements.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// The arithmetic mean.
    pub mean: f64,
    /// The sample standard deviation (`n - 1` in the denominator; 0 for fewer than 2 values).
    pub sd: f64,
}

impl Summary {
    /// The summary of `values` (all zero for an empty slice).
    #[must_use]
    pub fn of(values: &[f64]) -> Self {
        if values.is_empty() {
            return Self::default();
        }
        let n = values.len() as f64;
        let mean = values.iter().sum::<f64>() / n;
        let sd = if values.len() < 2 {
            0.0
        } else {
            (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
        };
        Self { mean, sd }
    }
}

/// The median of `values` (0 for an empty slice); NaNs sort last.
#[must_use]
pub fn median(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    if v.len() % 2 == 0 {
        (v[mid - 1] + v[mid]) / 2.0
    } else {
        v[mid]
    }
}

/// Runs `f` repeatedly until `budget` has passed (at least once) and returns how many runs
/// fit and the mean time of one, so a batch size can be chosen that makes samples long enough
/// for the clock.
pub fn calibrate(budget: Duration, mut f: impl FnMut()) -> (u64, Duration) {
    let start = Instant::now();
    let mut runs = 0u64;
    loop {
        f();
        runs += 1;
        let elapsed = start.elapsed();
        if elapsed >= budget {
            return (runs, elapsed / runs.max(1) as u32);
        }
    }
}

/// How many repetitions of something taking `each` make a sample of at least `sample`.
#[must_use]
pub fn batch_size(each: Duration, sample: Duration) -> u64 {
    let each = each.as_nanos().max(1);
    (sample.as_nanos() / each).clamp(1, 1_000_000) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_and_median() {
        let s = Summary::of(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
        assert!((s.mean - 5.0).abs() < 1e-12);
        assert!((s.sd - 2.138_089_935).abs() < 1e-6);
        assert_eq!(Summary::of(&[3.0]), Summary { mean: 3.0, sd: 0.0 });
        assert_eq!(Summary::of(&[]), Summary::default());
        assert!((median(&[3.0, 1.0, 2.0]) - 2.0).abs() < 1e-12);
        assert!((median(&[4.0, 1.0, 2.0, 3.0]) - 2.5).abs() < 1e-12);
        assert!(median(&[]).abs() < 1e-12);
    }

    #[test]
    fn batch_sizes_are_clamped() {
        assert_eq!(
            batch_size(Duration::from_micros(10), Duration::from_millis(1)),
            100
        );
        assert_eq!(
            batch_size(Duration::from_secs(1), Duration::from_millis(1)),
            1
        );
        assert_eq!(
            batch_size(Duration::ZERO, Duration::from_secs(10)),
            1_000_000
        );
        let mut calls = 0;
        let (runs, _) = calibrate(Duration::ZERO, || calls += 1);
        assert_eq!((runs, calls), (1, 1));
    }
}
