//! A body that starts inside the level is pushed out of it by the shortest way, and is never
//! left inside where a way out is near: sunk deep into a floor, pressed into the corner of a
//! floor and a wall, buried in a ledge, over a pillar narrower than itself. A tile map and the
//! same level as one block per cell push it out alike. Its way out never cuts through
//! something it was not in. The exact cases are independent testers', found against an f64
//! oracle of the shortest clear move and on moving platforms.

use collide_core::{contact, overlaps, Circle, Hull, Layers, Pose, Rect, Rot, Shape, ShapeRef};
use collide_world::{
    move_and_slide, Character, CharacterSettings, Obstacles, SlideSettings, StaticBodies,
    StaticWorld, TileMap,
};
use glam::Vec2;

/// Whether the body at `at` overlaps anything in `level`, by brute force.
fn inside(shape: ShapeRef<'_>, turn: Rot, at: Vec2, level: &dyn Obstacles) -> bool {
    let everywhere = collide_core::Aabb::from_min_max(Vec2::splat(-1e7), Vec2::splat(1e7));
    let pose = Pose::new(at, turn);
    let mut found = false;
    level.near(&everywhere, Layers::ALL, &mut |o| {
        found |= overlaps(shape, &pose, o.shape, &o.pose);
    });
    found
}

/// The map's solid cells as one square body each.
fn as_blocks(map: &TileMap) -> StaticBodies {
    let mut blocks = StaticBodies::new();
    let everywhere = collide_core::Aabb::from_min_max(Vec2::splat(-1e7), Vec2::splat(1e7));
    map.near(&everywhere, Layers::ALL, &mut |o| {
        let bounds = o.shape.aabb(&o.pose);
        let block = Rect {
            half_extents: bounds.half_extents,
        };
        let pose = Pose::new(bounds.center, Rot::IDENTITY);
        blocks.add(block, pose, Layers::ALL).unwrap();
    });
    blocks.refresh();
    blocks
}

/// Pushes `shape` at `at` out of the map and out of the same level as blocks (no travel):
/// out of both, by no more than `most`, the two ends within `apart` of each other; answers
/// where it ended among the tiles.
fn pushed_out(map: &TileMap, shape: Shape, at: Vec2, most: f32, apart: f32) -> Vec2 {
    let blocks = as_blocks(map);
    let settings = SlideSettings::new(Vec2::Y);
    let shape = shape.as_shape_ref();
    let turn = Rot::IDENTITY;
    assert!(inside(shape, turn, at, map), "{at} starts outside");
    let tiles = move_and_slide(shape, turn, at, Vec2::ZERO, map, &settings);
    let solid = move_and_slide(shape, turn, at, Vec2::ZERO, &blocks, &settings);
    for (level, end) in [(map as &dyn Obstacles, tiles), (&blocks, solid)] {
        let moved = end.position.distance(at);
        assert!(!inside(shape, turn, end.position, level), "{end:?}");
        assert!(moved <= most, "moved {moved} > {most}: {end:?}");
    }
    let gap = tiles.position.distance(solid.position);
    assert!(gap <= apart, "{tiles:?} against {solid:?}");
    tiles.position
}

fn rows(top: &[&str], bottom: &[&str]) -> Vec<String> {
    top.iter().chain(bottom).map(|r| r.to_string()).collect()
}

fn map(rows: &[String], cell: f32, origin: Vec2) -> TileMap {
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    TileMap::from_rows(&rows, Vec2::splat(cell), origin).unwrap()
}

/// Sunk 93 % of its height into a floor four tiles deep, it stayed where it was (inside 12
/// tiles): each tile's own way out went into the next, and no one move along one tile's face
/// cleared the rest.
#[test]
fn a_box_sunk_deep_into_a_floor_comes_out_through_its_top() {
    let rows = rows(&["...................."; 6], &["####################"; 4]);
    let map = map(&rows, 1.0, Vec2::ZERO);
    let shape = Rect {
        half_extents: Vec2::new(1.2811358, 1.1294298),
    };
    let at = Vec2::new(5.883497, 3.0234141);
    let end = pushed_out(&map, shape.into(), at, 2.2, 1e-4);
    assert!((end.x - at.x).abs() < 1e-4, "{end}");
    assert!((end.y - (4.0 + 1.1294298 + 0.01)).abs() < 1e-4, "{end}");
}

/// Pressed into the corner of a floor and the wall above it (0.19 into the wall, 0.39 into
/// the floor), it stayed where it was: the floor tile beside the wall pushed it into the wall,
/// the wall back into that tile. The floor's top and the wall's face are the ways out.
#[test]
fn a_box_pressed_into_a_corner_comes_out_onto_the_floor_beside_the_wall() {
    let rows = rows(&["##............."; 6], &["###############"; 3]);
    let map = map(&rows, 1.0, Vec2::ZERO);
    let half = Vec2::new(0.18629658, 1.1059291);
    let at = Vec2::new(2.001339, 3.7114234);
    let end = pushed_out(&map, Rect { half_extents: half }.into(), at, 0.62, 1e-4);
    assert!((end.x - (2.0 + half.x + 0.01)).abs() < 1e-4, "{end}");
    assert!((end.y - (3.0 + half.y + 0.01)).abs() < 1e-4, "{end}");
}

/// A ball buried among the tiles of a ledge, its way out up through the tile above the one
/// it is in: it stayed inside (no one tile's way out was clear).
#[test]
fn a_ball_buried_in_a_ledge_comes_out_through_the_tiles_above() {
    let top = ["................"; 4];
    let ledge = ["############....", "############....", "################"];
    let rows = rows(&top, &[&ledge[..], &["################"; 2]].concat());
    let map = map(&rows, 1.0, Vec2::ZERO);
    let at = Vec2::new(10.226589, 3.324727);
    let radius = 0.25160494;
    let end = pushed_out(&map, Circle { radius }.into(), at, 1.94, 1e-4);
    assert!((end.x - at.x).abs() < 1e-4, "{end}");
}

/// A ball sunk into a jumble of tiles over a floor, whose nearest clear place lies where it
/// is a radius and a skin from two tile corners at once (between them, over a one-cell gap),
/// was pushed 46.17 up and aside to a place the search's eight directions round a corner
/// reach: the round sides of a ball about a corner are now arcs, 43.81.
#[test]
fn a_ball_between_two_corners_goes_to_the_nearest_place_on_both_arcs() {
    let rows = rows(
        &[
            "............",
            "............",
            "............",
            "...#.##.#.#.",
            ".......#.#..",
            "...#...#...#",
            "...#.#.#.##.",
        ],
        &["############"; 2],
    );
    let map = map(&rows, 32.0, Vec2::ZERO);
    let radius = 35.10728;
    let at = Vec2::new(248.44733, 180.2692);
    let end = pushed_out(&map, Circle { radius }.into(), at, 43.9, 1e-3);
    // The corners (224, 192) and (256, 192), 16 to either side of x = 240.
    let reach = radius + 0.01;
    let between = Vec2::new(240.0, 192.0 + (reach * reach - 16.0 * 16.0).sqrt());
    assert!(end.distance(between) < 1e-3, "{end} against {between}");
}

/// A box tilted by 8° and sunk among five tiles over a floor: the search for the nearest clear
/// place spent its budget on crossings in the order the tiles listed them, ran out before it
/// asked about the way out 58.07 away, and took one 67.02 up onto a tile's top. Nearest
/// first, it finds the near one.
#[test]
fn a_tilted_box_among_tiles_gets_out_the_short_way() {
    let rows = rows(
        &[
            "..................",
            "..................",
            ".##.###.#.#.#..#..",
            ".####......##.##.#",
            "...#.##...##..#.#.",
            "##..........#..#..",
        ],
        &["##################"; 4],
    );
    let map = map(&rows, 16.0, Vec2::ZERO);
    let tilted = Hull::from_half_extents(Vec2::new(16.32391, 7.5434604)).unwrap();
    let (turn, at) = (Rot::from_angle(-2.9977977), Vec2::new(224.0, 70.79156));
    let settings = SlideSettings::new(Vec2::Y);
    let end = move_and_slide(&tilted, turn, at, Vec2::ZERO, &map, &settings).position;
    assert!(!inside((&tilted).into(), turn, end, &map), "{end}");
    let moved = end.distance(at);
    assert!(moved < 58.1, "moved {moved} to {end}");
}

/// A ball pressed by a round platform onto a tile below (inside the platform by less than a
/// skin, a hair above the tile) went out down and aside past the tile's corner, cutting
/// through the tile on the way: the nearest clear place, by a way through something it was
/// not in. Its way out now runs clear of the tile.
#[test]
fn a_ball_pressed_onto_a_tile_is_not_pushed_out_through_it() {
    let mut rows = vec!["................"; 11];
    rows.push("....#...........");
    let (cell, origin) = (
        Vec2::new(1.1783177, 1.525322),
        Vec2::new(-118.93428, -171.05269),
    );
    let tiles = TileMap::from_rows(&rows, cell, origin).unwrap();
    let tile = tiles.cell_bounds(4, 0);
    assert!((tile.max().y - (-169.52737)).abs() < 1e-3, "{tile:?}");
    let mut world = StaticWorld::new(tiles);
    let round = Circle { radius: 1.0443813 };
    let turned = Rot::from_angle(4.712389);
    let was = Vec2::new(-113.654785, -168.11473);
    let platform = world
        .bodies
        .add(round, Pose::new(was, turned), Layers::ALL)
        .unwrap();
    world.bodies.refresh();
    let ball = Circle { radius: 0.18307911 };
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(0.90574753)
        .with_max_step_height(0.0);
    let mut c = Character::new(ball, Vec2::new(-113.651215, -169.34235), settings).unwrap();
    let to = Vec2::new(-113.654755, -168.1234);
    world
        .bodies
        .move_body(platform, Pose::new(to, turned), to - was);
    let m = *c.move_by(Vec2::new(0.0, -0.050161086), &world);
    // Along every leg of the path, the ball is never deeper in the tile than the skin.
    for leg in m.path().windows(2) {
        for k in 0..=1000 {
            let at = leg[0].lerp(leg[1], k as f32 / 1000.0);
            let nearest = at.clamp(tile.min(), tile.max());
            let depth = ball.radius - at.distance(nearest);
            assert!(depth <= 0.0101, "{depth} deep at {at} on {:?}", m.path());
        }
    }
    assert!(
        !inside(ball.into(), Rot::IDENTITY, m.position, &world),
        "{m:?}"
    );
}

/// A box on a floor under a plank turned in place onto it (within rounding of both) went
/// out up through the plank, 1.35 units to its top: the nearest clear place, through a body
/// it was in by a hair. It now never goes deeper into the plank than it started.
#[test]
fn a_box_under_a_plank_turned_onto_it_is_not_pushed_through_it() {
    let mut rows = vec!["................"; 11];
    rows.push(".....##.........");
    let origin = Vec2::new(-794.5334, 379.88873);
    let tiles = TileMap::from_rows(&rows, Vec2::splat(1.038368), origin).unwrap();
    let mut world = StaticWorld::new(tiles);
    let plank = Hull::from_half_extents(Vec2::new(1.3061428, 0.26745233)).unwrap();
    let at = Vec2::new(-788.64624, 381.91916);
    let handle = world
        .bodies
        .add(
            plank,
            Pose::new(at, Rot::from_angle(-0.2162449)),
            Layers::ALL,
        )
        .unwrap();
    world.bodies.refresh();
    let half = Vec2::new(0.28836843, 0.32530606);
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(0.14406812)
        .with_max_step_height(0.0);
    let body = Rect { half_extents: half };
    let mut c = Character::new(body, Vec2::new(-788.75806, 381.25266), settings).unwrap();
    let turned = Pose::new(at, Rot::from_angle(-0.32436737));
    world.bodies.move_body(handle, turned, Vec2::ZERO);
    let m = *c.move_by(Vec2::new(0.0, -0.029751401), &world);
    let depth_at =
        |p: Vec2| contact(body, &Pose::from_position(p), &plank, &turned).map_or(0.0, |c| c.depth);
    let start = depth_at(m.path()[0]);
    for leg in m.path().windows(2) {
        for k in 0..=1000 {
            let p = leg[0].lerp(leg[1], k as f32 / 1000.0);
            assert!(depth_at(p) <= start + 1e-3, "{p} on {:?}", m.path());
        }
    }
    assert!(m.position.y < at.y, "{m:?}");
}

/// A ball sunk to its centre at the seam of a floor went out across the corner of the tile
/// beside (202.7 along the diagonal, where 178.1 straight up clears the floor), and the same
/// floor of blocks answered otherwise: the corner is inside the floor. Up and then left, out
/// of the floor and clear of the tile above it, is shorter still (167.9), and both take it.
#[test]
fn a_ball_sunk_at_a_seam_comes_out_the_short_way_on_tiles_and_blocks_alike() {
    let rows = rows(&["..#."], &["####"; 2]);
    let cell = 59.363125;
    let map = map(&rows, cell, Vec2::ZERO);
    let radius = 118.72625;
    let at = Vec2::splat(118.72625);
    let end = pushed_out(&map, Circle { radius }.into(), at, 178.2, 1e-3);
    // On the floor's top, a skin above it.
    assert!((end.y - (2.0 * cell + radius + 0.01)).abs() < 1e-2, "{end}");
}

/// A box wider than a pillar one tile across, centred on it and sunk into its top two tiles
/// exactly as far from their top as from their bottom, went out down the pillar's three tiles
/// (0.383) where 0.17 up clears it.
#[test]
fn a_box_centred_on_a_narrow_pillar_comes_out_over_its_top() {
    let rows = rows(&["#"; 3], &[]);
    let cell = 0.1113769;
    let map = map(&rows, cell, Vec2::new(cell, 0.0));
    let half = Vec2::new(0.125299, 0.10441584);
    let at = Vec2::new(0.16706535, 0.27844223);
    let end = pushed_out(&map, Rect { half_extents: half }.into(), at, 0.171, 1e-5);
    assert!(end.y > at.y, "{end}");
}

/// Out of one body, the shortest way went into another (a turned triangle's face pointed the
/// box into the block beside it), and the box was pushed round it, 26.1 in all, where 18.1
/// straight up, away from the box's own bottom, clears both.
#[test]
fn a_box_pushed_from_a_triangle_into_a_block_takes_one_shorter_way_out() {
    let mut level = StaticBodies::new();
    let block = Rect {
        half_extents: Vec2::new(9.181092, 15.810186),
    };
    let at = Pose::new(Vec2::new(7162.4116, -2239.5537), Rot::IDENTITY);
    level.add(block, at, Layers::ALL).unwrap();
    let triangle = Hull::regular(3, 18.677227).unwrap();
    let turned = Pose::new(Vec2::new(7210.947, -2246.4873), Rot::from_angle(-0.2788713));
    level.add(triangle, turned, Layers::ALL).unwrap();
    level.refresh();
    let body = Rect {
        half_extents: Vec2::new(20.800808, 13.867206),
    };
    let at = Vec2::new(7197.0796, -2232.62);
    let out = move_and_slide(
        body,
        Rot::IDENTITY,
        at,
        Vec2::ZERO,
        &level,
        &SlideSettings::new(Vec2::Y),
    );
    assert!(
        !inside(body.into(), Rot::IDENTITY, out.position, &level),
        "{out:?}"
    );
    assert!(out.position.distance(at) < 18.2, "{out:?}");
    assert!(out.on_floor, "{out:?}");
}

/// A small character on a floor, under the bottom edge of a block that moves along and pushes
/// it into a wall: the push stops at the wall, the block's edge over it by a hair. The push
/// out lifted it 0.37 up through the block onto its top; it now stays on the floor, under the
/// block by less than a skin (where a block moving aside pins a body, it is not crushed).
#[test]
fn a_character_pinned_under_a_pushers_edge_is_not_lifted_through_it() {
    let mut rows = vec![".............."; 8];
    rows.extend([".............#", ".........####."]);
    let origin = Vec2::new(-33.039635, 12.431077);
    let tiles = TileMap::from_rows(&rows, Vec2::splat(0.1639667), origin).unwrap();
    let mut world = StaticWorld::new(tiles);
    let block = Rect {
        half_extents: Vec2::new(0.18812782, 0.15514654),
    };
    let mut at = Vec2::new(-32.513573, 12.800243);
    let pusher = world
        .bodies
        .add(block, Pose::from_position(at), Layers::ALL)
        .unwrap();
    world.bodies.refresh();
    let small = Hull::from_half_extents(Vec2::new(0.03074375, 0.017996326)).unwrap();
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(0.03727006)
        .with_max_step_height(0.0);
    let turn = Rot::from_angle(0.26180053);
    let mut c = Character::new(small, Vec2::new(-31.367365, 12.625384), settings).unwrap();
    c.set_rotation(turn);
    let frames = [
        (
            Vec2::new(-32.337635, 12.800243),
            Vec2::new(0.0, -0.0019571711),
        ),
        (
            Vec2::new(-32.161697, 12.800243),
            Vec2::new(0.0, -0.0039143423),
        ),
        (
            Vec2::new(-31.985758, 12.800243),
            Vec2::new(0.0, -0.0019571711),
        ),
        (
            Vec2::new(-31.809818, 12.800243),
            Vec2::new(0.0, -0.0019571711),
        ),
        (
            Vec2::new(-31.633879, 12.800243),
            Vec2::new(0.0, -0.0019571711),
        ),
        (
            Vec2::new(-31.45794, 12.800243),
            Vec2::new(0.0, -0.0019571711),
        ),
        (Vec2::new(-31.282, 12.800243), Vec2::new(0.0, -0.0019571711)),
        (
            Vec2::new(-31.10606, 12.800243),
            Vec2::new(0.0, -0.0019571711),
        ),
    ];
    for (to, travel) in frames {
        world
            .bodies
            .move_body(pusher, Pose::from_position(to), to - at);
        at = to;
        let m = *c.move_by(travel, &world);
        let bottom = at.y - block.half_extents.y;
        assert!(m.position.y < bottom, "lifted onto the block: {m:?}");
        let depth = contact(
            &small,
            &Pose::new(m.position, turn),
            block,
            &Pose::from_position(at),
        );
        assert!(depth.map_or(0.0, |d| d.depth) <= 0.01, "{depth:?} {m:?}");
    }
}
