//! `Character::clip_velocity`: what each kind of surface takes from a velocity, never
//! turning its horizontal part round.

mod character_common;

use character_common::*;
use collide_world::CharacterSettings;
use glam::Vec2;

#[test]
fn a_ceiling_takes_the_rise_and_keeps_the_walk() {
    // A slanted ceiling (its underside rising to the right) above the ground.
    let level = Level::ground().with_hull(&[
        Vec2::new(-50.0, 30.0),
        Vec2::new(50.0, 20.0),
        Vec2::new(50.0, 60.0),
        Vec2::new(-50.0, 60.0),
    ]);
    let level = level.obstacles();
    let mut player = player(standing_at(0.0), CharacterSettings::new(Vec2::Y));
    let jump = Vec2::new(3.0, 12.0);
    let m = *player.move_by(jump, &level[..]);
    assert!(m.on_ceiling, "{m:?}");
    let v = player.clip_velocity(jump);
    assert_eq!(v, Vec2::new(3.0, 0.0));
}

#[test]
fn a_wall_takes_what_goes_into_it_and_never_lifts_a_walk() {
    let level = Level::ground().with_box(Vec2::new(10.0, 0.0), Vec2::new(20.0, 50.0));
    let level = level.obstacles();
    let mut player = player(standing_at(0.0), CharacterSettings::new(Vec2::Y));
    let walk = Vec2::new(8.0, -0.5);
    let m = *player.move_by(walk, &level[..]);
    assert!(m.on_wall && m.on_floor, "{m:?}");
    assert_eq!(player.clip_velocity(walk), Vec2::ZERO);
    // A jump along the wall keeps its rise.
    let jump = Vec2::new(2.0, 6.0);
    let m = *player.move_by(jump, &level[..]);
    assert!(m.on_wall && !m.on_floor, "{m:?}");
    assert_eq!(player.clip_velocity(jump), Vec2::new(0.0, 6.0));
}

#[test]
fn on_a_floor_only_the_fall_goes() {
    let level = Level::ground();
    let level = level.obstacles();
    let mut player = player(standing_at(0.0), CharacterSettings::new(Vec2::Y));
    let walk = Vec2::new(-4.0, -3.0);
    assert!(player.move_by(walk, &level[..]).on_floor);
    assert_eq!(player.clip_velocity(walk), Vec2::new(-4.0, 0.0));
    assert_eq!(
        player.clip_velocity(Vec2::new(1.0, 5.0)),
        Vec2::new(1.0, 5.0)
    );
}
