//! The grid's first-hit walk: on each level, the strips of cells across the segment's main
//! axis in the order the segment meets them; the levels merged by where each one's next strip
//! can first be entered; stopping once the caller's cutoff lies before every next strip.

use glam::Vec2;

use super::cells::Item;
use super::numbering::cell_number;
use super::ray_boxes::Slabs;
use super::Grid;
use crate::proxy::segment_pad;

/// A level with fewer objects is offered whole: walking its cells would cost more.
const WALK_FROM: u32 = 64;

/// The most levels walked at once; any further level is offered whole. Scenes fill one to
/// three levels with many objects (four leaves one to spare), and a short array is quicker
/// to set up for every ray.
const WALKS: usize = 4;

/// Cells a strip spans along the main axis.
const STRIP: i32 = 3;

/// The segment as the walk needs it: along its main axis `a` (the one it moves most along)
/// and its other axis `b`, in `f64`, with the padded box around it.
///
/// Each coordinate is kept by axis name rather than looked up by an axis index: indexing a
/// vector by a number known only at run time costs a branch or a bounds check each time.
struct Course {
    from_a: f64,
    from_b: f64,
    /// The grid's origin along `a` and `b`.
    origin_a: f32,
    origin_b: f32,
    a: usize,
    /// `1 / d[a]` as the box tests take it, or 0 for a segment that barely moves (along `a`,
    /// so along either axis).
    inv: f64,
    /// `d[b] / d[a]`: how far `b` moves per unit of `a`.
    slope: f64,
    /// The segment's box along `a` and `b`, padded by `pad` (the rounding the numbers below
    /// can lose).
    lo_a: f32,
    hi_a: f32,
    lo_b: f32,
    hi_b: f32,
    pad: f64,
    /// How far the padded box reaches from the origin along either axis.
    reach: f64,
}

impl Course {
    fn new(from: Vec2, to: Vec2, origin: Vec2, segment: &Slabs) -> Self {
        let d = to - from;
        let along_y = d.y.abs() > d.x.abs();
        // The vectors with their components in the order (a, b).
        let main_first = |v: Vec2| if along_y { Vec2::new(v.y, v.x) } else { v };
        let pad = segment_pad(from, to);
        let (d, from_ab, to_ab) = (main_first(d), main_first(from), main_first(to));
        let (lo, hi) = (
            main_first(from.min(to) - pad),
            main_first(from.max(to) + pad),
        );
        let origin = main_first(origin);
        let reach = (lo - origin).abs().max((hi - origin).abs());
        // The box tests' own `1 / d[a]` (the difference taken in `f64`): the strip bounds then
        // round as the entries they bound do, and no second divide is needed.
        let (inv, slope) = if d.x.abs() <= pad {
            (0.0, 0.0)
        } else {
            let inv = if along_y { segment.iy } else { segment.ix };
            (inv, (f64::from(to_ab.y) - f64::from(from_ab.y)) * inv)
        };
        Self {
            from_a: f64::from(from_ab.x),
            from_b: f64::from(from_ab.y),
            origin_a: origin.x,
            origin_b: origin.y,
            a: usize::from(along_y),
            inv,
            slope,
            lo_a: lo.x,
            hi_a: hi.x,
            lo_b: lo.y,
            hi_b: hi.y,
            pad: f64::from(pad),
            reach: f64::from(reach.max_element()),
        }
    }

    /// The fraction of the segment at which its main coordinate reaches `x`, at least 0 (0
    /// everywhere for a segment that barely moves).
    fn t_at(&self, x: f64) -> f64 {
        ((x - self.from_a) * self.inv).max(0.0)
    }

    /// The segment's other coordinate where its main one is `x` (on its line).
    fn b_at(&self, x: f64) -> f64 {
        self.from_b + (x - self.from_a) * self.slope
    }
}

/// One level's walk: the strip of [`STRIP`] cells from number `next` along the main axis,
/// then on in the direction of `step` up to `last`.
#[derive(Clone, Copy, Debug)]
struct Strips {
    level: usize,
    next: i32,
    last: i32,
    step: i32,
    /// No object filed in the next strip is entered before this fraction of the segment;
    /// infinite once the walk is over.
    bound: f64,
    /// The level's cell size, and where its cell edges may lie off their exact places.
    cell: f64,
    slack: f64,
}

impl Strips {
    /// The first and last cell numbers (along the main axis) of the next strip.
    fn columns(&self) -> (i32, i32) {
        if self.step > 0 {
            (
                self.next,
                self.next.saturating_add(STRIP - 1).min(self.last),
            )
        } else {
            (
                self.next.saturating_sub(STRIP - 1).max(self.last),
                self.next,
            )
        }
    }

    const OVER: Strips = Strips {
        level: 0,
        next: 0,
        last: 0,
        step: 1,
        bound: f64::INFINITY,
        cell: 1.0,
        slack: 0.0,
    };
}

impl Grid {
    /// [`BroadPhase::cast_segment_until`](crate::BroadPhase::cast_segment_until) on the grid.
    pub(super) fn walk_segment(
        &self,
        from: Vec2,
        to: Vec2,
        visit: &mut dyn FnMut(f32, u32) -> f32,
    ) {
        let Some(segment) = Slabs::new(from, to) else {
            return;
        };
        let mut cutoff = f32::INFINITY;
        let mut offer = |items: &[Item], cutoff: &mut f32| {
            for item in items {
                match segment.entry(&item.bounds) {
                    Some(t) if t <= *cutoff => *cutoff = cutoff.min(visit(t, item.id)),
                    _ => {}
                }
            }
        };
        offer(&self.large, &mut cutoff);
        let course = Course::new(from, to, self.origin, &segment);
        // Declared apart: in a tuple with `n`, the array was built aside and copied in with a
        // call to `memcpy`.
        let mut walks = [Strips::OVER; WALKS];
        let mut n = 0;
        let mut occupied = self.occupied;
        while occupied != 0 {
            let k = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let level = &self.levels[k];
            match self.strips(k, &course) {
                Some(w) if w.bound == f64::INFINITY => {}
                Some(w) if n < WALKS => {
                    walks[n] = w;
                    n += 1;
                }
                _ => offer(self.level_items(level), &mut cutoff),
            }
        }
        let walks = &mut walks[..n];
        loop {
            // The level whose next strip may be entered first; a level's bound only grows.
            let mut next = None;
            let mut least = f64::INFINITY;
            for (i, w) in walks.iter().enumerate() {
                if w.bound < least {
                    (next, least) = (Some(i), w.bound);
                }
            }
            // A strip's bound keeps `slack` from its objects, far more than the rounding of
            // an entry to `f32`.
            let Some(i) = next.filter(|_| least <= f64::from(cutoff)) else {
                break;
            };
            let w = &mut walks[i];
            let cells = self.strip_cells(w, &course);
            self.visit_cells_ahead(w.level, cells, |items| offer(items, &mut cutoff));
            let (lo, hi) = w.columns();
            if (w.step > 0 && hi >= w.last) || (w.step < 0 && lo <= w.last) {
                w.bound = f64::INFINITY;
            } else {
                w.next = if w.step > 0 { hi + 1 } else { lo - 1 };
                w.bound = strip_bound(w, &course);
            }
        }
    }

    /// The walk over level `k`'s strips (one already over when the segment passes beside the
    /// level's cells), or `None` when the level is better offered whole:
    /// few objects, cells too far out to number to within a quarter of a cell or smaller
    /// than the segment's rounding, or more strips than objects.
    fn strips(&self, k: usize, course: &Course) -> Option<Strips> {
        let (level, inv, a) = (&self.levels[k], self.inv[k], course.a);
        let scale = level.wide;
        // A cell number is `(v − origin)·inv` in `f32` (two roundings of 2⁻²⁴ each), rounded
        // to an integer: at `r` cells out, a cell's edges are known to within `r·2⁻²³` cells.
        // The objects of the strips a segment meets lie within three cells of its box.
        let cells_out = course.reach * scale.inv + 3.0;
        let slack = cells_out / f64::from(1_u32 << 22) + 1.0 / 64.0;
        // With the padding within a cell, a strip spans at most thirty-three cells (three
        // columns of eleven rows), fewer than the level's objects: `visit_cells_ahead` then
        // visits those cells, never the whole level, so no object is visited twice.
        if level.count < WALK_FROM || slack > 0.25 || course.pad * scale.inv > 1.0 {
            return None;
        }
        // An object's cell is the one its box reaches or the one before, on each axis.
        let first = cell_number(course.lo_a, course.origin_a, inv).saturating_sub(1);
        let last = cell_number(course.hi_a, course.origin_a, inv);
        let (first, last) = (first.max(level.rect[a]), last.min(level.rect[a + 2]));
        if first > last {
            // The segment passes beside the level's occupied cells: nothing to walk.
            return Some(Strips::OVER);
        }
        if i64::from(last) - i64::from(first) > 4 * i64::from(level.count) + 16 {
            return None;
        }
        let (next, last, step) = if course.inv >= 0.0 {
            (first, last, 1)
        } else {
            (last, first, -1)
        };
        let cell = scale.cell;
        let mut w = Strips {
            level: k,
            next,
            last,
            step,
            bound: 0.0,
            cell,
            slack: slack * cell,
        };
        w.bound = strip_bound(&w, course);
        Some(w)
    }

    /// The cells `[x0, y0, x1, y1]` of the next strip that may hold an object the segment
    /// touches: those whose objects reach what the segment covers on the other axis across
    /// the strip's extent.
    fn strip_cells(&self, w: &Strips, course: &Course) -> [i32; 4] {
        let (x0, x1) = strip_extent(w, course);
        let x0 = x0.max(f64::from(course.lo_a));
        let x1 = x1.min(f64::from(course.hi_a));
        let (ya, yb) = (course.b_at(x0), course.b_at(x1));
        let y0 = (ya.min(yb) - course.pad).max(f64::from(course.lo_b));
        let y1 = (ya.max(yb) + course.pad).min(f64::from(course.hi_b));
        let (inv, o) = (self.inv[w.level], course.origin_b);
        let first = cell_number(y0 as f32, o, inv).saturating_sub(1);
        let last = cell_number(y1 as f32, o, inv);
        let (lo, hi) = w.columns();
        if course.a == 0 {
            [lo, first, hi, last]
        } else {
            [first, lo, last, hi]
        }
    }
}

/// The main-axis extent of the objects filed in the next strip: a box starts in its cell (at
/// most half a cell before the cell's centre) and ends in that cell or the next, give or take
/// where the cells' edges really lie (`slack`) and the segment's rounding.
fn strip_extent(w: &Strips, course: &Course) -> (f64, f64) {
    let (lo, hi) = w.columns();
    let origin = f64::from(course.origin_a);
    let spare = w.slack + course.pad;
    (
        origin + (f64::from(lo) - 0.5) * w.cell - spare,
        origin + (f64::from(hi) + 1.5) * w.cell + spare,
    )
}

/// Where the segment can first enter an object of the next strip: where it reaches the
/// strip's near side.
fn strip_bound(w: &Strips, course: &Course) -> f64 {
    let (lo, hi) = strip_extent(w, course);
    course.t_at(if w.step > 0 { lo } else { hi })
}
