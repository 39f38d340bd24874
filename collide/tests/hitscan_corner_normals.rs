//! The normal `cast_ray_static` gives on a tile map entering a solid cell exactly through its
//! corner, as `TileMap::cast_segment` gives it.

use collide::prelude::*;

fn both(rows: &[&str], from: Vec2, to: Vec2) -> (Vec2, Vec2) {
    let map = TileMap::from_rows(rows, Vec2::ONE, Vec2::ZERO).unwrap();
    let ray = cast_ray_static(&map, from, to, Layers::ALL).expect("a hit");
    let segment = map.cast_segment(from, to).expect("a hit");
    assert_eq!(ray.id, segment.id, "{rows:?}");
    (ray.impact.normal, segment.impact.normal)
}

/// A half tile covering `#`'s left face at its top-left corner: the top's normal there.
#[test]
fn a_corner_covered_beside_by_a_half_tile_takes_the_top() {
    let (from, to) = (Vec2::new(0.0, 2.0), Vec2::new(2.0, 0.0));
    for rows in [["T#"], ["##"], ["/#"]] {
        assert_eq!(
            both(&rows, from, to),
            (Vec2::NEG_Y, Vec2::NEG_Y),
            "{rows:?}"
        );
    }
    // An outside corner, both faces exposed: the `x` face's.
    let (ray, segment) = both(&[".#"], from, to);
    assert_eq!((ray, segment), (segment, Vec2::X));
}

/// At a pinch corner the ray and the segment agree.
#[test]
fn a_pinch_corner_gives_the_segment_normal() {
    let (from, to) = (Vec2::new(1.5, 2.0), Vec2::new(0.5, 0.0));
    assert_eq!(both(&["#.", "##"], from, to), (Vec2::NEG_Y, Vec2::NEG_Y));
    let (from, to) = (Vec2::new(3.0, 2.0), Vec2::new(-1.0, 0.0));
    assert_eq!(both(&["#..", "###"], from, to), (Vec2::NEG_X, Vec2::NEG_X));
}
