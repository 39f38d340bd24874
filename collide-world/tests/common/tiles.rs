//! Brute-force oracles, random movers and random sparse maps for the tile-map tests: what a
//! loop over every solid cell gives, each cell's box swept on its own and the hit put through
//! the face rule.

use collide_core::{
    overlaps, time_of_impact, Circle, Hull, Impact, Motion, Pose, Rect, Rot, Shape, ShapeRef,
    Simplify,
};
use collide_testkit::SplitMix64;
use collide_world::{TileCell, TileMap, TileShape, WorldHit};
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
pub fn before(a: &WorldHit, b: &WorldHit) -> bool {
    let rank = |h: &WorldHit| {
        let corner = h.impact.normal.x != 0.0 && h.impact.normal.y != 0.0;
        (corner, h.id)
    };
    let (ta, tb) = (a.impact.t, b.impact.t);
    ta < tb || (ta == tb && rank(a) < rank(b))
}

/// The first hit over `solid` (the map's solid cells): the mover swept against each cell's
/// box, each hit put through the face rule.
pub fn brute_time_of_impact(
    map: &TileMap,
    solid: &[TileCell],
    shape: ShapeRef<'_>,
    motion: &Motion,
) -> Option<WorldHit> {
    let mut best: Option<WorldHit> = None;
    for &c in solid {
        let still = Motion::stationary(map.cell_center(c.x, c.y));
        let Some(i) = time_of_impact(shape, motion, map.cell_rect(), &still) else {
            continue;
        };
        let normal = match map.face_normal(c.x, c.y, i.normal) {
            Some(n) => n,
            None if i.t == 0.0 => match start_face(map, c, shape, motion) {
                Some(n) => n,
                None => continue,
            },
            None => continue,
        };
        let hit = WorldHit {
            id: map.cell_index(c.x, c.y),
            impact: Impact { normal, ..i },
        };
        if best.is_none_or(|b| before(&hit, &b)) {
            best = Some(hit);
        }
    }
    best
}

/// The face a hit at the very start on cell `c`, whose own normal met an internal face, is
/// on: of the cell's exposed faces (those `face_normal` keeps) on the shape's side of the
/// cell, one its box lies against (within rounding) and moves into, else the one its box
/// reaches into the cell past least.
fn start_face(map: &TileMap, c: TileCell, shape: ShapeRef<'_>, motion: &Motion) -> Option<Vec2> {
    let b = shape.aabb(&motion.start_pose());
    let (lo, hi) = (map.cell_min(c.x, c.y), map.cell_min(c.x + 1, c.y + 1));
    let middle = (lo + hi) * 0.5;
    let tolerance = 1e-5 * (1.0 + map.cell_size().max_element() + b.center.abs().max_element());
    // (the normal into the cell, how far the box reaches past the face, on the shape's side)
    let faces = [
        (Vec2::X, b.max().x - lo.x, b.center.x < middle.x),
        (Vec2::NEG_X, hi.x - b.min().x, b.center.x > middle.x),
        (Vec2::Y, b.max().y - lo.y, b.center.y < middle.y),
        (Vec2::NEG_Y, hi.y - b.min().y, b.center.y > middle.y),
    ];
    let exposed = |n: Vec2| map.face_normal(c.x, c.y, n) == Some(n);
    let pressed = faces.iter().filter(|(n, depth, _)| {
        depth.abs() <= tolerance && motion.travel().dot(*n) > 0.0 && exposed(*n)
    });
    if let Some((n, _, _)) = pressed.min_by(|a, b| a.1.abs().total_cmp(&b.1.abs())) {
        return Some(*n);
    }
    faces
        .iter()
        .filter(|(n, depth, side)| *side && *depth > 0.0 && exposed(*n))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(n, _, _)| *n)
}

/// The first solid cell the segment `from → to` passes strictly inside (ties to the lower
/// cell index), with `t` and the axes it enters on; or, strictly before it, the first pair of
/// solid cells side by side (one solid box) it passes inside along the line between them,
/// named by the pair's lower cell index: a segment exactly along the seam of two solid cells
/// runs inside the solid region.
pub fn brute_segment(
    map: &TileMap,
    solid: &[TileCell],
    from: Vec2,
    to: Vec2,
) -> Option<(f32, TileCell, [bool; 2])> {
    let index = |c: TileCell| map.cell_index(c.x, c.y);
    let earlier = |best: &Option<(f32, TileCell, [bool; 2])>, t: f32, c: TileCell| {
        best.is_none_or(|(bt, bc, _)| t < bt || (t == bt && index(c) < index(bc)))
    };
    let (mut single, mut pair) = (None, None);
    for &c in solid {
        let lo = map.cell_min(c.x, c.y);
        let hi = map.cell_min(c.x + 1, c.y + 1);
        if let Some((t, axes)) = strict_entry(from, to, lo, hi) {
            if earlier(&single, t, c) {
                single = Some((t, c, axes));
            }
        }
        for (dx, dy) in [(1, 0), (0, 1)] {
            if !map.is_solid(c.x + dx, c.y + dy) {
                continue;
            }
            let hi = map.cell_min(c.x + dx + 1, c.y + dy + 1);
            if let Some((t, axes)) = strict_entry(from, to, lo, hi) {
                if earlier(&pair, t, c) {
                    pair = Some((t, c, axes));
                }
            }
        }
    }
    match (single, pair) {
        (Some(s), Some(p)) if p.0 < s.0 => Some(p),
        (None, p) => p,
        (s, _) => s,
    }
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

/// Whether the body at `pose` overlaps a solid cell of `map`, cell by cell.
pub fn inside_a_cell(map: &TileMap, shape: ShapeRef<'_>, pose: &Pose) -> bool {
    let rect = map.cell_rect();
    solid_cells(map).iter().any(|c| {
        let cell = Pose::from_position(map.cell_center(c.x, c.y));
        overlaps(shape, pose, rect, &cell)
    })
}

/// A circle, a rect or the hull of up to 17 random points, about `size` across.
pub fn any_shape(rng: &mut SplitMix64, size: f32) -> Shape {
    match rng.index(3) {
        0 => Circle {
            radius: rng.range(0.1, 1.0) * size,
        }
        .into(),
        1 => Rect {
            half_extents: Vec2::new(rng.range(0.1, 1.0), rng.range(0.1, 1.0)) * size,
        }
        .into(),
        _ => {
            let n = 3 + rng.index(15);
            let mut points: Vec<Vec2> = (0..n)
                .map(|_| Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * size)
                .collect();
            Hull::from_points_mut(&mut points, Simplify::Vw)
                .map_or_else(|_| Circle { radius: size }.into(), Shape::from)
        }
    }
}

/// A small map (1 to 24 cells a side, up to half of them solid, scattered) of cells of one
/// of the sizes `cells`, from 1 to a million units from the origin.
pub fn far_map(rng: &mut SplitMix64, cells: &[f32]) -> TileMap {
    let far = [1.0, 100.0, 1e4, 1e6][rng.index(4)];
    let cell = cells[rng.index(cells.len())];
    let (width, height) = (1 + rng.index(24) as u32, 1 + rng.index(24) as u32);
    let density = rng.unit() * 0.5;
    let origin = Vec2::new(rng.range(-far, far), rng.range(-far, far));
    let mut solid = SplitMix64::new(rng.next_u64());
    TileMap::from_fn(width, height, Vec2::splat(cell), origin, |_, _| {
        u8::from(solid.unit() < density)
    })
    .unwrap()
}

/// A random point of `map`'s box.
pub fn point_in(rng: &mut SplitMix64, map: &TileMap) -> Vec2 {
    let b = map.bounds();
    b.min() + Vec2::new(rng.unit(), rng.unit()) * (b.max() - b.min())
}

/// A body of [`any_shape`] `size` across, turned one time in three, somewhere in `map`'s box,
/// and a travel of up to 1, 50, 1 000 or 10 000 units in any direction: `(shape, turn, start,
/// travel)`.
pub fn any_mover(rng: &mut SplitMix64, map: &TileMap, size: f32) -> (Shape, Rot, Vec2, Vec2) {
    let shape = any_shape(rng, size);
    let turn = if rng.index(3) == 0 {
        Rot::from_angle(rng.angle())
    } else {
        Rot::IDENTITY
    };
    let start = point_in(rng, map);
    let speed = [1.0, 50.0, 1e3, 1e4][rng.index(4)];
    (shape, turn, start, rng.direction() * rng.unit() * speed)
}

/// A random map with shaped cells: about a third of its cells solid or shaped (every shape,
/// one-way cells too), with a random cell size and origin.
pub fn shaped_map(rng: &mut SplitMix64) -> TileMap {
    let (w, h) = (4 + rng.index(20) as u32, 4 + rng.index(20) as u32);
    let cell = Vec2::new(rng.range(0.5, 40.0), rng.range(0.5, 40.0));
    let origin = Vec2::new(rng.range(-500.0, 500.0), rng.range(-500.0, 500.0));
    let density = rng.range(0.1, 0.6);
    let shapes = TileShape::SHAPED;
    let cells: Vec<u8> = (0..w * h)
        .map(|_| match rng.unit() {
            u if u >= density => 0,
            u if u < density * 0.3 => 1 + rng.index(9) as u8,
            _ => shapes[rng.index(shapes.len())].as_byte(),
        })
        .collect();
    TileMap::from_cells(w, h, &cells, cell, origin).unwrap()
}

/// Whether cell `(x, y)` of `map` is a one-way cell.
pub fn is_one_way(map: &TileMap, c: TileCell) -> bool {
    map.shape(c.x, c.y) == Some(TileShape::OneWayTop)
}

/// The first hit over every cell of `map`: the mover swept against each cell's exact shape,
/// each hit put through the face rule; a one-way cell's only coming down onto its top from
/// outside it.
pub fn brute_shaped_time_of_impact(
    map: &TileMap,
    shape: ShapeRef<'_>,
    motion: &Motion,
) -> Option<WorldHit> {
    let mut best: Option<WorldHit> = None;
    for c in solid_cells(map) {
        let (cell, at) = map.cell_shape(c.x, c.y).unwrap();
        let still = Motion::stationary(at.position);
        let Some(i) = time_of_impact(shape, motion, cell, &still) else {
            continue;
        };
        let Some(normal) = map.face_normal(c.x, c.y, i.normal) else {
            continue;
        };
        if is_one_way(map, c) && !lands_on_one_way(shape, motion, (cell, &at), normal, i.point) {
            continue;
        }
        let hit = WorldHit {
            id: map.cell_index(c.x, c.y),
            impact: Impact { normal, ..i },
        };
        if best.is_none_or(|b| before(&hit, &b)) {
            best = Some(hit);
        }
    }
    best
}

/// Whether a one-way cell (`cell` at `at`, up `+y`) met at `point` with the face rule's
/// `normal` stops `shape` moving along `motion`: it comes down (against up) onto the top or
/// an outer corner within 60° of it, from outside the cell, and onto a flat top only from
/// above its level (to a skin's tolerance).
fn lands_on_one_way(
    shape: ShapeRef<'_>,
    motion: &Motion,
    (cell, at): (ShapeRef<'_>, &Pose),
    normal: Vec2,
    point: Vec2,
) -> bool {
    let start = motion.start_pose();
    let lowest =
        start.position.y - shape.reach(&Pose::new(Vec2::ZERO, start.rotation), Vec2::NEG_Y);
    let flat = normal == Vec2::NEG_Y;
    motion.travel().y < 0.0
        && normal.y <= -0.5
        && !overlaps(shape, &start, cell, at)
        && (!flat || lowest >= point.y - 0.011)
}

/// Whether the body at `pose` overlaps a cell's exact shape, one-way cells left out.
pub fn inside_a_shape(map: &TileMap, shape: ShapeRef<'_>, pose: &Pose) -> bool {
    solid_cells(map).into_iter().any(|c| {
        let (cell, at) = map.cell_shape(c.x, c.y).unwrap();
        !is_one_way(map, c) && overlaps(shape, pose, cell, &at)
    })
}
