//! Bad input to a character: a clear error from `Character::new` and `set_settings`, and a
//! documented "no move" from `move_by`.

mod character_common;

use character_common::*;
use collide_core::{Circle, Hull, Rect, Rot, Shape};
use collide_world::{
    move_and_slide, Character, CharacterSettings, Error, SlideSettings, TileMap, MAX_TRAVEL_RATIO,
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

/// A tester's cases: an up that cannot be normalized was made y-up without a word, and a
/// slide count of zero was accepted by a character that could then never move.
#[test]
fn an_up_that_is_no_direction_and_zero_slides_are_refused() {
    let at = Vec2::new(0.0, 10.0);
    for up in [Vec2::ZERO, Vec2::new(1e-30, 0.0), Vec2::NAN, Vec2::INFINITY] {
        let settings = CharacterSettings::new(up);
        assert_eq!(settings.validate(), Err(Error::InvalidUp), "{up}");
        assert_eq!(
            Character::new(PLAYER, at, settings).err(),
            Some(Error::InvalidUp)
        );
    }
    // A y-down game's up is kept, normalized.
    let down = CharacterSettings::new(Vec2::new(0.0, -3.0));
    assert_eq!(down.slide.up, Vec2::NEG_Y);
    let mut none = CharacterSettings::new(Vec2::Y);
    none.slide.max_slides = 0;
    assert_eq!(none.validate(), Err(Error::InvalidMaxSlides));
    assert!(Character::new(PLAYER, at, none).is_err());
}

/// `move_and_slide` refuses settings it cannot tell floors with: an up that is not a unit
/// vector (set through the public field), a floor angle outside `0..=π/2`. The body stays
/// put and the answer says invalid input, where it used to move as if all were walls.
#[test]
fn move_and_slide_refuses_an_up_or_floor_angle_it_cannot_use() {
    let level = Level::ground();
    let level = level.obstacles();
    let from = standing_at(0.0) + Vec2::new(0.0, 5.0);
    let travel = Vec2::new(3.0, -10.0);
    let good = SlideSettings::new(Vec2::Y);
    let moved = move_and_slide(PLAYER, Rot::IDENTITY, from, travel, &level[..], &good);
    assert!(!moved.invalid_input && moved.on_floor);
    let mut bad = Vec::new();
    for up in [Vec2::ZERO, Vec2::NAN, Vec2::new(0.0, 2.0)] {
        bad.push(SlideSettings { up, ..good });
    }
    for angle in [-1.0, 10.0] {
        bad.push(SlideSettings {
            max_floor_angle: angle,
            ..good
        });
    }
    for settings in bad {
        let m = move_and_slide(PLAYER, Rot::IDENTITY, from, travel, &level[..], &settings);
        assert!(m.invalid_input, "{settings:?}");
        assert_eq!(m.position, from, "{settings:?}");
    }
    // A non-finite floor angle still counts as the default, as documented.
    let default_angle = SlideSettings {
        max_floor_angle: f32::NAN,
        ..good
    };
    let m = move_and_slide(
        PLAYER,
        Rot::IDENTITY,
        from,
        travel,
        &level[..],
        &default_angle,
    );
    assert!(!m.invalid_input && m.on_floor);
}

/// A snap or step set longer than any slide may go (a tester's snap of 1e30) looks down and
/// rises as far as a slide may: a character walking into a wall stays on the floor, as with
/// a snap of zero (the snap was refused as too long, and it said it was in the air the frame
/// it met the wall).
#[test]
fn a_snap_longer_than_a_slide_may_go_still_finds_the_floor() {
    let rows = [
        "################",
        "#..............#",
        "#..............#",
        "################",
    ];
    let level = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let hexagon = Hull::regular(6, 6.0).unwrap();
    let shapes: [Shape; 2] = [PLAYER.into(), Shape::Hull(hexagon)];
    for snap in [0.0, 9.0, 1e30, f32::MAX] {
        for (shape, walk) in shapes.iter().flat_map(|s| [(s, 2.0), (s, -2.0)]) {
            let settings = CharacterSettings::new(Vec2::Y).with_snap_length(snap);
            let mut player = Character::new(*shape, Vec2::new(120.0, 30.0), settings).unwrap();
            let mut v = Vec2::ZERO;
            for frame in 0..120 {
                frame_in(&mut player, &mut v, walk, &level);
                let on = player.on_floor() || frame < 20;
                assert!(on, "snap {snap}, {shape:?} at {walk}, frame {frame}");
            }
            assert!(
                player.last_move().on_wall,
                "snap {snap}: it walked into the wall"
            );
        }
    }
}
