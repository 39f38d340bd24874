//! Regression tests for defects an independent check against f64 oracles found in the tile
//! map and `move_and_slide`: each failed before its fix.

use collide_world::TileMap;
use glam::Vec2;

/// Out-of-map cells are empty at any index: no overflow (a panic in a debug build, a wrap
/// to a cell inside the map in a release one).
#[test]
fn cells_at_the_end_of_the_index_range_do_not_overflow() {
    let map = TileMap::from_rows(&["##", "##"], Vec2::splat(16.0), Vec2::ZERO).unwrap();
    // Across (u32::MAX, 0)'s right face and (0, u32::MAX)'s top face lies no cell at all.
    assert_eq!(map.face_normal(u32::MAX, 0, Vec2::NEG_X), Some(Vec2::NEG_X));
    assert_eq!(map.face_normal(0, u32::MAX, Vec2::NEG_Y), Some(Vec2::NEG_Y));
    let b = map.cell_bounds(u32::MAX, 0);
    assert_eq!(b.min(), map.cell_min(u32::MAX, 0));
    assert!(b.is_finite());
    assert_eq!(map.cell_index(3, u32::MAX), u32::MAX);
    assert_eq!(map.cell_index(u32::MAX, 1), u32::MAX);
}
