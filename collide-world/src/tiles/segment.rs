//! Segment casts on a tile map: a walk through the cells the segment crosses, in order (a
//! grid traversal in the manner of Amanatides and Woo), a whole 16 × 16 block at a time where
//! the block holds no solid cell. Each step compares the times at which the segment crosses
//! the next column edge and the next row edge, computed exactly as the per-cell test computes
//! a cell's entry, so the walk enters precisely the cells that test enters, in the order of
//! their entries, and the first solid one is the answer.

use collide_core::Impact;
use glam::Vec2;

use super::cells::AsIs;
use super::faces::Face;
use super::scan::BLOCK;
use super::segment_far::clip;
use super::TileMap;
use crate::WorldHit;

impl TileMap {
    /// The first solid cell the segment `from → to` enters, with the fraction `t` of the
    /// segment at which it enters, the point there and the normal of the face it enters
    /// through (from the segment into the cell, so a shot down onto a floor gets `-y`).
    /// A shaped cell is hit where the segment enters its own shape
    /// ([`cell_shape`](Self::cell_shape), exactly, by [`collide_core::cast_ray`], whose normal
    /// a start inside it takes); a whole cell, on any map, where it enters its grid box; a
    /// one-way cell only through its top, from above, where no cell above covers that top (a
    /// start on the top, within rounding, going down lands there at once).
    ///
    /// Entering means passing inside the cell: a segment that only touches a cell's edge or
    /// corner, or runs exactly along a grid line, does not enter the cells beside it (overlap
    /// is strict, as everywhere in collide). But where the cells on both sides of a grid line
    /// it runs along are solid, it runs inside the solid region (a map has no seams): it is
    /// met where it first does so (the lower cell index of the two, its own direction as the
    /// normal; a laser straight down at `x = 16` onto a floor of 16-unit tiles meets it). A segment that starts inside a solid cell enters
    /// it at `t = 0`, with its own direction as the normal (`+x` for a zero-length one).
    /// The first solid cell the segment enters it enters from an empty one, so the face it
    /// enters through is exposed. Entering through a corner, the normal is that of a face
    /// exposed at that corner (the `x` face if both are; a half tile beside the cell covering
    /// a face up to the corner leaves the other). Where neither is (a pinch: both neighbours
    /// there solid), it is that of the neighbours' faces the segment meets more head-on (the
    /// `x` one at 45°), as a point body meets it there
    /// ([`Obstacles::refine_hit`](crate::Obstacles::refine_hit)), with or without shaped cells
    /// in the map.
    ///
    /// **Cost.** The walk visits the cells the segment crosses inside the map, in order, and
    /// stops at the first solid one it enters; where it enters a block of 16 × 16 cells that
    /// holds no solid cell (a bit per block says so) it steps to the block's far side at once.
    /// So the cost follows the cells the segment crosses in blocks that hold solid cells and the
    /// blocks it crosses elsewhere, never the map's size: a division and a cell byte per cell
    /// crossed, a few divisions per empty block. Non-finite input gives `None`.
    /// Allocation-free.
    ///
    /// **Far starts.** The walk's times are `f32` fractions of the segment: which cell a
    /// segment passing within a step or two of them (2⁻²⁴ of its length near `t = 1`) of a
    /// cell's corner enters first is for their rounding to say. A segment starting outside
    /// the map's box and running over more than 2²³ cells along an axis (or overflowing
    /// `f32`) is first cut, exactly, to the part crossing the map, and walked there: a start
    /// however far loses no hit.
    ///
    /// ```
    /// use collide_world::{TileCell, TileMap};
    /// use glam::Vec2;
    ///
    /// let map = TileMap::from_rows(&["...", "...", "###"], Vec2::splat(10.0), Vec2::ZERO)?;
    /// // A shot from the top left down to the floor's middle.
    /// let hit = map.cast_segment(Vec2::new(0.0, 30.0), Vec2::new(15.0, 0.0)).expect("the floor");
    /// assert!((hit.impact.t - 2.0 / 3.0).abs() < 1e-6); // at y = 10
    /// assert!((hit.impact.point - Vec2::new(10.0, 10.0)).length() < 1e-4);
    /// assert_eq!((hit.impact.normal, map.cell_of_index(hit.id)), (Vec2::NEG_Y, TileCell::new(1, 0)));
    /// # Ok::<(), collide_world::Error>(())
    /// ```
    #[must_use]
    pub fn cast_segment(&self, from: Vec2, to: Vec2) -> Option<WorldHit> {
        if !(from.is_finite() && to.is_finite()) {
            return None;
        }
        let d = to - from;
        // The map's box by its edges, as the walk computes them (not `bounds`, whose centre
        // and half extents round far from the origin).
        let (lo, hi) = (
            self.cell_min(0, 0),
            self.cell_min(self.width(), self.height()),
        );
        let inside = from.cmpge(lo).all() && from.cmple(hi).all();
        if !d.is_finite() || (!inside && self.too_many_cells(d)) {
            return self.cast_from_afar(from, to);
        }
        // Along a grid line the walk enters no cell; between two solid ones it is inside.
        if let Some(hit) = self.along_grid_line(&AsIs, from, d, true) {
            return hit;
        }
        self.walk(from, d, (lo, hi), inside)
    }

    /// The walk along `from + d · t` through the map's box `lo..=hi`, from where it enters
    /// the box (from the start, `inside` it).
    pub(super) fn walk(
        &self,
        from: Vec2,
        d: Vec2,
        (lo, hi): (Vec2, Vec2),
        inside: bool,
    ) -> Option<WorldHit> {
        // A segment starting in the map's box starts the walk at once (what the clip gives).
        let t0 = if inside {
            0.0
        } else {
            clip(from, d, lo, hi)?.0
        };
        let (o, size) = (self.origin(), self.cell_size());
        let walk = Walk {
            map: self,
            x: Line::new(from.x, d.x, o.x, size.x, self.width()),
            y: Line::new(from.y, d.y, o.y, size.y, self.height()),
            from,
            d,
        };
        walk.first_hit(walk.x.start(t0)?, walk.y.start(t0)?)
    }

    /// The normal of the face of `(x, y)` the segment `from + d · t` enters through; through
    /// a corner (both slabs entered at once), a face whose neighbour is empty, `x` first; at
    /// a pinch (neither is) the neighbours' face it meets more head-on, as a point body would.
    fn entry_normal(&self, x: u32, y: u32, (from, d): (Vec2, Vec2), enter: Entry) -> Vec2 {
        let fx = if d.x > 0.0 { Face::Left } else { Face::Right };
        let fy = if d.y > 0.0 { Face::Bottom } else { Face::Top };
        match (enter.x == enter.t, enter.y == enter.t) {
            (true, false) => fx.inward(),
            (false, true) => fy.inward(),
            _ => match (self.exposed(x, y, fx), self.exposed(x, y, fy)) {
                (false, true) => fy.inward(),
                (false, false) => self
                    .inside_corner(&AsIs, x, y, from + d * enter.t, d)
                    .unwrap_or(fx.inward()),
                _ => fx.inward(),
            },
        }
    }
}

/// The segment along one axis, `p + dv · t`, and that axis's cells, with edges
/// `origin + i · size` (as [`TileMap::cell_min`] computes them).
#[derive(Clone, Copy)]
struct Line {
    p: f32,
    dv: f32,
    origin: f32,
    size: f32,
    /// `1 / size`, for guesses at a cell (the walk puts them right).
    per_size: f32,
    /// Cells along the axis.
    cells: i64,
    /// The way the walk goes along the axis: `1`, `-1`, or `0` where the segment does not
    /// move along it.
    step: i64,
}

/// Where the walk stands along one axis: the cell (or block) it is in, and when the segment
/// leaves that cell's slab (`inf` along an axis it does not move along).
#[derive(Clone, Copy)]
struct Axis {
    cell: i64,
    leave: f32,
}

impl Line {
    fn new(p: f32, dv: f32, origin: f32, size: f32, cells: u32) -> Self {
        let step = if dv > 0.0 {
            1
        } else if dv < 0.0 {
            -1
        } else {
            0
        };
        Self {
            p,
            // A still axis divides by +0 (never -0): see `leave`.
            dv: if step == 0 { 0.0 } else { dv },
            origin,
            size,
            per_size: 1.0 / size,
            cells: i64::from(cells),
            step,
        }
    }

    /// Edge `i` of the axis, to the bit what the map's `cell_min` gives.
    #[inline]
    fn edge(&self, i: i64) -> f32 {
        self.origin + i as f32 * self.size
    }

    /// When the segment crosses edge `i` (`dv` not zero): the exact test's formula, so every
    /// time the walk compares is one that test computes.
    #[inline]
    fn cross(&self, i: i64) -> f32 {
        (self.edge(i) - self.p) / self.dv
    }

    /// When the segment leaves cell `c`'s slab (through edge `c + 1` moving up the axis,
    /// edge `c` moving down). Along a still axis, with `c` the cell strictly holding `p`,
    /// a positive number over `+0`: `inf`.
    #[inline]
    fn leave(&self, c: i64) -> f32 {
        self.cross(c + i64::from(self.step >= 0))
    }

    /// When it enters cell `c`'s slab (`-inf` along a still axis, as for `leave`).
    #[inline]
    fn enter(&self, c: i64) -> f32 {
        self.cross(c + i64::from(self.step < 0))
    }

    /// Whether cell `c` lies on the axis.
    #[inline]
    fn holds(&self, c: i64) -> bool {
        (0..self.cells).contains(&c)
    }

    /// Where the walk starts along the axis at time `t` (a time inside the map's box), or
    /// `None` if the segment is never strictly inside a cell's slab: moving along the axis,
    /// the last cell it has entered by then; not moving, the cell strictly holding `p`.
    fn start(&self, t: f32) -> Option<Axis> {
        if self.step != 0 {
            return Some(self.at(t));
        }
        let p = self.p;
        let mut c = self.guess(p);
        while p <= self.edge(c) && c > 0 {
            c -= 1;
        }
        while p >= self.edge(c + 1) && c + 1 < self.cells {
            c += 1;
        }
        (self.edge(c) < p && p < self.edge(c + 1)).then_some(Axis {
            cell: c,
            leave: f32::INFINITY,
        })
    }

    /// The walk at time `t` along an axis it moves along: in the last cell the segment has
    /// entered by `t` (the first cell if none), as stepping a cell at a time leaves it.
    fn at(&self, t: f32) -> Axis {
        let s = self.step;
        let mut c = self.guess(self.p + self.dv * t);
        let mut enter = self.enter(c);
        while enter > t && self.holds(c - s) {
            c -= s;
            enter = self.enter(c);
        }
        let mut leave = self.leave(c);
        while leave <= t && self.holds(c + s) {
            c += s;
            leave = self.leave(c);
        }
        Axis { cell: c, leave }
    }

    /// Edge `b · BLOCK` (the map's last edge past it): where block `b` starts.
    #[inline]
    fn block_edge(&self, b: i64) -> i64 {
        (b * i64::from(BLOCK)).min(self.cells)
    }

    /// When the segment leaves block `b`'s slab.
    #[inline]
    fn block_leave(&self, b: i64) -> f32 {
        self.cross(self.block_edge(b + i64::from(self.step > 0)))
    }

    /// Whether block `b` lies on the axis.
    #[inline]
    fn holds_block(&self, b: i64) -> bool {
        b >= 0 && b * i64::from(BLOCK) < self.cells
    }

    /// The cell holding the coordinate `at`, near enough for the walk to put it right (and
    /// on the axis).
    #[inline]
    fn guess(&self, at: f32) -> i64 {
        // Saturating, and NaN-free: `at` and the map are finite.
        let c = (at - self.origin) * self.per_size;
        (c.clamp(-1.0, self.cells as f32) as i64).clamp(0, self.cells - 1)
    }

    /// The first cell past block `b` along the walk's way (`cells` or `-1` past the map's
    /// last).
    #[inline]
    fn block_end(&self, b: i64) -> i64 {
        if self.step > 0 {
            self.block_edge(b + 1)
        } else {
            b * i64::from(BLOCK) - 1
        }
    }

    /// The walk's cell in block `b` (on the axis) at time `t`, when it enters the block:
    /// its first cell where it entered across this axis (`across`), else the last cell
    /// entered by `t`; a still axis keeps its cell.
    fn entering(&self, b: i64, t: f32, across: bool, still: Axis) -> Axis {
        if self.step == 0 {
            return still;
        }
        if !across {
            return self.at(t);
        }
        let cell = if self.step > 0 {
            b * i64::from(BLOCK)
        } else {
            self.block_edge(b + 1) - 1
        };
        Axis {
            cell,
            leave: self.leave(cell),
        }
    }

    /// The block holding the walk's cell `a`, and when the segment leaves it (`inf` along a
    /// still axis).
    #[inline]
    fn block_of(&self, a: Axis) -> Axis {
        let cell = a.cell / i64::from(BLOCK);
        let leave = if self.step == 0 {
            f32::INFINITY
        } else {
            self.block_leave(cell)
        };
        Axis { cell, leave }
    }

    /// One block on along the walk's way, or `None` past the map's last.
    #[inline]
    fn step_block(&self, b: Axis) -> Option<Axis> {
        let cell = b.cell + self.step;
        self.holds_block(cell).then(|| Axis {
            cell,
            leave: self.block_leave(cell),
        })
    }
}

/// The walk through the map's cells: the segment `from + d · t` along each axis.
struct Walk<'a> {
    map: &'a TileMap,
    x: Line,
    y: Line,
    from: Vec2,
    d: Vec2,
}

/// How a walk through one block ends.
enum Through {
    /// At a solid cell the segment enters.
    Hit(WorldHit),
    /// Past the segment's end.
    End,
    /// Into a block that holds no solid cell, at this cell along each axis.
    Out(Axis, Axis),
}

impl Walk<'_> {
    /// The first solid cell the segment enters from where it starts in the map's box, in
    /// cells `x0` and `y0`: a block at a time through the blocks that hold no solid cell, and
    /// a cell at a time through the others.
    fn first_hit(&self, x0: Axis, y0: Axis) -> Option<WorldHit> {
        let block = |c: Axis| c.cell as u32 / BLOCK;
        // The cells the walk is in, and whether their block holds a solid cell.
        let (mut x, mut y) = (x0, y0);
        let mut solid = self.map.block_is_solid(block(x), block(y));
        loop {
            // The block that holds no solid cell the walk is in next.
            let (mut bx, mut by) = if solid {
                match self.through_cells(x, y) {
                    Through::Hit(hit) => return Some(hit),
                    Through::End => return None,
                    Through::Out(x, y) => (self.x.block_of(x), self.y.block_of(y)),
                }
            } else {
                (self.x.block_of(x), self.y.block_of(y))
            };
            // On a block at a time, into the next block across the edge the segment reaches
            // first, or both at a corner, until one that holds a solid cell; none at or
            // after the segment's end.
            loop {
                let (go_x, go_y) = (bx.leave <= by.leave, by.leave <= bx.leave);
                let t = if go_x { bx.leave } else { by.leave };
                if t >= 1.0 {
                    return None;
                }
                if go_x {
                    bx = self.x.step_block(bx)?;
                }
                if go_y {
                    by = self.y.step_block(by)?;
                }
                if self.map.block_is_solid(bx.cell as u32, by.cell as u32) {
                    x = self.x.entering(bx.cell, t, go_x, x0);
                    y = self.y.entering(by.cell, t, go_y, y0);
                    break;
                }
            }
            solid = true;
        }
    }

    /// Walks a cell at a time from `(x, y)`, through blocks that hold a solid cell, until
    /// the segment enters a solid cell, ends, leaves the map, or enters a block that holds
    /// none (`Out` with the cell it enters there).
    fn through_cells(&self, x: Axis, y: Axis) -> Through {
        let width = self.map.width() as usize;
        let cells = self.map.cells();
        let (x_step, y_step) = (self.x.step as isize, self.y.step as isize * width as isize);
        // The leave times cut to 1, the segment's end: the walk steps along the axis whose
        // time is smaller, which is then under 1, and ends where both reach 1, so a step
        // needs no test of its own against the end. (A compare and select, not `f32::min`
        // with its NaN handling: the times are never NaN.)
        let end = |t: f32| if t < 1.0 { t } else { 1.0 };
        let (mut cx, mut cy) = (x.cell, y.cell);
        let (mut lx, mut ly) = (end(x.leave), end(y.leave));
        let block = |c: i64| c / i64::from(BLOCK);
        let (mut x_end, mut y_end) = (self.x.block_end(block(cx)), self.y.block_end(block(cy)));
        let mut at = cy as usize * width + cx as usize;
        loop {
            if cells[at] != 0 {
                if let Some(hit) = self.hit((cx, cy), (lx, ly)) {
                    return Through::Hit(hit);
                }
            }
            // Across the column edge or the row edge the segment reaches first, or both at
            // once through a corner (the cells beside it are only touched). A cell entered
            // at or after the segment's end ends the walk.
            if lx < ly {
                cx += self.x.step;
                lx = end(self.x.leave(cx));
                at = at.wrapping_add_signed(x_step);
                if cx == x_end {
                    if !self.x.holds(cx) {
                        return Through::End;
                    }
                    x_end = self.x.block_end(block(cx));
                } else {
                    continue;
                }
            } else if ly < lx {
                cy += self.y.step;
                ly = end(self.y.leave(cy));
                at = at.wrapping_add_signed(y_step);
                if cy == y_end {
                    if !self.y.holds(cy) {
                        return Through::End;
                    }
                    y_end = self.y.block_end(block(cy));
                } else {
                    continue;
                }
            } else {
                // Also where neither axis moves (`inf`, so 1, on both).
                if lx >= 1.0 {
                    return Through::End;
                }
                (cx, cy) = (cx + self.x.step, cy + self.y.step);
                if !(self.x.holds(cx) && self.y.holds(cy)) {
                    return Through::End;
                }
                (lx, ly) = (end(self.x.leave(cx)), end(self.y.leave(cy)));
                at = at.wrapping_add_signed(x_step + y_step);
                if cx != x_end && cy != y_end {
                    continue;
                }
                (x_end, y_end) = (self.x.block_end(block(cx)), self.y.block_end(block(cy)));
            }
            // Into another block.
            if !self.map.block_is_solid(block(cx) as u32, block(cy) as u32) {
                let x = Axis {
                    cell: cx,
                    leave: lx,
                };
                let y = Axis {
                    cell: cy,
                    leave: ly,
                };
                return Through::Out(x, y);
            }
        }
    }

    /// The hit on solid cell `(x, y)` if the segment passes inside it: the exact test, on
    /// the slabs the walk computes (left at `lx` and `ly`, times the walk has cut to 1).
    fn hit(&self, (x, y): (i64, i64), (lx, ly): (f32, f32)) -> Option<WorldHit> {
        let (ex, ey) = (self.x.enter(x), self.y.enter(y));
        let enter = Entry {
            t: if ex > ey { ex } else { ey },
            x: ex,
            y: ey,
        };
        let leave = if lx < ly { lx } else { ly };
        if !(enter.t < leave && leave > 0.0) {
            return None;
        }
        let (cx, cy) = (x as u32, y as u32);
        if self.map.has_shapes() {
            return self.map.shaped_segment_hit(cx, cy, self.from, self.d);
        }
        let (t, normal) = if enter.t <= 0.0 {
            (0.0, inside_normal(self.d))
        } else {
            (
                enter.t,
                self.map.entry_normal(cx, cy, (self.from, self.d), enter),
            )
        };
        // At or after it leaves the cell, or the segment's end (`leave` is at most 1).
        if t >= leave {
            return None;
        }
        Some(WorldHit {
            id: self.map.cell_index(cx, cy),
            impact: Impact {
                t,
                point: self.from + self.d * t,
                normal,
            },
        })
    }
}

/// The normal of a hit at `t = 0` on a cell the segment starts in: its own direction (`+x`
/// for a zero-length one). Out of line: the walk's loop has no use for it.
#[cold]
fn inside_normal(d: Vec2) -> Vec2 {
    d.try_normalize().unwrap_or(Vec2::X)
}

/// When a segment enters a cell: overall and on each axis (`-inf` on an axis it does not move
/// along).
#[derive(Clone, Copy)]
struct Entry {
    t: f32,
    x: f32,
    y: f32,
}
