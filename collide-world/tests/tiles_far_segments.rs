//! Segment casts that start far from a tile map, against an `f64` oracle: the first solid
//! cell the exact segment enters, from where it starts however far away (a shot from 2.77e8
//! units below a floor of 16-unit cells used to pass through it, its `f32` times too coarse
//! to tell a cell's entry from its exit).

use collide_testkit::SplitMix64;
use collide_world::{TileCell, TileMap, WorldHit};
use glam::Vec2;

/// Past this many cells along an axis, a segment starting outside the map is cut to the
/// map exactly before the walk (see `TileMap::cast_segment`).
const FAR_CELLS: f32 = 8_388_608.0;

/// A map of 1 to 40 cells a side, a third of them solid, near the origin or up to a million
/// units from it; `None` where its cells are too small for `f32` there.
fn random_map(rng: &mut SplitMix64) -> Option<TileMap> {
    let (w, h) = (1 + rng.index(40) as u32, 1 + rng.index(40) as u32);
    let cell = Vec2::new(rng.range(0.5, 40.0), rng.range(0.5, 40.0));
    let far = [10.0, 1e3, 1e5, 1e6][rng.index(4)];
    let origin = Vec2::new(rng.range(-far, far), rng.range(-far, far));
    let mut solid = SplitMix64::new(rng.next_u64());
    TileMap::from_fn(w, h, cell, origin, |_, _| u8::from(solid.unit() < 0.3)).ok()
}

/// A segment through a point near the map (anywhere in its box, a cell around), one end
/// `far` away along a random direction and the other near, or far too, or beyond the map.
fn far_segment(rng: &mut SplitMix64, map: &TileMap, far: f32) -> (Vec2, Vec2) {
    let b = map.bounds();
    let margin = map.cell_size();
    let through = rng.in_box(b.min() - margin, b.max() + margin);
    let dir = rng.direction();
    let away = through - dir * far;
    let other = match rng.index(3) {
        0 => through,
        1 => through + dir * b.size().length() * rng.range(0.0, 3.0),
        _ => through + dir * far * rng.range(0.01, 1.0),
    };
    if rng.index(4) == 0 {
        (other, away)
    } else {
        (away, other)
    }
}

/// A point or vector in `f64`.
type D2 = [f64; 2];

fn wide(v: Vec2) -> D2 {
    [f64::from(v.x), f64::from(v.y)]
}

/// The segment in `f64`, from its end nearer the map: `near + u · (other − near)`, `u` in
/// `[0, 1]`, so that its points near the map are exact to `f64` rounding of their own
/// coordinates, however far the other end is.
struct Exact {
    near: D2,
    along: D2,
    /// `near` is `to`: a time `t` on the segment is `1 − u`.
    reversed: bool,
}

impl Exact {
    fn new(map: &TileMap, from: Vec2, to: Vec2) -> Self {
        let c = map.bounds().center;
        let reversed = to.distance(c) < from.distance(c);
        let (near, other) = if reversed { (to, from) } else { (from, to) };
        let (near, other) = (wide(near), wide(other));
        Self {
            near,
            along: [other[0] - near[0], other[1] - near[1]],
            reversed,
        }
    }

    /// The part `(u_in, u_out)` of `[0, 1]` strictly inside the box `lo..hi`, if any.
    fn inside(&self, lo: D2, hi: D2) -> Option<(f64, f64)> {
        let (mut enter, mut leave) = (0.0f64, 1.0f64);
        for axis in 0..2 {
            if lo[axis] >= hi[axis] {
                return None; // shrunk to nothing
            }
            let (p, g) = (self.near[axis], self.along[axis]);
            if g == 0.0 {
                if p <= lo[axis] || p >= hi[axis] {
                    return None;
                }
                continue;
            }
            let (a, b) = ((lo[axis] - p) / g, (hi[axis] - p) / g);
            enter = enter.max(a.min(b));
            leave = leave.min(a.max(b));
        }
        (enter < leave).then_some((enter, leave))
    }

    /// The part of the segment, as fractions from `from`, strictly inside the box `lo..hi`
    /// grown by `grow` (shrunk where negative).
    fn span(&self, lo: Vec2, hi: Vec2, grow: f64) -> Option<(f64, f64)> {
        let (lo, hi) = (wide(lo).map(|v| v - grow), wide(hi).map(|v| v + grow));
        let (enter, leave) = self.inside(lo, hi)?;
        Some(if self.reversed {
            (1.0 - leave, 1.0 - enter)
        } else {
            (enter, leave)
        })
    }

    /// Where the segment first enters the box `lo..hi` grown by `grow`, as for `span`.
    fn entry(&self, lo: Vec2, hi: Vec2, grow: f64) -> Option<f64> {
        self.span(lo, hi, grow).map(|s| s.0)
    }

    /// The distance from `p` to the segment's line.
    fn off_line(&self, p: Vec2) -> f64 {
        let p = wide(p);
        let v = [p[0] - self.near[0], p[1] - self.near[1]];
        let g = self.along;
        ((v[0] * g[1] - v[1] * g[0]) / g[0].hypot(g[1])).abs()
    }
}

/// The spacing of `f32` values at `v`.
fn ulp(v: f32) -> f32 {
    let a = v.abs();
    f32::from_bits(a.to_bits() + 1) - a
}

/// Checks `hit` against the exact segment, to within `tolerance` (world units) for where it
/// enters cells: nothing solid entered `tolerance` deep before it, its cell entered within
/// `tolerance` of its box, its point on the line at that cell.
fn check(map: &TileMap, from: Vec2, to: Vec2, hit: Option<WorldHit>, tolerance: f64) {
    let exact = Exact::new(map, from, to);
    let (f, t) = (wide(from), wide(to));
    let length = (t[0] - f[0]).hypot(t[1] - f[1]);
    let box_of = |c: TileCell| (map.cell_min(c.x, c.y), map.cell_min(c.x + 1, c.y + 1));
    let solid = (0..map.height())
        .flat_map(|y| (0..map.width()).map(move |x| TileCell::new(x, y)))
        .filter(|c| map.is_solid(c.x, c.y));
    // The first entry deep into a solid cell (by `tolerance`): the hit may come no later.
    let deep = solid
        .filter_map(|c| {
            let (lo, hi) = box_of(c);
            exact.entry(lo, hi, -tolerance).map(|e| (e, c))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    let what = || {
        format!(
            "{from} → {to} on a {}×{} map at {} (cells {}): {hit:?}",
            map.width(),
            map.height(),
            map.origin(),
            map.cell_size()
        )
    };
    let Some(hit) = hit else {
        assert!(
            deep.is_none(),
            "missed a cell entered at {deep:?}: {}",
            what()
        );
        return;
    };
    assert!(
        map.is_solid(map.cell_of_index(hit.id).x, map.cell_of_index(hit.id).y),
        "{}",
        what()
    );
    let (lo, hi) = box_of(map.cell_of_index(hit.id));
    let span = exact.span(lo, hi, tolerance);
    let (entry, leave) = span.unwrap_or_else(|| panic!("its cell is not entered: {}", what()));
    let slack = tolerance / length;
    assert!(
        deep.is_none_or(|(d, _)| entry <= d + slack),
        "a cell entered at {deep:?} first: {}",
        what()
    );
    // Between the entries of the cell grown and shrunk by `tolerance` (`t` is an `f32`: near
    // 1 it steps by 2^-24).
    let latest = exact.entry(lo, hi, -tolerance).unwrap_or(leave);
    let t = f64::from(hit.impact.t);
    let within = t >= entry - slack - 2e-7 && t <= latest + slack + 2e-7;
    assert!(within, "t not in {entry}..{latest}: {}", what());
    let grown = |v: Vec2, lo: Vec2, hi: Vec2| {
        let (v, lo, hi) = (wide(v), wide(lo), wide(hi));
        (0..2).all(|i| v[i] >= lo[i] - tolerance && v[i] <= hi[i] + tolerance)
    };
    assert!(
        grown(hit.impact.point, lo, hi),
        "point off its cell: {}",
        what()
    );
    assert!(
        exact.off_line(hit.impact.point) <= tolerance,
        "point off the line: {}",
        what()
    );
}

#[test]
fn segments_from_far_away_match_an_exact_oracle() {
    let mut rng = SplitMix64::new(0xFA5E);
    let (mut cases, mut far_hits, mut near_hits) = (0, 0, 0);
    for _ in 0..300 {
        let Some(map) = random_map(&mut rng) else {
            continue;
        };
        let (lo, hi) = (map.cell_min(0, 0), map.cell_min(map.width(), map.height()));
        let largest = lo.abs().max(hi.abs()).max_element() + map.cell_size().max_element();
        for _ in 0..20 {
            let far = 10f32.powi(2 + rng.index(29) as i32) * rng.range(1.0, 10.0);
            let (from, to) = far_segment(&mut rng, &map, far);
            let d = to - from;
            let inside = from.cmpge(lo).all() && from.cmple(hi).all();
            let cut = !d.is_finite()
                || (!inside && (d.abs() / map.cell_size()).max_element() > FAR_CELLS);
            // Cut, the walk's error is its own over the map; whole, a few steps of its `f32`
            // times besides, over the way from `from` to the map.
            let own = 16.0 * f64::from(ulp(largest)) + f64::from((hi - lo).length()) * 1e-6;
            let way = from.distance(map.bounds().center) + (hi - lo).length();
            let steps = if cut { 0.0 } else { f64::from(way) * 5e-7 };
            let hit = map.cast_segment(from, to);
            check(&map, from, to, hit, own + steps);
            cases += 1;
            if hit.is_some() {
                if cut {
                    far_hits += 1;
                } else {
                    near_hits += 1;
                }
            }
        }
    }
    assert!(
        far_hits > cases / 5,
        "{far_hits} of {cases} cut segments hit"
    );
    assert!(
        near_hits > cases / 20,
        "{near_hits} of {cases} whole segments hit"
    );
}
