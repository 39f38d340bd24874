//! A run's goals against the baseline: the JSON of the latest full run kept beside
//! `PERFORMANCE.md` (`collide-bench/baseline.json`, written by `collide-report
//! --save-baseline`). Each goal whose figure is worse than the baseline's by more than its
//! spread is marked, so that a fall is seen in the run where it lands, not runs later.
//!
//! Goals are matched by name; the baseline's figure is the `value` of its `goals[]` line.

use std::path::Path;

use serde::Serialize;
use serde_json::Value;

use super::verdict::{Change, Goal};

/// The baseline a report is compared with unless told otherwise, and where
/// `--save-baseline` writes it.
pub const BASELINE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/baseline.json");

/// The goal figures of a report's JSON, as a later run reads them.
#[derive(Clone, Debug, PartialEq)]
pub struct Baseline {
    /// Whether the baseline is a `--quick` run.
    pub quick: bool,
    /// When it ran.
    pub date: String,
    /// Each goal's name and figure (`None`: not measured by that run).
    pub figures: Vec<(String, Option<f64>)>,
}

/// What a report's goals were compared with, for the line above its goals table.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Since {
    /// Nothing was marked, for the reason given.
    Nothing(String),
    /// The baseline at `path`, of a run on `date`.
    Baseline {
        /// The file, as the report shows it.
        path: String,
        /// When the baseline's run was made.
        date: String,
    },
}

impl Baseline {
    /// The baseline in a report's JSON (schema 1).
    ///
    /// # Errors
    ///
    /// Another schema, or no `goals` list of named goals.
    pub fn from_json(json: &Value) -> Result<Self, String> {
        if json["schema"] != 1 {
            return Err(format!("schema {} is not 1", json["schema"]));
        }
        let goals = json["goals"].as_array().ok_or("no `goals` list")?;
        let figures = goals
            .iter()
            .map(|g| {
                let name = g["goal"].as_str().ok_or("a goal without a name")?;
                Ok((name.to_owned(), g["value"].as_f64()))
            })
            .collect::<Result<_, &str>>()?;
        Ok(Self {
            quick: json["quick"].as_bool().unwrap_or(false),
            date: json["machine"]["date"]
                .as_str()
                .unwrap_or("an unknown date")
                .to_owned(),
            figures,
        })
    }

    /// The baseline at `path`; `Ok(None)` when there is no such file.
    ///
    /// # Errors
    ///
    /// A file that cannot be read, or is not a report's JSON.
    pub fn read(path: &Path) -> Result<Option<Self>, String> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e.to_string()),
        };
        let json = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        Self::from_json(&json).map(Some)
    }

    /// The baseline's figure for the goal `name`, if it measured one.
    #[must_use]
    pub fn figure(&self, name: &str) -> Option<f64> {
        self.figures
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|&(_, value)| value)
    }

    /// Marks each measured goal against this baseline (see [`Change::since`]).
    pub fn mark(&self, goals: &mut [Goal]) {
        for goal in goals {
            goal.change = goal.value.and_then(|now| {
                Change::since(
                    goal.bound,
                    goal.spread_percent,
                    self.figure(&goal.name),
                    now,
                )
            });
        }
    }
}

/// Compares `goals` with the baseline at `path` and says with what. Nothing is marked when
/// there is no file there, when it cannot be read, or when it is not a run of the same kind
/// (`--quick` or full: their figures are not measured alike).
pub fn compare(goals: &mut [Goal], quick: bool, path: &Path) -> Since {
    for goal in goals.iter_mut() {
        goal.change = None;
    }
    let shown = shown(path);
    let kind = |quick| {
        if quick {
            "a --quick run's"
        } else {
            "a full run's"
        }
    };
    match Baseline::read(path) {
        Ok(None) => Since::Nothing(format!("no file {shown}")),
        Err(e) => Since::Nothing(format!("{shown} unreadable: {e}")),
        Ok(Some(b)) if b.quick != quick => Since::Nothing(format!(
            "{shown} is {}, this is {}",
            kind(b.quick),
            kind(quick)
        )),
        Ok(Some(b)) => {
            b.mark(goals);
            Since::Baseline {
                path: shown,
                date: b.date,
            }
        }
    }
}

/// `path` from the workspace root when it lies in it (as the committed baseline does), so
/// that the report pasted into a document names no one's checkout.
fn shown(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent();
    root.and_then(|r| path.strip_prefix(r).ok())
        .unwrap_or(path)
        .display()
        .to_string()
}

impl Since {
    /// The line above the goals table: what the goals were compared with, and how many fell.
    #[must_use]
    pub fn line(&self, goals: &[Goal]) -> String {
        match self {
            Since::Nothing(why) => format!("no baseline ({why}): nothing marked"),
            Since::Baseline { path, date } => {
                let fell = goals
                    .iter()
                    .filter(|g| matches!(g.change, Some(Change::Fell { .. })))
                    .count();
                let fell = match fell {
                    1 => "1 goal fell by more than its spread".to_owned(),
                    n => format!("{n} goals fell by more than their spread"),
                };
                format!("against the baseline {path} of {date}: {fell}")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::verdict::Bound;
    use serde_json::json;

    /// A goal line measured at `value`, as a run judges it.
    fn goal(name: &str, bound: Bound, spread_percent: f64, value: Option<f64>) -> Goal {
        Goal {
            name: name.to_owned(),
            target: bound.to_string(),
            measured: String::new(),
            met: value.map(|v| bound.holds(v)),
            measures: "",
            judged: "",
            value,
            bound,
            spread_percent,
            change: None,
        }
    }

    const AT_LEAST: Bound = Bound::AtLeast(5.0, "× faster");
    const AT_MOST: Bound = Bound::AtMost(4.0, " µs");
    const EXACTLY: Bound = Bound::Exactly(0.0, " each");

    /// The baseline of a full run that measured `speedup` 10, `frame` 4, `bytes` 0 and not
    /// `unmeasured`.
    fn baseline() -> Baseline {
        let json = json!({
            "schema": 1,
            "quick": false,
            "machine": { "date": "2026-12-02 00:27 UTC" },
            "goals": [
                { "goal": "speedup", "value": 10.0 },
                { "goal": "frame", "value": 4.0 },
                { "goal": "bytes", "value": 0.0 },
                { "goal": "unmeasured", "value": null },
            ],
        });
        Baseline::from_json(&json).unwrap()
    }

    fn marked(bound: Bound, spread: f64, name: &str, now: f64) -> Option<Change> {
        let mut goals = [goal(name, bound, spread, Some(now))];
        baseline().mark(&mut goals);
        goals[0].change
    }

    #[test]
    fn a_fall_beyond_the_spread_is_marked_in_the_goals_own_direction() {
        // A ratio that must stay over its bound falls when it drops…
        let fell = marked(AT_LEAST, 15.0, "speedup", 8.0);
        assert!(
            matches!(fell, Some(Change::Fell { percent, .. }) if (percent - 20.0).abs() < 1e-9)
        );
        assert_eq!(fell.unwrap().to_string(), "fell 20.0 % (spread 15 %)");
        // …and a time that must stay under it when it rises: the same step either way round.
        assert!(matches!(
            marked(AT_MOST, 15.0, "frame", 5.0),
            Some(Change::Fell { .. })
        ));
        assert_eq!(marked(AT_LEAST, 15.0, "frame", 5.0), None);
        assert_eq!(marked(AT_MOST, 15.0, "speedup", 8.0), None);
    }

    #[test]
    fn a_fall_within_the_spread_or_a_rise_is_not_marked() {
        assert_eq!(marked(AT_LEAST, 15.0, "speedup", 8.6), None);
        assert_eq!(marked(AT_MOST, 15.0, "frame", 4.59), None);
        // Each goal's own spread: the same 20 % fall is within a wider one.
        assert_eq!(marked(AT_LEAST, 25.0, "speedup", 8.0), None);
        assert_eq!(marked(AT_LEAST, 15.0, "speedup", 30.0), None);
        assert_eq!(marked(AT_MOST, 15.0, "frame", 1.0), None);
    }

    #[test]
    fn a_goal_the_baseline_did_not_measure_is_new_and_one_this_run_did_not_is_unmarked() {
        assert_eq!(marked(AT_LEAST, 15.0, "renamed", 1.0), Some(Change::New));
        assert_eq!(marked(AT_LEAST, 15.0, "unmeasured", 1.0), Some(Change::New));
        let mut goals = [goal("speedup", AT_LEAST, 15.0, None)];
        baseline().mark(&mut goals);
        assert_eq!(goals[0].change, None);
    }

    #[test]
    fn an_exact_goal_falls_with_any_step_away_from_its_value() {
        let fell = marked(EXACTLY, 0.0, "bytes", 3.0);
        assert_eq!(fell.unwrap().to_string(), "fell from 0 to 3 (spread 0 %)");
        assert_eq!(marked(EXACTLY, 0.0, "bytes", 0.0), None);
        assert_eq!(EXACTLY.worse_by_percent(2.0, 1.0), None);
        assert_eq!(EXACTLY.worse_by_percent(2.0, 3.0), Some(50.0));
    }

    /// A file of this test's own under the temporary folder, holding `json`.
    fn file(name: &str, json: &Value) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!(
            "collide-baseline-{}-{name}.json",
            std::process::id()
        ));
        std::fs::write(&path, json.to_string()).unwrap();
        path
    }

    #[test]
    fn without_a_baseline_of_the_same_kind_nothing_is_marked_and_the_line_says_why() {
        let mut goals = [goal("speedup", AT_LEAST, 15.0, Some(1.0))];
        goals[0].change = Some(Change::New);
        let missing = std::env::temp_dir().join("collide-baseline-that-is-not-there.json");
        let since = compare(&mut goals, false, &missing);
        assert!(matches!(&since, Since::Nothing(why) if why.starts_with("no file")));
        assert!(since.line(&goals).starts_with("no baseline (no file"));
        assert_eq!(goals[0].change, None);

        let full = json!({ "schema": 1, "quick": false, "goals": [] });
        let since = compare(&mut goals, true, &file("full", &full));
        assert!(since
            .line(&goals)
            .contains("is a full run's, this is a --quick run's"));
        assert_eq!(goals[0].change, None);

        let broken = json!({ "schema": 2 });
        let since = compare(&mut goals, false, &file("broken", &broken));
        assert!(since.line(&goals).contains("unreadable: schema 2 is not 1"));
    }

    #[test]
    fn a_baseline_of_the_same_kind_marks_the_goals_and_counts_the_falls() {
        let json = json!({
            "schema": 1,
            "quick": true,
            "machine": { "date": "2026-12-02 00:27 UTC" },
            "goals": [{ "goal": "speedup", "value": 10.0 }],
        });
        let mut goals = [
            goal("speedup", AT_LEAST, 15.0, Some(5.0)),
            goal("frame", AT_MOST, 15.0, Some(4.0)),
        ];
        let since = compare(&mut goals, true, &file("quick", &json));
        assert!(matches!(goals[0].change, Some(Change::Fell { .. })));
        assert_eq!(goals[1].change, Some(Change::New));
        let line = since.line(&goals);
        assert!(line.ends_with("of 2026-12-02 00:27 UTC: 1 goal fell by more than its spread"));
    }
}
