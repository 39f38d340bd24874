//! The cost experiment's measurement in one process: a variant warmed up, then timed in
//! batches of frames ("samples") in the order on, off, off, on, repeated, each into the first
//! or second half of the measurement. Below both `experiment`, which turns the samples into
//! lines, and `worker`, which runs this in fresh processes; it names neither.

use std::time::Instant;

use collide::BroadPhaseKind;
use collide_scene::{FrameRunner, SceneConfig};
use collide_testkit::alloc as alloc_count;
use serde::{Deserialize, Serialize};

use super::config::ReportConfig;
use crate::measure::{batch_size, calibrate};

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
