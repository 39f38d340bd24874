//! The logic of the `collide-report` binary: the cost experiment, the scale table, the
//! side-by-side comparison with parry2d (queries, broad phases, ray casts, tile-map casts) and
//! the character controller beside rapier2d's, as data ([`Report`]), as tables ([`Report::text`],
//! [`Report::markdown`]) and as JSON ([`Report::to_json`]), each goal judged.
//!
//! - [`config`]: the `--quick`, full and test presets;
//! - [`machine`]: the machine and moment of a run;
//! - [`experiment`]: the cost experiment (sweep on against sweep off, frame by frame), its
//!   samples taken by `sampling`;
//! - [`worker`]: the small scenes measured in fresh processes of the report binary;
//! - [`goals`](mod@goals): every goal, written once as data, judged on a report;
//! - [`tables`] and [`json`]: the report for a person and for a program.
//!
//! ```no_run
//! use collide_bench::report::{self, ReportConfig};
//!
//! let report = report::run(&ReportConfig::quick(), |step| eprintln!("measuring {step}"));
//! print!("{}", report.text());
//! ```

pub mod bounce;
pub mod config;
pub mod experiment;
pub mod goals;
pub mod json;
pub mod level;
pub mod machine;
mod sampling;
pub mod tables;
pub mod worker;

use std::time::{Duration, Instant};

use collide_broad::BroadPhaseKind;
use collide_scene::SceneKind;
use collide_testkit::alloc as alloc_count;
use serde::Serialize;

pub use config::ReportConfig;
pub use experiment::{SceneEntry, SweepCost};
pub use goals::{goals, Goal, GOALS};
pub use machine::{utc_date, Machine};
pub use worker::pair_worker;

use crate::cases::{Query, CASE_SEED};
use crate::character::{compare_character, CharacterEntry};
use crate::fast_shots::{compare_fast_shots, FastShotsEntry};
use crate::queries::compare_query;
use crate::rays::compare_rays;
use crate::tiles::{compare_tiles, TileEntry};
use crate::versus::{compare_broad, VersusEntry};
pub use bounce::BounceEntry;
pub use level::LevelEntry;

/// A whole report.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The configuration it ran with.
    pub config: ReportConfig,
    /// Where and when.
    pub machine: Machine,
    /// Whether the counting allocator was installed (without it, allocation figures are 0 and
    /// mean nothing).
    pub allocations_counted: bool,
    /// The experiment, line by line.
    pub scene: Vec<SceneEntry>,
    /// The sweep's cost, per scene, size and broad phase.
    pub sweep_cost: Vec<SweepCost>,
    /// Side by side with parry2d.
    pub versus: Vec<VersusEntry>,
    /// Tile-map casts beside parry2d's `Voxels`, cast by cast.
    pub tiles: Vec<TileEntry>,
    /// Fast shots that clip a rim: which each library calls wrong.
    pub fast_shots: Vec<FastShotsEntry>,
    /// `move_and_slide` beside rapier2d's character controller, mover by mover.
    pub character: Vec<CharacterEntry>,
    /// Bullets that bounce off enemies beside hits only counted, size by size.
    pub bounce: Vec<BounceEntry>,
    /// What a static level costs while it does not move, level by level.
    pub levels: Vec<LevelEntry>,
    /// Every goal of [`GOALS`] and whether it was met.
    pub goals: Vec<Goal>,
    /// Wall time of the whole report.
    pub elapsed: Duration,
}

/// A line of the scale table: uniform scene, grid, sweep on.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ScaleRow {
    /// Object count.
    pub objects: usize,
    /// The median frame, in ns.
    pub frame_ns: f64,
    /// That frame ÷ the object count.
    pub ns_per_object: f64,
}

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
    progress("tile-map casts vs parry2d's voxels");
    let tiles = compare_tiles(config.batches);
    progress("fast shots that clip a rim");
    let fast_shots = compare_fast_shots();
    let character = compare_character(&config.character, |mover| {
        progress(&format!("character controller vs rapier2d: {mover}"));
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
        bounce,
        levels,
        goals: Vec::new(),
        elapsed: Duration::ZERO,
    };
    report.goals = goals(&report);
    report.elapsed = started.elapsed();
    report
}

impl Report {
    /// The `scene` line of a variant, if measured.
    #[must_use]
    pub fn scene_entry(
        &self,
        scene: SceneKind,
        objects: usize,
        broad_phase: BroadPhaseKind,
        sweep: bool,
    ) -> Option<&SceneEntry> {
        self.scene.iter().find(|e| {
            e.scene == scene
                && e.objects == objects
                && e.broad_phase == broad_phase
                && e.sweep == sweep
        })
    }

    /// The `sweep_cost` line of a variant, if measured.
    #[must_use]
    pub fn sweep_cost_entry(
        &self,
        scene: SceneKind,
        objects: usize,
        broad_phase: BroadPhaseKind,
    ) -> Option<&SweepCost> {
        self.sweep_cost
            .iter()
            .find(|e| e.scene == scene && e.objects == objects && e.broad_phase == broad_phase)
    }

    /// The scale table: uniform scene, grid, sweep on, at every size measured.
    #[must_use]
    pub fn scale(&self) -> Vec<ScaleRow> {
        self.config
            .sizes
            .iter()
            .filter_map(|&n| {
                let e = self.scene_entry(SceneKind::Uniform, n, BroadPhaseKind::Grid, true)?;
                Some(ScaleRow {
                    objects: n,
                    frame_ns: e.median_ns,
                    ns_per_object: e.median_ns / n as f64,
                })
            })
            .collect()
    }

    /// `(processes, up to objects)` when the small scenes were measured in several processes.
    fn pooled_processes(&self) -> Option<(usize, usize)> {
        let c = &self.config;
        (c.worker.is_some() && c.processes > 1).then_some((c.processes, c.processes_up_to))
    }

    fn header(&self) -> String {
        format!(
            "collide-report{}: {} ({} CPUs, load average {} at the start), {}; {:.1} s{}",
            if self.config.quick { " --quick" } else { "" },
            self.machine.cpu_model,
            self.machine.cpus,
            self.machine.load_average,
            self.machine.date,
            self.elapsed.as_secs_f64(),
            if self.allocations_counted {
                ""
            } else {
                "; WARNING: counting allocator not installed, allocation figures are meaningless"
            }
        )
    }

    /// Every table as aligned text, for a terminal.
    #[must_use]
    pub fn text(&self) -> String {
        let mut out = format!("{}\n", self.header());
        for (title, table) in self.tables() {
            out.push_str(&format!("\n{title}\n\n{}", table.text()));
        }
        out
    }

    /// Every table as Markdown, for `PERFORMANCE.md`.
    #[must_use]
    pub fn markdown(&self) -> String {
        let mut out = format!(
            "Measured with `cargo run --release -p collide-bench --bin collide-report{}` on {} \
             ({} CPUs, load average {} when it started), {}, in {:.0} s.\n",
            if self.config.quick { " -- --quick" } else { "" },
            self.machine.cpu_model,
            self.machine.cpus,
            self.machine.load_average,
            self.machine.date,
            self.elapsed.as_secs_f64(),
        );
        for (title, table) in self.tables() {
            out.push_str(&format!("\n**{title}**\n\n{}", table.markdown()));
        }
        out
    }
}

#[cfg(test)]
mod tests;
