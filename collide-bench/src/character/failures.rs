//! The failure counters, the same for both libraries: each reads only where a call started
//! and ended, where it stopped on the way, and the normals of what it touched.
//!
//! - A **seam catch**: a walking frame, after the first (which lands the mover), that moved
//!   less than the requested distance along the surface by more than [`ALONG_TOLERANCE`], or
//!   touched anything that is not that kind of surface (a wall on a floor walk: the corner of
//!   the next tile).
//! - A **penetration**: the mover overlapping a tile at the end of a call, by collide's exact
//!   (strict) overlap test against every tile near it.
//! - A **jittering frame**: after landing, the mover's distance from its surface changed from
//!   the frame before by more than [`JITTER_TOLERANCE`].
//! - A **tunnelled move**: a fast move over the floor whose path (its start, every place it
//!   stopped, its end, joined by straight lines) put the mover's centre below the floor's top
//!   face; a mover that starts above the floor and stops on it never comes within its own
//!   half height of that face.

use collide::{Obstacles, SlideSettings, StaticBodies, Surface};
use collide_core::{overlaps, Layers, Pose, Shape};
use glam::Vec2;
use serde::Serialize;

use super::scene::{movers, tile, tile_centres, FastMove, Walk};
use super::sides::{Controller, Touch};

/// How much less than the requested distance along the surface a frame may move before it
/// counts as caught: one skin.
pub const ALONG_TOLERANCE: f32 = 0.01;

/// How much the distance from the surface may change between frames before it counts as a
/// jitter: a hundredth of the skin.
pub const JITTER_TOLERANCE: f32 = 1e-4;

/// The failures of one library with one mover.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Failures {
    /// Walking frames that caught on a seam.
    pub catches: usize,
    /// Calls that ended with the mover overlapping a tile (walks and fast moves).
    pub penetrations: usize,
    /// Walking frames whose distance from the surface changed.
    pub jitters: usize,
    /// Fast moves whose path went through the floor.
    pub tunnelled: usize,
    /// Walking frames judged (both walks).
    pub frames: usize,
    /// Fast moves judged.
    pub moves: usize,
}

impl Failures {
    /// Catches, penetrations, jitters and tunnelled moves together.
    #[must_use]
    pub fn total(&self) -> usize {
        self.catches + self.penetrations + self.jitters + self.tunnelled
    }

    /// Both tallies added.
    #[must_use]
    pub fn plus(self, other: Failures) -> Failures {
        Failures {
            catches: self.catches + other.catches,
            penetrations: self.penetrations + other.penetrations,
            jitters: self.jitters + other.jitters,
            tunnelled: self.tunnelled + other.tunnelled,
            frames: self.frames + other.frames,
            moves: self.moves + other.moves,
        }
    }
}

/// What kind of surface a contact normal (from the mover into the obstacle) is: collide's
/// rule, a floor within 45° of up, which is also rapier's climbing angle on this scene.
#[must_use]
pub fn surface_of(normal: Vec2) -> Surface {
    SlideSettings::new(Vec2::Y).surface(normal)
}

/// The kind of surface a walk follows.
#[must_use]
pub fn walked_surface(walk: Walk) -> Surface {
    match walk {
        Walk::Floor => Surface::Floor,
        Walk::Wall => Surface::Wall,
    }
}

/// Whether one walking frame caught: it moved from `start` to `end` and stopped at
/// `touches`, asked to go `speed` along the surface.
#[must_use]
pub fn caught(walk: Walk, speed: f32, start: Vec2, end: Vec2, touches: &[Touch]) -> bool {
    let moved = (end - start).dot(walk.along());
    // A NaN is short too.
    let short = moved.is_nan() || moved < speed - ALONG_TOLERANCE;
    let surface = walked_surface(walk);
    short || touches.iter().any(|t| surface_of(t.normal) != surface)
}

/// Whether the distance from the surface changed from `before` to `after` (NaN counts).
#[must_use]
pub fn jittered(walk: Walk, before: Vec2, after: Vec2) -> bool {
    let change = (walk.off_surface(after) - walk.off_surface(before)).abs();
    change.is_nan() || change > JITTER_TOLERANCE
}

/// Whether the path from `start` through every stop of `touches` to `end` put the centre
/// below the floor's top face (`y = 0`). The path is straight between those points, so they
/// are the only places its height can be lowest.
#[must_use]
pub fn tunnelled(start: Vec2, end: Vec2, touches: &[Touch]) -> bool {
    let below = |p: Vec2| p.y.is_nan() || p.y < 0.0;
    below(start) || below(end) || touches.iter().any(|t| below(t.position))
}

/// The tiles again, in collide's index, for the exact overlap test of the penetration count.
pub struct Checker {
    tiles: StaticBodies,
    movers: Vec<Shape>,
}

impl Checker {
    /// The scene's tiles and movers.
    #[must_use]
    pub fn new() -> Self {
        let mut tiles = StaticBodies::new();
        for centre in tile_centres() {
            // A tile's pose is finite, so adding it cannot fail.
            let _ = tiles.add(tile(), Pose::from_position(centre), Layers::ALL);
        }
        tiles.refresh();
        Self {
            tiles,
            movers: movers().into_iter().map(|(_, s)| s).collect(),
        }
    }

    /// Whether mover `mover` at `position` overlaps any tile (a non-finite position counts).
    #[must_use]
    pub fn penetrates(&self, mover: usize, position: Vec2) -> bool {
        if !position.is_finite() {
            return true;
        }
        let shape = self.movers[mover].as_shape_ref();
        let pose = Pose::from_position(position);
        let mut inside = false;
        self.tiles.near(&shape.aabb(&pose), Layers::ALL, &mut |o| {
            inside |= overlaps(shape, &pose, o.shape, &o.pose);
        });
        inside
    }
}

impl Default for Checker {
    fn default() -> Self {
        Self::new()
    }
}

/// One library's failures with mover `mover`: both walks over `speeds`, then `fast` (only
/// the moves of this mover are made).
pub fn count_failures(
    side: &dyn Controller,
    checker: &Checker,
    mover: usize,
    speeds: &[f32],
    fast: &[FastMove],
) -> Failures {
    let shape = &movers()[mover].1;
    let mut out = Failures::default();
    let mut touches = Vec::new();
    for walk in Walk::ALL {
        let mut position = walk.start(shape);
        for (frame, &speed) in speeds.iter().enumerate() {
            let end = side.step(mover, position, walk.travel(speed), Some(&mut touches));
            if frame > 0 {
                out.frames += 1;
                out.catches += usize::from(caught(walk, speed, position, end, &touches));
                out.jitters += usize::from(jittered(walk, position, end));
            }
            out.penetrations += usize::from(checker.penetrates(mover, end));
            position = walk.wrapped(end);
        }
    }
    for m in fast.iter().filter(|m| m.mover == mover) {
        let end = side.step(mover, m.start, m.travel, Some(&mut touches));
        out.moves += 1;
        out.tunnelled += usize::from(tunnelled(m.start, end, &touches));
        out.penetrations += usize::from(checker.penetrates(mover, end));
    }
    out
}
