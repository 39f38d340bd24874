//! `cast_ray_static` and `TileMap::cast_segment` agree on rays that start a rounding step
//! from a cell's grid box. A seeded search (3 × 3 maps of every tile around a solid cell,
//! rays leaving each face from a few ulps either side of it) found them disagreeing on about
//! 1 ray in 450:
//! - on a map holding a shaped cell, `cast_segment` tested a whole cell on its `Rect`,
//!   placed at a rounded centre a step inside the grid box, and missed a start inside the box;
//! - `cast_ray_static` listed a whole cell only if that `Rect`'s box reached the ray's, and
//!   so missed the same start where the cell's edge lies near zero;
//! - `cast_segment` let a ray starting on the line under a solid cell land on the top of the
//!   one-way cell below, a top the solid cell covers.

use collide::{cast_ray_static, TileMap};
use collide_core::Layers;
use collide_testkit::SplitMix64;
use glam::Vec2;

/// `cast_segment`'s `(id, t)`, after checking that `cast_ray_static` meets the map too, at
/// the same `t` to the rounding of the coordinates (a few ulps of the largest, as a fraction
/// of the segment: the static cast takes a hit that close to the start as at it). A start on
/// the line between two solid cells meets both at once: either cell will do.
fn both(map: &TileMap, from: Vec2, to: Vec2) -> Option<(u32, f32)> {
    let own = map.cast_segment(from, to).map(|h| (h.id, h.impact.t));
    let set = cast_ray_static(map, from, to, Layers::ALL).map(|h| h.impact.t);
    let largest = from.abs().max(to.abs()).max_element();
    let rounding = 8.0 * f32::EPSILON * largest / (to - from).length();
    match (own, set) {
        (Some((_, a)), Some(b)) => assert!((a - b).abs() <= rounding, "{from} -> {to}: {a} {b}"),
        (a, b) => assert_eq!(a.map(|(_, t)| t), b, "{from} -> {to}"),
    }
    own
}

/// The start lies two ulps inside the `#` cell's grid box (its right edge `1.5345085`), by
/// a half tile: both meet it at once.
#[test]
fn a_start_inside_a_whole_cell_beside_a_shaped_one_meets_it() {
    let map = TileMap::from_rows(
        &["=gd", "]#]", "fP["],
        Vec2::new(0.7, 0.3),
        Vec2::new(0.134_508_43, 2.947_226_3),
    )
    .unwrap();
    let (from, to) = (
        Vec2::new(1.534_508_3, 3.337_413_3),
        Vec2::new(1.684_508_3, 3.323_956_7),
    );
    assert!(from.x < map.cell_min(2, 1).x);
    assert_eq!(both(&map, from, to), Some((4, 0.0)));
}

/// The start lies an ulp inside the cell's right edge (`-0.03919077`), where its `Rect`'s box
/// ends a step short of it: both meet it at once, on a map with no shaped cell too.
#[test]
fn a_start_inside_a_cell_by_its_edge_near_zero_meets_it() {
    let (from, to) = (
        Vec2::new(-0.039_190_773, -6.384_269_7),
        Vec2::new(0.010_809_228, -6.393_261_4),
    );
    for rows in [["...", ".#.", "..."], ["]]c", "d#a", "/gd"]] {
        let map = TileMap::from_rows(
            &rows,
            Vec2::new(0.7, 0.1),
            Vec2::new(-1.439_190_7, -6.529_019),
        )
        .unwrap();
        assert!(from.x < map.cell_min(2, 1).x);
        assert_eq!(both(&map, from, to), Some((4, 0.0)), "{rows:?}");
    }
}

/// The start lies on the line between the `#` and the one-way `=` under it, and goes down: the
/// `#` covers that top, so nothing lands on it (no face), and the ray ends inside the `=`.
#[test]
fn a_one_way_top_under_a_solid_cell_is_no_landing() {
    let map = TileMap::from_rows(
        &["[ad", ".#P", "b=["],
        Vec2::new(1.0, 0.1),
        Vec2::new(1.737_275_5, 7.970_361_7),
    )
    .unwrap();
    let (from, to) = (
        Vec2::new(3.234_101_8, 8.070_362),
        Vec2::new(3.244_562_4, 8.020_362),
    );
    assert_eq!(both(&map, from, to), None);
}

/// Rays leaving a solid cell through each face from −2 to +2 ulps of it, on seeded 3 × 3 maps
/// of every tile, cells of 0.1 to 16 and origins up to 10 out: the two casts agree on every
/// one (about 45 disagreed before).
#[test]
fn rays_leaving_a_cell_agree_on_seeded_maps() {
    const LEGEND: &[u8] = b".#T_[]/\\QPabcdefgh=..";
    const SIZES: [f32; 6] = [0.1, 0.3, 0.7, 1.0, 16.0, 0.5];
    let mut rng = SplitMix64::new(0x1234_5678_9abc_def0);
    let mut hits = 0;
    for _ in 0..20_000 {
        let size = Vec2::new(SIZES[rng.index(6)], SIZES[rng.index(6)]);
        let origin = Vec2::new(rng.unit() * 20.0 - 10.0, rng.unit() * 20.0 - 10.0);
        let mut rows: Vec<String> = (0..3)
            .map(|_| {
                (0..3)
                    .map(|_| char::from(LEGEND[rng.index(LEGEND.len())]))
                    .collect()
            })
            .collect();
        rows[1].replace_range(1..2, "#");
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let map = TileMap::from_rows(&rows, size, origin).unwrap();
        let (lo, hi) = (map.cell_min(1, 1), map.cell_min(2, 2));
        let (side, steps, along) = (rng.index(4), rng.index(5) as i32 - 2, rng.unit());
        let (axis, edge, out) = match side {
            0 => (0, lo.x, -1.0),
            1 => (0, hi.x, 1.0),
            2 => (1, lo.y, -1.0),
            _ => (1, hi.y, 1.0),
        };
        if edge == 0.0 {
            continue; // no ulps to step by in the same sign
        }
        let mut from = lo + (hi - lo) * along;
        from[axis] = ulps_from(edge, steps);
        let mut way = Vec2::splat((rng.unit() - 0.5) * 0.5);
        way[axis] = out;
        let to = from + way * size.min_element() * 0.5;
        hits += usize::from(both(&map, from, to).is_some());
    }
    assert!(hits > 1_000, "{hits}");
}

/// `v` moved `steps` representable values away from zero (towards it where negative).
fn ulps_from(v: f32, steps: i32) -> f32 {
    f32::from_bits(v.to_bits().wrapping_add_signed(steps))
}
