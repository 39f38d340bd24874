//! The cost experiment: for each scene, size and broad phase, the same build run with the
//! sweep on and with it off, each on its own copy of the scene.
//!
//! After a warm-up, batches of frames ("samples") are timed in the order on, off, off, on,
//! repeated: both orders, and drift in a shared machine's speed falls on both variants alike.
//! A frame is "move every object, update the broad phase, run the collision pass".
//! Allocations are counted around the timed batches only (the sampling is `sampling`'s). The
//! sweep's cost is judged on medians, which a preempted sample cannot move.

use collide::BroadPhaseKind;
use collide_scene::{SceneConfig, SceneKind};

use super::config::ReportConfig;
use super::sampling::{run_pair, Run};
use super::worker;
use crate::measure::{median, Summary};

/// One measured variant of the experiment (a line of the `scene` table).
#[derive(Clone, Debug, PartialEq)]
pub struct SceneEntry {
    /// Uniform or uneven.
    pub scene: SceneKind,
    /// Object count.
    pub objects: usize,
    /// The broad phase.
    pub broad_phase: BroadPhaseKind,
    /// Sweep on (as shipped) or off.
    pub sweep: bool,
    /// Time per frame over all samples, in ns.
    pub frame_ns: Summary,
    /// The median sample, in ns per frame: robust to the preemptions of a busy
    /// machine, so the sweep's cost and the goals are judged on it.
    pub median_ns: f64,
    /// Median ns per frame in the first and in the second half of the measurement.
    pub run_medians_ns: [f64; 2],
    /// Bytes allocated per timed frame.
    pub bytes_per_frame: f64,
    /// Allocations per timed frame.
    pub allocations_per_frame: f64,
    /// Candidate pairs per collision pass.
    pub pairs_per_pass: f64,
    /// Sweeps run per pass.
    pub sweeps_per_pass: f64,
    /// Hits found per pass (before resolution).
    pub hits_per_pass: f64,
    /// Frames timed.
    pub frames: u64,
    /// Frames run before the timed ones (summed over the processes that shared the
    /// comparison): the timed frames of one process are the ones right after its warm-up.
    pub warmup_frames: u64,
    /// Timed samples (batches of frames) during which anything was allocated: buffer growth
    /// to a new high-water mark shows up here as a rare event, a per-frame allocation as every
    /// sample.
    pub allocating_samples: u64,
    /// Timed samples in all.
    pub samples: u64,
}

/// The sweep's cost for one scene, size and broad phase (a line of the `sweep_cost` table).
#[derive(Clone, Debug, PartialEq)]
pub struct SweepCost {
    /// Uniform or uneven.
    pub scene: SceneKind,
    /// Object count.
    pub objects: usize,
    /// The broad phase.
    pub broad_phase: BroadPhaseKind,
    /// Extra median time per frame with the sweep on, in ns (may be negative within noise).
    pub extra_ns_per_frame: f64,
    /// That extra time as a percentage of the frame without the sweep.
    pub overhead_percent: f64,
    /// Extra time per sweep: extra time per frame ÷ sweeps per pass (0 when no sweep ran).
    pub ns_per_sweep: f64,
}

impl SweepCost {
    /// The cost of the sweep from the two variants' medians (a preempted sample on a shared
    /// machine must not decide the figure).
    #[must_use]
    pub fn between(on: &SceneEntry, off: &SceneEntry) -> Self {
        let extra = on.median_ns - off.median_ns;
        Self {
            scene: on.scene,
            objects: on.objects,
            broad_phase: on.broad_phase,
            extra_ns_per_frame: extra,
            overhead_percent: if off.median_ns > 0.0 {
                100.0 * extra / off.median_ns
            } else {
                0.0
            },
            ns_per_sweep: if on.sweeps_per_pass > 0.0 {
                extra / on.sweeps_per_pass
            } else {
                0.0
            },
        }
    }
}

/// One variant's line from its two halves.
fn combine(
    scene: SceneKind,
    objects: usize,
    broad_phase: BroadPhaseKind,
    sweep: bool,
    runs: &[Run; 2],
) -> SceneEntry {
    let samples: Vec<f64> = runs
        .iter()
        .flat_map(|r| r.samples_ns.iter().copied())
        .collect();
    let frames: u64 = runs.iter().map(|r| r.frames).sum();
    let total = |f: fn(&Run) -> u64| runs.iter().map(f).sum::<u64>();
    let per_frame = |f: fn(&Run) -> u64| total(f) as f64 / frames.max(1) as f64;
    SceneEntry {
        scene,
        objects,
        broad_phase,
        sweep,
        frame_ns: Summary::of(&samples),
        median_ns: median(&samples),
        run_medians_ns: [median(&runs[0].samples_ns), median(&runs[1].samples_ns)],
        bytes_per_frame: per_frame(|r| r.bytes),
        allocations_per_frame: per_frame(|r| r.allocations),
        pairs_per_pass: per_frame(|r| r.pairs),
        sweeps_per_pass: per_frame(|r| r.sweeps),
        hits_per_pass: per_frame(|r| r.hits),
        frames,
        warmup_frames: total(|r| r.warmup_frames),
        allocating_samples: total(|r| r.allocating_samples),
        samples: samples.len() as u64,
    }
}

/// The outcome of one on/off comparison.
pub(super) struct Comparison {
    /// The sweep-on line.
    pub(super) on: SceneEntry,
    /// The sweep-off line.
    pub(super) off: SceneEntry,
    /// The sweep's cost between them.
    pub(super) cost: SweepCost,
}

/// One on/off comparison, in fresh worker processes where the configuration asks for them
/// (falling back to this process, with a note to `progress`, if a worker fails), else here.
pub(super) fn compare(
    config: &ReportConfig,
    kind: SceneKind,
    objects: usize,
    phase: BroadPhaseKind,
    progress: &mut impl FnMut(&str),
) -> Comparison {
    let sc = SceneConfig::new(kind, objects);
    let (on, off) = match &config.worker {
        Some(exe) if config.processes > 1 && objects <= config.processes_up_to => {
            worker::in_processes(config, exe, &sc, phase).unwrap_or_else(|e| {
                progress(&format!("(in this process: {e})"));
                run_pair(config, &sc, phase)
            })
        }
        _ => run_pair(config, &sc, phase),
    };
    let on = combine(kind, objects, phase, true, &on);
    let off = combine(kind, objects, phase, false, &off);
    let cost = SweepCost::between(&on, &off);
    Comparison { on, off, cost }
}
