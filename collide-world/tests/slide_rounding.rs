//! `move_and_slide` where the rounding of positions is as large as the skin or larger: a skin
//! of zero (or below), bodies far from the origin, and bodies a game placed closer to a surface
//! than the skin. The body never ends inside an obstacle it started outside of; an independent
//! loop over every solid cell checks it, on tile maps and on static bodies alike.

mod common;

use collide_core::{Hull, Layers, Pose, Rot};
use collide_testkit::SplitMix64;
use collide_world::{move_and_slide, SlideSettings, StaticBodies, TileMap};
use common::tiles::{any_mover, far_map, inside_a_cell, solid_cells};
use glam::Vec2;

/// The solid cells of `map` as static bodies.
fn as_bodies(map: &TileMap) -> StaticBodies {
    let mut bodies = StaticBodies::new();
    for c in solid_cells(map) {
        let at = Pose::from_position(map.cell_center(c.x, c.y));
        bodies.add(map.cell_rect(), at, Layers::ALL).unwrap();
    }
    bodies.refresh();
    bodies
}

/// A hull of nine points, and the turn it moves at, from the case below.
fn slanted_hull() -> (Hull, Rot) {
    let points = [
        (-1.481_272_3, 0.591_653_8),
        (-1.388_296_1, -1.998_519_2),
        (0.680_33, -1.642_445_9),
        (1.205_179_7, -1.551_727_4),
        (1.371_261_7, -1.517_872_3),
        (1.860_189_7, -0.119_477_78),
        (1.772_940_4, 1.125_415_9),
        (-0.320_351_63, 1.213_389_2),
        (-1.334_362_4, 0.914_702_06),
    ];
    let hull = Hull::new(&points.map(|(x, y)| Vec2::new(x, y))).unwrap();
    let turn = Rot::try_from_direction(Vec2::new(0.621_823_85, 0.783_157_1)).unwrap();
    (hull, turn)
}

/// With no skin, a turned hull that stops at one cell's corner and then at another's used to
/// end a rounding step inside the second (by 2.4e-7): a skin of zero is kept at a few ulps of
/// the body's coordinates, which rounding cannot cross.
#[test]
fn a_skin_of_zero_still_never_ends_inside() {
    let (hull, turn) = slanted_hull();
    let origin = Vec2::new(-0.051_243_782, -0.012_379_408);
    let solid = |x, y| u8::from([(8, 17), (7, 13)].contains(&(x, y)));
    let map = TileMap::from_fn(29, 32, Vec2::ONE, origin, solid).unwrap();
    let start = Vec2::new(5.987_461, 16.410_675);
    let travel = Vec2::new(200.942_95, 125.671_73);
    for skin in [0.0, -0.057_574_51, 5.877_472e-39, f32::NAN] {
        let settings = SlideSettings::new(Vec2::Y).with_skin(skin);
        let step = move_and_slide(&hull, turn, start, travel, &map, &settings);
        let end = Pose::new(step.position, turn);
        assert!(
            !inside_a_cell(&map, (&hull).into(), &end),
            "skin {skin}: {step:?}"
        );
        assert!(
            !step.contacts().is_empty(),
            "it stopped at the cells: {step:?}"
        );
    }
}

/// 8 746 units out (an ulp is 1/1 024 there), a small hull placed 1e-4 under a ceiling's
/// corner slides right along the ceiling's slant into a wall: the short step to the wall moves
/// it 2e-4 down on paper, which rounds to nothing, and it used to end 1.2e-4 inside the
/// ceiling. Where it ends is checked when its path passed that close to a cell it did not stop
/// at, and it is pushed out.
#[test]
fn a_step_that_rounds_into_a_surface_is_pushed_back_out() {
    let points = [
        (-0.161_768_03, 0.133_367_6),
        (-0.157_996_21, -0.044_464_24),
        (0.070_419_595, -0.283_355_53),
        (0.331_758_17, -0.359_575_42),
        (0.195_844_49, 0.126_111_76),
        (-0.093_595_65, 0.299_377_65),
    ];
    let hull = Hull::new(&points.map(|(x, y)| Vec2::new(x, y))).unwrap();
    let turn = Rot::try_from_direction(Vec2::new(-0.693_486_2, -0.720_469_9)).unwrap();
    let solid = |x, y| u8::from([(9, 2), (11, 0)].contains(&(x, y)));
    let origin = Vec2::new(-2642.418, 8745.84);
    let map = TileMap::from_fn(25, 6, Vec2::splat(0.25), origin, solid).unwrap();
    let start = Vec2::new(-2_640.023_2, 8_746.194);
    assert!(!inside_a_cell(
        &map,
        (&hull).into(),
        &Pose::new(start, turn)
    ));
    let travel = Vec2::new(396.835_97, 158.552_64);
    let settings = SlideSettings::new(Vec2::Y);
    for step in [
        move_and_slide(&hull, turn, start, travel, &map, &settings),
        move_and_slide(&hull, turn, start, travel, &as_bodies(&map), &settings),
    ] {
        let end = Pose::new(step.position, turn);
        assert!(!inside_a_cell(&map, (&hull).into(), &end), "{step:?}");
        assert!(step.on_wall && step.on_ceiling, "{step:?}");
    }
}

/// Seeded small maps a quarter to a thousand units a cell, up to a million units from the
/// origin (an ulp there is 1/16), with bodies of every shape, turned or not, moving up to
/// 10 000 units from anywhere outside the cells, with the default skin, none, or one below
/// zero: never inside a cell at the end, on the map or on its cells as static bodies.
#[test]
fn never_ends_inside_at_any_scale_or_skin() {
    let mut rng = SplitMix64::new(0x5C41E);
    let mut checked = 0;
    for _ in 0..20_000 {
        let map = far_map(&mut rng, &[0.25, 1.0, 16.0, 1000.0]);
        let cell = map.cell_size().x;
        let size = cell * rng.range(0.1, 3.0);
        let (shape, turn, start, travel) = any_mover(&mut rng, &map, size);
        let skin = [collide_core::DEFAULT_SKIN, 0.0, -0.05][rng.index(3)];
        let settings = SlideSettings::new(Vec2::Y).with_skin(skin);
        let body = shape.as_shape_ref();
        if inside_a_cell(&map, body, &Pose::new(start, turn)) {
            continue;
        }
        checked += 1;
        let on_map = move_and_slide(body, turn, start, travel, &map, &settings);
        let on_bodies = move_and_slide(body, turn, start, travel, &as_bodies(&map), &settings);
        for (what, step) in [("map", on_map), ("bodies", on_bodies)] {
            let end = Pose::new(step.position, turn);
            assert!(
                !inside_a_cell(&map, body, &end),
                "{what}: {shape:?} turned {turn:?} from {start:?} by {travel:?}, skin {skin}, \
                 cells {cell} from {:?}: {step:?}",
                map.origin()
            );
        }
    }
    assert!(checked > 6_000, "only {checked} bodies started outside");
}
