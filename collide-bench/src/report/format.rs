//! How the report writes its figures, for every module that shows one.

/// ns as µs, to three significant figures or so.
#[must_use]
pub fn us(ns: f64) -> String {
    if ns.abs() >= 100_000.0 {
        format!("{:.0}", ns / 1_000.0)
    } else if ns.abs() >= 10_000.0 {
        format!("{:.1}", ns / 1_000.0)
    } else {
        format!("{:.2}", ns / 1_000.0)
    }
}
