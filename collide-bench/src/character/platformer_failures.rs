//! The failure counters of the platformer level, the same for both libraries: each reads
//! where a frame started and ended, where it stopped on the way, the normals it touched and
//! whether the controller called it on the floor, and measures them against the level's
//! pieces (never against either library's answers).
//!
//! - a **catch** (on a seam, or a joint between ramp, tile and half tile): a walking frame
//!   that moved less far along x than its travel in the air, or slid along any ground under
//!   it, would (by more than [`ALONG_TOLERANCE`]), or touched a wall or ceiling (the curb's
//!   risers aside, which the step count judges);
//! - a **penetration**: a frame that ends with the mover overlapping a solid piece or the lift
//!   (collide's exact, strict overlap test; one-way platforms may be passed through);
//! - a **jittering frame**: on the floor, a frame whose vertical motion (relative to the lift
//!   when on it) turns back against the frame before's (up then down, or down then up), both
//!   by more than [`JITTER_TOLERANCE`];
//! - an **airborne frame on a floor**: a frame on ground the mover should stand on that ends
//!   higher than [`AIR_GAP`] above the level, or that the controller does not call on the
//!   floor;
//! - an **idle slide**: a frame standing still on a ramp (travel one frame of gravity) that
//!   moved along x by more than [`IDLE_TOLERANCE`];
//! - a **fall through a one-way platform**: a frame whose path takes the mover's lowest point
//!   from on or above a one-way platform's top to below it, over the platform;
//! - a **step not taken**: a walk that stopped at one of the curb's risers;
//! - a **tunnelled move**: a fast move whose path (start, every stop, end) runs the mover's
//!   centre through a solid piece or the lift.

use collide::{Layers, Obstacles, SlideSettings, StaticBodies, Surface};
use collide_core::{overlaps, time_of_impact, Aabb, Motion, Pose, Shape};
use glam::Vec2;
use serde::Serialize;

use super::platformer::{pieces, slopes_under, Kind, Lift, Piece, FLOOR_ANGLE};
use super::platformer_sides::ONE_WAY_SLOP;
use super::scene::movers;
use super::sides::Touch;

/// How much less far along x than the least a sliding frame goes counts as caught: a skin.
pub const ALONG_TOLERANCE: f32 = 0.01;

/// How high above the level (how far it would fall straight down before touching it) a frame
/// may end and still be on the floor: ten skins (the snap brings a mover back to one).
pub const AIR_GAP: f32 = 0.1;

/// How far up or down a frame on the floor must move to count in a jitter: a tenth of a skin.
pub const JITTER_TOLERANCE: f32 = 1e-3;

/// How far below a mover the level is looked for: ten times [`AIR_GAP`].
pub const PROBE: f32 = 1.0;

/// How far along x a frame standing still may move.
pub const IDLE_TOLERANCE: f32 = 1e-3;

/// The failures of one library with one mover on the platformer level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PlatformFailures {
    /// Walking frames caught on a seam or a joint.
    pub catches: usize,
    /// Frames that ended inside a solid piece or the lift.
    pub penetrations: usize,
    /// Frames on the floor whose vertical motion turned back.
    pub jitters: usize,
    /// Frames on a floor that ended off it, or not called on the floor.
    pub airborne: usize,
    /// Idle frames on a ramp that slid.
    pub idle_slides: usize,
    /// Frames that fell through a one-way platform from above.
    pub falls_through: usize,
    /// Jumps that a one-way platform stopped from below.
    pub blocked_from_below: usize,
    /// Walks that stopped at a riser of the curb.
    pub steps_not_taken: usize,
    /// Fast moves through a solid piece.
    pub tunnelled: usize,
    /// Frames judged (walks, idle and lift frames).
    pub frames: usize,
    /// Jumps onto the raised one-way platform.
    pub jumps: usize,
    /// Fast moves judged.
    pub moves: usize,
}

impl PlatformFailures {
    /// The failure counts, named, in the order the report shows them.
    #[must_use]
    pub fn counts(&self) -> [(&'static str, usize); 9] {
        [
            ("catches", self.catches),
            ("penetrations", self.penetrations),
            ("jitters", self.jitters),
            ("airborne", self.airborne),
            ("idle slides", self.idle_slides),
            ("falls through", self.falls_through),
            ("blocked from below", self.blocked_from_below),
            ("steps not taken", self.steps_not_taken),
            ("tunnelled", self.tunnelled),
        ]
    }

    /// Every failure count added.
    #[must_use]
    pub fn total(&self) -> usize {
        self.counts().iter().map(|(_, n)| n).sum()
    }

    /// The largest failure count.
    #[must_use]
    pub fn worst(&self) -> usize {
        self.counts().iter().map(|&(_, n)| n).max().unwrap_or(0)
    }

    /// Both tallies added.
    #[must_use]
    pub fn plus(self, o: PlatformFailures) -> PlatformFailures {
        PlatformFailures {
            catches: self.catches + o.catches,
            penetrations: self.penetrations + o.penetrations,
            jitters: self.jitters + o.jitters,
            airborne: self.airborne + o.airborne,
            idle_slides: self.idle_slides + o.idle_slides,
            falls_through: self.falls_through + o.falls_through,
            blocked_from_below: self.blocked_from_below + o.blocked_from_below,
            steps_not_taken: self.steps_not_taken + o.steps_not_taken,
            tunnelled: self.tunnelled + o.tunnelled,
            frames: self.frames + o.frames,
            jumps: self.jumps + o.jumps,
            moves: self.moves + o.moves,
        }
    }
}

/// What kind of surface a contact normal (from the mover into the obstacle) is, with the
/// level's floor angle.
#[must_use]
pub fn surface_of(normal: Vec2) -> Surface {
    SlideSettings::new(Vec2::Y)
        .with_max_floor_angle(FLOOR_ANGLE)
        .surface(normal)
}

/// Whether a walking frame caught: asked to move by `asked` (walking along x, falling by
/// gravity), a mover of half width `half_width` went from `start` to `end`, stopping at
/// `touches`.
#[must_use]
pub fn caught(asked: Vec2, half_width: f32, start: Vec2, end: Vec2, touches: &[Touch]) -> bool {
    let speed = asked.x;
    let (x0, x1) = (
        start.x.min(start.x + speed) - half_width,
        start.x.max(start.x + speed) + half_width,
    );
    // Sliding the travel along a ground of slope `m` goes `(asked · t) t.x` along x; a frame
    // in the air, `asked.x`.
    let least = slopes_under(x0, x1)
        .map(|m| {
            let t = Vec2::new(1.0, m).normalize();
            speed.signum() * asked.dot(t) * t.x
        })
        .fold(speed.abs(), f32::min);
    let moved = (end.x - start.x) * speed.signum();
    let short = moved.is_nan() || moved < least - ALONG_TOLERANCE;
    short
        || touches
            .iter()
            .any(|t| surface_of(t.normal) != Surface::Floor)
}

/// Whether a frame on the floor jittered: its vertical motion `dy` (relative to the platform
/// under it) turned back against the frame before's, `before`, both larger than
/// [`JITTER_TOLERANCE`]. The walked ground never turns from up to down (or back) from one
/// frame to the next: a flat stretch lies between every rise and fall.
#[must_use]
pub fn jittered(before: f32, dy: f32) -> bool {
    // A NaN counts as a move.
    let moved = |d: f32| d.abs() > JITTER_TOLERANCE || d.is_nan();
    moved(before) && moved(dy) && !(before.signum() == dy.signum())
}

/// Whether a frame that should end on a floor did not: `gap` above the level, or not called
/// on the floor by its controller.
#[must_use]
pub fn airborne(on_floor: bool, gap: f32) -> bool {
    !on_floor || gap > AIR_GAP || gap.is_nan()
}

/// Whether a frame standing still slid from `start` to `end`.
#[must_use]
pub fn idle_slid(start: Vec2, end: Vec2) -> bool {
    let slid = (end.x - start.x).abs();
    slid > IDLE_TOLERANCE || slid.is_nan()
}

/// Whether the path (the mover's centre at the start, every stop, the end) of a mover reaching
/// `reach` below its centre takes its lowest point from on or above a one-way platform's top
/// (`(x0, x1, top)`) to below it, crossing over the platform.
#[must_use]
pub fn fell_through(path: &[Vec2], reach: f32, one_way: &[(f32, f32, f32)]) -> bool {
    path.windows(2).any(|w| {
        let (a, b) = (w[0] - Vec2::Y * reach, w[1] - Vec2::Y * reach);
        one_way.iter().any(|&(x0, x1, top)| {
            let line = top - ONE_WAY_SLOP;
            if !(a.y >= line && b.y < line) {
                return false;
            }
            let x = a.x + (b.x - a.x) * (a.y - line) / (a.y - b.y);
            (x0..=x1).contains(&x)
        })
    }) || path.iter().any(|p| !p.is_finite())
}

/// Whether the segment from `a` to `b` runs into the interior of the convex polygon
/// `corners` (counter-clockwise) by more than a thousandth of a unit.
#[must_use]
pub fn segment_enters(a: Vec2, b: Vec2, corners: &[Vec2]) -> bool {
    const MARGIN: f32 = 1e-3;
    let (mut t0, mut t1) = (0.0_f32, 1.0_f32);
    let d = b - a;
    for (i, &p) in corners.iter().enumerate() {
        let q = corners[(i + 1) % corners.len()];
        let out = Vec2::new(q.y - p.y, p.x - q.x).normalize();
        // Inside this edge by the margin where `num + t · den < -MARGIN`.
        let (num, den) = (out.dot(a - p), out.dot(d));
        if den == 0.0 {
            if num >= -MARGIN {
                return false;
            }
        } else if den < 0.0 {
            t0 = t0.max((-MARGIN - num) / den);
        } else {
            t1 = t1.min((-MARGIN - num) / den);
        }
    }
    t0 < t1
}

/// The level again, in collide's index, for the checks that measure a frame against it.
pub struct LevelChecker {
    bodies: StaticBodies,
    pieces: Vec<Piece>,
    movers: Vec<Shape>,
}

impl LevelChecker {
    /// The level's pieces and the movers.
    #[must_use]
    pub fn new() -> Self {
        let pieces = pieces();
        let mut bodies = StaticBodies::new();
        for piece in &pieces {
            // Every piece is finite; its id is its index in `pieces`.
            let _ = bodies.add(piece.shape(), piece.pose(), Layers::ALL);
        }
        bodies.refresh();
        Self {
            bodies,
            pieces,
            movers: movers().into_iter().map(|(_, s)| s).collect(),
        }
    }

    /// The one-way platforms, as `(x0, x1, top)`.
    #[must_use]
    pub fn one_way(&self) -> Vec<(f32, f32, f32)> {
        self.pieces
            .iter()
            .filter(|p| p.kind == Kind::OneWay)
            .map(|p| {
                let (top, x0, x1) = p.top();
                (x0, x1, top)
            })
            .collect()
    }

    /// Every piece whose box touches `area`, and the lift at its pose `lift` (a centre).
    fn near(&self, area: &Aabb, lift: Option<Vec2>, mut visit: impl FnMut(&Piece)) {
        self.bodies.near(area, Layers::ALL, &mut |o| {
            if let Some(piece) = self.pieces.get(o.id as usize) {
                visit(piece);
            }
        });
        if let Some(centre) = lift {
            let lift_box = Aabb::new(centre, Lift::HALF_EXTENTS);
            if lift_box.min().cmple(area.max()).all() && area.min().cmple(lift_box.max()).all() {
                visit(&Lift::piece_at(centre));
            }
        }
    }

    /// Whether mover `mover` at `position` overlaps a solid piece or the lift at `lift` (a
    /// non-finite position counts).
    #[must_use]
    pub fn penetrates(&self, mover: usize, position: Vec2, lift: Option<Vec2>) -> bool {
        if !position.is_finite() {
            return true;
        }
        let shape = self.movers[mover].as_shape_ref();
        let pose = Pose::from_position(position);
        let mut inside = false;
        self.near(&shape.aabb(&pose), lift, |p| {
            inside |= p.kind == Kind::Solid && overlaps(shape, &pose, &p.shape(), &p.pose());
        });
        inside
    }

    /// How far mover `mover` at `position` would fall straight down before it touches a piece
    /// (one-way platforms and the lift at `lift` included): 0 when touching or inside one,
    /// infinite when none is within [`PROBE`] below.
    #[must_use]
    pub fn height(&self, mover: usize, position: Vec2, lift: Option<Vec2>) -> f32 {
        if !position.is_finite() {
            return f32::INFINITY;
        }
        let shape = self.movers[mover].as_shape_ref();
        let fall = Motion::linear(position, position - Vec2::Y * PROBE);
        let area = shape.aabb(&Pose::from_position(position - Vec2::Y * PROBE / 2.0));
        let area = Aabb::new(area.center, area.half_extents + Vec2::Y * PROBE / 2.0);
        let mut height = f32::INFINITY;
        self.near(&area, lift, |p| {
            let piece = Motion::stationary(p.centre());
            if let Some(hit) = time_of_impact(shape, &fall, &p.shape(), &piece) {
                height = height.min(hit.t * PROBE);
            }
        });
        height
    }

    /// Whether the centre's path runs through a solid piece or the lift at `lift`, or below
    /// the bottom of the pit.
    #[must_use]
    pub fn tunnelled(&self, path: &[Vec2], lift: Option<Vec2>) -> bool {
        path.iter().any(|p| !p.is_finite() || p.y < -100.0)
            || path.windows(2).any(|w| {
                let (a, b) = (w[0], w[1]);
                let area = Aabb::new((a + b) / 2.0, (a - b).abs() / 2.0);
                let mut through = false;
                self.near(&area, lift, |p| {
                    through |= p.kind == Kind::Solid && segment_enters(a, b, &p.corners());
                });
                through
            })
    }
}

impl Default for LevelChecker {
    fn default() -> Self {
        Self::new()
    }
}
