//! A character on a loaded Tiled map: it walks up the half-rise ramp its tiles' collision
//! polygons make and onto the solid cell beyond, on the floor every frame, with y up and y
//! down.

mod common;

use collide_core::Rect;
use collide_levels::{TiledMap, TiledOptions, YAxis};
use collide_world::{Character, CharacterSettings};
use common::data;
use glam::Vec2;

fn walk_up_the_ramp(axis: YAxis) {
    let options = TiledOptions::new().with_y_axis(axis);
    let map = TiledMap::load(data("tiled/platforms.tmx"), &options).unwrap();
    let ground = map.layer("ground").unwrap();
    let up = axis.up();
    let half = Vec2::new(3.0, 6.0);
    let settings = CharacterSettings::new(up).with_snap_length(6.0);
    // On the floor (the editor's y = 80) at x = 22; the ramp rises from x = 32 to 64 by 16
    // pixels, then the solid cell's top runs at y = 64 to x = 80.
    let start = axis.point(Vec2::new(22.0, 80.0 - half.y - 0.01));
    let mut player = Character::new(Rect { half_extents: half }, start, settings).unwrap();
    // YAxis::point is its own inverse: it gives the editor's y back.
    let editor_y = |p: Vec2| axis.point(p).y;
    let mut velocity = Vec2::ZERO;
    for frame in 0..120 {
        velocity.x = 1.0;
        velocity -= up * 0.3;
        let m = *player.move_by(velocity, ground);
        velocity = player.clip_velocity(velocity);
        assert!(m.on_floor, "{axis:?} frame {frame}: {m:?}");
        let (x, y) = (player.position().x, editor_y(player.position()));
        // The floor under the box's bottom: the ramp's surface at its leading corner.
        let lead = x + half.x;
        let floor = if lead <= 32.0 {
            80.0
        } else if lead < 64.0 {
            80.0 - (lead - 32.0) * 0.5
        } else {
            64.0
        };
        assert!(
            (y + half.y - floor).abs() < 0.1,
            "{axis:?} frame {frame}: at ({x}, {y}), floor {floor}"
        );
        if x > 74.0 {
            return;
        }
    }
    panic!("{axis:?}: stopped at {}", player.position());
}

#[test]
fn a_character_walks_up_a_loaded_ramp_with_y_up() {
    walk_up_the_ramp(YAxis::Up);
}

#[test]
fn a_character_walks_up_a_loaded_ramp_with_y_down() {
    walk_up_the_ramp(YAxis::Down);
}
