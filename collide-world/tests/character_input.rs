//! Bad input to a character: a clear error from `Character::new` and `set_settings`, and a
//! documented "no move" from `move_by`.

mod character_common;

use character_common::*;
use collide_core::{Circle, Rect};
use collide_world::{Character, CharacterSettings, Error};
use glam::Vec2;

#[test]
fn bad_settings_shapes_and_positions_are_refused() {
    let good = CharacterSettings::new(Vec2::Y);
    let at = Vec2::new(0.0, 10.0);
    let new = |settings| Character::new(PLAYER, at, settings).err();
    let mut nan_angle = good;
    nan_angle.slide.max_floor_angle = f32::NAN;
    assert_eq!(new(nan_angle), Some(Error::InvalidFloorAngle));
    assert_eq!(
        new(good.with_snap_length(-1.0)),
        Some(Error::InvalidSnapLength)
    );
    assert_eq!(
        new(good.with_snap_length(f32::NAN)),
        Some(Error::InvalidSnapLength)
    );
    assert_eq!(
        new(good.with_max_step_height(-4.0)),
        Some(Error::InvalidStepHeight)
    );
    let mut infinite_skin = good;
    infinite_skin.slide.skin = f32::INFINITY;
    assert_eq!(new(infinite_skin), Some(Error::InvalidSkin));
    let bad_circle = Circle { radius: -1.0 };
    assert_eq!(
        Character::new(bad_circle, at, good).err(),
        Some(Error::InvalidShape)
    );
    let bad_rect = Rect {
        half_extents: Vec2::new(f32::NAN, 1.0),
    };
    assert_eq!(
        Character::new(bad_rect, at, good).err(),
        Some(Error::InvalidShape)
    );
    let nowhere = Vec2::new(f32::INFINITY, 0.0);
    assert_eq!(
        Character::new(PLAYER, nowhere, good).err(),
        Some(Error::NonFinite)
    );

    let mut player = player(at, good);
    assert_eq!(
        player.set_settings(nan_angle),
        Err(Error::InvalidFloorAngle)
    );
    assert_eq!(player.settings(), &good);
}

#[test]
fn a_travel_that_is_not_finite_is_no_move() {
    let level = Level::ground();
    let level = level.obstacles();
    let mut player = player(standing_at(3.0), CharacterSettings::new(Vec2::Y));
    assert!(player.move_by(Vec2::new(0.0, -1.0), &level[..]).on_floor);
    let (at, floor) = (player.position(), player.floor_normal());
    for bad in [
        Vec2::new(f32::NAN, 0.0),
        Vec2::new(0.0, f32::INFINITY),
        Vec2::splat(f32::NEG_INFINITY),
    ] {
        let m = *player.move_by(bad, &level[..]);
        assert!(m.invalid_input, "{m:?}");
        assert_eq!(m.position, at);
        assert_eq!(player.position(), at);
        assert!(player.on_floor());
        assert_eq!(player.floor_normal(), floor);
    }
    player.set_position(Vec2::new(f32::NAN, 1.0));
    assert_eq!(player.position(), at);
}

#[test]
fn a_teleport_forgets_the_floor() {
    let level = Level::ground();
    let level = level.obstacles();
    let mut player = player(standing_at(3.0), CharacterSettings::new(Vec2::Y));
    assert!(player.move_by(Vec2::new(0.0, -1.0), &level[..]).on_floor);
    assert_eq!(player.platform(), Some(0));
    player.set_position(Vec2::new(3.0, 100.0));
    assert!(!player.on_floor());
    assert_eq!((player.platform(), player.floor_normal()), (None, None));
}
