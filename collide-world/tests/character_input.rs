//! Bad input to a character: a clear error from `Character::new` and `set_settings`, and a
//! documented "no move" from `move_by`.

mod character_common;

use character_common::*;
use collide_core::Rot;
use collide_core::{Circle, Rect};
use collide_world::{
    move_and_slide, Character, CharacterSettings, Error, SlideSettings, MAX_TRAVEL_RATIO,
};
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

/// The newcomer's cases: on a floor, a fall of 1e9 units ended 470 units above where it
/// started (the working skin of a travel that long backed it off the floor), and one of 1e7
/// did not move yet said it stood on the floor. A travel longer than `MAX_TRAVEL_RATIO`
/// allows (here, 100 000 times the start's largest coordinate) is refused as a non-finite one
/// is, by the character and by `move_and_slide`; one just within it lands.
#[test]
fn a_travel_longer_than_the_limit_is_no_move() {
    let level = Level::ground();
    let level = level.obstacles();
    let start = standing_at(3.0) + Vec2::new(0.0, 7.0);
    let mut player = player(start, CharacterSettings::new(Vec2::Y));
    let limit = MAX_TRAVEL_RATIO * (start.y + PLAYER.half_extents.y);
    for travel in [1e9_f32, 1e7, 1.0001 * limit] {
        let down = Vec2::new(0.0, -travel);
        let m = *player.move_by(down, &level[..]);
        assert!(m.invalid_input && m.position == start, "{travel}: {m:?}");
        assert_eq!(player.position(), start);
        let settings = SlideSettings::new(Vec2::Y);
        let slide = move_and_slide(PLAYER, Rot::IDENTITY, start, down, &level[..], &settings);
        assert!(
            slide.invalid_input && slide.position == start,
            "{travel}: {slide:?}"
        );
    }
    let m = *player.move_by(Vec2::new(0.0, -0.999 * limit), &level[..]);
    assert!(!m.invalid_input && m.on_floor, "{m:?}");
    assert!(m.position.y < start.y, "{m:?}");
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
