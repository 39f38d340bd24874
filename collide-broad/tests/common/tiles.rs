//! Brute-force oracles, random movers and random sparse maps for the tile-map tests: what a
//! loop over every solid cell gives, each cell's box swept on its own and the hit put through
//! the face rule.

use collide_broad::{TileCell, TileHit, TileMap};
use collide_core::{time_of_impact, Circle, Hull, Motion, Rect, Shape, ShapeRef};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// Every solid cell of `map`, row by row.
pub fn solid_cells(map: &TileMap) -> Vec<TileCell> {
    (0..map.height())
        .flat_map(|y| (0..map.width()).map(move |x| TileCell::new(x, y)))
        .filter(|c| map.is_solid(c.x, c.y))
        .collect()
}

/// A random circle, box or regular hull from `lo` to `hi` cells across (in radius or half
/// extent).
pub fn random_mover(rng: &mut SplitMix64, map: &TileMap, (lo, hi): (f32, f32)) -> Shape {
    let size = map.cell_size().max_element();
    match rng.index(3) {
        0 => Circle {
            radius: rng.range(lo, hi) * size,
        }
        .into(),
        1 => Rect {
            half_extents: Vec2::new(rng.range(lo, hi), rng.range(lo, hi)) * size,
        }
        .into(),
        _ => Hull::regular(3 + rng.index(6), rng.range(lo.max(0.2), hi) * size)
            .unwrap()
            .into(),
    }
}

/// The map's order of hits: earlier first; on a tie a face before a corner, then the lower
/// cell index.
pub fn before(map: &TileMap, a: &TileHit, b: &TileHit) -> bool {
    let rank = |h: &TileHit| {
        let corner = h.normal.x != 0.0 && h.normal.y != 0.0;
        (corner, map.cell_index(h.cell.x, h.cell.y))
    };
    a.t < b.t || (a.t == b.t && rank(a) < rank(b))
}

/// The first hit over `solid` (the map's solid cells): the mover swept against each cell's
/// box, each hit put through the face rule.
pub fn brute_time_of_impact(
    map: &TileMap,
    solid: &[TileCell],
    shape: ShapeRef<'_>,
    motion: &Motion,
) -> Option<TileHit> {
    let mut best: Option<TileHit> = None;
    for &c in solid {
        let still = Motion::stationary(map.cell_center(c.x, c.y));
        let Some(i) = time_of_impact(shape, motion, map.cell_rect(), &still) else {
            continue;
        };
        let Some(normal) = map.face_normal(c.x, c.y, i.normal) else {
            continue;
        };
        let hit = TileHit {
            t: i.t,
            point: i.point,
            normal,
            cell: c,
        };
        if best.is_none_or(|b| before(map, &hit, &b)) {
            best = Some(hit);
        }
    }
    best
}

/// When the segment from `from` to `to` is strictly inside the box `lo..hi`: its entry (`0`
/// if it starts inside) and the axes it enters on at that moment, or `None`.
pub fn strict_entry(from: Vec2, to: Vec2, lo: Vec2, hi: Vec2) -> Option<(f32, [bool; 2])> {
    let d = to - from;
    let (mut enter, mut leave, mut axes) = (f32::NEG_INFINITY, f32::INFINITY, [f32::NAN; 2]);
    for axis in 0..2 {
        if d[axis] == 0.0 {
            if from[axis] <= lo[axis] || from[axis] >= hi[axis] {
                return None;
            }
            continue;
        }
        let a = (lo[axis] - from[axis]) / d[axis];
        let b = (hi[axis] - from[axis]) / d[axis];
        axes[axis] = a.min(b);
        enter = enter.max(a.min(b));
        leave = leave.min(a.max(b));
    }
    let t = enter.max(0.0);
    (enter < leave && t < leave.min(1.0)).then_some((t, [axes[0] == enter, axes[1] == enter]))
}

/// What [`sparse_cells`] draws: `pieces.0 + index(pieces.1)` pieces, each a floor or a wall
/// `long.0 + index(long.1)` cells long and 1 to 3 thick, or a block of 1 to `block` cells a
/// side; then up to `singles` single cells.
pub struct Sparse {
    pub pieces: (usize, usize),
    pub long: (usize, usize),
    pub block: usize,
    pub singles: usize,
}

/// The cells (row-major, `1` solid) of a seeded `w × h` map, mostly empty, drawn as `sparse`
/// says.
pub fn sparse_cells(rng: &mut SplitMix64, (w, h): (u32, u32), sparse: &Sparse) -> Vec<u8> {
    let (w, h) = (w as usize, h as usize);
    let mut cells = vec![0u8; w * h];
    let mut fill = |x0: usize, y0: usize, bw: usize, bh: usize| {
        for y in y0..(y0 + bh).min(h) {
            for x in x0..(x0 + bw).min(w) {
                cells[y * w + x] = 1;
            }
        }
    };
    let long = |rng: &mut SplitMix64| sparse.long.0 + rng.index(sparse.long.1);
    for _ in 0..sparse.pieces.0 + rng.index(sparse.pieces.1) {
        let (x0, y0) = (rng.index(w), rng.index(h));
        match rng.index(3) {
            0 => fill(x0, y0, long(rng), 1 + rng.index(3)),
            1 => fill(x0, y0, 1 + rng.index(3), long(rng)),
            _ => fill(
                x0,
                y0,
                1 + rng.index(sparse.block),
                1 + rng.index(sparse.block),
            ),
        }
    }
    for _ in 0..rng.index(sparse.singles) {
        fill(rng.index(w), rng.index(h), 1, 1);
    }
    cells
}
