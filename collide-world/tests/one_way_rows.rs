//! A row of one-way pieces (tile cells, or static bodies side by side) is one platform to a
//! character passing through it: partly inside one piece, it never lands on the corner of the
//! next, whatever its shape, where it drops through, and after a jump that ends inside the row.
//! (Round and hexagonal characters used to stand inside such a row for good.)

use collide_core::{Circle, Hull, Layers, Motion, Pose, Rect, Rot, Shape};
use collide_world::{Character, CharacterSettings, Obstacles, StaticBodies, TileMap};
use glam::Vec2;

/// The floor's top (the row of `#` cells) and the one-way row's top, y up.
const FLOOR_TOP: f32 = 16.0;
const ROW_TOP: f32 = 64.0;

/// A floor, and a one-way row of five cells (x 16 to 96, y 48 to 64) above it.
fn tile_row() -> TileMap {
    let rows = ["........", ".=====..", "........", "........", "########"];
    TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap()
}

/// The same row as five one-way static bodies side by side (and a solid floor body).
fn body_row() -> StaticBodies {
    let mut bodies = StaticBodies::new();
    let floor = Rect {
        half_extents: Vec2::new(64.0, 8.0),
    };
    bodies
        .add(
            floor,
            Pose::from_position(Vec2::new(64.0, 8.0)),
            Layers::ALL,
        )
        .unwrap();
    for i in 0..5 {
        let cell = Rect {
            half_extents: Vec2::splat(8.0),
        };
        let at = Pose::from_position(Vec2::new(24.0 + 16.0 * i as f32, 56.0));
        let h = bodies.add(cell, at, Layers::ALL).unwrap();
        assert!(bodies.set_one_way(h, Some(Vec2::Y)));
    }
    bodies.refresh();
    bodies
}

fn movers() -> [(&'static str, Shape, Rot); 4] {
    let hexagon = Shape::from(Hull::regular(6, 8.0).unwrap());
    [
        ("circle", Circle { radius: 7.0 }.into(), Rot::IDENTITY),
        ("flat hexagon", hexagon, Rot::IDENTITY),
        (
            "pointy hexagon",
            hexagon,
            Rot::from_angle(core::f32::consts::FRAC_PI_6),
        ),
        (
            "box",
            Rect {
                half_extents: Vec2::new(5.0, 7.0),
            }
            .into(),
            Rot::IDENTITY,
        ),
    ]
}

fn character(shape: &Shape, rotation: Rot, at: Vec2) -> Character {
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(9.0)
        .with_max_step_height(9.0);
    let mut c = Character::new(*shape, at, settings).unwrap();
    c.set_rotation(rotation);
    c
}

/// The character's lowest point.
fn bottom(c: &Character) -> f32 {
    c.shape()
        .aabb(&Pose::new(c.position(), c.rotation()))
        .min()
        .y
}

/// Falls `frames` frames under gravity of 0.5 a frame from `velocity`; the first by
/// `move_dropping_through` when `drop`.
fn fall<O: Obstacles>(c: &mut Character, world: &O, mut velocity: Vec2, frames: usize, drop: bool) {
    for frame in 0..frames {
        velocity.y -= 0.5;
        if drop && frame == 0 {
            c.move_dropping_through(velocity, world);
        } else {
            c.move_by(velocity, world);
        }
        velocity = c.clip_velocity(velocity);
    }
}

/// Stands each mover on the row at x = 20 to 92 (an eighth of a unit apart), drops through,
/// and checks that it lands on the floor below.
fn drops_through_everywhere<O: Obstacles>(world: &O, what: &str) {
    for (name, shape, rotation) in movers() {
        let mut failed = Vec::new();
        for i in 0..=576 {
            let x = 20.0 + i as f32 * 0.125;
            let mut c = character(&shape, rotation, Vec2::new(x, 75.0));
            fall(&mut c, world, Vec2::ZERO, 20, false);
            assert!(c.on_floor(), "{what}, {name} at x {x}: stands on the row");
            assert!(
                (bottom(&c) - ROW_TOP).abs() < 0.05,
                "{what}, {name} at x {x}"
            );
            fall(&mut c, world, Vec2::ZERO, 40, true);
            if (bottom(&c) - FLOOR_TOP).abs() > 0.05 || !c.on_floor() {
                failed.push((x, c.position()));
            }
        }
        assert!(failed.is_empty(), "{what}, {name}: stuck at {failed:?}");
    }
}

#[test]
fn dropping_through_a_row_of_one_way_cells_lands_on_the_floor() {
    drops_through_everywhere(&tile_row(), "tiles");
}

#[test]
fn dropping_through_a_row_of_one_way_bodies_lands_on_the_floor() {
    drops_through_everywhere(&body_row(), "bodies");
}

/// The newcomer's case: a circle of radius 7 at x = 42, partly inside the second cell after
/// the drop, met the third cell's corner and stood there, 3.6 units inside the row.
#[test]
fn a_circle_dropping_beside_a_cell_seam_does_not_stand_on_the_next_corner() {
    let map = tile_row();
    let mut c = character(
        &Circle { radius: 7.0 }.into(),
        Rot::IDENTITY,
        Vec2::new(42.0, 75.0),
    );
    fall(&mut c, &map, Vec2::ZERO, 20, false);
    fall(&mut c, &map, Vec2::ZERO, 40, true);
    assert!((bottom(&c) - FLOOR_TOP).abs() < 0.05, "{}", c.position());
}

/// Jumps from the floor whose tops end inside the row: the mover falls back through it to the
/// floor, or (a jump that cleared it) lands on its top; never between.
#[test]
fn a_jump_that_ends_inside_the_row_falls_back_through_it() {
    let map = tile_row();
    for (name, shape, rotation) in movers() {
        for i in 0..64 {
            let x = 24.0 + i as f32;
            for jump in [5.8_f32, 6.1, 6.4, 6.7, 7.0, 7.3] {
                let mut c = character(&shape, rotation, Vec2::new(x, 30.0));
                fall(&mut c, &map, Vec2::ZERO, 20, false);
                fall(&mut c, &map, Vec2::new(0.0, jump), 80, false);
                let b = bottom(&c);
                let landed = (b - FLOOR_TOP).abs() < 0.05 || (b - ROW_TOP).abs() < 0.05;
                assert!(
                    landed,
                    "{name} at x {x}, jump {jump}: ends at {}",
                    c.position()
                );
            }
        }
    }
}

/// A shape cast through the map ([`TileMap::time_of_impact`]) keeps the same rule: a circle
/// partly inside the second cell, cast down past the third's corner, meets the floor.
#[test]
fn a_cast_from_inside_the_row_passes_the_next_cells_corner() {
    let map = tile_row();
    let circle = Circle { radius: 7.0 };
    for x in [26.0_f32, 42.0, 45.0, 58.0, 74.0, 90.0] {
        // Its bottom 3 units inside the row, its side reaching past a seam.
        let from = Vec2::new(x, ROW_TOP - 3.0 + 7.0);
        let motion = Motion::linear(from, Vec2::new(x, 0.0));
        let hit = map.time_of_impact(circle, &motion).expect("the floor");
        let at = motion.position_at(hit.impact.t);
        assert!((at.y - 7.0 - FLOOR_TOP).abs() < 1e-3, "x {x}: {at}");
        assert_eq!(hit.impact.normal, Vec2::NEG_Y, "x {x}");
    }
    // From above the row, the same cast lands on its top.
    let motion = Motion::linear(Vec2::new(42.0, 80.0), Vec2::new(42.0, 0.0));
    let hit = map.time_of_impact(circle, &motion).expect("the row's top");
    assert!((motion.position_at(hit.impact.t).y - 7.0 - ROW_TOP).abs() < 1e-3);
}

/// Where a slope meets a one-way row at the same height, a walk at constant speed goes on: up
/// `/` onto `===`, down `===` onto `\`, and back, for every mover. (A circle and a pointed
/// hexagon used to stop at the slope's crest for good: the corner there was given the
/// platform top's normal, square to the walk.)
#[test]
fn a_walk_goes_on_where_a_slope_meets_a_one_way_row() {
    let maps = [
        (["......", "../===", "######"], 10.0_f32, 1.0_f32),
        (["......", "===\\..", "######"], 8.0, 1.0),
        (["......", "../===", "######"], 88.0, -1.0),
        (["......", "===\\..", "######"], 86.0, -1.0),
        (["......", ".ab===", "######"], 8.0, 1.0),
        (["......", "===cd.", "######"], 8.0, 1.0),
    ];
    for (rows, x, dir) in maps {
        let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
        for (name, shape, rotation) in movers() {
            let settings = CharacterSettings::new(Vec2::Y)
                .with_snap_length(9.0)
                .with_max_step_height(9.0)
                .with_constant_speed_on_slopes(true);
            let mut c = Character::new(shape, Vec2::new(x, 60.0), settings).unwrap();
            c.set_rotation(rotation);
            let mut v = Vec2::ZERO;
            for _ in 0..30 {
                v.y -= 0.5;
                c.move_by(v, &map);
                v = c.clip_velocity(v);
            }
            let start = c.position().x;
            for _ in 0..70 {
                v = Vec2::new(dir, v.y - 0.5);
                c.move_by(v, &map);
                v = c.clip_velocity(v);
            }
            let walked = (c.position().x - start) * dir;
            assert!(
                walked > 60.0,
                "{rows:?} {name}: walked {walked} to {}",
                c.position()
            );
        }
    }
}

/// The tester's case: platforms stacked a cell apart. A character walking on the lower row
/// went under the upper cell with its head inside it, and fell through the row it stood on:
/// the upper one-way cell covered the lower one's top, as a row's cells cover each other's
/// sides. A platform covers no top under it; the character walks on.
#[test]
fn a_character_walks_on_under_a_platform_stacked_above() {
    let rows = ["....", ".=..", "===.", "....", "####"];
    let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(14.076316)
        .with_max_step_height(9.0)
        .with_constant_speed_on_slopes(true);
    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let mut c = Character::new(body, Vec2::new(6.0, 55.01), settings).unwrap();
    let mut v = Vec2::ZERO;
    for _ in 0..11 {
        v = Vec2::new(2.0, v.y - 0.5);
        let moved = c.move_by(v, &map);
        assert!(moved.on_floor, "{moved:?}");
        v = c.clip_velocity(v);
    }
    // On the lower row's top (y = 48), a skin above it.
    assert!((c.position().y - 55.01).abs() < 1e-3, "{:?}", c.position());
    // A segment from inside the upper cell down meets the lower one's top.
    let hit = map
        .cast_segment(Vec2::new(24.0, 60.0), Vec2::new(24.0, 40.0))
        .expect("the lower platform");
    assert_eq!((hit.impact.point.y, hit.impact.normal), (48.0, Vec2::NEG_Y));
}
