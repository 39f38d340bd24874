//! A one-way cell is a surface only on the side it blocks from: its other faces take no part
//! in the face rule of the cells beside it. A box partly inside a one-way platform, sliding
//! into the thin tip of a ceiling slope that touches the platform's corner, took the tip for
//! the slope's underside (the platform's side and bottom counted as faces there) and slid
//! through the tip. Likewise a cell's top under a one-way cell is a face up to its ends.

use collide_core::{Motion, Pose, Rect, Rot};
use collide_world::{move_and_slide, Character, CharacterSettings, SlideSettings, TileMap};
use glam::Vec2;

/// The tester's case, at pixel scale and in metres (a sixteenth): the box's head is in the
/// one-way cell at the top right, its left side a skin from the tip of the `h` ceiling slope.
#[test]
fn a_box_in_a_platform_meets_a_ceiling_tip_beside_it_as_a_wall() {
    for k in [1.0f32, 16.0] {
        for rows in [
            ["..=", ".h.", "..c"],
            ["..=", ".h.", "..."],
            ["...", ".h.", "..c"],
        ] {
            let map = TileMap::from_rows(&rows, Vec2::splat(16.0 / k), Vec2::ZERO).unwrap();
            let body = Rect {
                half_extents: Vec2::new(5.0, 7.0) / k,
            };
            let (start, travel) = (
                Vec2::new(37.01, 26.59245) / k,
                Vec2::new(-8.417606, -1.0) / k,
            );
            let hit = map
                .time_of_impact(body, &Motion::linear(start, start + travel))
                .expect("the tip");
            assert_eq!(hit.impact.normal, Vec2::NEG_X, "{rows:?} at 1/{k}");
            let slide = SlideSettings::new(Vec2::Y).with_skin(0.01 / k);
            let settings = CharacterSettings::new(Vec2::Y).with_slide(slide);
            let moved = move_and_slide(body, Rot::IDENTITY, start, travel, &map, &slide);
            let mut character = Character::new(body, start, settings).unwrap();
            let walked = character.move_by(travel, &map);
            // Stopped at the tip (x = 32), not through it: the box's left side stays right of it.
            for end in [moved.position, walked.position] {
                assert!(end.x - 5.0 / k >= 32.0 / k, "{rows:?} at 1/{k}: {end:?}");
            }
        }
    }
}

/// The tester's second case: a capsule falling while partly inside a one-way cell, beside
/// the corner of a 45° ceiling slope, cut 1.3 deep through that corner. It moves as it does
/// with no platform there.
#[test]
fn a_capsule_in_a_platform_meets_a_ceiling_corner_as_without_it() {
    let capsule: Vec<Vec2> = (0..=6)
        .map(|i| (std::f32::consts::PI * i as f32 / 6.0, 3.0))
        .chain((0..=6).map(|i| (std::f32::consts::PI * (1.0 + i as f32 / 6.0), -3.0)))
        .map(|(a, y)| {
            Vec2::new(
                5.0 * collide_core::math::cos(a),
                y + 5.0 * collide_core::math::sin(a),
            )
        })
        .collect();
    let hull = collide_core::Hull::new(&capsule).unwrap();
    let slide = SlideSettings::new(Vec2::Y).with_max_floor_angle(0.87266463);
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(19.42524)
        .with_max_step_height(9.0)
        .with_constant_speed_on_slopes(true)
        .with_slide(slide);
    let ends = [
        ["....", ".=..", "..Q.", "...."],
        ["....", "....", "..Q.", "...."],
    ]
    .map(|rows| {
        let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::new(192.0, 64.0)).unwrap();
        let mut character = Character::new(hull, Vec2::new(215.39104, 97.69084), settings).unwrap();
        character
            .move_by(Vec2::new(10.4252405, -6.5), &map)
            .position
    });
    assert!(ends[0].distance(ends[1]) < 1e-3, "{ends:?}");
}

/// The tester's third case: a hexagon (on a point) falling past the thin tip of a ceiling
/// slope, with a one-way cell on top of the slope's cell, meets the tip with its upright side.
/// The slope's top under the platform counted as covered by it, so only the underside was a
/// face there: the hexagon slid down along it, through the tip. Under a platform, a cell's
/// top is a floor for what passes through the platform, up to its ends.
#[test]
fn a_hexagon_meets_a_ceiling_tip_under_a_platform_as_a_wall() {
    let hexagon = hexagon();
    let turned = Rot::from_angle(std::f32::consts::FRAC_PI_6);
    // The `e` cell's tip is its top-left corner, (16, 16).
    let map = TileMap::from_rows(&[".=.", ".e."], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let (start, travel) = (Vec2::new(8.4462, 20.43845), Vec2::new(11.214868, -8.5));
    let hit = map
        .time_of_impact(&hexagon, &Motion::new(start, start + travel, turned))
        .expect("the tip");
    assert!(hit.impact.normal.x > 0.999, "{hit:?}");
    let slide = SlideSettings::new(Vec2::Y).with_max_floor_angle(0.87266463);
    let moved = move_and_slide(&hexagon, turned, start, travel, &map, &slide);
    // Its upright right side (6.06 from its centre) stays left of the tip.
    assert!(moved.position.x + 6.062 <= 16.0 + 1e-3, "{moved:?}");
}

/// The tester's fourth case: a ball jumping up through a one-way cell, touching the side of
/// the 45° slope beside it (the slope's crest flush with the platform's top), went up and
/// right straight through the slope's crest: beside the platform the slope's side was a wall
/// only for whole cells, and for a shaped cell the crest was still a joint with the top.
#[test]
fn a_ball_jumping_through_a_platform_beside_a_slope_stays_out_of_it() {
    let map = TileMap::from_rows(
        &["....", ".=\\.", "...."],
        Vec2::splat(16.0),
        Vec2::new(-1917.0, 2051.0),
    )
    .unwrap();
    let ball = collide_core::Circle { radius: 6.0 };
    let slide = SlideSettings::new(Vec2::Y).with_max_floor_angle(std::f32::consts::FRAC_PI_4);
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(19.677223)
        .with_max_step_height(9.0)
        .with_constant_speed_on_slopes(true)
        .with_slide(slide);
    let (start, travel) = (
        Vec2::new(-1891.01, 2083.9905),
        Vec2::new(10.677222, 6.5005083),
    );
    let mut character = Character::new(ball, start, settings).unwrap();
    let path = character.move_by(travel, &map).path().to_vec();
    // The slope's cell: solid below its diagonal from (-1885, 2083) down to (-1869, 2067).
    let slope = collide_core::Hull::new(&[
        Vec2::new(-1885.0, 2067.0),
        Vec2::new(-1869.0, 2067.0),
        Vec2::new(-1885.0, 2083.0),
    ])
    .unwrap();
    let inner = collide_core::Circle { radius: 5.95 };
    for pair in path.windows(2) {
        for i in 0..=64 {
            let at = pair[0].lerp(pair[1], i as f32 / 64.0);
            let inside =
                collide_core::overlaps(inner, &Pose::from_position(at), &slope, &Pose::IDENTITY);
            assert!(!inside, "through the slope at {at:?}: {path:?}");
        }
    }
}

/// The tester's fifth case: a hexagon (on a point) jumping up through a one-way cell moves
/// left into the crest where a 22.5° slope meets the platform's top. The platform's top
/// counted among the faces at the crest, and the hit took its normal: a landing on the
/// platform, which a body inside it passes, so it went on through the slope's side. A one-way
/// cell the body starts inside is no face at all there.
#[test]
fn a_hexagon_inside_a_platform_meets_the_slope_crest_beside_it() {
    let hexagon = hexagon();
    let turned = Rot::from_angle(std::f32::consts::FRAC_PI_6);
    // The `b` cell: solid below its top from (176, 104) up to (192, 112); the platform beside.
    let map = TileMap::from_rows(
        &["....", ".b=.", "...."],
        Vec2::splat(16.0),
        Vec2::new(160.0, 80.0),
    )
    .unwrap();
    let slide = SlideSettings::new(Vec2::Y).with_max_floor_angle(0.87266463);
    let (start, travel) = (
        Vec2::new(198.07217, 115.809456),
        Vec2::new(-11.137137, 1.0886774),
    );
    let moved = move_and_slide(&hexagon, turned, start, travel, &map, &slide);
    let slope = collide_core::Hull::new(&[
        Vec2::new(176.0, 96.0),
        Vec2::new(192.0, 96.0),
        Vec2::new(192.0, 112.0),
        Vec2::new(176.0, 104.0),
    ])
    .unwrap();
    let inside = collide_core::overlaps(
        &hexagon,
        &Pose::new(moved.position, turned),
        &slope,
        &Pose::IDENTITY,
    );
    assert!(!inside && !moved.contacts().is_empty(), "{moved:?}");
}

/// A later tester's case: a turned box partly inside a one-way cell moves up into the bottom
/// corner of the half tile diagonally above it. The platform's top counted among the faces
/// at that corner and gave it the half tile's side's normal: the box slid 0.3 into the half
/// tile. It moves as it does with no platform there.
#[test]
fn a_turned_box_in_a_platform_meets_a_half_tile_corner_as_without_it() {
    let boxed = collide_core::Hull::from_half_extents(Vec2::new(5.0, 7.0)).unwrap();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(4.0)
        .with_max_step_height(4.0);
    let maps = [
        ["..._", "..=.", "....", "....", "....", "...."],
        ["..._", "....", "....", "....", "....", "...."],
    ];
    let paths = maps.map(|rows| {
        let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::new(-5000.0, 0.0)).unwrap();
        let mut character =
            Character::new(boxed, Vec2::new(-4957.705, 77.16613), settings).unwrap();
        character.set_rotation(Rot::from_angle(0.3));
        character
            .move_by(Vec2::new(3.0, 9.301985), &map)
            .path()
            .to_vec()
    });
    assert_eq!(paths[0], paths[1]);
}

/// The testers' regular hexagon of radius 7 (turned 30° in their runs, it stands on a point).
fn hexagon() -> collide_core::Hull {
    collide_core::Hull::new(&[
        Vec2::new(7.0, 0.0),
        Vec2::new(3.4999998, 6.062178),
        Vec2::new(-3.5000005, 6.0621777),
        Vec2::new(-7.0, -6.119594e-7),
        Vec2::new(-3.4999993, -6.062178),
        Vec2::new(3.5000024, -6.0621767),
    ])
    .unwrap()
}
