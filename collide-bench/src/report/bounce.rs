//! The pass with responses on the shmup scene: bullets that bounce off the enemies they hit
//! ([`FrameRunner::with_bounces`]) beside the same scene with hits only counted, timed in
//! alternating batches of frames, with the bytes a bouncing frame allocates in steady state.

use std::time::{Duration, Instant};

use collide::BroadPhaseKind;
use collide_scene::{FrameRunner, SceneConfig};
use collide_testkit::alloc as alloc_count;
use serde::Serialize;

use crate::measure::{batch_size, calibrate, median};

/// Frames run before anything is timed or counted, at least: bouncing bullets spread out over
/// the first few hundred frames, and the pass's buffers reach their size meanwhile.
const WARM_UP_FRAMES: usize = 1_000;

/// The warm-up goes on, up to this many frames, until [`QUIET_FRAMES`] frames in a row
/// allocated nothing (the steady state whose allocations the goal judges).
const MAX_WARM_UP_FRAMES: usize = 10_000;

/// Frames in a row without an allocation that end the warm-up.
const QUIET_FRAMES: usize = 500;

/// One size of the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BounceEntry {
    /// Objects in the uniform scene (grid broad phase, exact sweep).
    pub objects: usize,
    /// Median ns per frame with bouncing bullets.
    pub bounce_ns: f64,
    /// Median ns per frame with hits only counted.
    pub count_ns: f64,
    /// Turns (bounces) per bouncing frame.
    pub turns_per_frame: f64,
    /// Pairs swept again after a turn, per bouncing frame.
    pub sweeps_after_turns_per_frame: f64,
    /// Bytes allocated per timed bouncing frame, after the warm-up.
    pub bytes_per_frame: f64,
    /// Bullets that reached the cap on turns, per bouncing frame.
    pub capped_per_frame: f64,
}

/// Measures bouncing and counting frames at `objects`, `batches` alternating batches each.
#[must_use]
pub fn compare_bounce(objects: usize, batches: usize) -> BounceEntry {
    let config = SceneConfig::uniform(objects);
    let mut bounce = FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_bounces(true);
    let mut count = FrameRunner::new(&config, BroadPhaseKind::Grid, true);
    for _ in 0..WARM_UP_FRAMES {
        let _ = count.frame();
    }
    let mut quiet = 0;
    for frame in 0..MAX_WARM_UP_FRAMES {
        let before = alloc_count::thread_snapshot();
        let _ = bounce.frame();
        let allocated = alloc_count::thread_snapshot().since(before).allocations > 0;
        quiet = if allocated { 0 } else { quiet + 1 };
        if frame >= WARM_UP_FRAMES && quiet >= QUIET_FRAMES {
            break;
        }
    }
    let (_, each) = calibrate(Duration::from_millis(50), || {
        let _ = bounce.frame();
    });
    let frames = batch_size(each, Duration::from_millis(5));
    let (mut bounce_ns, mut count_ns) = (Vec::new(), Vec::new());
    let (mut turns, mut resweeps, mut capped) = (0_usize, 0_usize, 0_usize);
    let (mut bytes, mut timed) = (0_u64, 0_u64);
    for batch in 0..batches.max(2) {
        // Both orders, as in the cost experiment: bounce, count, count, bounce, …
        let bounce_first = batch % 2 == 0;
        for side in [bounce_first, !bounce_first] {
            if side {
                let before = alloc_count::thread_snapshot();
                let started = Instant::now();
                for _ in 0..frames {
                    if let Ok(stats) = bounce.frame() {
                        turns += stats.turns;
                        resweeps += stats.sweeps_after_turns;
                        capped += stats.capped;
                    }
                }
                let ns = started.elapsed().as_nanos() as f64 / frames as f64;
                // Counted before the sample is stored: growing the samples' own vector is
                // the report's allocation, not the frames'.
                bytes += alloc_count::thread_snapshot().since(before).bytes;
                bounce_ns.push(ns);
                timed += frames;
            } else {
                let started = Instant::now();
                for _ in 0..frames {
                    let _ = count.frame();
                }
                count_ns.push(started.elapsed().as_nanos() as f64 / frames as f64);
            }
        }
    }
    let per_frame = |n: usize| n as f64 / timed as f64;
    BounceEntry {
        objects,
        bounce_ns: median(&bounce_ns),
        count_ns: median(&count_ns),
        turns_per_frame: per_frame(turns),
        sweeps_after_turns_per_frame: per_frame(resweeps),
        bytes_per_frame: bytes as f64 / timed as f64,
        capped_per_frame: per_frame(capped),
    }
}
