//! A platformer on a tile map of 16 × 16 tiles: a box that walks, jumps, lands, slides along a
//! wall and bumps its head on a ceiling, moved by `move_and_slide`. Prints what happens.
//!
//! ```text
//! cargo run --example platformer
//! ```

use collide::{move_and_slide, SlideSettings, Surface, TileMap};
use collide_core::{Rect, Rot};
use glam::Vec2;

const TILE: f32 = 16.0;

/// The level, top row first (y grows upwards, so the last row is the floor): `#` is a tile.
const LEVEL: [&str; 8] = [
    "##############################",
    "#............................#",
    "#...............#######......#",
    "#............................#",
    "#............................#",
    "#.........###................#",
    "#............................#",
    "##############################",
];

fn main() -> Result<(), collide::Error> {
    // Cell (0, 0)'s corner at the world origin: column c, row r covers [16c, 16c + 16] ×
    // [16r, 16r + 16], the last text row being r = 0.
    let level = TileMap::from_rows(&LEVEL, Vec2::splat(TILE), Vec2::ZERO)?;

    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let settings = SlideSettings::new(Vec2::Y);
    let (gravity, walk, jump) = (0.5, 3.0, 9.0);
    let mut position = Vec2::new(40.0, 60.0);
    let mut velocity = Vec2::ZERO;
    let mut on_floor = false;
    for frame in 0..240 {
        // The script: walk right, jump twice (once under the platform), then walk into the wall.
        let input_right = true;
        let wants_jump = matches!(frame, 40 | 120);
        velocity.x = if input_right { walk } else { 0.0 };
        velocity.y -= gravity;
        if wants_jump && on_floor {
            velocity.y = jump;
        }
        let step = move_and_slide(body, Rot::IDENTITY, position, velocity, &level, &settings);
        velocity = step.clip_velocity(velocity);
        let landed = step.on_floor && !on_floor;
        on_floor = step.on_floor;
        position = step.position;
        let events: Vec<&str> = step
            .contacts()
            .iter()
            .map(|c| match c.surface {
                Surface::Floor => "floor",
                Surface::Wall => "wall",
                Surface::Ceiling => "ceiling",
            })
            .collect();
        if frame % 20 == 0 || landed || wants_jump || step.on_ceiling {
            println!(
                "frame {frame:3}: at ({:6.2}, {:6.2}) velocity ({:5.2}, {:5.2}) touching {}{}",
                position.x,
                position.y,
                velocity.x,
                velocity.y,
                if events.is_empty() {
                    "nothing".to_string()
                } else {
                    events.join(", ")
                },
                if landed { "  (landed)" } else { "" },
            );
        }
    }
    Ok(())
}
