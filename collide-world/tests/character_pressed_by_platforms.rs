//! A character pressed by a moving platform against the floor, or turned into by one, is
//! pushed out without passing through the floor on the way, and never ends inside the
//! platform deeper than its skin unless the move says the platform crushed it. A tester's
//! cases, exact: a circle platform pressing a box onto a tile (the push out of the circle went
//! into the floor and back, four rounds, and ended deeper in the circle than it began), a
//! square platform pushing a small turned box along a floor (a round's end 1.4 skins inside
//! the floor, in the path), and a plank turned in place into a hexagon on the floor (a round's
//! end 1.29 inside the floor, in the path).

use collide_core::{contact, Circle, Hull, Layers, Pose, Rect, Rot, Shape};
use collide_world::{
    Character, CharacterMove, CharacterSettings, StaticHandle, StaticWorld, TileMap,
};
use core::f32::consts::FRAC_PI_4;
use glam::Vec2;

/// A skin at these coordinates (0.01), and a little for rounding.
const SKIN: f32 = 0.0101;

/// How deep `shape` (unturned) at `at` is in the platform `id` of `world`.
fn depth_in_platform(world: &StaticWorld, id: StaticHandle, shape: &Shape, at: Vec2) -> f32 {
    let o = world.bodies.get(id).unwrap();
    let rotation = Rot::IDENTITY;
    contact(shape, &Pose::new(at, rotation), o.shape, &o.pose).map_or(0.0, |c| c.depth)
}

/// The deepest that `shape` turned by `rotation` goes into `world`'s tiles along `m`'s path
/// (64 steps a leg).
fn deepest_in_tiles(world: &StaticWorld, shape: &Shape, rotation: Rot, m: &CharacterMove) -> f32 {
    let mut deepest = 0.0_f32;
    for leg in m.path().windows(2) {
        for i in 0..=64 {
            let at = leg[0].lerp(leg[1], i as f32 / 64.0);
            world
                .tiles
                .contacts(shape, &Pose::new(at, rotation), |_, c| {
                    deepest = deepest.max(c.depth);
                });
        }
    }
    deepest
}

/// A world of `tiles` and one platform of `shape` at `pose`, moved to `to` (turned by
/// `angle`) over the frame.
fn world_with_platform(
    tiles: TileMap,
    shape: Shape,
    pose: Pose,
    to: (Vec2, f32),
) -> (StaticWorld, StaticHandle) {
    let mut world = StaticWorld::new(tiles);
    let id = world.bodies.add(shape, pose, Layers::ALL).unwrap();
    world.bodies.refresh();
    let moved = Pose::new(to.0, Rot::from_angle(to.1));
    assert!(world.bodies.move_body(id, moved, to.0 - pose.position));
    (world, id)
}

/// A character of `shape` turned by `rotation`, at `start`, falling by `fall` through
/// `world`: its path never goes into the tiles.
fn falls_out_of_the_floor(
    world: &StaticWorld,
    (shape, rotation): (Shape, Rot),
    start: Vec2,
    settings: CharacterSettings,
    fall: f32,
) {
    let mut c = Character::new(shape, start, settings).unwrap();
    c.set_rotation(rotation);
    let m = *c.move_by(Vec2::new(0.0, fall), world);
    let floor = deepest_in_tiles(world, &shape, rotation, &m);
    assert!(floor < 1e-3, "{floor} into the floor: {m:?}");
}

#[test]
fn a_circle_pressing_a_box_onto_a_tile_leaves_it_within_its_skin() {
    let mut tall = vec!["................"; 12];
    tall[11] = "............#...";
    let cases = [
        // The tester's box: 0.0076 inside when the circle has moved, 0.0120 at the end.
        (
            (
                vec!["#"],
                Vec2::new(0.7212236, 0.75120044),
                Vec2::new(-57.68628, 33.256966),
            ),
            (
                0.67483664,
                Vec2::new(-57.830883, 35.119106),
                Vec2::new(-57.82826, 35.111485),
            ),
            (
                Vec2::new(0.13789614, 0.22618616),
                Vec2::new(-57.53691, 34.23596),
            ),
            -0.028392106,
        ),
        // The same at another scale: 0.0088 inside, 0.0132 at the end.
        (
            (
                tall,
                Vec2::splat(0.6404902),
                Vec2::new(182.27805, -15.497081),
            ),
            (
                0.77213037,
                Vec2::new(189.89471, -13.689045),
                Vec2::new(189.8957, -13.692528),
            ),
            (
                Vec2::new(0.12569292, 0.20649111),
                Vec2::new(190.17242, -14.647255),
            ),
            -0.0071556987,
        ),
    ];
    for ((rows, cell, origin), (radius, from, to), (half, start), fall) in cases {
        let tiles = TileMap::from_rows(&rows, cell, origin).unwrap();
        let circle = Shape::Circle(Circle { radius });
        let (world, id) = world_with_platform(tiles, circle, Pose::from_position(from), (to, 0.0));
        let shape = Shape::Rect(Rect { half_extents: half });
        let settings = CharacterSettings::new(Vec2::Y).with_snap_length(0.3);
        let mut c = Character::new(shape, start, settings).unwrap();
        let m = *c.move_by(Vec2::new(0.0, fall), &world);
        let depth = depth_in_platform(&world, id, &shape, m.position);
        assert!(
            depth <= SKIN || m.crushed == Some(id.id()),
            "{depth} deep: {m:?}"
        );
        let floor = deepest_in_tiles(&world, &shape, Rot::IDENTITY, &m);
        assert!(floor < 1e-3, "{floor} into the floor: {m:?}");
    }
}

#[test]
fn a_square_platform_pushing_a_box_along_the_floor_keeps_its_path_out_of_the_floor() {
    let rows = ["..................#........."];
    let tiles = TileMap::from_rows(
        &rows,
        Vec2::splat(0.17582592),
        Vec2::new(-27.60862, -62.417038),
    )
    .unwrap();
    let square = Shape::Hull(Hull::regular(4, 0.25889564).unwrap());
    let at = Pose::new(Vec2::new(-24.557388, -61.93646), Rot::from_angle(FRAC_PI_4));
    let to = (Vec2::new(-24.555784, -61.94984), FRAC_PI_4);
    let (world, _) = world_with_platform(tiles, square, at, to);
    let shape = Shape::Hull(Hull::from_half_extents(Vec2::new(0.059098616, 0.05173346)).unwrap());
    let rotation = Rot::from_angle(2.0103512);
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(0.08353303)
        .with_max_step_height(0.039303806);
    falls_out_of_the_floor(
        &world,
        (shape, rotation),
        Vec2::new(-24.32013, -62.16405),
        settings,
        -0.008336825,
    );
}

#[test]
fn a_plank_turned_into_a_hexagon_keeps_its_path_out_of_the_floor() {
    let tiles =
        TileMap::from_rows(&["#"], Vec2::splat(16.0), Vec2::new(-39.42189, -106.0216)).unwrap();
    let plank = Shape::Hull(Hull::from_half_extents(Vec2::new(21.530577, 3.795222)).unwrap());
    let at = Vec2::new(2.0136297, -80.713486);
    let pose = Pose::new(at, Rot::from_angle(2.9738607));
    let (world, _) = world_with_platform(tiles, plank, pose, (at, 3.0723982));
    let shape = Shape::Hull(Hull::regular(6, 5.313352).unwrap());
    let rotation = Rot::from_angle(1.487795);
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(5.7802258);
    falls_out_of_the_floor(
        &world,
        (shape, rotation),
        Vec2::new(-22.591387, -84.71654),
        settings,
        -0.17843628,
    );
}

/// A tester's turned box on the edge of a floor, pressed by a circle: with no way out, it was
/// left where it was least deep in anything, 0.0039 inside the floor; the floor, which stands
/// still, comes first.
#[test]
fn a_box_pressed_at_a_floor_edge_is_left_out_of_the_floor() {
    let mut rows = vec!["................"; 12];
    rows[11] = "...##...........";
    let origin = Vec2::new(-50.107925, -171.39003);
    let tiles = TileMap::from_rows(&rows, Vec2::splat(0.22458349), origin).unwrap();
    let circle = Shape::Circle(Circle { radius: 0.3138379 });
    let from = Pose::new(Vec2::new(-49.17461, -170.68132), Rot::from_angle(3.194127));
    let to = (Vec2::new(-49.178722, -170.70119), 3.194127);
    let (world, _) = world_with_platform(tiles, circle, from, to);
    let shape = Shape::Hull(Hull::from_half_extents(Vec2::new(0.08310759, 0.06936813)).unwrap());
    let rotation = Rot::from_angle(2.8013287);
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(0.06674673);
    falls_out_of_the_floor(
        &world,
        (shape, rotation),
        Vec2::new(-49.253094, -171.07056),
        settings,
        -0.0016239492,
    );
}
