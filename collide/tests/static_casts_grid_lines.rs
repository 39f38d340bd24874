//! A laser running exactly along a tile floor's top or bottom does not enter it, whatever the
//! cell size: a tester's world-query round found `cast_ray_static` answering a hit at `t = 0`
//! (or at the floor's end) for 55 of 104 sizes and rows, because a cell's rect placed at its
//! rounded centre reaches a rounding step past its grid line. `TileMap::cast_segment`, which
//! walks the grid itself, never did.

use collide::{cast_ray_static, StaticWorld, TileMap, TILE_IDS};
use collide_core::Layers;
use glam::Vec2;

#[test]
fn a_ray_along_a_floor_of_tenth_cells_meets_nothing() {
    let map = TileMap::from_rows(&["....", "####", "...."], Vec2::splat(0.1), Vec2::ZERO).unwrap();
    let top = map.cell_min(0, 2).y;
    for (from, to) in [
        (Vec2::new(0.15, top), Vec2::new(0.35, top)),
        (Vec2::new(-0.1, top), Vec2::new(0.5, top)),
    ] {
        assert_eq!(map.cast_segment(from, to), None);
        assert_eq!(
            cast_ray_static(&map, from, to, Layers::ALL),
            None,
            "{from:?}"
        );
    }
    // The same map in a whole static world: its tiles answer as the map's own.
    let world = StaticWorld::new(map.clone());
    let (from, to) = (Vec2::new(-0.1, top), Vec2::new(0.5, top));
    assert_eq!(cast_ray_static(&world, from, to, Layers::ALL), None);
    let y = top - 0.05;
    let hit = cast_ray_static(&world, Vec2::new(-0.1, y), Vec2::new(0.5, y), Layers::ALL);
    assert_eq!(hit.map(|h| h.id), Some(TILE_IDS + map.cell_index(0, 1)));
}

#[test]
fn rays_along_every_line_of_a_floor_agree_with_the_map_at_any_cell_size() {
    for size in [0.1, 0.3, 0.7, 1.1, 16.7, 18.516_756, 112.5923] {
        for row in 1..6_u32 {
            let rows: Vec<String> = (0..7)
                .map(|y| if 6 - y == row { "#####" } else { "....." }.to_string())
                .collect();
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let map = TileMap::from_rows(&rows, Vec2::splat(size), Vec2::ZERO).unwrap();
            let (bottom, top) = (map.cell_min(0, row).y, map.cell_min(0, row + 1).y);
            let (left, right) = (map.cell_min(0, 0).x - size, map.cell_min(5, 0).x + size);
            for y in [bottom, top] {
                let (from, to) = (Vec2::new(left, y), Vec2::new(right, y));
                let hit = cast_ray_static(&map, from, to, Layers::ALL);
                assert_eq!(hit, None, "size {size}, row {row}, line {y}");
                let inside = Vec2::new(left + 2.5 * size, y);
                let hit = cast_ray_static(&map, inside, to, Layers::ALL);
                assert_eq!(hit, None, "size {size}, row {row}, line {y}, from inside");
            }
            // Through the middle of the floor: met at its left end, as the map meets it.
            let y = 0.5 * (bottom + top);
            let (from, to) = (Vec2::new(left, y), Vec2::new(right, y));
            let hit = cast_ray_static(&map, from, to, Layers::ALL).expect("it crosses the floor");
            let own = map.cast_segment(from, to).expect("it crosses the floor");
            assert_eq!((hit.id, hit.impact.normal), (own.id, own.impact.normal));
            assert!(
                (hit.impact.t - own.impact.t).abs() <= 1e-6,
                "{hit:?} {own:?}"
            );
        }
    }
}

/// A filtered-cast round's case: a ray along a grid line runs along one cell's bottom and on
/// along a second cell's top, the two touching at a corner only. The map meets nothing; a
/// `StaticWorld` holding the map met the corner, where the two cells' rects, at their rounded
/// centres, overlapped by a rounding step and made a seam of two rects.
#[test]
fn a_world_ray_between_cells_touching_at_a_corner_meets_what_the_map_meets() {
    let rows = ["[.gf..Q", "#._h.eQ", ".]3./..", "...#_g.", ".[..3\\."];
    let map = TileMap::from_rows(&rows, Vec2::splat(14.113_043), Vec2::ZERO).unwrap();
    let (from, to) = (
        Vec2::new(21.169_563, 28.226_086),
        Vec2::new(91.734_78, 28.226_086),
    );
    assert_eq!(cast_ray_static(&map, from, to, Layers::ALL), None);
    assert_eq!(map.cast_segment(from, to), None);
    let world = StaticWorld::new(map);
    assert_eq!(cast_ray_static(&world, from, to, Layers::ALL), None);
}
