//! The cost experiment: for each scene, size and broad phase, the same build run with the
//! sweep on and with it off, each on its own copy of the scene.
//!
//! After a warm-up, batches of frames ("samples") are timed in the order on, off, off, on,
//! repeated: both orders, and drift in a shared machine's speed falls on both variants alike.
//! A frame is "move every object, update the broad phase, run the collision pass".
//! Allocations are counted around the timed batches only. The sweep's cost is judged on
//! medians, which a preempted sample cannot move.

use std::time::Instant;

use collide::BroadPhaseKind;
use collide_scene::{FrameRunner, SceneConfig, SceneKind};
use collide_testkit::alloc as alloc_count;
use serde::{Deserialize, Serialize};

use super::config::ReportConfig;
use super::worker;
use crate::measure::{batch_size, calibrate, median, Summary};

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

/// Raw figures of one variant over part of a measurement.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(super) struct Run {
    pub(super) samples_ns: Vec<f64>,
    pub(super) frames: u64,
    pub(super) warmup_frames: u64,
    pub(super) bytes: u64,
    pub(super) allocations: u64,
    pub(super) pairs: u64,
    pub(super) sweeps: u64,
    pub(super) hits: u64,
    pub(super) allocating_samples: u64,
}

impl Run {
    /// Adds another process's samples and counts to these.
    pub(super) fn absorb(&mut self, other: Run) {
        self.samples_ns.extend(other.samples_ns);
        self.frames += other.frames;
        self.warmup_frames += other.warmup_frames;
        self.bytes += other.bytes;
        self.allocations += other.allocations;
        self.pairs += other.pairs;
        self.sweeps += other.sweeps;
        self.hits += other.hits;
        self.allocating_samples += other.allocating_samples;
    }
}

/// The on and off runs of one comparison, each in two halves.
pub(super) type PairRuns = ([Run; 2], [Run; 2]);

/// A runner warmed up, the batch size that makes one sample about `config.sample` long, and
/// the frames the warm-up ran.
fn warm(
    config: &ReportConfig,
    scene: &SceneConfig,
    kind: BroadPhaseKind,
    sweep: bool,
) -> (FrameRunner<'static>, u64, u64) {
    let mut runner = FrameRunner::new(scene, kind, sweep);
    // Warm up for the configured time and at least `min_warmup_frames` frames (within
    // `max_extra_warmup`), so buffers reach their high-water mark before allocations are
    // counted.
    let (mut frames, each) = calibrate(config.warmup, || {
        frame(&mut runner);
    });
    let warm_start = Instant::now();
    while frames < config.min_warmup_frames && warm_start.elapsed() < config.max_extra_warmup {
        frame(&mut runner);
        frames += 1;
    }
    (runner, batch_size(each, config.sample), frames)
}

/// One frame of the scene. Its few hundred pairs per hundred objects stay far below the pass's
/// pair limit, so reaching it is a broken build, not a figure to report.
fn frame(runner: &mut FrameRunner<'_>) -> collide::PassStats {
    runner
        .frame()
        .expect("the benchmark scene stays far below the pass's pair limit")
}

/// Times one batch of frames into `run`; allocations are counted around the frames only, on
/// this thread (the frame runs on it; in a test, the harness's other threads allocate too).
fn sample(runner: &mut FrameRunner<'_>, batch: u64, run: &mut Run) {
    let (mut pairs, mut sweeps, mut hits) = (0u64, 0u64, 0u64);
    let before = alloc_count::thread_snapshot();
    let t0 = Instant::now();
    for _ in 0..batch {
        let s = frame(runner);
        pairs += s.pairs as u64;
        sweeps += s.sweeps as u64;
        hits += (s.discrete_hits + s.swept_hits) as u64;
    }
    let elapsed = t0.elapsed();
    let used = alloc_count::thread_snapshot().since(before);
    run.samples_ns
        .push(elapsed.as_nanos() as f64 / batch as f64);
    run.frames += batch;
    run.bytes += used.bytes;
    run.allocations += used.allocations;
    run.allocating_samples += u64::from(used.allocations > 0);
    run.pairs += pairs;
    run.sweeps += sweeps;
    run.hits += hits;
}

/// The experiment for one scene, size and broad phase in this process: the same build with
/// the sweep on and off, each warmed up on its own scene, then sampled in the order on, off,
/// off, on, repeated for `config.measure`. Returns `(on, off)`, each split into the first and
/// second half of the measurement.
pub(super) fn run_pair(
    config: &ReportConfig,
    scene: &SceneConfig,
    kind: BroadPhaseKind,
) -> PairRuns {
    let (mut on, on_batch, on_warmup) = warm(config, scene, kind, true);
    let (mut off, off_batch, off_warmup) = warm(config, scene, kind, false);
    let mut on_runs = [Run::default(), Run::default()];
    let mut off_runs = [Run::default(), Run::default()];
    on_runs[0].warmup_frames = on_warmup;
    off_runs[0].warmup_frames = off_warmup;
    let start = Instant::now();
    let half = config.measure / 2;
    for k in 0usize.. {
        let (runner, batch, runs) = if k % 4 == 0 || k % 4 == 3 {
            (&mut on, on_batch, &mut on_runs)
        } else {
            (&mut off, off_batch, &mut off_runs)
        };
        // The first half until `half` has passed and it holds two samples; then the second.
        // (Deciding by time alone could leave a half empty on a machine that stalls.)
        let part = usize::from(start.elapsed() >= half && runs[0].samples_ns.len() >= 2);
        sample(runner, batch, &mut runs[part]);
        let enough = on_runs
            .iter()
            .chain(&off_runs)
            .all(|r| r.samples_ns.len() >= 2);
        if k % 4 == 3 && enough && start.elapsed() >= config.measure {
            break;
        }
    }
    (on_runs, off_runs)
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn every_half_of_both_variants_gets_samples_even_when_time_is_up_at_once() {
        // A zero measurement time is what a machine that stalls in the first sample looks
        // like: every half must still be filled, and the loop must end.
        let config = ReportConfig {
            warmup: Duration::ZERO,
            measure: Duration::ZERO,
            sample: Duration::ZERO,
            min_warmup_frames: 0,
            ..ReportConfig::tiny()
        };
        let (on, off) = run_pair(&config, &SceneConfig::uniform(50), BroadPhaseKind::Grid);
        for run in on.iter().chain(&off) {
            assert!(run.samples_ns.len() >= 2);
            assert_eq!(run.frames, run.samples_ns.len() as u64);
        }
        assert!(on.iter().all(|r| r.pairs > 0 && r.sweeps > 0));
        assert!(off.iter().all(|r| r.sweeps == 0));
        // The warm-up's frames are recorded once, with the first half.
        assert_eq!((on[0].warmup_frames, on[1].warmup_frames), (1, 0));
    }
}
