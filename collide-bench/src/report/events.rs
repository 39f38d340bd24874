//! What keys and contact events cost: the shmup scene at one size as it ships beside the same
//! scene with every body keyed and the pass run through `ContactEvents`
//! ([`FrameRunner::with_events`]), timed in alternating batches of frames.

use std::time::{Duration, Instant};

use collide::BroadPhaseKind;
use collide_scene::{FrameRunner, SceneConfig};
use serde::Serialize;

use crate::measure::{batch_size, calibrate, median};

/// Frames run before anything is timed: the tracker's pairs reach their steady count.
const WARM_UP_FRAMES: usize = 200;

/// The comparison at one size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EventsEntry {
    /// Objects in the uniform scene (grid broad phase, exact sweep).
    pub objects: usize,
    /// Median ns per frame without keys or events.
    pub plain_ns: f64,
    /// Median ns per frame with keys and events.
    pub events_ns: f64,
    /// The frame with events ÷ the frame without.
    pub ratio: f64,
    /// Started and stopped events per frame.
    pub events_per_frame: f64,
    /// Pairs touching at the end of a frame, on average.
    pub touching_per_frame: f64,
}

/// Measures both sides at `objects`, `batches` rounds of alternating batches (plain, events,
/// events, plain, …).
#[must_use]
pub fn compare_events(objects: usize, batches: usize) -> EventsEntry {
    let config = SceneConfig::uniform(objects);
    let mut plain = FrameRunner::new(&config, BroadPhaseKind::Grid, true);
    let mut keyed = FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_events(true);
    for _ in 0..WARM_UP_FRAMES {
        let _ = plain.frame();
        let _ = keyed.frame();
    }
    let (_, each) = calibrate(Duration::from_millis(50), || {
        let _ = keyed.frame();
    });
    let frames = batch_size(each, Duration::from_millis(5));
    let (mut plain_ns, mut events_ns) = (Vec::new(), Vec::new());
    let (mut events, mut touching) = (0_usize, 0_usize);
    for batch in 0..batches.max(2) {
        let keyed_first = batch % 2 == 1;
        for side in [keyed_first, !keyed_first] {
            let started = Instant::now();
            for _ in 0..frames {
                if side {
                    let _ = keyed.frame();
                    let tracker = keyed.events().expect("events on");
                    events += tracker.events().len();
                    touching += tracker.touching().count();
                } else {
                    let _ = plain.frame();
                }
            }
            let ns = started.elapsed().as_nanos() as f64 / frames as f64;
            if side { &mut events_ns } else { &mut plain_ns }.push(ns);
        }
    }
    let timed = (frames as usize * batches.max(2)) as f64;
    let (plain_ns, events_ns) = (median(&plain_ns), median(&events_ns));
    EventsEntry {
        objects,
        plain_ns,
        events_ns,
        ratio: events_ns / plain_ns,
        events_per_frame: events as f64 / timed,
        touching_per_frame: touching as f64 / timed,
    }
}
