//! The normal `cast_segment` gives entering a solid cell exactly through its corner: the
//! face exposed at that corner, whatever covers the rest of the face, and at a pinch (both
//! faces covered) the same as on a map with no shaped cell.

use collide_world::TileMap;
use glam::Vec2;

fn normal_of(rows: &[&str], size: Vec2, origin: Vec2, from: Vec2, to: Vec2) -> Vec2 {
    let map = TileMap::from_rows(rows, size, origin).unwrap();
    map.cast_segment(from, to).expect("a hit").impact.normal
}

/// Into `#`'s top-left corner: a half tile beside it covers its left face there, so the
/// corner is flat and takes the top's normal, as beside a whole tile. A solid cell of
/// another value (`5`) is as whole as `#` (it was given the covered face).
#[test]
fn a_corner_covered_beside_by_a_half_tile_takes_the_top() {
    let (from, to) = (Vec2::new(0.0, 2.0), Vec2::new(2.0, 0.0));
    for rows in [["T#"], ["##"], ["/#"], ["T5"]] {
        let n = normal_of(&rows, Vec2::ONE, Vec2::ZERO, from, to);
        assert_eq!(n, Vec2::NEG_Y, "{rows:?}");
    }
    // Coming up from below-left into the bottom-left corner: `_`, or the low cell of a
    // gentle slope, covers it there.
    let (from, to) = (Vec2::new(0.0, -1.0), Vec2::new(2.0, 1.0));
    for rows in [["_#"], ["a#"], ["_3"]] {
        let n = normal_of(&rows, Vec2::ONE, Vec2::ZERO, from, to);
        assert_eq!(n, Vec2::Y, "{rows:?}");
    }
}

/// A pinch corner (both of the cell's faces covered by its neighbours) gives one normal
/// whether or not the map holds a shaped cell far away.
#[test]
fn a_pinch_corner_does_not_depend_on_a_shaped_cell_elsewhere() {
    let (size, origin) = (Vec2::new(0.25, 0.5), Vec2::splat(10000.0));
    let (from, to) = (Vec2::new(10001.5, 10002.5), Vec2::new(9999.75, 9999.0));
    let plain = ["......", "....#.", "....##", "......", "......", "......"];
    let shaped = ["......", "....#.", "....##", "......", "......", ".....T"];
    let n = normal_of(&plain, size, origin, from, to);
    assert_eq!(n, normal_of(&shaped, size, origin, from, to));
    // Steeper than 45°: the floor's top, met more head-on than the wall.
    assert_eq!(n, Vec2::NEG_Y);
    let n = normal_of(
        &["#.", "##"],
        Vec2::ONE,
        Vec2::ZERO,
        Vec2::new(1.5, 2.0),
        Vec2::new(0.5, 0.0),
    );
    assert_eq!(n, Vec2::NEG_Y);
    // Shallower: the wall.
    let n = normal_of(
        &["#..", "###"],
        Vec2::ONE,
        Vec2::ZERO,
        Vec2::new(3.0, 2.0),
        Vec2::new(-1.0, 0.0),
    );
    assert_eq!(n, Vec2::NEG_X);
}
