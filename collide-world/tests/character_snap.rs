//! Snapping to the floor: over a ramp's crest, down a ramp, down a step no taller than the
//! snap, never while jumping. Each test runs the same frames with a plain `move_and_slide`
//! too, and shows the airborne frames the snap removes.

mod character_common;

use character_common::*;
use collide_world::CharacterSettings;
use glam::Vec2;

/// Walks at `speed` a frame over a hill of slope `rise` (26.6° or 45°) from a standing start:
/// (plain airborne frames, the character's airborne frames).
fn walk_over_hill(rise: f32, speed: f32, snap: f32) -> (usize, usize) {
    let level = Level::ground().with_hull(&hill(0.0, 60.0, rise, 40.0));
    let level = level.obstacles();
    let (mut pos, mut vel) = (standing_at(-20.0), Vec2::ZERO);
    let mut plain = 0;
    for _ in 0..400 {
        plain += usize::from(!plain_frame(&mut pos, &mut vel, speed, &level).on_floor);
        if pos.x >= 200.0 {
            break;
        }
    }
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(snap);
    let mut player = player(standing_at(-20.0), settings);
    let mut vel = Vec2::ZERO;
    let mut character = 0;
    for _ in 0..400 {
        character += usize::from(!frame(&mut player, &mut vel, speed, &level).on_floor);
        if player.position().x >= 200.0 {
            break;
        }
    }
    assert!(player.position().x >= 200.0, "{}", player.position());
    (plain, character)
}

#[test]
fn no_airborne_frame_over_a_crest_and_down_a_26_degree_ramp() {
    let (plain, character) = walk_over_hill(0.5, 3.0, 2.0);
    assert!(plain > 0, "the plain slide never left the floor");
    assert_eq!(character, 0);
}

#[test]
fn no_airborne_frame_over_a_crest_and_down_a_45_degree_ramp() {
    let (plain, character) = walk_over_hill(1.0, 3.0, 3.5);
    assert!(plain > 0, "the plain slide never left the floor");
    assert_eq!(character, 0);
}

#[test]
fn a_snap_too_short_for_the_slope_leaves_the_floor() {
    // Walking 3 a frame down a 45° ramp drops 3 a frame: a snap of 1 cannot follow.
    let (_, character) = walk_over_hill(1.0, 3.0, 1.0);
    assert!(character > 0);
}

/// A ledge at y = 0 for x < 0 and a floor `drop` lower beyond.
fn ledge(drop: f32) -> Level {
    Level::empty()
        .with_box(Vec2::new(-1000.0, -drop - 10.0), Vec2::new(1000.0, -drop))
        .with_box(Vec2::new(-1000.0, -drop), Vec2::new(0.0, 0.0))
}

#[test]
fn walking_down_a_step_no_taller_than_the_snap_stays_on_the_floor() {
    let level = ledge(4.0);
    let level = level.obstacles();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(5.0);
    let mut player = player(standing_at(-20.0), settings);
    let mut vel = Vec2::ZERO;
    for _ in 0..20 {
        let m = frame(&mut player, &mut vel, 2.0, &level);
        assert!(m.on_floor, "{m:?}");
    }
    assert!(
        (player.position().y - (8.0 - 4.0)).abs() < 0.05,
        "{}",
        player.position()
    );
}

#[test]
fn a_step_taller_than_the_snap_is_a_fall() {
    let level = ledge(8.0);
    let level = level.obstacles();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(5.0);
    let mut player = player(standing_at(-2.0), settings);
    let mut vel = Vec2::ZERO;
    let floors: Vec<bool> = (0..20)
        .map(|_| frame(&mut player, &mut vel, 2.0, &level).on_floor)
        .collect();
    assert!(floors.contains(&false), "{floors:?}");
    assert!(player.on_floor());
}

#[test]
fn a_jump_is_never_snapped() {
    let level = Level::ground();
    let level = level.obstacles();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(50.0);
    let mut player = player(standing_at(0.0), settings);
    let mut vel = Vec2::ZERO;
    assert!(frame(&mut player, &mut vel, 0.0, &level).on_floor);
    vel.y = 6.0;
    let m = frame(&mut player, &mut vel, 1.0, &level);
    assert!(!m.on_floor && !m.snapped, "{m:?}");
    assert!(player.position().y > 13.0, "{}", player.position());
}

#[test]
fn the_snap_never_moves_a_character_up_into_a_ceiling() {
    // A ceiling right above a character walking off a ledge: the snap only looks down.
    let level = ledge(4.0).with_box(Vec2::new(-50.0, 16.5), Vec2::new(50.0, 30.0));
    let level = level.obstacles();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(5.0);
    let mut player = player(standing_at(-10.0), settings);
    let mut vel = Vec2::ZERO;
    for _ in 0..20 {
        frame(&mut player, &mut vel, 2.0, &level);
        let shape = collide_core::Shape::from(PLAYER);
        assert!(!inside_any(
            &shape,
            player.position(),
            collide_core::Rot::IDENTITY,
            &level
        ));
        assert!(player.on_floor());
    }
}

#[test]
fn walking_off_a_ledge_into_a_wall_in_the_air_is_off_the_floor() {
    // The ledge ends at x = 0; a wall stands at x = 9 beyond a pit 40 deep.
    let level = ledge(40.0).with_box(Vec2::new(9.0, -40.0), Vec2::new(30.0, 40.0));
    let level = level.obstacles();
    let mut player = player(standing_at(-3.0), CharacterSettings::new(Vec2::Y));
    let mut vel = Vec2::ZERO;
    assert!(frame(&mut player, &mut vel, 0.0, &level).on_floor);
    // It touches the ledge, walks off it and meets the wall, all in one move.
    let m = frame(&mut player, &mut vel, 9.0, &level);
    assert!(m.on_wall && !m.on_floor, "{m:?}");
    assert!((m.position.x - 5.0).abs() < 0.02, "{m:?}");
    assert_eq!(player.platform(), None);
}

/// A snap exactly as long as a step is tall walks down it: the character stands a skin above
/// each floor, and the snap's length is the drop between them (it needed about two skins
/// more, and a tester's character walking off a row of half tiles with a snap of 8 stayed in
/// the air).
#[test]
fn a_snap_as_long_as_the_step_is_tall_walks_down_it() {
    use collide_core::Rect;
    use collide_world::{Character, TileMap};
    let rows = ["#..........#", "#..____....#", "############"];
    let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(8.0);
    // On the last half tile (its top at y = 24), walking off it onto the floor 8 below.
    let mut player = Character::new(body, Vec2::new(105.0, 31.0), settings).unwrap();
    for frame in 0..24 {
        let moved = *player.move_by(Vec2::new(1.0, -0.5), &map);
        assert!(moved.on_floor, "frame {frame}: {moved:?}");
    }
    assert!(player.position().y < 24.0, "{:?}", player.position());
}

/// A character set down resting on a floor (a skin above it) is found on it by a move of
/// nothing, as by any move that does not rise.
#[test]
fn a_character_set_down_resting_on_a_floor_is_found_by_a_move_of_nothing() {
    use collide_core::Rect;
    use collide_world::{Character, TileMap};
    let map = TileMap::from_rows(&["....", "####"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let settings = CharacterSettings::new(Vec2::Y);
    let mut player = Character::new(body, Vec2::new(30.0, 23.01), settings).unwrap();
    let moved = *player.move_by(Vec2::ZERO, &map);
    assert!(
        moved.on_floor && moved.position == Vec2::new(30.0, 23.01),
        "{moved:?}"
    );
    // Far above the floor, a move of nothing finds none.
    let mut high = Character::new(body, Vec2::new(30.0, 40.0), settings).unwrap();
    assert!(!high.move_by(Vec2::ZERO, &map).on_floor);
}
