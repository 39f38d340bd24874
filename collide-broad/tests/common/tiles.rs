//! Brute-force oracles and random movers for the tile-map tests: what a loop over every solid
//! cell gives, each cell's box swept on its own and the hit put through the face rule.

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
