//! The report as JSON, derived with serde. The keys of schema 1 are fixed (extra keys are
//! welcome): `scene[]` (`scene`, `objects`, `broad_phase`, `sweep`, `frame_ns.mean`,
//! `frame_ns.sd`, `bytes_per_frame`, `allocations_per_frame`, `pairs_per_pass`,
//! `sweeps_per_pass`, `hits_per_pass`), `sweep_cost[]` (`scene`, `objects`, `broad_phase`,
//! `overhead_percent`, `ns_per_sweep`) and `versus[]` (`peer`, `query`, `ours_ns`, `peer_ns`,
//! `disagreements`). Among the extra keys, `character[]` (`peer`, `shape`, `ours_ns`,
//! `peer_ns`, `speedup`, `batches`, and the failures of each side, `ours` and
//! `peer_failures`: `catches`, `penetrations`, `jitters`, `tunnelled`, `frames`, `moves`) and
//! `platformer[]` (the same keys, the failures also `airborne`, `idle_slides`,
//! `falls_through`, `blocked_from_below`, `steps_not_taken`, `jumps`) and `bounce[]` (`objects`, `bounce_ns`, `count_ns`, `turns_per_frame`,
//! `sweeps_after_turns_per_frame`, `bytes_per_frame`, `capped_per_frame`) and `levels[]`
//! (`level`, `objects`, `frame_ns`, `ratio`, `static_pairs_per_frame`) and `events[]` (`objects`,
//! `plain_ns`, `events_ns`, `ratio`, `events_per_frame`, `touching_per_frame`) and `tiles[]` (`peer`,
//! `query`, `ours_ns`, `peer_ns`, `speedup`, `batches`, `cases`, `peer_hits`, `disagreements`,
//! `disagreements_ours_right`, `disagreements_peer_right`, `max_difference`, `ours_seam_hits`,
//! `peer_seam_hits`) and `goals[]` (`goal`, `target`, `measured`, `met`, `value`: the figure a
//! later run compares with when this JSON is its baseline, `spread_percent`, `change`) and
//! `since` (the baseline the goals were compared with, or why none).

use serde::Serialize;
use serde_json::Value;

use super::baseline::Since;
use super::bounce::BounceEntry;
use super::data::{Report, ScaleRow};
use super::events::EventsEntry;
use super::experiment::{SceneEntry, SweepCost};
use super::goals::speedup_goal;
use super::level::LevelEntry;
use super::machine::Machine;
use super::verdict::Goal;
use crate::character::{
    CharacterEntry, Failures, PlatformFailures, PlatformerEntry, PEER as CHARACTER_PEER,
};
use crate::fast_shots::FastShotsEntry;
use crate::tiles::TileEntry;
use crate::versus::{VersusEntry, PEER};

#[derive(Serialize)]
struct ReportJson<'a> {
    schema: u32,
    scene: Vec<SceneJson>,
    sweep_cost: Vec<SweepCostJson>,
    versus: Vec<VersusJson<'a>>,
    tiles: Vec<TileJson<'a>>,
    scale: Vec<ScaleRow>,
    goals: &'a [Goal],
    since: &'a Since,
    fast_shots: Vec<FastShotJson>,
    character: Vec<CharacterJson>,
    platformer: Vec<PlatformerJson>,
    bounce: Vec<BounceEntry>,
    levels: Vec<LevelEntry>,
    events: Vec<EventsEntry>,
    quick: bool,
    allocations_counted: bool,
    machine: &'a Machine,
    elapsed_s: f64,
}

#[derive(Serialize)]
struct FrameNs {
    mean: f64,
    sd: f64,
    median: f64,
}

#[derive(Serialize)]
struct SceneJson {
    scene: &'static str,
    objects: usize,
    broad_phase: &'static str,
    sweep: bool,
    frame_ns: FrameNs,
    bytes_per_frame: f64,
    allocations_per_frame: f64,
    pairs_per_pass: f64,
    sweeps_per_pass: f64,
    hits_per_pass: f64,
    run_medians_ns: [f64; 2],
    frames: u64,
    warmup_frames: u64,
    samples: u64,
    allocating_samples: u64,
}

impl From<&SceneEntry> for SceneJson {
    fn from(e: &SceneEntry) -> Self {
        Self {
            scene: e.scene.name(),
            objects: e.objects,
            broad_phase: e.broad_phase.name(),
            sweep: e.sweep,
            frame_ns: FrameNs {
                mean: e.frame_ns.mean,
                sd: e.frame_ns.sd,
                median: e.median_ns,
            },
            bytes_per_frame: e.bytes_per_frame,
            allocations_per_frame: e.allocations_per_frame,
            pairs_per_pass: e.pairs_per_pass,
            sweeps_per_pass: e.sweeps_per_pass,
            hits_per_pass: e.hits_per_pass,
            run_medians_ns: e.run_medians_ns,
            frames: e.frames,
            warmup_frames: e.warmup_frames,
            samples: e.samples,
            allocating_samples: e.allocating_samples,
        }
    }
}

#[derive(Serialize)]
struct SweepCostJson {
    scene: &'static str,
    objects: usize,
    broad_phase: &'static str,
    overhead_percent: f64,
    ns_per_sweep: f64,
    extra_ns_per_frame: f64,
}

impl From<&SweepCost> for SweepCostJson {
    fn from(e: &SweepCost) -> Self {
        Self {
            scene: e.scene.name(),
            objects: e.objects,
            broad_phase: e.broad_phase.name(),
            overhead_percent: e.overhead_percent,
            ns_per_sweep: e.ns_per_sweep,
            extra_ns_per_frame: e.extra_ns_per_frame,
        }
    }
}

#[derive(Serialize)]
struct VersusJson<'a> {
    peer: &'static str,
    query: &'a str,
    ours_ns: f64,
    peer_ns: f64,
    disagreements: usize,
    /// The median of the batch ratios.
    speedup: f64,
    batches: usize,
    cases: usize,
    peer_hits: usize,
    max_difference: f32,
    #[serde(skip_serializing_if = "Option::is_none")]
    goal_speedup: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ours_time_only_ns: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    time_only_speedup: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    objects: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    broad_phase: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    disagreements_ours_right: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    disagreements_peer_right: Option<usize>,
}

impl<'a> From<&'a VersusEntry> for VersusJson<'a> {
    fn from(e: &'a VersusEntry) -> Self {
        Self {
            peer: PEER,
            query: &e.query,
            ours_ns: e.ours_ns,
            peer_ns: e.peer_ns,
            disagreements: e.disagreements,
            speedup: e.speedup,
            batches: e.batches,
            cases: e.cases,
            peer_hits: e.peer_hits,
            max_difference: e.max_difference,
            goal_speedup: speedup_goal(&e.query),
            ours_time_only_ns: e.ours_time_only_ns,
            time_only_speedup: e.time_only_speedup,
            objects: e.objects,
            broad_phase: e.broad_phase,
            disagreements_ours_right: e.verdicts.map(|v| v.ours_right),
            disagreements_peer_right: e.verdicts.map(|v| v.peer_right),
        }
    }
}

#[derive(Serialize)]
struct TileJson<'a> {
    /// `parry2d_voxels`.
    peer: &'static str,
    query: &'a str,
    ours_ns: f64,
    peer_ns: f64,
    /// The median of the batch ratios.
    speedup: f64,
    batches: usize,
    cases: usize,
    peer_hits: usize,
    disagreements: usize,
    disagreements_ours_right: usize,
    disagreements_peer_right: usize,
    max_difference: f32,
    ours_seam_hits: usize,
    peer_seam_hits: usize,
}

impl<'a> From<&'a TileEntry> for TileJson<'a> {
    fn from(e: &'a TileEntry) -> Self {
        Self {
            peer: "parry2d_voxels",
            query: &e.query,
            ours_ns: e.ours_ns,
            peer_ns: e.peer_ns,
            speedup: e.speedup,
            batches: e.batches,
            cases: e.cases,
            peer_hits: e.peer_hits,
            disagreements: e.disagreements,
            disagreements_ours_right: e.verdicts.ours_right,
            disagreements_peer_right: e.verdicts.peer_right,
            max_difference: e.max_difference,
            ours_seam_hits: e.ours_seam_hits,
            peer_seam_hits: e.peer_seam_hits,
        }
    }
}

#[derive(Serialize)]
struct FastShotJson {
    peer: &'static str,
    rim: &'static str,
    travel_rim_radii: [f64; 2],
    shots: usize,
    ours_wrong: usize,
    peer_wrong: usize,
}

impl From<&FastShotsEntry> for FastShotJson {
    fn from(e: &FastShotsEntry) -> Self {
        let decade = e.decade as i32;
        Self {
            peer: PEER,
            rim: e.rim.name(),
            travel_rim_radii: [10f64.powi(decade), 10f64.powi(decade + 1)],
            shots: e.shots,
            ours_wrong: e.ours_wrong,
            peer_wrong: e.peer_wrong,
        }
    }
}

#[derive(Serialize)]
struct CharacterJson {
    peer: &'static str,
    shape: &'static str,
    ours_ns: f64,
    peer_ns: f64,
    /// The median of the batch ratios.
    speedup: f64,
    batches: usize,
    /// collide's failures.
    ours: Failures,
    /// rapier2d's failures.
    peer_failures: Failures,
}

impl From<&CharacterEntry> for CharacterJson {
    fn from(e: &CharacterEntry) -> Self {
        Self {
            peer: CHARACTER_PEER,
            shape: e.shape,
            ours_ns: e.ours_ns,
            peer_ns: e.peer_ns,
            speedup: e.speedup,
            batches: e.batches,
            ours: e.ours,
            peer_failures: e.peer,
        }
    }
}

#[derive(Serialize)]
struct PlatformerJson {
    peer: &'static str,
    shape: &'static str,
    ours_ns: f64,
    peer_ns: f64,
    /// The median of the batch ratios.
    speedup: f64,
    batches: usize,
    /// collide's failures.
    ours: PlatformFailures,
    /// rapier2d's failures.
    peer_failures: PlatformFailures,
}

impl From<&PlatformerEntry> for PlatformerJson {
    fn from(e: &PlatformerEntry) -> Self {
        Self {
            peer: CHARACTER_PEER,
            shape: e.shape,
            ours_ns: e.ours_ns,
            peer_ns: e.peer_ns,
            speedup: e.speedup,
            batches: e.batches,
            ours: e.ours,
            peer_failures: e.peer,
        }
    }
}

impl Report {
    /// The report as JSON, schema 1 (see the module docs for the fixed keys).
    #[must_use]
    pub fn to_json(&self) -> Value {
        let json = ReportJson {
            schema: 1,
            scene: self.scene.iter().map(SceneJson::from).collect(),
            sweep_cost: self.sweep_cost.iter().map(SweepCostJson::from).collect(),
            versus: self.versus.iter().map(VersusJson::from).collect(),
            tiles: self.tiles.iter().map(TileJson::from).collect(),
            scale: self.scale(),
            goals: &self.goals,
            since: &self.since,
            fast_shots: self.fast_shots.iter().map(FastShotJson::from).collect(),
            character: self.character.iter().map(CharacterJson::from).collect(),
            platformer: self.platformer.iter().map(PlatformerJson::from).collect(),
            bounce: self.bounce.clone(),
            levels: self.levels.clone(),
            events: self.events.clone(),
            quick: self.config.quick,
            allocations_counted: self.allocations_counted,
            machine: &self.machine,
            elapsed_s: self.elapsed.as_secs_f64(),
        };
        // Every field is a number, a string, a bool or a list of them: serializing cannot
        // fail (a NaN becomes `null`, as `json!` wrote it).
        serde_json::to_value(json).unwrap_or(Value::Null)
    }
}
