//! A platformer on a tile map of 16 × 16 tiles: a `Character` that walks, steps onto a curb,
//! walks up a ramp and down a slope without leaving the floor, jumps onto a one-way platform
//! and drops through it, rides a lift, and collects the coins (sensor tiles) on its way.
//! Prints what happens.
//!
//! ```text
//! cargo run --example platformer
//! ```

use collide::{Character, CharacterSettings, Layers, Pose, Rect, StaticWorld, TileMap};
use glam::Vec2;

const TILE: f32 = 16.0;
const COIN: u8 = 5;

/// The level, top row first (y grows upwards, so the last row is the floor): `#` a tile, `_`
/// a half tile (a curb), `a` `b` a ramp rising half a tile per tile, `\` a 45° slope down,
/// `=` a one-way platform (it holds only what comes down onto it), `5` a coin (a sensor tile:
/// walked through, reported by the move, taken out of the map).
const LEVEL: [&str; 8] = [
    "##############################",
    "#............................#",
    "#............................#",
    "#............................#",
    "#...............====.........#",
    "#............................#",
    "#..55._..ab##\\...............#",
    "##############################",
];

/// The lift: a 48 × 8 plank over columns 24 to 26 whose top goes from 24 (a step above the
/// floor) up to 88 and back, 1 unit a frame, at its lowest on frame 160.
const LIFT: Rect = Rect {
    half_extents: Vec2::new(24.0, 4.0),
};
fn lift_at(frame: i32) -> Vec2 {
    let t = (frame - 160).rem_euclid(128);
    Vec2::new(24.0 * TILE + 24.0, 20.0 + t.min(128 - t) as f32)
}

fn main() -> Result<(), collide::Error> {
    // Cell (0, 0)'s corner at the world origin: column c, row r covers [16c, 16c + 16] ×
    // [16r, 16r + 16], the last text row being r = 0.
    let mut tiles = TileMap::from_rows(&LEVEL, Vec2::splat(TILE), Vec2::ZERO)?;
    tiles.set_sensor_value(COIN, true);
    let mut world = StaticWorld::new(tiles);
    let lift = world
        .bodies
        .add(LIFT, Pose::from_position(lift_at(0)), Layers::ALL)?;
    world.bodies.refresh();

    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(9.0) // stays on the floor over crests, down slopes and steps
        .with_max_step_height(9.0) // climbs a half tile
        .with_constant_speed_on_slopes(true);
    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let mut player = Character::new(body, Vec2::new(40.0, 40.0), settings)?;
    let (gravity, walk, jump) = (0.5, 3.0, 9.0);
    let mut velocity = Vec2::ZERO;
    let mut was = String::new();
    for frame in 0..300 {
        // The lift moves first; the velocity it moved by carries whoever stands on it.
        let (from, to) = (lift_at(frame), lift_at(frame + 1));
        world
            .bodies
            .move_body(lift, Pose::from_position(to), to - from);

        // The script: walk right, jump onto the one-way platform, drop through it, walk
        // onto the lift and ride it, standing in its middle.
        let waiting = (84..130).contains(&frame);
        let riding = player.position().x >= lift_at(frame).x;
        velocity.x = if waiting || riding { 0.0 } else { walk };
        velocity.y -= gravity;
        if frame == 72 && player.on_floor() {
            velocity.y = jump;
        }
        let dropping = frame == 130;
        let m = if dropping {
            player.move_dropping_through(velocity, &world)
        } else {
            player.move_by(velocity, &world)
        };
        let (at, stepped) = (m.position, m.stepped);
        // Every sensor the move's path touched, in path order: the coins it passed.
        let coins: Vec<_> = player
            .sensors()
            .iter()
            .filter_map(|s| world.tile_cell(s.obstacle))
            .collect();
        for cell in coins {
            world.tiles.set(cell.x, cell.y, 0)?;
            println!("frame {frame:3}: took the coin in column {}", cell.x);
        }
        velocity = player.clip_velocity(velocity);

        let is = match player.platform() {
            None => "in the air".to_string(),
            Some(id) if id == lift.id() => "on the lift".to_string(),
            Some(id) => match world
                .tile_cell(id)
                .and_then(|c| world.tiles.shape(c.x, c.y))
            {
                Some(shape) => format!("on a tile, {shape:?}"),
                None => "on something".to_string(),
            },
        };
        if is != was || stepped || dropping || frame % 50 == 0 {
            println!(
                "frame {frame:3}: at ({:6.2}, {:6.2}) {is}{}{}",
                at.x,
                at.y,
                if stepped { ", stepped up" } else { "" },
                if dropping { ", dropping through" } else { "" },
            );
            was = is;
        }
    }
    Ok(())
}
