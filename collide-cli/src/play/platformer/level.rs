//! The platformer's level: a tile map drawn as text (y up, as the library's) with coins in
//! it, the lift, a static body moved every frame, and a door that a pressure plate opens.

use collide::{Layers, Pose, Rect, StaticHandle, StaticWorld, TileMap};
use glam::Vec2;

/// A tile's side, in units (one unit is one pixel).
pub const TILE: f32 = 16.0;

/// The level, top row first (y grows upwards, so the last row is the floor, `y` 0 to 16),
/// in `TileMap::from_rows`'s legend: `#` is a solid tile; `_` the bottom half of one (a
/// curb); `a` `b` a ramp rising half a tile per tile to the right, `\` a 45° slope down to
/// the right; `=` a one-way platform; `5` a coin (a sensor tile: passed through, collected).
pub const LEVEL: [&str; 19] = [
    "########################################",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#................................5.5...#",
    "#..............................#########",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#......................................#",
    "#....................5..5..............#",
    "#...................======.............#",
    "#...######.............................#",
    "#.............ab##\\........#...........#",
    "#..5.5.5.._########\\.......#.........55#",
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

/// A coin's tile value, a sensor: `5` in [`LEVEL`].
pub const COIN: u8 = 5;

/// The door: a 16 × 160 solid body standing on the floor under the high ledge, shutting the
/// two coins in the corner off.
pub const DOOR: Rect = Rect {
    half_extents: Vec2::new(8.0, 80.0),
};
/// Where the door stands (its centre): column 36, from the floor to the ledge.
pub const DOOR_AT: Vec2 = Vec2::new(36.0 * TILE + 8.0, TILE + 80.0);
/// The pressure plate: a 24 × 3 sensor body on the floor in front of the door.
pub const PLATE: Rect = Rect {
    half_extents: Vec2::new(12.0, 1.5),
};
/// Where the plate lies (its centre): column 33, on the floor.
pub const PLATE_AT: Vec2 = Vec2::new(33.0 * TILE + 8.0, TILE + 1.5);

/// The level's static world and the handles of its bodies.
pub struct Level {
    /// The tile map (its coins sensor cells), the lift, the door and the plate.
    pub world: StaticWorld,
    /// The lift.
    pub lift: StaticHandle,
    /// The door: solid while shut, a sensor (passed through) while open.
    pub door: StaticHandle,
    /// The pressure plate, a sensor.
    pub plate: StaticHandle,
    /// Frames since the level was built: where the lift is.
    frame: usize,
}

impl Level {
    /// The level built, the lift at its lowest.
    ///
    /// # Errors
    /// When the map cannot be built (never, for the rows of [`LEVEL`]).
    pub fn new() -> Result<Self, collide::Error> {
        let mut tiles = TileMap::from_rows(&LEVEL, Vec2::splat(TILE), Vec2::ZERO)?;
        tiles.set_sensor_value(COIN, true);
        let mut world = StaticWorld::new(tiles);
        let body = |shape: Rect, at: Vec2, world: &mut StaticWorld| {
            world
                .bodies
                .add(shape, Pose::from_position(at), Layers::ALL)
        };
        let lift = body(LIFT, LIFT_LOW, &mut world)?;
        let door = body(DOOR, DOOR_AT, &mut world)?;
        let plate = body(PLATE, PLATE_AT, &mut world)?;
        world.bodies.set_sensor(plate, true);
        world.bodies.refresh();
        Ok(Self {
            world,
            lift,
            door,
            plate,
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

/// How many tiles [`LEVEL`] has, shaped or solid (not the coins).
pub fn tile_count() -> usize {
    count(|c| c != '.' && c != char::from(b'0' + COIN))
}

/// How many coins [`LEVEL`] has.
pub fn coin_count() -> usize {
    count(|c| c == char::from(b'0' + COIN))
}

fn count(which: impl Fn(char) -> bool) -> usize {
    LEVEL
        .iter()
        .map(|row| row.chars().filter(|&c| which(c)).count())
        .sum()
}
