//! Casts across maps wider and taller than a 64-bit word of cells, mostly empty, with long
//! floors and walls: the casts skip empty runs a word or a block of cells at a time, and must
//! still give what a loop over every solid cell gives (segments: the earliest strict entry;
//! shapes: the earliest sweep of a cell's box that the face rule keeps).

mod common;

use collide_core::Motion;
use collide_testkit::SplitMix64;
use collide_world::{TileCell, TileMap};
use common::tiles::{
    brute_time_of_impact, random_mover, solid_cells, sparse_cells, strict_entry, Sparse,
};
use glam::Vec2;

/// A sparse map of 65 to 200 columns and rows: a few long floors, walls and blocks, and a
/// scatter of single cells.
fn wide_map(rng: &mut SplitMix64) -> TileMap {
    let (w, h) = (65 + rng.index(136) as u32, 65 + rng.index(136) as u32);
    let cell = Vec2::new(rng.range(1.0, 20.0), rng.range(1.0, 20.0));
    let origin = Vec2::new(rng.range(-300.0, 300.0), rng.range(-300.0, 300.0));
    let sparse = Sparse {
        pieces: (1, 3),
        long: (10, 150),
        block: 12,
        singles: 40,
    };
    let cells = sparse_cells(rng, (w, h), &sparse);
    TileMap::from_cells(w, h, &cells, cell, origin).unwrap()
}

#[test]
fn long_segments_across_wide_sparse_maps_match_every_cell() {
    let mut rng = SplitMix64::new(0x51DE);
    let (mut cases, mut hits) = (0, 0);
    for _ in 0..200 {
        let map = wide_map(&mut rng);
        let solid = solid_cells(&map);
        let b = map.bounds();
        for _ in 0..40 {
            let (from, to) = (
                rng.in_box(b.min() - 30.0, b.max() + 30.0),
                rng.in_box(b.min() - 30.0, b.max() + 30.0),
            );
            let ours = map
                .cast_segment(from, to)
                .map(|h| (h.impact.t, map.cell_of_index(h.id)));
            let mut brute: Option<(f32, TileCell)> = None;
            for &c in &solid {
                let (lo, hi) = (map.cell_min(c.x, c.y), map.cell_min(c.x + 1, c.y + 1));
                if let Some((t, _)) = strict_entry(from, to, lo, hi) {
                    let earlier = brute.is_none_or(|(bt, bc)| {
                        t < bt || (t == bt && map.cell_index(c.x, c.y) < map.cell_index(bc.x, bc.y))
                    });
                    if earlier {
                        brute = Some((t, c));
                    }
                }
            }
            assert_eq!(
                ours,
                brute,
                "{from} → {to} on a {}×{} map",
                map.width(),
                map.height()
            );
            cases += 1;
            hits += usize::from(ours.is_some());
        }
    }
    assert!(hits > cases / 5, "only {hits} of {cases} segments hit");
}

#[test]
fn long_sweeps_across_wide_sparse_maps_match_every_cell() {
    let mut rng = SplitMix64::new(0x5EE9);
    let (mut cases, mut hits) = (0, 0);
    for _ in 0..150 {
        let map = wide_map(&mut rng);
        let solid = solid_cells(&map);
        let b = map.bounds();
        for _ in 0..15 {
            let shape = random_mover(&mut rng, &map, (0.2, 2.0));
            let start = rng.in_box(b.min(), b.max());
            let end = match rng.index(3) {
                // Along an axis, the length of the map.
                0 => {
                    start
                        + [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y][rng.index(4)]
                            * b.size().max_element()
                }
                _ => rng.in_box(b.min() - 30.0, b.max() + 30.0),
            };
            let motion = Motion::linear(start, end);
            let shape = shape.as_shape_ref();
            let ours = map.time_of_impact(shape, &motion);
            assert_eq!(
                ours,
                brute_time_of_impact(&map, &solid, shape, &motion),
                "{shape:?} {motion:?}"
            );
            cases += 1;
            hits += usize::from(ours.is_some());
        }
    }
    assert!(hits > cases / 4, "only {hits} of {cases} sweeps hit");
}
