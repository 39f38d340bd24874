//! A body that starts inside the level is never left inside where a way out is near: sunk
//! deep into a floor, pressed into the corner of a floor and a wall, buried in a ledge. A tile
//! map and the same level as one block per cell push it out alike. Its way out never cuts
//! through something it was not in. The exact cases are an independent tester's, found
//! against an f64 oracle of the shortest clear move.

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
