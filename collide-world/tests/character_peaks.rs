//! Constant speed over a sharp peak: the walk turns the travel along the uphill slope, and at
//! speed that carries the character past the crest into the air (up to 26 units above it). The
//! snap brings it down onto the far slope: a character that walks over a peak at the speed it
//! asks for stays on the ground, whatever its shape.

use collide_core::{Circle, Hull, Rect, Rot, Shape};
use collide_world::{Character, CharacterSettings, TileMap};
use glam::Vec2;

fn movers() -> [(&'static str, Shape, Rot); 4] {
    let hexagon = Shape::from(Hull::regular(6, 8.0).unwrap());
    [
        (
            "box",
            Rect {
                half_extents: Vec2::new(5.0, 7.0),
            }
            .into(),
            Rot::IDENTITY,
        ),
        ("circle", Circle { radius: 6.0 }.into(), Rot::IDENTITY),
        ("flat hexagon", hexagon, Rot::IDENTITY),
        (
            "pointy hexagon",
            hexagon,
            Rot::from_angle(core::f32::consts::FRAC_PI_6),
        ),
    ]
}

/// Walks each mover at `speed` a frame over the peak `/\` (45°, 16 high) from the floor on its
/// left to the floor on its right, with constant speed on slopes and a snap of `speed` (the
/// docs' `speed · tan 45°`): every frame must end on the ground.
fn over_the_peak(rows: [&str; 4], speed: f32) {
    let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    for (name, shape, rotation) in movers() {
        let settings = CharacterSettings::new(Vec2::Y)
            .with_snap_length(speed.max(9.0))
            .with_max_step_height(9.0)
            .with_constant_speed_on_slopes(true);
        let mut c = Character::new(shape, Vec2::new(12.0, 40.0), settings).unwrap();
        c.set_rotation(rotation);
        let mut v = Vec2::ZERO;
        for _ in 0..30 {
            v.y -= 0.5;
            c.move_by(v, &map);
            v = c.clip_velocity(v);
        }
        for frame in 0..30 {
            if c.position().x > 16.0 * 9.0 {
                break;
            }
            v = Vec2::new(speed, v.y - 0.5);
            let m = *c.move_by(v, &map);
            v = c.clip_velocity(v);
            assert!(
                m.on_floor,
                "{rows:?} {name} at {speed}: frame {frame} in the air at {}",
                m.position
            );
        }
    }
}

#[test]
fn a_constant_speed_walk_over_a_45_degree_peak_stays_on_the_ground() {
    let peak = ["..........", "..........", "..../\\....", "##########"];
    for speed in [3.0_f32, 6.0, 9.0, 12.0, 16.0] {
        over_the_peak(peak, speed);
    }
}

#[test]
fn a_constant_speed_walk_over_a_shallow_peak_stays_on_the_ground() {
    let peak = ["..........", "..........", "...ab\\....", "##########"];
    for speed in [3.0_f32, 9.0, 12.0] {
        over_the_peak(peak, speed);
    }
}
