//! The segment cast's cell walk against a loop over every solid cell (the earliest strict
//! entry, ties to the lower cell index): on maps whose empty and solid 16 × 16 blocks the walk
//! crosses a block and a cell at a time, with segments through grid corners, exactly along
//! cell edges, of zero length, starting inside solid cells, and on maps far from the origin,
//! where the cell edges are rounded far from whole multiples of the cell size.

mod common;

use collide_testkit::SplitMix64;
use collide_world::{TileCell, TileMap, WorldHit};
use common::tiles::{brute_segment, solid_cells, sparse_cells, Sparse};
use glam::Vec2;

/// Checks the cast against the brute force, and its point and normal against its `t`.
fn check(map: &TileMap, solid: &[TileCell], from: Vec2, to: Vec2) -> Option<WorldHit> {
    let ours = map.cast_segment(from, to);
    let expect = brute_segment(map, solid, from, to);
    assert_eq!(
        ours.map(|h| (h.impact.t, map.cell_of_index(h.id))),
        expect.map(|(t, c, _)| (t, c)),
        "{from} → {to} on a {}×{} map at {} (cells {})",
        map.width(),
        map.height(),
        map.origin(),
        map.cell_size()
    );
    if let (Some(hit), Some((_, _, axes))) = (ours, expect) {
        let d = to - from;
        if hit.impact.t > 0.0 {
            // The face it enters through, from the segment into the cell.
            let ok_x = axes[0] && hit.impact.normal == Vec2::new(d.x.signum(), 0.0);
            let ok_y = axes[1] && hit.impact.normal == Vec2::new(0.0, d.y.signum());
            assert!(ok_x || ok_y, "{from} → {to}: {hit:?}");
        } else {
            assert!((hit.impact.normal.length() - 1.0).abs() < 1e-5, "{hit:?}");
        }
        assert_eq!(hit.impact.point, from + d * hit.impact.t);
    }
    ours
}

/// A map of `w × h` cells, mostly empty 16 × 16 blocks: floors, walls, filled blocks and a
/// scatter of single cells.
fn blocky_map(rng: &mut SplitMix64, origin: Vec2, cell: Vec2) -> TileMap {
    let (w, h) = (1 + rng.index(150) as u32, 1 + rng.index(150) as u32);
    let sparse = Sparse {
        pieces: (0, 5),
        long: (1, 100),
        block: 20,
        singles: 30,
    };
    let cells = sparse_cells(rng, (w, h), &sparse);
    TileMap::from_cells(w, h, &cells, cell, origin).unwrap()
}

/// A segment end near the map: anywhere, on a grid corner, or on a cell edge.
fn end(rng: &mut SplitMix64, map: &TileMap) -> Vec2 {
    let b = map.bounds();
    let margin = 3.0 * map.cell_size();
    let corner = |rng: &mut SplitMix64| {
        let x = rng.index(map.width() as usize + 1) as u32;
        let y = rng.index(map.height() as usize + 1) as u32;
        map.cell_min(x, y)
    };
    match rng.index(4) {
        0 => corner(rng),
        1 => {
            let mut p = rng.in_box(b.min() - margin, b.max() + margin);
            p.x = corner(rng).x;
            p
        }
        _ => rng.in_box(b.min() - margin, b.max() + margin),
    }
}

/// A segment from `from`: to anywhere near the map, along an axis (often exactly along a
/// grid line), to itself, or to a point a little way off.
fn other_end(rng: &mut SplitMix64, map: &TileMap, from: Vec2) -> Vec2 {
    let reach = map.bounds().size().max_element() * rng.range(0.0, 1.5);
    match rng.index(5) {
        0 => from + [Vec2::X, Vec2::NEG_X, Vec2::Y, Vec2::NEG_Y][rng.index(4)] * reach,
        1 => from,
        2 => from + rng.direction() * map.cell_size().max_element() * rng.range(0.0, 3.0),
        _ => end(rng, map),
    }
}

#[test]
fn the_walk_matches_every_cell_on_blocky_maps() {
    let mut rng = SplitMix64::new(0xDDA);
    let (mut cases, mut hits, mut inside) = (0, 0, 0);
    for _ in 0..250 {
        let origin = Vec2::new(rng.range(-200.0, 200.0), rng.range(-200.0, 200.0));
        let cell = Vec2::new(rng.range(0.5, 20.0), rng.range(0.5, 20.0));
        let map = blocky_map(&mut rng, origin, cell);
        let solid = solid_cells(&map);
        for _ in 0..40 {
            let from = end(&mut rng, &map);
            let to = other_end(&mut rng, &map, from);
            let hit = check(&map, &solid, from, to);
            cases += 1;
            hits += usize::from(hit.is_some());
            inside += usize::from(hit.is_some_and(|h| h.impact.t == 0.0));
        }
    }
    assert!(hits > cases / 5, "only {hits} of {cases} segments hit");
    assert!(
        inside > 20,
        "only {inside} segments start inside a solid cell"
    );
}

#[test]
fn segments_along_cell_edges_enter_only_the_cells_they_pass_inside() {
    // Two floors with a gap, and a wall: a segment exactly along a grid line touches the
    // cells on both sides and enters neither, unless both are solid: then it runs inside
    // the solid region, along a seam (down x = -4 into the left floor, along the wall's
    // middle line); one along a row's middle enters the wall.
    let map = TileMap::from_rows(
        &["....#...", "....#...", "........", "###..###"],
        Vec2::splat(4.0),
        Vec2::new(-8.0, 2.0),
    )
    .unwrap();
    let solid = solid_cells(&map);
    let (lo, hi) = (map.bounds().min(), map.bounds().max());
    let mut down_seams = Vec::new();
    for i in 0..=map.width() {
        let x = map.cell_min(i, 0).x;
        let (from, to) = (Vec2::new(x, hi.y + 5.0), Vec2::new(x, lo.y - 5.0));
        if let Some(hit) = check(&map, &solid, from, to) {
            assert_eq!(hit.impact.normal, Vec2::NEG_Y);
            down_seams.push(i);
        }
    }
    // The seams inside the two floors, between their cells.
    assert_eq!(down_seams, [1, 2, 6, 7]);
    let mut across_seams = Vec::new();
    for j in 0..=map.height() {
        let y = map.cell_min(0, j).y;
        let (from, to) = (Vec2::new(lo.x - 5.0, y), Vec2::new(hi.x + 5.0, y));
        if let Some(hit) = check(&map, &solid, from, to) {
            assert_eq!(hit.impact.normal, Vec2::X);
            across_seams.push(j);
        }
    }
    // The seam between the wall's two cells.
    assert_eq!(across_seams, [3]);
    // Through the middle of row 3 (the wall's), left to right: the wall's left face.
    let y = map.cell_center(0, 3).y;
    let hit = check(
        &map,
        &solid,
        Vec2::new(lo.x - 5.0, y),
        Vec2::new(hi.x + 5.0, y),
    )
    .unwrap();
    assert_eq!(
        (map.cell_of_index(hit.id), hit.impact.normal),
        (TileCell::new(4, 3), Vec2::X)
    );
    // Down the middle of column 1 onto the floor's top.
    let x = map.cell_center(1, 0).x;
    let hit = check(
        &map,
        &solid,
        Vec2::new(x, hi.y + 5.0),
        Vec2::new(x, lo.y - 5.0),
    )
    .unwrap();
    assert_eq!(
        (map.cell_of_index(hit.id), hit.impact.normal),
        (TileCell::new(1, 0), Vec2::NEG_Y)
    );
    // Diagonally through grid corners, inside empty cells (1, 1) and (2, 2) only.
    let (a, b) = (map.cell_min(1, 1), map.cell_min(3, 3));
    assert!(check(&map, &solid, a, b).is_none());
    // Through (2, 1) and (3, 2) into the wall's cell (4, 3) by its bottom-left corner, past
    // (4, 2) without entering it: the left face, whose neighbour is empty (the bottom's is
    // the wall).
    let hit = check(&map, &solid, map.cell_min(2, 1), map.cell_min(6, 5)).unwrap();
    assert_eq!(
        (map.cell_of_index(hit.id), hit.impact.normal),
        (TileCell::new(4, 3), Vec2::X)
    );
    // Zero length: inside a solid cell a hit at 0 with `+x`, elsewhere none.
    let inside = map.cell_center(0, 0);
    let hit = check(&map, &solid, inside, inside).unwrap();
    assert_eq!((hit.impact.t, hit.impact.normal), (0.0, Vec2::X));
    let corner = map.cell_min(1, 1);
    assert!(check(&map, &solid, corner, corner).is_none());
}

#[test]
fn the_walk_matches_every_cell_far_from_the_origin() {
    let mut rng = SplitMix64::new(0xFA4);
    let mut hits = 0;
    for k in 0..160 {
        // Far enough that `origin + i · size` rounds to a few ulps, or (the last quarter) so
        // far that an ulp is 2, where the narrowest cells a map accepts are 8 across (four
        // ulps: narrower ones, whose neighbouring edges could round together, are refused).
        let (far, narrowest) = if k % 4 == 3 {
            (3.0e7, 8.0)
        } else {
            (2.0e5, 0.3)
        };
        let origin = Vec2::new(rng.range(-far, far), rng.range(-far, far));
        let widest = narrowest + 11.7;
        let cell = Vec2::new(rng.range(narrowest, widest), rng.range(narrowest, widest));
        let map = blocky_map(&mut rng, origin, cell);
        let solid = solid_cells(&map);
        for _ in 0..30 {
            let from = end(&mut rng, &map);
            let to = other_end(&mut rng, &map, from);
            hits += usize::from(check(&map, &solid, from, to).is_some());
        }
        // From far outside, across the whole map.
        let c = map.bounds().center;
        let away = rng.direction() * 1.0e6;
        hits += usize::from(check(&map, &solid, c + away, c - away).is_some());
    }
    assert!(hits > 400, "only {hits} segments hit");
}

#[test]
fn long_casts_over_a_large_map_cross_empty_blocks_whole() {
    // 2 048² cells, solid only along two far edges and in one block in the middle: every
    // cast crosses hundreds of empty blocks, and must still give the brute force's answer.
    let side = 2048;
    let map = TileMap::from_fn(side, side, Vec2::ONE, Vec2::new(-1024.0, 5.0), |x, y| {
        u8::from(x == 0 || y == side - 1 || (1000..1010).contains(&x) && (700..716).contains(&y))
    })
    .unwrap();
    let solid = solid_cells(&map);
    let mut rng = SplitMix64::new(0x10C);
    let b = map.bounds();
    for _ in 0..200 {
        let from = rng.in_box(b.min(), b.max());
        let to = from + rng.direction() * rng.range(0.0, 3000.0);
        check(&map, &solid, from, to);
    }
}
