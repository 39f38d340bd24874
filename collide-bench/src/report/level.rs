//! What a static level costs while it does not move: the shmup scene at one size with no
//! static world, with 100 000 static bodies and with a 4 096² tile map
//! ([`FrameRunner::with_level`]), timed in alternating batches of frames; each level's median
//! frame against the frame with none.

use std::time::{Duration, Instant};

use collide::BroadPhaseKind;
use collide_scene::{FrameRunner, LevelKind, SceneConfig};
use serde::Serialize;

use crate::measure::{batch_size, calibrate, median};

/// Frames run before anything is timed.
const WARM_UP_FRAMES: usize = 200;

/// One level of the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct LevelEntry {
    /// The level.
    #[serde(serialize_with = "level_name")]
    pub level: LevelKind,
    /// Moving objects (uniform scene, grid broad phase, exact sweep).
    pub objects: usize,
    /// Median ns per frame.
    pub frame_ns: f64,
    /// That frame ÷ the frame with no level.
    pub ratio: f64,
    /// Body–obstacle candidates per frame.
    pub static_pairs_per_frame: f64,
}

fn level_name<S: serde::Serializer>(level: &LevelKind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(level.name())
}

/// Measures every level at `objects` moving objects, `batches` rounds of alternating batches.
#[must_use]
pub fn compare_levels(objects: usize, batches: usize) -> Vec<LevelEntry> {
    let config = SceneConfig::uniform(objects);
    let mut runners: Vec<FrameRunner<'_>> = LevelKind::ALL
        .into_iter()
        .map(|kind| FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_level(kind))
        .collect();
    for runner in &mut runners {
        for _ in 0..WARM_UP_FRAMES {
            let _ = runner.frame();
        }
    }
    let (_, each) = calibrate(Duration::from_millis(50), || {
        let _ = runners[0].frame();
    });
    let frames = batch_size(each, Duration::from_millis(5));
    let mut samples = vec![Vec::new(); runners.len()];
    let mut static_pairs = vec![0_usize; runners.len()];
    for batch in 0..batches.max(2) {
        // Every order in turn: the first level of a round is a different one each time.
        for k in 0..runners.len() {
            let i = (batch + k) % runners.len();
            let started = Instant::now();
            for _ in 0..frames {
                if let Ok(stats) = runners[i].frame() {
                    static_pairs[i] += stats.static_pairs;
                }
            }
            samples[i].push(started.elapsed().as_nanos() as f64 / frames as f64);
        }
    }
    let timed = (frames as usize * batches.max(2)) as f64;
    let none = median(&samples[0]);
    LevelKind::ALL
        .into_iter()
        .enumerate()
        .map(|(i, level)| {
            let frame_ns = median(&samples[i]);
            LevelEntry {
                level,
                objects,
                frame_ns,
                ratio: frame_ns / none,
                static_pairs_per_frame: static_pairs[i] as f64 / timed,
            }
        })
        .collect()
}
