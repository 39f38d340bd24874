//! The platformer scene both character controllers move through: a floor and a wall of
//! 16 × 16 tiles laid edge to edge, the three movers, and the seeded inputs.

use collide_core::{Circle, Hull, Pose, Rect, Shape, DEFAULT_SKIN};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// The side of a tile.
pub const TILE: f32 = 16.0;

/// Tiles in the floor, and in the wall.
pub const STRIP_TILES: i32 = 4_096;

/// A walk is brought back by this many whole tiles once it passes [`WRAP_AT`] along its
/// surface, so that it never reaches the end of a strip.
pub const WRAP_TILES: f32 = 3_584.0;

/// How far along its surface a walk goes before it is brought back.
pub const WRAP_AT: f32 = 60_000.0;

/// The seed of the inputs.
pub const SEED: u64 = 0x5EA4;

/// The slowest walk, in units per frame.
pub const MIN_SPEED: f32 = 1.0;

/// The fastest walk, in units per frame.
pub const MAX_SPEED: f32 = 500.0;

/// How hard the mover is pressed into its surface every frame (gravity, on the floor).
pub const PRESS: f32 = 2.0;

/// The fastest move of the tunnelling check, in units per frame.
pub const MAX_TUNNEL_SPEED: f32 = 10_000.0;

/// The centre of every tile: the floor, tiles `(k, -1)` whose tops lie on `y = 0` for `x`
/// in `[0, 16 · 4 096]`; the wall, tiles `(-1, k)` whose right faces lie on `x = 0` for `y`
/// in the same range (tile `(i, j)` spans `[16i, 16i + 16] × [16j, 16j + 16]`).
#[must_use]
pub fn tile_centres() -> Vec<Vec2> {
    let centre = |i: i32, j: i32| (Vec2::new(i as f32, j as f32) + 0.5) * TILE;
    let floor = (0..STRIP_TILES).map(|k| centre(k, -1));
    let wall = (0..STRIP_TILES).map(|k| centre(-1, k));
    floor.chain(wall).collect()
}

/// A tile as a collide shape.
#[must_use]
pub fn tile() -> Rect {
    Rect {
        half_extents: Vec2::splat(TILE / 2.0),
    }
}

/// The three movers, named: a box of half extents (6, 10), a circle of radius 6 and a regular
/// hexagon of radius 8.
#[must_use]
pub fn movers() -> [(&'static str, Shape); 3] {
    let hexagon = Hull::regular(6, 8.0).unwrap_or_else(|_| unreachable!("a regular hexagon"));
    [
        (
            "box",
            Rect {
                half_extents: Vec2::new(6.0, 10.0),
            }
            .into(),
        ),
        ("circle", Circle { radius: 6.0 }.into()),
        ("hexagon", hexagon.into()),
    ]
}

/// A surface a walk follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// Along the floor (+x), gravity pressing down.
    Floor,
    /// Up the wall (+y), pressed into it (−x).
    Wall,
}

impl Walk {
    /// Both walks.
    pub const ALL: [Walk; 2] = [Walk::Floor, Walk::Wall];

    /// The direction of travel along the surface.
    #[must_use]
    pub fn along(self) -> Vec2 {
        match self {
            Walk::Floor => Vec2::X,
            Walk::Wall => Vec2::Y,
        }
    }

    /// The unit direction from the mover into the surface.
    #[must_use]
    pub fn into_surface(self) -> Vec2 {
        match self {
            Walk::Floor => Vec2::NEG_Y,
            Walk::Wall => Vec2::NEG_X,
        }
    }

    /// The travel of one frame at `speed`: along the surface, pressed into it.
    #[must_use]
    pub fn travel(self, speed: f32) -> Vec2 {
        self.along() * speed + self.into_surface() * PRESS
    }

    /// Where a mover of `shape` starts: 100 units along the surface, a unit off it.
    #[must_use]
    pub fn start(self, shape: &Shape) -> Vec2 {
        self.along() * 100.0 - self.into_surface() * (self.reach(shape) + 1.0)
    }

    /// Where a mover of `shape` rests on the surface, 100 units along it: the skin
    /// ([`DEFAULT_SKIN`]) off it, as a controller leaves it.
    #[must_use]
    pub fn resting(self, shape: &Shape) -> Vec2 {
        self.along() * 100.0 - self.into_surface() * (self.reach(shape) + DEFAULT_SKIN)
    }

    /// How far the mover's box reaches from its centre towards the surface.
    #[must_use]
    pub fn reach(self, shape: &Shape) -> f32 {
        let half = shape.as_shape_ref().aabb(&Pose::IDENTITY).half_extents;
        half.dot(self.into_surface().abs())
    }

    /// The mover's distance from the surface line, up to a constant: what must stay the same
    /// from frame to frame once it has landed.
    #[must_use]
    pub fn off_surface(self, position: Vec2) -> f32 {
        -position.dot(self.into_surface())
    }

    /// `position` brought back by whole tiles once it has gone [`WRAP_AT`] along the surface.
    #[must_use]
    pub fn wrapped(self, position: Vec2) -> Vec2 {
        if position.dot(self.along()) > WRAP_AT {
            position - self.along() * (TILE * WRAP_TILES)
        } else {
            position
        }
    }
}

/// `frames` seeded walking speeds, from [`MIN_SPEED`] to [`MAX_SPEED`] units per frame.
#[must_use]
pub fn walk_speeds(frames: usize, seed: u64) -> Vec<f32> {
    let mut rng = SplitMix64::new(seed);
    (0..frames)
        .map(|_| rng.range(MIN_SPEED, MAX_SPEED))
        .collect()
}

/// One move of the tunnelling check: a start above the floor and a fast travel down.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FastMove {
    /// Which of [`movers`] moves.
    pub mover: usize,
    /// Where it starts: above the floor, clear of it by 1 to 2 000 units.
    pub start: Vec2,
    /// Its travel: 100 to 10 000 units in a seeded direction with a downward part.
    pub travel: Vec2,
}

/// `count` seeded fast moves of each mover over the floor, far from both ends of the strip
/// and from the wall, so that a move that slides the whole way still stays over the floor.
#[must_use]
pub fn fast_moves(count: usize, seed: u64) -> Vec<FastMove> {
    let mut rng = SplitMix64::new(seed ^ 0x7E11);
    let movers = movers();
    (0..count * movers.len())
        .map(|i| {
            let mover = i % movers.len();
            let reach = Walk::Floor.reach(&movers[mover].1);
            let start = Vec2::new(
                rng.range(15_000.0, 45_000.0),
                reach + rng.range(1.0, 2_000.0),
            );
            let mut direction = rng.direction();
            direction.y = -direction.y.abs();
            let travel = direction * rng.range(100.0, MAX_TUNNEL_SPEED);
            FastMove {
                mover,
                start,
                travel,
            }
        })
        .collect()
}
