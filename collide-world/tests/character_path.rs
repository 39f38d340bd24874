//! A move's path runs where the character went: a snap that slid down along a ledge's corner
//! to the floor below records the corner it slid along, so that the path (straight from each
//! point to the next, what the sensors are found along) never cuts through the ledge; a step
//! records where its move across met a wall and turned; a carry stopped under a ceiling and
//! lifted clear of its platform records where it stopped.

use collide_core::{contact, Circle, Hull, Layers, Pose, Rect, Rot, Shape};
use collide_world::{Character, CharacterSettings, StaticWorld, TileMap};
use glam::Vec2;

/// A tester's room: a floor with its top at y = 16 and, on it, a half tile at x 64..80 up to
/// y = 24 (an 8-unit curb).
fn room() -> TileMap {
    TileMap::from_rows(
        &["##########", "#........#", "#..._....#", "##########"],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap()
}

/// The room's floor and curb, written out by hand: the oracle's level.
fn solids() -> [(Rect, Vec2); 2] {
    let floor = Rect {
        half_extents: Vec2::new(80.0, 8.0),
    };
    let curb = Rect {
        half_extents: Vec2::new(8.0, 4.0),
    };
    [(floor, Vec2::new(80.0, 8.0)), (curb, Vec2::new(72.0, 20.0))]
}

/// How deep `hull` turned by `rotation` at `at` is in the floor or the curb.
fn depth(hull: &Hull, rotation: Rot, at: Vec2) -> f32 {
    let pose = Pose::new(at, rotation);
    solids()
        .iter()
        .filter_map(|(rect, centre)| contact(hull, &pose, *rect, &Pose::from_position(*centre)))
        .fold(0.0, |d, c| d.max(c.depth))
}

#[test]
fn a_snap_down_a_ledge_corner_keeps_its_way_in_the_path() {
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(9.6)
        .with_max_step_height(9.6);
    for angle in [0.0, 0.1, 0.2, 0.3, 0.5] {
        let hexagon = Hull::regular(6, 6.0).unwrap();
        let rotation = Rot::from_angle(angle);
        let start = Vec2::new(72.0, 40.0);
        let mut player = Character::new(Shape::Hull(hexagon), start, settings).unwrap();
        player.set_rotation(rotation);
        let (level, mut v, mut snapped) = (room(), Vec2::ZERO, 0);
        for frame in 0..60 {
            v.y -= 0.5;
            v.x = 1.0;
            let moved = player.move_by(v, &level);
            snapped += usize::from(moved.snapped);
            for leg in moved.path().windows(2) {
                for k in 0..=64 {
                    let at = leg[0].lerp(leg[1], k as f32 / 64.0);
                    let d = depth(&hexagon, rotation, at);
                    assert!(
                        d < 1e-3,
                        "angle {angle}, frame {frame}: {d} deep at {at} on {leg:?}"
                    );
                }
            }
            v = player.clip_velocity(v);
        }
        // It walked off the curb's right end (x = 80) and snapped down to the floor.
        assert!(snapped > 0 && player.on_floor(), "angle {angle}");
        assert!(
            player.position().x > 100.0,
            "angle {angle}: {}",
            player.position()
        );
    }
}

/// A tester's case: a ball steps onto a half tile under a wall. The step's move across met the
/// wall and slid down along it; the path went from the top of the rise straight to where
/// that slide ended, and a coin the ball touched at the wall was not reported.
#[test]
fn a_step_that_met_a_wall_keeps_the_bend_in_the_path() {
    let rows = ["....##", "....##", "....##", "...._#", "######"];
    let map = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let mut world = StaticWorld::new(map);
    let coin_at = Vec2::new(62.09, 35.31);
    let coin = Circle { radius: 0.5 };
    let handle = world
        .bodies
        .add(coin, Pose::from_position(coin_at), Layers::ALL)
        .unwrap();
    world.bodies.set_sensor(handle, true);
    world.bodies.refresh();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(4.0)
        .with_max_step_height(10.0);
    let ball = Circle { radius: 5.0 };
    let mut character = Character::new(ball, Vec2::new(50.0, 21.01), settings).unwrap();
    let moved = *character.move_by(Vec2::new(20.0, -1.0), &world);
    assert!(moved.stepped, "{moved:?}");
    // Every contact's position lies on the path: the body was there.
    for c in moved.contacts() {
        assert!(moved.path().contains(&c.position), "{c:?} off {moved:?}");
    }
    // At the wall the ball overlapped the coin: the move reports it.
    let touched = moved
        .contacts()
        .iter()
        .any(|c| c.position.distance(coin_at) < ball.radius + coin.radius);
    assert!(touched, "{moved:?}");
    assert_eq!(character.sensors().len(), 1, "{moved:?}");
}

/// A tester's random case: a turned hexagon walking fast steps past a static ball; the path
/// of its last move went straight from the top of the rise to where the move across ended,
/// 7.8 units deep through the ball, where the move across had slid round it.
#[test]
fn a_fast_step_round_a_ball_keeps_its_path_outside_it() {
    let rows = [
        "........2........",
        ".......a.........",
        ".#...............",
        ".....a...........",
        "..#..............",
        ".................",
        ".................",
        ".................",
    ];
    let size = Vec2::splat(59.255_753);
    let map = TileMap::from_rows(&rows, size, Vec2::new(6_874.756, 2.122_196_7)).unwrap();
    let mut world = StaticWorld::new(map);
    let ball = Circle { radius: 32.285_5 };
    let ball_at = Pose::new(
        Vec2::new(7_105.548, 233.930_45),
        Rot::from_angle(-2.793_516_6),
    );
    world.bodies.add(ball, ball_at, Layers::ALL).unwrap();
    let plank = Rect {
        half_extents: Vec2::new(61.753_29, 26.872_87),
    };
    let plank_at = Pose::new(
        Vec2::new(7_266.723, 324.545_56),
        Rot::from_angle(1.004_782_2),
    );
    world.bodies.add(plank, plank_at, Layers::ALL).unwrap();
    world.bodies.refresh();
    let hexagon = Hull::regular(6, 29.383_753).unwrap();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(26.642_092)
        .with_max_step_height(30.939_02);
    let start = Vec2::new(7_258.097_7, 459.930_88);
    let mut character = Character::new(hexagon, start, settings).unwrap();
    let turn = Rot::from_angle(2.732_223_7);
    character.set_rotation(turn);
    let (right, fall) = (1_302.996_1, -172.939_32);
    let mut travels = vec![Vec2::new(right, -25.389_482)];
    travels.extend([Vec2::new(right, fall); 10]);
    travels.extend([Vec2::new(-right, fall), Vec2::new(right, -25.389_482)]);
    for travel in travels {
        let moved = *character.move_by(travel, &world);
        for leg in moved.path().windows(2) {
            for i in 0..=1000 {
                let at = leg[0] + (leg[1] - leg[0]) * (i as f32 / 1000.0);
                let pose = Pose::new(at, turn);
                let depth = contact(&hexagon, &pose, ball, &ball_at).map_or(0.0, |c| c.depth);
                assert!(depth < 0.05, "{depth} into the ball at {at:?}: {moved:?}");
            }
        }
    }
}

/// How deep a box of half extents `half` at `at` is in the box from `min` to `max`: the
/// least of its overlaps on the two axes (negative when apart).
fn box_depth(half: Vec2, at: Vec2, (min, max): (Vec2, Vec2)) -> f32 {
    let overlap = (at + half).min(max) - (at - half).max(min);
    overlap.min_element()
}

/// The tester's case: a platform moving up and to the right by (1.02, 0.62) a frame carries
/// a character under a ceiling tile's corner; the carry stops under the tile (x 3.0..3.3,
/// y 5.6..6.3), and, the platform having moved on into it, lifts it clear beside the tile.
/// The path ran straight from the start to the lifted end, through the tile's corner.
#[test]
fn a_carry_stopped_under_a_ceiling_records_where_it_stopped() {
    let mut rows = [".............."; 10];
    rows[1] = "..........#...";
    let tiles = TileMap::from_rows(&rows, Vec2::new(0.3, 0.7), Vec2::ZERO).unwrap();
    let mut world = StaticWorld::new(tiles);
    let platform = Rect {
        half_extents: Vec2::new(0.598011, 0.30996987),
    };
    let mut at = Vec2::new(1.4446468, 3.306329);
    let handle = world
        .bodies
        .add(platform, Pose::from_position(at), Layers::ALL)
        .unwrap();
    world.bodies.refresh();
    let half = Vec2::new(0.051653236, 0.10734594);
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(0.06906453);
    let start = Vec2::new(1.6197515, 3.7286448);
    let mut character = Character::new(Rect { half_extents: half }, start, settings).unwrap();
    let frames = [
        (Vec2::new(2.5275462, 2.2611341), -0.0064042825),
        (Vec2::new(3.1519892, 1.4299699), -0.012808565),
        (Vec2::new(2.06909, 2.475165), -0.019212848),
        (Vec2::new(1.0480111, 3.52036), -0.02561713),
        (Vec2::new(2.1309104, 4.565555), -0.0064042825),
        (Vec2::new(3.1519892, 5.182684), -0.0064042825),
    ];
    let tile = (Vec2::new(3.0, 5.6), Vec2::new(3.3, 6.3));
    for (to, fall) in frames {
        world
            .bodies
            .move_body(handle, Pose::from_position(to), to - at);
        at = to;
        let moved = *character.move_by(Vec2::new(0.0, fall), &world);
        for leg in moved.path().windows(2) {
            for k in 0..=1000 {
                let point = leg[0].lerp(leg[1], k as f32 / 1000.0);
                let depth = box_depth(half, point, tile);
                assert!(depth <= 1e-5, "{point} is {depth} in the tile: {moved:?}");
            }
        }
    }
}

/// The deepest that a `Rect` of `half` extents at `at` is in one of `map`'s cells.
fn depth_in_tiles(map: &TileMap, half: Vec2, at: Vec2) -> f32 {
    let mut deepest = 0.0_f32;
    let rect = Rect { half_extents: half };
    map.contacts(rect, &Pose::from_position(at), |_, c| {
        deepest = deepest.max(c.depth)
    });
    deepest
}

/// A tester's box riding up into a platform's path under a ceiling of a `g` slope and a `Q`:
/// the platform's push left it inside the platform, whose push out went a skin beyond, into
/// the ceiling (0.0009 deep), before the next round of the push took it back down the slope.
/// The path recorded each round's end; it records where the rounds left the body.
#[test]
fn a_push_out_under_a_ceiling_keeps_its_path_out_of_the_ceiling() {
    let rows = [
        "..............",
        "....#....gQ...",
        "..............",
        "..............",
        "..............",
        "..............",
        "..............",
        "..............",
        "..............",
        "..............",
    ];
    let map = TileMap::from_rows(&rows, Vec2::splat(1.3639187), Vec2::ZERO).unwrap();
    let mut world = StaticWorld::new(map);
    let (from, to) = (
        Vec2::new(12.702825, 8.66059),
        Vec2::new(14.053035, 10.3980875),
    );
    let platform = Rect {
        half_extents: Vec2::new(2.555685, 0.1925142),
    };
    let id = world
        .bodies
        .add(platform, Pose::from_position(from), Layers::ALL)
        .unwrap();
    world.bodies.refresh();
    world
        .bodies
        .move_body(id, Pose::from_position(to), to - from);
    let half = Vec2::new(0.38779277, 0.3207473);
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(0.10866529)
        .with_max_step_height(0.28991);
    let start = Vec2::new(13.502748, 9.891174);
    let mut c = Character::new(Rect { half_extents: half }, start, settings).unwrap();
    let m = *c.move_by(Vec2::new(-0.21231645, -0.14929563), &world);
    assert!(m.pushed != Vec2::ZERO, "{m:?}");
    for leg in m.path().windows(2) {
        for i in 0..=64 {
            let at = leg[0].lerp(leg[1], i as f32 / 64.0);
            let depth = depth_in_tiles(&world.tiles, half, at);
            assert!(depth < 1e-4, "{depth} deep at {at}, on {leg:?} of {m:?}");
        }
    }
}
