//! The report as data: every figure of one run, and the lookups the goals and tables share.
//! Below the modules that judge, show and write it.

use std::path::Path;
use std::time::Duration;

use collide::BroadPhaseKind;
use collide_scene::SceneKind;
use serde::Serialize;

use super::baseline::{self, Since};
use super::bounce::BounceEntry;
use super::config::ReportConfig;
use super::events::EventsEntry;
use super::experiment::{SceneEntry, SweepCost};
use super::level::LevelEntry;
use super::machine::Machine;
use super::verdict::Goal;
use crate::character::{CharacterEntry, PlatformerEntry};
use crate::fast_shots::FastShotsEntry;
use crate::tiles::TileEntry;
use crate::versus::VersusEntry;

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
    /// collide's character beside rapier2d's on the platformer level, mover by mover.
    pub platformer: Vec<PlatformerEntry>,
    /// Bullets that bounce off enemies beside hits only counted, size by size.
    pub bounce: Vec<BounceEntry>,
    /// What a static level costs while it does not move, level by level.
    pub levels: Vec<LevelEntry>,
    /// What keys and contact events cost on the shmup scene.
    pub events: Vec<EventsEntry>,
    /// Every goal of `goals::GOALS` and whether it was met.
    pub goals: Vec<Goal>,
    /// What the goals were compared with (see [`Report::compare_with_baseline`]).
    pub since: Since,
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

impl Report {
    /// Compares the goals with the baseline at `path` (see [`baseline::compare`]), marking
    /// each that fell by more than its spread.
    pub fn compare_with_baseline(&mut self, path: &Path) {
        self.since = baseline::compare(&mut self.goals, self.config.quick, path);
    }

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
    pub(super) fn pooled_processes(&self) -> Option<(usize, usize)> {
        let c = &self.config;
        (c.worker.is_some() && c.processes > 1).then_some((c.processes, c.processes_up_to))
    }
}
