//! Movers that meet a character at the very start of their path: a platform or a door that
//! starts exactly touching the character (or within rounding of it, far from the origin) and
//! moves into it pushes it, even when it passes wholly through it in one frame; a platform
//! that slides under a character held by a wall lifts it onto itself rather than ending in
//! it; `carried` says how far the carry moved the character; and a pusher that leaves a
//! character between itself and a wall with less room than two skins never puts it on the
//! pusher's far side.

use collide_core::{overlaps, Hull, Layers, Pose, Rect, Rot};
use collide_world::{
    Character, CharacterSettings, SlideSettings, StaticBodies, StaticWorld, TileMap,
};
use glam::Vec2;

const PLAYER: Rect = Rect {
    half_extents: Vec2::new(4.0, 8.0),
};

/// The tester's case: a 40 × 4 plank under a fresh character, its top exactly at the
/// character's feet (y = 2), lifted 20 or 30 in one frame: more than the two are tall together,
/// so it passed wholly through the character, which stayed where it was.
#[test]
fn a_platform_touching_the_feet_and_rising_through_the_character_lifts_it() {
    for gap in [0.0_f32, 0.005] {
        for lift in [20.0_f32, 30.0] {
            let mut bodies = StaticBodies::new();
            let plank = Rect {
                half_extents: Vec2::new(20.0, 2.0),
            };
            let h = bodies.add(plank, Pose::IDENTITY, Layers::ALL).unwrap();
            bodies.refresh();
            let settings = CharacterSettings::new(Vec2::Y).with_snap_length(2.0);
            let at = Vec2::new(0.0, 10.0 + gap);
            let mut c = Character::new(PLAYER, at, settings).unwrap();
            let up = Vec2::new(0.0, lift);
            assert!(bodies.move_body(h, Pose::from_position(up), up));
            let m = *c.move_by(Vec2::new(0.0, -0.5), &bodies);
            let feet = m.position.y - 8.0;
            assert!(
                (lift + 2.0..lift + 2.05).contains(&feet) && m.on_floor,
                "gap {gap}, lift {lift}: {m:?}"
            );
        }
    }
}

/// The same from the side: a door exactly touching the side of a character on a floor, slid
/// 15 across it in one frame, pushes it along.
#[test]
fn a_door_touching_the_side_and_sliding_through_the_character_pushes_it() {
    let mut bodies = StaticBodies::new();
    let floor = Rect {
        half_extents: Vec2::new(200.0, 5.0),
    };
    bodies
        .add(
            floor,
            Pose::from_position(Vec2::new(0.0, -5.0)),
            Layers::ALL,
        )
        .unwrap();
    let door = Rect {
        half_extents: Vec2::new(2.0, 20.0),
    };
    let h = bodies
        .add(
            door,
            Pose::from_position(Vec2::new(-6.0, 20.5)),
            Layers::ALL,
        )
        .unwrap();
    bodies.refresh();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(2.0);
    let mut c = Character::new(PLAYER, Vec2::new(0.0, 8.01), settings).unwrap();
    c.move_by(Vec2::new(0.0, -0.5), &bodies);
    assert_eq!(c.position().x, 0.0);
    let to = Pose::from_position(Vec2::new(9.0, 20.5));
    assert!(bodies.move_body(h, to, Vec2::new(15.0, 0.0)));
    let m = *c.move_by(Vec2::new(0.0, -0.5), &bodies);
    // The door's right side is at x = 11: the character's left side a skin or so beyond it.
    let left = m.position.x - 4.0;
    assert!((11.0..11.05).contains(&left) && m.on_floor, "{m:?}");
}

/// The tester's case: a fresh character flush on a small plank 9 950 units out, the plank slid
/// sideways by an ulp. The push along the plank's motion left the rounding overlap across it
/// as it was; the plank then counted as crushing the character and was left out of the rest of
/// the move, which fell 0.02 into it.
#[test]
fn a_character_flush_on_a_platform_sliding_by_an_ulp_far_out_stays_on_it() {
    let mut bodies = StaticBodies::new();
    let plank = Rect {
        half_extents: Vec2::new(0.128_595_98, 0.034_700_41),
    };
    let from = Pose::from_position(Vec2::new(7580.1357, -9951.576));
    let h = bodies.add(plank, from, Layers::ALL).unwrap();
    bodies.refresh();
    let slide = SlideSettings::new(Vec2::Y).with_skin(6.25e-5);
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(0.022_905_935)
        .with_max_step_height(0.035_466_89)
        .with_slide(slide);
    let body = Rect {
        half_extents: Vec2::new(0.026_705_964, 0.047_339_03),
    };
    let mut c = Character::new(body, Vec2::new(7580.084, -9951.494), settings).unwrap();
    let to = Pose::from_position(Vec2::new(7580.1367, -9951.576));
    assert!(bodies.move_body(h, to, Vec2::new(0.000_976_562_5, 0.0)));
    let m = *c.move_by(Vec2::new(0.0, -0.019_798_594), &bodies);
    let end = Pose::from_position(m.position);
    assert!(!overlaps(body, &end, plank, &to) && m.on_floor, "{m:?}");
}

/// The tester's case: a turned box standing with its slanted bottom face on a plank's corner,
/// carried 259.5 to the left in one frame and stopped by a wall 3 short of that. The plank
/// moved on under it and ended in it; the slide out of it pushed the box 5.4 up, where it
/// said it stood on the plank while touching nothing. The plank now lifts it onto itself.
#[test]
fn a_platform_sliding_under_a_character_held_by_a_wall_lifts_it_onto_itself() {
    let rows: Vec<String> = (0..12)
        .map(|i| match i {
            11 => "#".repeat(30),
            _ => format!("#{}#", ".".repeat(28)),
        })
        .collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::new(9248.0, 8624.0)).unwrap();
    let mut world = StaticWorld::new(map);
    let plank = Rect {
        half_extents: Vec2::new(19.09921, 5.940_031),
    };
    let start = Pose::from_position(Vec2::new(9558.641, 8706.943));
    let h = world.bodies.add(plank, start, Layers::ALL).unwrap();
    world.bodies.refresh();
    let hull = Hull::from_half_extents(Vec2::new(6.329_885, 9.353_265)).unwrap();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(8.177_913)
        .with_max_step_height(5.31448);
    let mut c = Character::new(hull, Vec2::new(9530.499, 8718.726), settings).unwrap();
    let turn = Rot::try_from_direction(Vec2::new(0.886_979_46, 0.461_808_86)).unwrap();
    c.set_rotation(turn);
    let m = *c.move_by(Vec2::new(0.0, -0.359_524_8), &world);
    assert!(m.on_floor && m.platform == Some(0), "{m:?}");
    let before = m.position;
    let end = Pose::from_position(Vec2::new(9299.1, 8706.943));
    assert!(world.bodies.move_body(h, end, Vec2::new(-259.541_02, 0.0)));
    let m = *c.move_by(Vec2::new(0.0, -0.359_524_8), &world);
    let at = |lower: f32| Pose::new(m.position - Vec2::new(0.0, lower), turn);
    // Clear of the plank, and standing on it: a little lower, it would be in it.
    assert!(!overlaps(&hull, &at(0.0), plank, &end), "{m:?}");
    assert!(overlaps(&hull, &at(0.05), plank, &end), "{m:?}");
    assert!(m.on_floor && m.platform == Some(0), "{m:?}");
    // The wall stopped the carry 3 short: `carried` is how far it went, with the lift.
    let carried = m.position - before;
    assert!((m.carried - carried).length() < 1e-3, "{m:?}");
    assert!(m.carried.x > -257.0 && m.carried.y > 1.0, "{m:?}");
}

/// The tester's case: a pusher moves a 0.2-wide character to a skin from a wall and leaves it
/// inside by 0.005, less than a skin (not crushed); the room between them, 0.2055, is less
/// than the character and two skins. Pushing it out a skin beyond each contact went back and
/// forth, and the way out through the pusher put it on the pusher's far side. It fits between
/// the two, touching both.
#[test]
fn a_pusher_that_leaves_a_character_by_a_wall_never_passes_it() {
    let tiles = TileMap::from_rows(
        &[".............#", "........##.##."],
        Vec2::new(0.3, 0.7),
        Vec2::new(-15.74137, 63.68277),
    )
    .unwrap();
    let mut world = StaticWorld::new(tiles);
    let from = Vec2::new(-12.294806, 65.73145);
    let half = Vec2::new(0.13026325, 0.9946273);
    let pusher = Rect { half_extents: half };
    let handle = world
        .bodies
        .add(pusher, Pose::from_position(from), Layers::ALL)
        .unwrap();
    world.bodies.refresh();
    let body = Rect {
        half_extents: Vec2::new(0.10022086, 0.20231743),
    };
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(0.24853474);
    let mut character = Character::new(body, Vec2::new(-12.054321, 64.59009), settings).unwrap();
    let to = Vec2::new(-12.17714, 65.73145);
    world
        .bodies
        .move_body(handle, Pose::from_position(to), to - from);
    let moved = *character.move_by(Vec2::new(0.0, -0.05), &world);
    let left_edge = moved.position.x - body.half_extents.x;
    let wall = -15.74137 + 13.0 * 0.3;
    let rounding = 1e-5;
    assert!(
        left_edge >= to.x + half.x - rounding
            && moved.position.x + body.half_extents.x <= wall + rounding,
        "ended at {} (pusher's right side {}, wall {wall}): {moved:?}",
        moved.position,
        to.x + half.x
    );
}
