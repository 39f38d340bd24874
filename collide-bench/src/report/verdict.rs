//! What a goal asks and what one run answered: a goal's [`Bound`], and the [`Goal`] line a
//! run's figure gives it. Below every module that judges, shows or writes goals, and below the
//! report itself, which holds its goals.

use std::fmt;

use serde::Serialize;

/// The bound a measured value must keep to meet its goal, with the unit it is written in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    /// At most this value.
    AtMost(f64, &'static str),
    /// At least this value.
    AtLeast(f64, &'static str),
    /// Exactly this value.
    Exactly(f64, &'static str),
}

impl Bound {
    /// Whether `value` keeps the bound.
    #[must_use]
    pub fn holds(self, value: f64) -> bool {
        match self {
            Bound::AtMost(bound, _) => value <= bound,
            Bound::AtLeast(bound, _) => value >= bound,
            Bound::Exactly(bound, _) => value == bound,
        }
    }

    /// The bound's value.
    #[must_use]
    pub fn value(self) -> f64 {
        match self {
            Bound::AtMost(v, _) | Bound::AtLeast(v, _) | Bound::Exactly(v, _) => v,
        }
    }
}

impl fmt::Display for Bound {
    /// `≤ 10 %`, `≥ 5× faster`, `0 in steady state`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bound::AtMost(v, unit) => write!(f, "≤ {v}{unit}"),
            Bound::AtLeast(v, unit) => write!(f, "≥ {v}{unit}"),
            Bound::Exactly(v, unit) => write!(f, "{v}{unit}"),
        }
    }
}

/// A goal and whether one run met it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Goal {
    /// The goal's name.
    #[serde(rename = "goal")]
    pub name: String,
    /// Its bound, as written in the goals table.
    pub target: String,
    /// What this run measured.
    pub measured: String,
    /// `Some(true)` met, `Some(false)` missed, `None` not measured by this run.
    pub met: Option<bool>,
    /// What is measured.
    pub measures: &'static str,
    /// How the figure is taken from the run.
    pub judged: &'static str,
}
