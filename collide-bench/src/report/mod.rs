//! The logic of the `collide-report` binary: the cost experiment, the scale table, the
//! side-by-side comparison with parry2d (queries, broad phases, ray casts, tile-map casts) and
//! the character controller beside rapier2d's, as data ([`Report`]), as tables ([`Report::text`],
//! [`Report::markdown`]) and as JSON ([`Report::to_json`]), each goal judged.
//!
//! - [`config`]: the `--quick`, full and test presets;
//! - [`machine`]: the machine and moment of a run;
//! - [`Report`]: every figure of a run, as data;
//! - [`experiment`]: the cost experiment (sweep on against sweep off, frame by frame), its
//!   samples taken by `sampling`;
//! - [`worker`]: the small scenes measured in fresh processes of the report binary;
//! - [`verdict`]: a goal's bound and the line one run gives it; [`goals`](mod@goals): every
//!   goal, written once as data, judged on a report;
//! - [`baseline`]: each goal's figure against the latest full run's, falls marked;
//! - [`tables`] and [`json`]: the report for a person and for a program.
//!
//! Each module imports only modules below it (this one, at the top, runs them all): the
//! report's data lies below the goals that read it, and the goals below the tables and JSON
//! that show them.
//!
//! ```no_run
//! use collide_bench::report::{self, ReportConfig};
//!
//! let report = report::run(&ReportConfig::quick(), |step| eprintln!("measuring {step}"));
//! print!("{}", report.text());
//! ```

pub mod baseline;
pub mod bounce;
pub mod config;
mod data;
pub mod events;
pub mod experiment;
mod figures;
mod format;
pub mod goals;
pub mod json;
pub mod level;
pub mod machine;
mod sampling;
pub mod tables;
pub mod verdict;
pub mod worker;

use std::time::{Duration, Instant};

use collide_scene::SceneKind;
use collide_testkit::alloc as alloc_count;

pub use baseline::{Since, BASELINE};
pub use bounce::BounceEntry;
pub use config::ReportConfig;
pub use data::{Report, ScaleRow};
pub use events::EventsEntry;
pub use experiment::{SceneEntry, SweepCost};
pub use goals::{goals, GOALS, SPREAD_PERCENT};
pub use level::LevelEntry;
pub use machine::{utc_date, Machine};
pub use verdict::Goal;
pub use worker::pair_worker;

use crate::cases::{Query, CASE_SEED};
use crate::character::{compare_character, compare_platformer};
use crate::fast_shots::compare_fast_shots;
use crate::intersections::compare_intersections;
use crate::queries::compare_query;
use crate::rays::compare_rays;
use crate::tiles::compare_tiles;
use crate::versus::compare_broad;

/// Runs the whole report. `progress` is told what is being measured (the binary prints it to
/// stderr; tests pass a no-op).
pub fn run(config: &ReportConfig, mut progress: impl FnMut(&str)) -> Report {
    let started = Instant::now();
    let machine = Machine::current();
    let allocations_counted = alloc_count::is_installed();
    let (mut scene, mut sweep_cost) = (Vec::new(), Vec::new());
    for &kind in &config.scenes {
        for &objects in &config.sizes {
            for phase in config.phases_for(objects) {
                progress(&format!("experiment: {} {objects} {phase}", kind.name()));
                let c = experiment::compare(config, kind, objects, phase, &mut progress);
                scene.extend([c.on, c.off]);
                sweep_cost.push(c.cost);
            }
        }
    }
    let mut versus = Vec::new();
    for query in Query::ALL {
        progress(&format!("versus: {}", query.name()));
        versus.push(compare_query(
            query,
            config.cases,
            CASE_SEED,
            config.batches,
        ));
    }
    for kind in SceneKind::ALL {
        let objects = config.broad_objects;
        progress(&format!("versus: broad phase, {} {objects}", kind.name()));
        versus.extend(compare_broad(kind, objects, config.broad_frames));
    }
    progress(&format!("versus: ray casts, {}", config.broad_objects));
    versus.extend(compare_rays(config.broad_objects, config.batches));
    progress(&format!(
        "versus: point and area queries, {}",
        config.broad_objects
    ));
    versus.extend(compare_intersections(config.broad_objects, config.batches));
    progress("tile-map casts vs parry2d's voxels");
    let tiles = compare_tiles(config.batches);
    progress("fast shots that clip a rim");
    let fast_shots = compare_fast_shots();
    let character = compare_character(&config.character, |mover| {
        progress(&format!("character controller vs rapier2d: {mover}"));
    });
    let platformer = compare_platformer(&config.character, |mover| {
        progress(&format!("platformer level vs rapier2d: {mover}"));
    });
    let bounce = config
        .bounce_sizes
        .iter()
        .map(|&objects| {
            progress(&format!("bouncing bullets: {objects}"));
            bounce::compare_bounce(objects, config.batches)
        })
        .collect();
    progress(&format!("static levels: {}", config.level_objects));
    let levels = level::compare_levels(config.level_objects, config.batches);
    progress(&format!(
        "keys and contact events: {}",
        config.level_objects
    ));
    let events = vec![events::compare_events(config.level_objects, config.batches)];
    let mut report = Report {
        config: config.clone(),
        machine,
        allocations_counted,
        scene,
        sweep_cost,
        versus,
        tiles,
        fast_shots,
        character,
        platformer,
        bounce,
        levels,
        events,
        goals: Vec::new(),
        since: Since::Nothing("none given".into()),
        elapsed: Duration::ZERO,
    };
    report.goals = goals(&report);
    report.elapsed = started.elapsed();
    report
}

#[cfg(test)]
mod tests;
