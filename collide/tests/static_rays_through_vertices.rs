//! `cast_ray_static` over a `TileMap` answers as `TileMap::cast_segment` on rays aimed
//! exactly through grid vertices. A tester found them apart on rays through a shaped cell's
//! corner (the static cast dropped the hit where the corner's other face was covered) and on
//! rays starting on a one-way top's corner (the cast's tie named the cell's side, which the
//! one-way rule refuses).

use collide::{cast_ray_static, TileMap, TileShape};
use collide_core::Layers;
use glam::Vec2;

/// The tester's first case: a ray down past the top corner of a ceiling slope `Q` (its side
/// against a half tile `[`, its top the map's) enters the slope there, at `t = 0.25`; the
/// static cast dropped that hit (the slab tie named the covered side) and met the solid tile
/// below it at `t = 0.5`, through the slope.
#[test]
fn a_ray_into_a_slope_through_its_corner_meets_it() {
    let rows = ["]Q[=", "Q#\\\\", "]_..", "#_=="];
    let map = TileMap::from_rows(&rows, Vec2::splat(4.0), Vec2::new(-8.0, 5.0)).unwrap();
    let (from, to) = (Vec2::new(1.0, 25.0), Vec2::new(-3.0, 9.0));
    // Past the corner (0, 21), at t = 0.3, it is inside the slope: x + y = 17 is its face.
    let inside = from + (to - from) * 0.3;
    assert!(inside.x + inside.y > 17.0 && inside.x > -4.0 && inside.y < 21.0);
    let slope = map.cell_index(1, 3);
    let hit = cast_ray_static(&map, from, to, Layers::ALL).expect("the slope");
    let own = map.cast_segment(from, to).expect("the slope");
    assert_eq!((hit.id, hit.impact.t), (slope, 0.25));
    assert_eq!((own.id, own.impact.t), (slope, 0.25));
    // Through the open top, not the side the half tile covers.
    assert_eq!(hit.impact.normal, Vec2::NEG_Y);
    assert_eq!(own.impact.normal, Vec2::NEG_Y);
}

/// The tester's second case: a ray starting on the corner of a one-way top and going down
/// into it lands there at once, as `cast_segment` says; the static cast's tie named the
/// platform's side, which the one-way rule refuses, and it met a tile further on.
#[test]
fn a_ray_from_a_one_way_tops_corner_down_lands_at_once() {
    let rows = ["=#[Q", "_\\]#", ".#.\\", "[=a."];
    let map = TileMap::from_rows(&rows, Vec2::splat(0.5), Vec2::ZERO).unwrap();
    let (from, to) = (Vec2::new(0.0, 2.0), Vec2::new(0.625, 1.5));
    let platform = map.cell_index(0, 3);
    assert_eq!(map.shape(0, 3), Some(TileShape::OneWayTop));
    let hit = cast_ray_static(&map, from, to, Layers::ALL).expect("the platform");
    let own = map.cast_segment(from, to).expect("the platform");
    assert_eq!(
        (hit.id, hit.impact.t, hit.impact.normal),
        (platform, 0.0, Vec2::NEG_Y)
    );
    assert_eq!((own.id, own.impact.t), (platform, 0.0));
}
