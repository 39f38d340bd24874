//! Movers that start exactly touching a face (spawns, pixel-snapped and teleported positions
//! start this way every time) and move into it stop a skin short of it: they never pass
//! through, never rest inside, and never stand stuck without a word.

use collide_core::{overlaps, Hull, Layers, Pose, Rect, Rot, ShapeRef, DEFAULT_SKIN};
use collide_world::{
    move_and_slide, Obstacle, Obstacles, Slide, SlideSettings, StaticBodies, TileMap,
};
use glam::Vec2;

/// Whether `shape` at `position` overlaps any of `obstacles`.
fn inside<O: Obstacles + ?Sized>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    position: Vec2,
    obstacles: &O,
) -> bool {
    let pose = Pose::new(position, rotation);
    let mut hit = false;
    obstacles.near(&shape.aabb(&pose), Layers::ALL, &mut |o| {
        hit |= overlaps(shape, &pose, o.shape, &o.pose);
    });
    hit
}

/// A box whose right face touches a tile's left face (x = 16), pushed right: it stays a skin
/// short of the face.
#[test]
fn a_box_touching_a_wall_and_pushed_into_it_stays_out() {
    let map = TileMap::from_rows(&["...", ".#.", "..."], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let player = Rect {
        half_extents: Vec2::new(8.0, 4.0),
    };
    let settings = SlideSettings::new(Vec2::Y);
    let moved = move_and_slide(
        player,
        Rot::IDENTITY,
        Vec2::new(8.0, 24.0),
        Vec2::new(40.0, 0.0),
        &map,
        &settings,
    );
    let right = moved.position.x + 8.0;
    assert!(
        (16.0 - 2.0 * DEFAULT_SKIN..16.0).contains(&right),
        "{moved:?}"
    );
    assert!(moved.on_wall, "{moved:?}");
    assert_eq!(moved.contacts()[0].normal, Vec2::X, "{moved:?}");
}

/// A box standing exactly on a floor of static bodies (top at y = 0), falling: it stays a
/// skin above the floor.
#[test]
fn a_box_standing_exactly_on_a_floor_does_not_fall_through() {
    let mut floor = StaticBodies::new();
    let tile = Rect {
        half_extents: Vec2::splat(8.0),
    };
    for i in 0..6 {
        let at = Pose::from_position(Vec2::new(16.0 * i as f32 + 8.0, -8.0));
        floor.add(tile, at, Layers::ALL).unwrap();
    }
    floor.refresh();
    let player = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let settings = SlideSettings::new(Vec2::Y);
    let moved = move_and_slide(
        player,
        Rot::IDENTITY,
        Vec2::new(20.0, 7.0),
        Vec2::new(0.0, -40.0),
        &floor,
        &settings,
    );
    let bottom = moved.position.y - 7.0;
    assert!(bottom > 0.0 && bottom <= 2.0 * DEFAULT_SKIN, "{moved:?}");
    assert!(moved.on_floor, "{moved:?}");
}

/// A turned box hull falling into a pit of a jagged map: it either moves, or says what it
/// stopped at.
#[test]
#[allow(clippy::excessive_precision)] // the case as it was found
fn a_turned_hull_falling_moves_or_reports_its_contact() {
    let rows = [
        "#.##.##.##...###.",
        "#.##.###.####.##.",
        "#.#.#.#.###.#####",
    ];
    let map = TileMap::from_rows(&rows, Vec2::splat(18.516756), Vec2::ZERO).unwrap();
    let hull = Hull::from_half_extents(Vec2::new(3.12, 2.37)).unwrap();
    let rotation = Rot::from_angle(0.5267618);
    let start = Vec2::new(230.16805, 40.649456);
    let settings = SlideSettings::new(Vec2::Y);
    let moved = move_and_slide(
        &hull,
        rotation,
        start,
        Vec2::new(0.0, -1000.0),
        &map,
        &settings,
    );
    assert!(!moved.invalid_input, "{moved:?}");
    assert!(
        moved.position != start || !moved.contacts().is_empty(),
        "stuck with no contact: {moved:?}"
    );
    assert!(
        !inside((&hull).into(), rotation, moved.position, &map),
        "{moved:?}"
    );
    // It starts a hair inside the top of the solid cell (12, 1) under it: pushed out, it
    // stands on that cell a skin above its top.
    let top = 2.0 * 18.516756;
    let bottom = moved.position.y - hull_reach_down(&hull, rotation);
    assert!(
        bottom > top && bottom < top + 2.0 * DEFAULT_SKIN,
        "{moved:?}"
    );
    assert!(moved.on_floor, "{moved:?}");
    assert!(
        moved.contacts().iter().all(|c| c.normal.y < -0.99),
        "{moved:?}"
    );
}

/// How far a hull turned by `rotation` reaches below its centre.
fn hull_reach_down(hull: &Hull, rotation: Rot) -> f32 {
    hull.vertices()
        .iter()
        .map(|v| -rotation.apply(*v).y)
        .fold(f32::NEG_INFINITY, f32::max)
}

/// A regular hexagon on a flat floor of 16-unit tiles, walking right and pulled down: it
/// walks its whole horizontal travel every frame.
#[test]
#[allow(clippy::excessive_precision)] // the case as it was found
fn a_hexagon_walks_on_a_flat_floor() {
    let map = TileMap::from_fn(60, 2, Vec2::splat(16.0), Vec2::ZERO, |_, y| {
        u8::from(y == 0)
    })
    .unwrap();
    let hexagon = Hull::regular(6, 8.059573).unwrap();
    let settings = SlideSettings::new(Vec2::Y);
    let travel = Vec2::new(6.3837132, -0.8);
    // As found, and nearer the origin, where a gap of a hundred-thousandth is beyond an ulp of
    // the position but within the rounding the sweep allows for.
    for start in [Vec2::new(300.81223, 22.97981), Vec2::new(40.5, 22.979806)] {
        walk_frames(&hexagon, start, travel, &map, &settings);
    }
}

/// Walks `hull` from `at` by `travel` for 20 frames, each of which must walk its whole
/// horizontal travel and end outside the map's cells.
fn walk_frames(hull: &Hull, mut at: Vec2, travel: Vec2, map: &TileMap, settings: &SlideSettings) {
    for frame in 0..20 {
        let moved = move_and_slide(hull, Rot::IDENTITY, at, travel, map, settings);
        let walked = moved.position.x - at.x;
        assert!(
            (walked - travel.x).abs() < 1e-3,
            "frame {frame} from {at}: walked {walked}, {moved:?}"
        );
        assert!(
            !inside(hull.into(), Rot::IDENTITY, moved.position, map),
            "{moved:?}"
        );
        at = moved.position;
    }
}

/// An infinite skin is no gap a body can keep: it counts as the default.
#[test]
fn an_infinite_skin_counts_as_the_default() {
    let map = TileMap::from_rows(&["...", ".#.", "..."], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let player = Rect {
        half_extents: Vec2::new(4.0, 4.0),
    };
    for skin in [f32::INFINITY, f32::NEG_INFINITY] {
        let settings = SlideSettings::new(Vec2::Y).with_skin(skin);
        let default = SlideSettings::new(Vec2::Y);
        let go = |s: &SlideSettings| -> Slide {
            move_and_slide(
                player,
                Rot::IDENTITY,
                Vec2::new(4.0, 24.0),
                Vec2::new(40.0, 0.0),
                &map,
                s,
            )
        };
        let (moved, expected) = (go(&settings), go(&default));
        assert!(moved.position.is_finite(), "{skin}: {moved:?}");
        assert_eq!(moved.position, expected.position, "{skin}: {moved:?}");
        assert!(moved.on_wall, "{skin}: {moved:?}");
    }
}

/// A NaN floor angle counts as the default, set directly or through the builder.
#[test]
fn a_nan_floor_angle_counts_as_the_default() {
    let map = TileMap::from_rows(&["...", "###"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let player = Rect {
        half_extents: Vec2::new(4.0, 4.0),
    };
    let mut direct = SlideSettings::new(Vec2::Y);
    direct.max_floor_angle = f32::NAN;
    let built = SlideSettings::new(Vec2::Y).with_max_floor_angle(f32::NAN);
    for settings in [direct, built] {
        let moved = move_and_slide(
            player,
            Rot::IDENTITY,
            Vec2::new(24.0, 24.0),
            Vec2::new(3.0, -10.0),
            &map,
            &settings,
        );
        // On the floor or a hair above it: never at a wall, nor under a ceiling.
        assert!(!moved.on_wall && !moved.on_ceiling, "{moved:?}");
        assert!(moved.position.y > 20.0, "{moved:?}");
    }
}

/// The turn that puts face `face` of `hull` straight down.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn standing_on(hull: &Hull, face: usize) -> Rot {
    Rot::from_angle(Vec2::NEG_Y.to_angle() - hull.normals()[face].to_angle())
}

/// Where `hull`, turned by `rotation`, stands exactly on a floor whose top is at `top`.
fn on_top(hull: &Hull, rotation: Rot, x: f32, top: f32) -> Vec2 {
    Vec2::new(x, top + hull_reach_down(hull, rotation))
}

/// A square standing exactly on a floor of tiles, walking fast: the gap to the tile under it
/// rounds a hair below zero, which the overlap test calls apart; that is touching, not a
/// tile it sank into, and the walk goes on over the seams.
#[test]
fn a_square_standing_exactly_on_tiles_walks_fast() {
    let hull = Hull::regular(4, 118.6882).unwrap();
    let rotation = standing_on(&hull, 2);
    let cell = 294.25317;
    let floor = TileMap::from_fn(58, 1, Vec2::splat(cell), Vec2::ZERO, |_, _| 1).unwrap();
    let at = on_top(&hull, rotation, 4.0 * cell, cell);
    let travel = Vec2::new(4894.378, -0.6653);
    walk_frames_of(&hull, rotation, at, travel, &floor, 3);
}

/// A triangle standing on one body a rounding inside it (its box, rounded on its own, does
/// not reach the body): it is pushed out and walks.
#[test]
fn a_triangle_standing_a_rounding_inside_a_floor_walks() {
    let hull = Hull::regular(3, 1.6694888).unwrap();
    let rotation = standing_on(&hull, 2);
    let cell = 5.0498204;
    let half = Vec2::new(9.0, 1.0) * 0.5 * cell;
    let floor = [collide_world::Obstacle::new(
        0,
        Rect { half_extents: half },
        Pose::from_position(half),
    )];
    let at = on_top(&hull, rotation, 4.0 * cell, cell);
    assert!(overlaps(
        &hull,
        &Pose::new(at, rotation),
        floor[0].shape,
        &floor[0].pose
    ));
    walk_frames_of(&hull, rotation, at, Vec2::new(1.0, -0.02), &floor[..], 3);
}

/// A turned box hull whose lowest vertex glides an ulp over a floor of tiles, right over a
/// seam: one of its faces closes on the corner behind the tile's top, within rounding, but the
/// tile's top separates them all along, and the walk goes on.
#[test]
#[allow(clippy::excessive_precision)] // the case as it was found
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn a_turned_box_gliding_an_ulp_over_a_seam_walks() {
    let hull = Hull::from_half_extents(Vec2::new(0.11607738, 0.03334835)).unwrap();
    let rotation = Rot::from_angle(Vec2::new(-0.27375296, -0.96180004).to_angle());
    let floor = TileMap::from_fn(561, 1, Vec2::ONE, Vec2::ZERO, |_, _| 1).unwrap();
    let mut at = on_top(&hull, rotation, 557.0, 1.0);
    at.y = f32::from_bits(at.y.to_bits() + 1); // an ulp above (y is above zero)
    let travel = Vec2::new(-184.17236, -0.02);
    walk_frames_of(&hull, rotation, at, travel, &floor, 3);
}

/// Walks `hull` turned by `rotation` from `at` by `travel` for `frames` frames, each of which
/// must walk its whole horizontal travel, touching nothing but the floor, and end outside
/// every obstacle.
fn walk_frames_of<O: Obstacles + ?Sized>(
    hull: &Hull,
    rotation: Rot,
    mut at: Vec2,
    travel: Vec2,
    floor: &O,
    frames: usize,
) {
    let settings = SlideSettings::new(Vec2::Y);
    for frame in 0..frames {
        let moved = move_and_slide(hull, rotation, at, travel, floor, &settings);
        let walked = moved.position.x - at.x;
        assert!(
            (walked - travel.x).abs() <= 1e-5 * (at.x.abs() + travel.x.abs()),
            "frame {frame} from {at}: walked {walked}, {moved:?}"
        );
        // On the floor or a hair above it: never at a wall, nor under a ceiling.
        assert!(!moved.on_wall && !moved.on_ceiling, "{moved:?}");
        assert!(
            !inside(hull.into(), rotation, moved.position, floor),
            "{moved:?}"
        );
        at = moved.position;
    }
}

/// A triangle standing on a floor, walking far each frame while pulled down by a hair less
/// than the skin: once it rests within the skin, the hair into the floor (a sliver of the
/// travel, which clipping lets through as rounding) goes with the stop, or every slide
/// stopped at the floor again and the walk stood still.
#[test]
#[allow(clippy::excessive_precision)] // the case as it was found
fn a_triangle_walking_far_pulled_by_a_hair_walks() {
    let hull = Hull::regular(3, 0.36262017).unwrap();
    let rotation = standing_on(&hull, 0);
    let cell = 1.7046996;
    let travel = Vec2::new(340.93994, -0.0033466406);
    let length = (3.0 * travel.x / cell).ceil() + 8.0;
    let half = Vec2::new(length, 1.0) * 0.5 * cell;
    let floor = [collide_world::Obstacle::new(
        0,
        Rect { half_extents: half },
        Pose::from_position(half),
    )];
    let at = on_top(&hull, rotation, 4.0 * cell, cell);
    walk_frames_of(&hull, rotation, at, travel, &floor[..], 3);
}

/// A slope at exactly the floor angle is a floor, whichever way its normal rounds: a 45°
/// tile slope under the default 45°, met by a circle whose normal rounds a hair steeper.
#[test]
fn a_surface_at_exactly_the_floor_angle_is_a_floor() {
    let settings = SlideSettings::new(Vec2::Y);
    for normal in [
        Vec2::new(0.707_106_95, -0.707_106_6),
        Vec2::new(-0.707_106_95, -0.707_106_6),
        Vec2::new(1.0, -1.0).normalize(),
    ] {
        assert_eq!(
            settings.surface(normal),
            collide_world::Surface::Floor,
            "{normal}"
        );
    }
    // A hair steeper than rounding is a wall.
    assert_eq!(
        settings.surface(Vec2::new(0.7072, -0.7070)),
        collide_world::Surface::Wall
    );
}

/// A box starting exactly on the seam-side of two floor rects, moving down and along, lands
/// as on one merged rect (it used to stay put with no contact).
#[test]
fn a_box_touching_two_floor_rects_moves_as_on_one() {
    let half = Rect {
        half_extents: Vec2::new(8.0, 4.0),
    };
    let two = [
        Obstacle::new(0, half, Pose::from_position(Vec2::new(72.0, 20.0))),
        Obstacle::new(1, half, Pose::from_position(Vec2::new(88.0, 20.0))),
    ];
    let merged = Rect {
        half_extents: Vec2::new(48.0, 4.0),
    };
    let one = [Obstacle::new(
        0,
        merged,
        Pose::from_position(Vec2::new(80.0, 20.0)),
    )];
    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let (at, by) = (Vec2::new(76.88293, 31.0), Vec2::new(4.507761, -10.164665));
    let settings = SlideSettings::new(Vec2::Y);
    let a = move_and_slide(body, Rot::IDENTITY, at, by, &two[..], &settings);
    let b = move_and_slide(body, Rot::IDENTITY, at, by, &one[..], &settings);
    assert!(a.on_floor && b.on_floor, "{a:?} {b:?}");
    assert!((a.position - b.position).length() < 1e-4, "{a:?} {b:?}");
    assert!((a.position.x - (at.x + by.x)).abs() < 1e-4);
}
