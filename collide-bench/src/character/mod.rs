//! `move_and_slide` side by side with rapier2d's character controller
//! (`KinematicCharacterController::move_shape`) on a platformer scene: time per call, and the
//! failures of each over the same inputs.
//!
//! - [`scene`]: the tiles (a floor and a wall of 16 × 16 tiles laid edge to edge, one
//!   collider per tile on both sides, so both meet the same seams), the three movers and the
//!   seeded inputs;
//! - [`sides`]: the two controllers behind one trait, [`Controller`];
//! - [`failures`]: seam catches, penetrations, jittering frames and tunnelled moves, counted
//!   the same way for both.
//!
//! Both walks press the mover into its surface by 2 units a frame (gravity on the floor) while
//! it travels 1 to 500 units along it; the tunnelling check jumps each mover from up to
//! 2 000 units above the floor with a travel of up to 10 000 units.
//!
//! The platformer level ([`compare_platformer`]) sets both controllers the rest of a
//! platformer: ramps, half tiles, a curb, one-way platforms and a lift.
//!
//! - [`platformer`]: the level, written once as data, and its seeded inputs;
//! - [`platformer_sides`]: the [`Platformer`] trait, and `move_and_slide` with a game's
//!   wrapper; [`platformer_character`]: collide's `Character`, the side the report times;
//!   [`platformer_rapier`]: rapier2d's, with snap, autostep and slope angles on;
//! - [`platformer_runs`]: walks, idle frames, the lift, jumps and jumps, each side on its own
//!   path; [`platformer_failures`]: what they count, the same way for both.

pub mod failures;
pub mod platformer;
pub mod platformer_character;
pub mod platformer_failures;
pub mod platformer_rapier;
pub mod platformer_runs;
pub mod platformer_sides;
pub mod scene;
pub mod sides;

use std::hint::black_box;

use glam::Vec2;

pub use failures::{count_failures, Checker, Failures};
pub use platformer_character::CollideCharacter;
pub use platformer_failures::{LevelChecker, PlatformFailures};
pub use platformer_rapier::RapierPlatformer;
pub use platformer_runs::{count_platform_failures, Call};
pub use platformer_sides::{CollideSlide, Moved, Platformer};
pub use scene::{fast_moves, movers, walk_speeds, FastMove, Walk};
pub use sides::{CollideSide, Controller, RapierSide, Touch};

use crate::versus::time_alternating;

/// The name of the character-controller peer in reports.
pub const PEER: &str = "rapier2d";

/// How much a comparison measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CharacterConfig {
    /// Frames of each walk (floor and wall) whose failures are counted, per mover.
    pub frames: usize,
    /// Fast moves of the tunnelling check, per mover.
    pub fast_moves: usize,
    /// Alternating timing batches per side and mover.
    pub batches: usize,
    /// Frames per timing batch (each frame is two calls: one on the floor, one on the wall);
    /// on the platformer level, calls per timing batch.
    pub frames_per_batch: usize,
    /// Jumps through the raised one-way platform on the platformer level, per mover.
    pub jumps: usize,
}

/// One line of the comparison: a mover, both libraries.
#[derive(Clone, Debug, PartialEq)]
pub struct CharacterEntry {
    /// The mover's name (`box`, `circle`, `hexagon`).
    pub shape: &'static str,
    /// collide's ns per call: the median batch.
    pub ours_ns: f64,
    /// rapier2d's ns per call: the median batch.
    pub peer_ns: f64,
    /// rapier2d ns ÷ collide ns, the median of the batch ratios.
    pub speedup: f64,
    /// Timing batches per side.
    pub batches: usize,
    /// collide's failures.
    pub ours: Failures,
    /// rapier2d's failures.
    pub peer: Failures,
}

/// A walk for the timing: one mover on one surface, called at the positions a correct
/// controller passes through (resting a skin off the surface, carried along it by each
/// frame's speed), whatever the side answers, with the shared speeds taken in turn.
///
/// Both libraries are timed on these same calls. Following each side's own answers instead
/// would time a controller that is caught on a seam at the corner it is stuck on, where a
/// call does less than one that walks on; its failures are counted on its own path
/// ([`count_failures`]).
pub struct Walker<'a> {
    walk: Walk,
    mover: usize,
    position: Vec2,
    frame: usize,
    speeds: &'a [f32],
}

impl<'a> Walker<'a> {
    /// Mover `mover` at rest on the surface of `walk`, 100 units along it, to take `speeds`
    /// in turn (at least one).
    #[must_use]
    pub fn new(walk: Walk, mover: usize, speeds: &'a [f32]) -> Self {
        Self {
            walk,
            mover,
            position: walk.resting(&movers()[mover].1),
            frame: 0,
            speeds,
        }
    }

    /// One frame: one call of `side`, from where a correct controller would stand, which
    /// then moves on by the frame's speed along the surface.
    pub fn step(&mut self, side: &dyn Controller) {
        let speed = self.speeds[self.frame % self.speeds.len()];
        self.frame += 1;
        let travel = self.walk.travel(speed);
        black_box(side.step(self.mover, black_box(self.position), travel, None));
        self.position = self.walk.wrapped(self.position + self.walk.along() * speed);
    }
}

/// Both libraries on every mover: ns per call over both walks, timed in alternating batches,
/// and each one's failures over the same inputs. `progress` is told each mover.
#[must_use]
pub fn compare_character(
    config: &CharacterConfig,
    mut progress: impl FnMut(&str),
) -> Vec<CharacterEntry> {
    let (ours, peer, checker) = (CollideSide::new(), RapierSide::new(), Checker::new());
    let speeds = walk_speeds(config.frames.max(2), scene::SEED);
    let fast = fast_moves(config.fast_moves, scene::SEED);
    movers()
        .iter()
        .enumerate()
        .map(|(mover, (name, _))| {
            progress(name);
            let timed = time_sides(config, mover, &speeds, &ours, &peer);
            CharacterEntry {
                shape: name,
                ours_ns: timed.ours_ns,
                peer_ns: timed.peer_ns,
                speedup: timed.ratio,
                batches: timed.batches,
                ours: count_failures(&ours, &checker, mover, &speeds, &fast),
                peer: count_failures(&peer, &checker, mover, &speeds, &fast),
            }
        })
        .collect()
}

/// ns per call of each side with one mover, in alternating batches of
/// [`frames_per_batch`](CharacterConfig::frames_per_batch) frames of both walks.
fn time_sides(
    config: &CharacterConfig,
    mover: usize,
    speeds: &[f32],
    ours: &dyn Controller,
    peer: &dyn Controller,
) -> crate::versus::Alternated {
    let walkers = || Walk::ALL.map(|walk| Walker::new(walk, mover, speeds));
    let (mut ours_walkers, mut peer_walkers) = (walkers(), walkers());
    let mut timed = time_alternating(
        config.batches,
        config.frames_per_batch,
        || ours_walkers.iter_mut().for_each(|w| w.step(ours)),
        || peer_walkers.iter_mut().for_each(|w| w.step(peer)),
    );
    // Each timed run made one call per walk.
    let calls = Walk::ALL.len() as f64;
    timed.ours_ns /= calls;
    timed.peer_ns /= calls;
    timed
}

/// One line of the platformer comparison: a mover, both libraries.
#[derive(Clone, Debug, PartialEq)]
pub struct PlatformerEntry {
    /// The mover's name (`box`, `circle`, `hexagon`).
    pub shape: &'static str,
    /// collide's ns per call: the median batch.
    pub ours_ns: f64,
    /// rapier2d's ns per call: the median batch.
    pub peer_ns: f64,
    /// rapier2d ns ÷ collide ns, the median of the batch ratios.
    pub speedup: f64,
    /// Timing batches per side.
    pub batches: usize,
    /// collide's failures.
    pub ours: PlatformFailures,
    /// rapier2d's failures.
    pub peer: PlatformFailures,
}

/// Both libraries on the platformer level, mover by mover: each one's failures on its own
/// path, and ns per call over the walks' calls. Both are timed on the calls collide's walks
/// made (the same positions and travels, whatever either side answers), in alternating
/// batches of [`frames_per_batch`](CharacterConfig::frames_per_batch) calls. `progress` is
/// told each mover.
#[must_use]
pub fn compare_platformer(
    config: &CharacterConfig,
    mut progress: impl FnMut(&str),
) -> Vec<PlatformerEntry> {
    let (mut ours, mut peer) = (CollideCharacter::new(), RapierPlatformer::new());
    let checker = LevelChecker::new();
    let jumps = platformer::jumps(config.jumps, scene::SEED);
    let fast = platformer::platform_fast_moves(config.fast_moves, scene::SEED);
    movers()
        .iter()
        .enumerate()
        .map(|(mover, (name, _))| {
            progress(name);
            let mut calls = Vec::new();
            let ours_failures = count_platform_failures(
                &mut ours,
                &checker,
                mover,
                &jumps,
                &fast,
                Some(&mut calls),
            );
            let peer_failures =
                count_platform_failures(&mut peer, &checker, mover, &jumps, &fast, None);
            let timed = time_replays(config, mover, &calls, &mut ours, &mut peer);
            PlatformerEntry {
                shape: name,
                ours_ns: timed.ours_ns,
                peer_ns: timed.peer_ns,
                speedup: timed.ratio,
                batches: timed.batches,
                ours: ours_failures,
                peer: peer_failures,
            }
        })
        .collect()
}

/// ns per call of each side replaying `calls` in turn: placed where the call started, then
/// stepped by its travel.
fn time_replays(
    config: &CharacterConfig,
    mover: usize,
    calls: &[Call],
    ours: &mut dyn Platformer,
    peer: &mut dyn Platformer,
) -> crate::versus::Alternated {
    let (mut ours_next, mut peer_next) = (0, 0);
    time_alternating(
        config.batches,
        config.frames_per_batch,
        || replay(ours, mover, calls, &mut ours_next),
        || replay(peer, mover, calls, &mut peer_next),
    )
}

/// Replays call `*next` of `calls` (in turn, round and round) on `side` with mover `mover`:
/// placed where the call started, then stepped by its travel.
pub fn replay(side: &mut dyn Platformer, mover: usize, calls: &[Call], next: &mut usize) {
    let (position, travel) = calls[*next % calls.len()];
    *next += 1;
    side.place(mover, black_box(position));
    black_box(side.step(black_box(travel), None));
}

/// The calls collide's walks make with mover `mover`: what both sides are timed on.
#[must_use]
pub fn walk_calls(mover: usize) -> Vec<Call> {
    let mut calls = Vec::new();
    let checker = LevelChecker::new();
    count_platform_failures(
        &mut CollideCharacter::new(),
        &checker,
        mover,
        &[],
        &[],
        Some(&mut calls),
    );
    calls
}

#[cfg(test)]
mod platformer_fault_tests;
#[cfg(test)]
mod platformer_tests;
#[cfg(test)]
mod tests;
