//! The platformer's level: a tile map drawn as text (y up, as the library's) and the lift, a
//! static body moved every frame.

use collide::{Layers, Pose, Rect, StaticHandle, StaticWorld, TileMap};
use glam::Vec2;

/// A tile's side, in units (one unit is one pixel).
pub const TILE: f32 = 16.0;

/// The level, top row first (y grows upwards, so the last row is the floor, `y` 0 to 16),
/// in `TileMap::from_rows`'s legend: `#` is a solid tile; `_` the bottom half of one (a
/// curb); `a` `b` a ramp rising half a tile per tile to the right, `\` a 45° slope down to
/// the right; `=` a one-way platform.
pub const LEVEL: [&str; 19] = [
    "########################################",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#..............................#########",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#...................======.............#",
    "#...######.............................#",
    "#.............ab##\\........#...........#",
    "#........._########\\.......#...........#",
    "########################################",
];

/// The lift: a 48 × 8 solid platform beside the wall, between the wall's top and the high
/// ledge's, still for [`LIFT_WAIT`] frames at each end.
pub const LIFT: Rect = Rect {
    half_extents: Vec2::new(24.0, 4.0),
};
/// The lift's centre at its lowest (its top level with the wall's) and at its highest (level
/// with the ledge's).
pub const LIFT_LOW: Vec2 = Vec2::new(28.0 * TILE + 24.0, 3.0 * TILE - 4.0);
/// See [`LIFT_LOW`].
pub const LIFT_HIGH: Vec2 = Vec2::new(28.0 * TILE + 24.0, 12.0 * TILE - 4.0);
/// Units per frame the lift moves.
pub const LIFT_SPEED: f32 = 2.0;
/// Frames the lift waits at each end.
pub const LIFT_WAIT: usize = 40;

/// The level's static world and the lift's handle in it.
pub struct Level {
    /// The tile map and the lift.
    pub world: StaticWorld,
    /// The lift.
    pub lift: StaticHandle,
    /// Frames since the level was built: where the lift is.
    frame: usize,
}

impl Level {
    /// The level built, the lift at its lowest.
    ///
    /// # Errors
    /// When the map cannot be built (never, for the rows of [`LEVEL`]).
    pub fn new() -> Result<Self, collide::Error> {
        let tiles = TileMap::from_rows(&LEVEL, Vec2::splat(TILE), Vec2::ZERO)?;
        let mut world = StaticWorld::new(tiles);
        let lift = world
            .bodies
            .add(LIFT, Pose::from_position(LIFT_LOW), Layers::ALL)?;
        world.bodies.refresh();
        Ok(Self {
            world,
            lift,
            frame: 0,
        })
    }

    /// Moves the lift on by one frame, with the velocity that carries its rider.
    pub fn advance(&mut self) {
        let (from, to) = (lift_at(self.frame), lift_at(self.frame + 1));
        self.frame += 1;
        self.world
            .bodies
            .move_body(self.lift, Pose::from_position(to), to - from);
    }

    /// Where the lift is now (its centre).
    pub fn lift_position(&self) -> Vec2 {
        lift_at(self.frame)
    }
}

/// The lift's centre `frame` frames after the level was built: waiting at the bottom, rising,
/// waiting at the top, coming down, again and again.
pub fn lift_at(frame: usize) -> Vec2 {
    let travel = LIFT_HIGH.y - LIFT_LOW.y;
    let moving = (travel / LIFT_SPEED).ceil() as usize;
    let period = 2 * (LIFT_WAIT + moving);
    let f = frame % period;
    let risen = if f < LIFT_WAIT {
        0.0
    } else if f < LIFT_WAIT + moving {
        (f - LIFT_WAIT) as f32 * LIFT_SPEED
    } else if f < 2 * LIFT_WAIT + moving {
        travel
    } else {
        travel - (f - 2 * LIFT_WAIT - moving) as f32 * LIFT_SPEED
    };
    LIFT_LOW + Vec2::Y * risen.clamp(0.0, travel)
}

/// How many tiles [`LEVEL`] has, shaped or solid.
pub fn tile_count() -> usize {
    LEVEL
        .iter()
        .map(|row| row.chars().filter(|&c| c != '.').count())
        .sum()
}
