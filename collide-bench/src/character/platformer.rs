//! The platformer level both character controllers cross, written once as data: a long floor
//! of 16 × 16 tiles (y up, its top on `y = 0`), and on it a 26.6° ramp up to a plateau of
//! tiles and down again, a 45° ramp up to a run of half tiles and down again, a 4-unit curb, a
//! pit bridged by a one-way platform at floor height, a raised one-way platform, and a lift
//! that moves on its own (see [`Lift`]). Each library builds its colliders from [`pieces`].
//!
//! The walk follows [`WALK_PROFILE`], the top of the solid pieces from [`WALK_FROM`] to
//! [`WALK_TO`]: every part of it is a floor (no slope steeper than [`FLOOR_ANGLE`]), and
//! every change of height is either a slope or the curb, no taller than [`MAX_STEP`].

use collide_core::{Hull, Pose, Rect, Shape};
use collide_testkit::SplitMix64;
use glam::Vec2;

use super::scene::{movers, FastMove, MAX_TUNNEL_SPEED, TILE};

/// The steepest floor for both controllers: 50°, so that the 45° ramps are floors with room
/// to spare for rounding.
pub const FLOOR_ANGLE: f32 = 50.0 * core::f32::consts::PI / 180.0;

/// How far below a floor both controllers look for it after a move (snap to the ground).
pub const SNAP: f32 = 8.0;

/// The tallest ledge both controllers climb in the move that meets it (step up, autostep).
pub const MAX_STEP: f32 = 6.0;

/// The curb's height: a step both should take.
pub const CURB: f32 = 4.0;

/// One frame of gravity: how far a mover on the floor is pressed down each frame.
pub const PRESS: f32 = 0.5;

/// Floor tiles on each side of `x = 0`.
pub const FLOOR_TILES: i32 = 1_024;

/// Where a walk starts and turns back.
pub const WALK_FROM: f32 = -60.0;
/// Where a walk ends going right, and starts going left.
pub const WALK_TO: f32 = 780.0;

/// The top of the walked ground, left to right: the floor, the 26.6° ramps and plateau, the
/// 45° ramps and half tiles, the curb, and the one-way bridge (flush with the floor).
pub const WALK_PROFILE: [(f32, f32); 14] = [
    (-200.0, 0.0),
    (0.0, 0.0),
    (64.0, 32.0),
    (128.0, 32.0),
    (192.0, 0.0),
    (256.0, 0.0),
    (288.0, 32.0),
    (352.0, 32.0),
    (384.0, 0.0),
    (448.0, 0.0),
    (448.0, CURB),
    (512.0, CURB),
    (512.0, 0.0),
    (1_000.0, 0.0),
];

/// The x range of the curb's top, whose risers a walk must step up.
pub const CURB_SPAN: (f32, f32) = (448.0, 512.0);

/// The pit under the one-way bridge: no floor tiles in this x range, walls and a bottom of
/// tiles 80 units down.
pub const PIT: (f32, f32) = (560.0, 624.0);

/// The raised one-way platform: x range, and the height of its top.
pub const RAISED: (f32, f32, f32) = (700.0, 764.0, 40.0);

/// A one-way platform's thickness.
pub const ONE_WAY_THICKNESS: f32 = 4.0;

/// Whether a piece blocks from every side or only from above.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Blocks from every side.
    Solid,
    /// Blocks only a mover that comes down onto its top from above (solid side up).
    OneWay,
}

/// A piece's outline.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Outline {
    /// An axis-aligned box: a tile, a half tile, the curb, a platform.
    Box {
        /// Lower left corner.
        min: Vec2,
        /// Upper right corner.
        max: Vec2,
    },
    /// A right triangle: a ramp, its corners counter-clockwise.
    Ramp([Vec2; 3]),
}

/// One piece of the level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Piece {
    /// Its outline.
    pub outline: Outline,
    /// Solid or one-way.
    pub kind: Kind,
}

impl Piece {
    fn solid_box(min: Vec2, max: Vec2) -> Self {
        Self {
            outline: Outline::Box { min, max },
            kind: Kind::Solid,
        }
    }

    fn ramp(corners: [Vec2; 3]) -> Self {
        Self {
            outline: Outline::Ramp(corners),
            kind: Kind::Solid,
        }
    }

    /// Its corners, counter-clockwise.
    #[must_use]
    pub fn corners(&self) -> Vec<Vec2> {
        match self.outline {
            Outline::Box { min, max } => {
                vec![min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)]
            }
            Outline::Ramp(c) => c.to_vec(),
        }
    }

    /// Where the collider stands: the box's centre, or the ramp's centroid.
    #[must_use]
    pub fn centre(&self) -> Vec2 {
        let c = self.corners();
        c.iter().sum::<Vec2>() / c.len() as f32
    }

    /// Its corners around [`centre`](Self::centre).
    #[must_use]
    pub fn local_corners(&self) -> Vec<Vec2> {
        let centre = self.centre();
        self.corners().into_iter().map(|p| p - centre).collect()
    }

    /// The piece as a collide shape at [`centre`](Self::centre): a `Rect` for a box, a `Hull`
    /// for a ramp.
    #[must_use]
    pub fn shape(&self) -> Shape {
        match self.outline {
            Outline::Box { min, max } => Rect {
                half_extents: (max - min) / 2.0,
            }
            .into(),
            Outline::Ramp(_) => Hull::new(&self.local_corners())
                .unwrap_or_else(|_| unreachable!("a ramp is a proper triangle"))
                .into(),
        }
    }

    /// Its pose: at its centre, unturned.
    #[must_use]
    pub fn pose(&self) -> Pose {
        Pose::from_position(self.centre())
    }

    /// The height of its top, and its x range.
    #[must_use]
    pub fn top(&self) -> (f32, f32, f32) {
        let c = self.corners();
        let fold =
            |f: fn(f32, f32) -> f32, init, get: fn(&Vec2) -> f32| c.iter().map(get).fold(init, f);
        (
            fold(f32::max, f32::MIN, |p| p.y),
            fold(f32::min, f32::MAX, |p| p.x),
            fold(f32::max, f32::MIN, |p| p.x),
        )
    }
}

/// A tile `(i, j)`: `[16i, 16i + 16] × [16j, 16j + 16]`.
fn tile(i: i32, j: i32) -> Piece {
    let min = Vec2::new(i as f32, j as f32) * TILE;
    Piece::solid_box(min, min + TILE)
}

/// Every piece of the level but the lift.
#[must_use]
pub fn pieces() -> Vec<Piece> {
    let pit = (PIT.0 / TILE) as i32..(PIT.1 / TILE) as i32;
    let mut out: Vec<Piece> = (-FLOOR_TILES..FLOOR_TILES)
        .filter(|i| !pit.contains(i))
        .map(|i| tile(i, -1))
        .collect();
    // The pit: a wall of tiles each side, a bottom of tiles 80 units down.
    for j in -6..-1 {
        out.extend([tile(pit.start - 1, j), tile(pit.end, j)]);
    }
    out.extend(pit.map(|i| tile(i, -6)));
    let v = Vec2::new;
    // 26.6° up, a plateau of 16 × 16 tiles, 26.6° down.
    out.push(Piece::ramp([v(0.0, 0.0), v(64.0, 0.0), v(64.0, 32.0)]));
    out.extend((4..8).flat_map(|i| [tile(i, 0), tile(i, 1)]));
    out.push(Piece::ramp([v(128.0, 0.0), v(192.0, 0.0), v(128.0, 32.0)]));
    // 45° up, a floating run of half tiles (16 × 8), 45° down.
    out.push(Piece::ramp([v(256.0, 0.0), v(288.0, 0.0), v(288.0, 32.0)]));
    out.extend((0..4).map(|k| {
        let x = 288.0 + 16.0 * k as f32;
        Piece::solid_box(v(x, 24.0), v(x + 16.0, 32.0))
    }));
    out.push(Piece::ramp([v(352.0, 0.0), v(384.0, 0.0), v(352.0, 32.0)]));
    out.push(Piece::solid_box(v(CURB_SPAN.0, 0.0), v(CURB_SPAN.1, CURB)));
    for (x0, x1, top) in [(PIT.0, PIT.1, 0.0), RAISED] {
        out.push(Piece {
            outline: Outline::Box {
                min: v(x0, top - ONE_WAY_THICKNESS),
                max: v(x1, top),
            },
            kind: Kind::OneWay,
        });
    }
    out
}

/// The lift: a 48 × 8 platform that moves right and left by 2 units a frame and up and down
/// by 1, each on its own period, over the floor right of the walk.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lift;

impl Lift {
    /// Its half extents.
    pub const HALF_EXTENTS: Vec2 = Vec2::new(24.0, 4.0);

    /// Where its centre is at the start of frame `frame`.
    #[must_use]
    pub fn centre(frame: usize) -> Vec2 {
        Vec2::new(860.0, 80.0) + Vec2::new(2.0 * zigzag(frame, 40), zigzag(frame, 24))
    }

    /// How far it moves over frame `frame`.
    #[must_use]
    pub fn velocity(frame: usize) -> Vec2 {
        Self::centre(frame + 1) - Self::centre(frame)
    }

    /// Its outline with its centre at `centre`, as a piece.
    #[must_use]
    pub fn piece_at(centre: Vec2) -> Piece {
        Piece::solid_box(centre - Self::HALF_EXTENTS, centre + Self::HALF_EXTENTS)
    }
}

/// 0, 1, …, `half`, …, 0, …, −`half`, …: a triangle wave of period `4 · half` frames, a unit
/// a frame.
fn zigzag(frame: usize, half: usize) -> f32 {
    let t = (frame % (4 * half)) as i64;
    let h = half as i64;
    let value = if t < h {
        t
    } else if t < 3 * h {
        2 * h - t
    } else {
        t - 4 * h
    };
    value as f32
}

/// The slope (rise over run) of each part of [`WALK_PROFILE`] that overlaps `[x0, x1]`,
/// risers left out.
pub fn slopes_under(x0: f32, x1: f32) -> impl Iterator<Item = f32> {
    WALK_PROFILE.windows(2).filter_map(move |w| {
        let ((ax, ay), (bx, by)) = (w[0], w[1]);
        (bx > ax && bx >= x0 && ax <= x1).then(|| (by - ay) / (bx - ax))
    })
}

/// The walking speeds, units per frame, each walked both ways: from a crawl to a run.
pub const WALK_SPEEDS: [f32; 5] = [1.0, 2.0, 3.0, 4.5, 6.0];

/// Where a mover rests idle on a slope: a point on each ramp's middle.
pub const IDLE_AT: [f32; 4] = [32.0, 160.0, 272.0, 368.0];

/// `count` seeded jumps through the raised one-way platform: where along it (x), and how fast
/// the mover rises and then falls, in units per frame.
#[must_use]
pub fn jumps(count: usize, seed: u64) -> Vec<(f32, f32)> {
    let mut rng = SplitMix64::new(seed ^ 0x0_1A7);
    (0..count)
        .map(|_| {
            let x = rng.range(RAISED.0 + 2.0, RAISED.1 - 2.0);
            (x, rng.range(1.0, 300.0))
        })
        .collect()
}

/// `count` seeded fast moves of each mover down onto the level: from centres 131 to 2 130
/// units up (above every piece and the lift), 100 to 10 000 units in a seeded direction with a
/// downward part, well inside the floor's ends.
#[must_use]
pub fn platform_fast_moves(count: usize, seed: u64) -> Vec<FastMove> {
    let mut rng = SplitMix64::new(seed ^ 0xFA57);
    let movers = movers();
    (0..count * movers.len())
        .map(|i| {
            let mover = i % movers.len();
            let start = Vec2::new(
                rng.range(-6_000.0, 6_000.0),
                130.0 + rng.range(1.0, 2_000.0),
            );
            let mut direction = rng.direction();
            direction.y = -direction.y.abs();
            FastMove {
                mover,
                start,
                travel: direction * rng.range(100.0, MAX_TUNNEL_SPEED),
            }
        })
        .collect()
}

/// The height of the walked ground at `x` ([`WALK_PROFILE`]; on a riser, its top).
#[must_use]
pub fn ground(x: f32) -> f32 {
    WALK_PROFILE
        .windows(2)
        .filter(|w| w[0].0 <= x && x <= w[1].0)
        .map(|w| {
            let ((ax, ay), (bx, by)) = (w[0], w[1]);
            if bx > ax {
                ay + (by - ay) * (x - ax) / (bx - ax)
            } else {
                ay.max(by)
            }
        })
        .fold(0.0, f32::max)
}
