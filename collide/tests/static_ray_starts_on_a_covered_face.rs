//! `cast_ray_static` over a `TileMap` meets a ray that starts on the face between two solid
//! cells and heads into one, as `TileMap::cast_segment` does. A tester found it answering
//! nothing for a ray starting on the face between a half tile `]` and a solid tile, on a map
//! whose grid line, computed from its origin, lies a rounding step off the ray's start: the
//! entry a step later was dropped as through a covered face, and only a start exactly on the
//! line counted as inside.

use collide::{cast_ray_static, QueryFilter, TileMap};
use collide_core::Layers;
use glam::Vec2;

/// The tester's case: from the `]`|`#` face at `x = 0.7` (the grid line is `0.70000005`)
/// down and right through the `#` to its far corner. The start is inside the region the two
/// fill, so the hit is at once, with the ray's own direction as the normal, as on the same
/// two cells at the origin.
#[test]
fn a_ray_from_a_half_tiles_face_into_a_tile_meets_it() {
    let map = TileMap::from_rows(&["...]#..."], Vec2::new(0.1, 0.5), Vec2::new(0.3, 0.7)).unwrap();
    let (from, to) = (Vec2::new(0.7, 0.95), Vec2::new(0.8, 0.7));
    assert_ne!(from.x, map.cell_min(4, 0).x);
    let own = map.cast_segment(from, to).expect("the tile");
    assert_eq!(own.id, 4);
    let hit = cast_ray_static(&map, from, to, QueryFilter::new(Layers::ALL)).expect("the tile");
    assert_eq!((hit.id, hit.impact.t), (4, 0.0));
    assert_eq!(hit.impact.normal, (to - from).normalize());
    assert!(own.impact.t < 1e-6, "{own:?}");
}

/// Starts a few ulps either side of the covered face of each half tile beside a solid tile,
/// heading slantwise into either cell: both casts meet a cell at once (within rounding).
#[test]
fn rays_from_every_covered_face_meet_a_cell_at_once() {
    // The rows, the axis across the face, and the face's index along it.
    let cases: [(&[&str], usize, u32); 4] = [
        (&["...]#..."], 0, 4),
        (&["...#[..."], 0, 4),
        (&[".", "_", "#", "."], 1, 2),
        (&[".", "#", "T", "."], 1, 2),
    ];
    let mut met = 0;
    for (rows, axis, line) in cases {
        let map = TileMap::from_rows(rows, Vec2::new(0.1, 0.3), Vec2::new(0.3, 0.7)).unwrap();
        let face = map.cell_min(line, line)[axis];
        let (mut start, mut way) = (
            map.cell_min(0, 0) + map.cell_size() * 0.5,
            Vec2::splat(0.04),
        );
        for (step, sign) in [
            (-2, 1.0),
            (-1, -1.0),
            (0, 1.0),
            (1, -1.0),
            (2, 1.0),
            (0, -1.0),
        ] {
            start[axis] = ulps_from(face, step);
            way[axis] = sign * 0.06;
            let (from, to) = (start, start + way);
            let hit = cast_ray_static(&map, from, to, Layers::ALL);
            let own = map.cast_segment(from, to);
            let at = |h: Option<collide::WorldHit>| h.map(|h| h.impact.t);
            assert!(
                at(hit).is_some_and(|t| t < 1e-5),
                "{rows:?} {from} -> {to}: {hit:?}"
            );
            assert!(
                at(own).is_some_and(|t| t < 1e-5),
                "{rows:?} {from} -> {to}: {own:?}"
            );
            met += 1;
        }
    }
    assert_eq!(met, 24);
}

/// `v` (positive) moved `steps` representable values up (down where negative).
fn ulps_from(v: f32, steps: i32) -> f32 {
    assert!(v > 0.0);
    f32::from_bits(v.to_bits().wrapping_add_signed(steps))
}
