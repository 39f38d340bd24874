//! What a goal asks and what one run answered: a goal's [`Bound`], the [`Goal`] line a run's
//! figure gives it, and that figure's [`Change`] since the baseline. Below every module that
//! judges, shows or writes goals, and below the report itself, which holds its goals.

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

    /// How much worse `now` is than `base` in this bound's direction (a time that must stay
    /// under it rising, a ratio that must stay over it falling, a count that must be exact
    /// moving away), in % of `base` (of its distance from an exact value); `None` when `now`
    /// is no worse. Infinite when `base` is 0 (or exact), as no share of it measures the step.
    #[must_use]
    pub fn worse_by_percent(self, base: f64, now: f64) -> Option<f64> {
        let (worse, scale) = match self {
            Bound::AtMost(..) => (now - base, base.abs()),
            Bound::AtLeast(..) => (base - now, base.abs()),
            Bound::Exactly(v, _) => ((now - v).abs() - (base - v).abs(), (base - v).abs()),
        };
        (worse > 0.0).then(|| 100.0 * worse / scale)
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
    /// The figure in the bound's unit, `None` when not measured: what a later run compares
    /// with when this run's JSON is its baseline.
    pub value: Option<f64>,
    /// The bound the figure must keep.
    #[serde(skip)]
    pub bound: Bound,
    /// How far the figure moves from run to run with no change to the code, in %: a fall
    /// within it is not marked.
    pub spread_percent: f64,
    /// The figure's change since the baseline, if marked: `None` when within its spread, no
    /// worse, not measured, or when there was no baseline.
    pub change: Option<Change>,
}

/// A goal's figure against the baseline's, when it is worth a mark.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Change {
    /// The baseline has no figure for the goal (a new goal, or one it did not measure).
    New,
    /// Worse than the baseline's by more than the goal's spread.
    Fell {
        /// The baseline's figure.
        from: f64,
        /// This run's.
        to: f64,
        /// How much worse, in % (see [`Bound::worse_by_percent`]).
        percent: f64,
        /// The goal's spread, in %.
        spread_percent: f64,
    },
}

impl Change {
    /// The mark for a figure `now` of a goal with `bound` and `spread_percent`, against the
    /// baseline's figure `base`: [`Change::New`] without one, [`Change::Fell`] when worse by
    /// more than the spread, else `None`.
    #[must_use]
    pub fn since(bound: Bound, spread_percent: f64, base: Option<f64>, now: f64) -> Option<Self> {
        let Some(from) = base else {
            return Some(Change::New);
        };
        let percent = bound.worse_by_percent(from, now)?;
        (percent > spread_percent).then_some(Change::Fell {
            from,
            to: now,
            percent,
            spread_percent,
        })
    }
}

impl fmt::Display for Change {
    /// `new`, `fell 21.5 % (spread 15 %)`, or `fell from 0 to 3 (spread 0 %)` where no share
    /// of the baseline measures the step.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Change::New => write!(f, "new"),
            Change::Fell {
                from,
                to,
                percent,
                spread_percent,
            } if !percent.is_finite() => {
                write!(f, "fell from {from} to {to} (spread {spread_percent} %)")
            }
            Change::Fell {
                percent,
                spread_percent,
                ..
            } => write!(f, "fell {percent:.1} % (spread {spread_percent} %)"),
        }
    }
}
