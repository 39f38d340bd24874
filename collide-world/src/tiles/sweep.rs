//! Time of impact of a moving shape against a tile map, visiting the cells its box sweeps, strip
//! by strip in the order it reaches them, skipping the strips with no solid cell across it.

use collide_core::{time_of_impact, Impact, Motion, ShapeRef};
use glam::Vec2;

use super::axes::HullAxes;
use super::cells::AsIs;
use super::faces::{meets, Meets};
use super::{TileCell, TileMap};
use crate::WorldHit;

/// Whether hit `a` on a tile map comes before hit `b`: earlier, or at the same time on a face
/// rather than a corner, or on a lower cell index (so the answer never depends on visit
/// order).
pub(crate) fn before(a: &WorldHit, b: &WorldHit) -> bool {
    let rank = |h: &WorldHit| {
        let corner = matches!(meets(h.impact.normal), Some(Meets::Corner(..)));
        (corner, h.id)
    };
    a.impact.t < b.impact.t || (a.impact.t == b.impact.t && rank(a) < rank(b))
}

impl TileMap {
    /// When `shape`, moving along `motion` (rotation held, as in
    /// [`collide_core::time_of_impact`]), first meets a solid cell through an exposed face.
    ///
    /// The hit is the earliest over the solid cells of [`collide_core::time_of_impact`]
    /// against the cell's box ([`cell_rect`](Self::cell_rect) at
    /// [`cell_center`](Self::cell_center)), or a shaped cell's own shape
    /// ([`cell_shape`](Self::cell_shape); a one-way cell's only for a shape coming down onto
    /// its top from outside it), each put through
    /// [`face_normal`](Self::face_normal): a hit on an internal face is dropped, one on a
    /// half-exposed corner gets the flat face's normal. Ties go to a face over a corner, then
    /// to the lower [`cell_index`](Self::cell_index). So a body sliding along a floor, a wall
    /// or a ceiling of tiles never meets a seam. A shape that starts overlapping the solid
    /// region gets `t = 0` where it overlaps a cell through an exposed face.
    ///
    /// **Cost.** The cells visited are those the shape's box covers along its path, taken in
    /// strips across the longer axis of the motion in the order the box reaches them, and the
    /// walk ends at the first strip the box reaches after the best hit so far: about
    /// `(n + 3) · (m + 3)` cells for a path that crosses `n` strips before its hit with a box
    /// `m` cells across (counting the cross-axis drift within one strip), whatever the size of
    /// the map. A strip with no solid cell anywhere across the path is skipped without a look
    /// at its cells (a bit per block of 16 × 16 cells over the path, then the cell bytes, 8 a
    /// word, in the blocks that hold a solid cell; the bytes straight away over fewer than 64
    /// columns), so a run through open air to a wall costs about one scan per row. Empty and buried cells of the strips visited cost a
    /// lookup; only cells whose box the shape's box can reach are swept, from the one under
    /// the shape's centre outwards, and a hull's face normals rule out (as separating axes)
    /// the cells it cannot reach before the best hit so far, so a hull running into a wall
    /// or along a floor of stacked tiles sweeps about one cell. Non-finite input
    /// gives `None`. Allocation-free.
    ///
    /// ```
    /// use collide_world::{TileCell, TileMap};
    /// use collide_core::{Motion, Rect};
    /// use glam::Vec2;
    ///
    /// let map = TileMap::from_rows(&["....#", "#####"], Vec2::splat(16.0), Vec2::ZERO)?;
    /// let crate_ = Rect { half_extents: Vec2::splat(4.0) };
    /// // Sliding right along the floor (resting on it) into the wall at x = 64.
    /// let hit = map
    ///     .time_of_impact(crate_, &Motion::linear(Vec2::new(8.0, 20.0), Vec2::new(88.0, 20.0)))
    ///     .expect("the wall");
    /// assert!((hit.impact.t - 0.65).abs() < 1e-6); // 52 of 80 units on, its right side at 64
    /// assert_eq!((hit.impact.normal, map.cell_of_index(hit.id)), (Vec2::X, TileCell::new(4, 1)));
    /// # Ok::<(), collide_world::Error>(())
    /// ```
    #[must_use]
    pub fn time_of_impact<'a>(
        &self,
        shape: impl Into<ShapeRef<'a>>,
        motion: &Motion,
    ) -> Option<WorldHit> {
        let shape = shape.into();
        if !motion.is_finite() {
            return None;
        }
        let (lo, hi) = start_box(shape, motion)?;
        // A point (a zero-radius circle, a rect of no size) is a segment: along a grid line
        // between two solid cells it runs inside the solid region, where the cells' sweeps
        // each see a graze (see `cast_segment`).
        if lo == hi {
            if let Some(hit) = self.point_on_lines(&AsIs, motion.start, motion.travel(), true) {
                return hit;
            }
        }
        let d = motion.travel();
        let margin = self.sweep_margin((hi - lo) * 0.5, motion);
        let (lo, hi) = (lo - margin, hi + margin);
        let (c0, c1) = self.cell_range(lo.min(lo + d), hi.max(hi + d))?;
        // Strips across the axis the motion crosses more cells along.
        let along = usize::from(d.y.abs() * self.cell_size().x > d.x.abs() * self.cell_size().y);
        let cross = 1 - along;
        let (first, last) = if d[along] < 0.0 {
            (c1[along], c0[along])
        } else {
            (c0[along], c1[along])
        };
        let mut cast = Cast {
            shape,
            motion,
            axes: HullAxes::unread(motion.start),
            lo,
            hi,
            margin,
            along,
            cross: (c0[cross], c1[cross]),
            inverse: d.recip(),
        };
        let step = |s: u32| if d[along] < 0.0 { s - 1 } else { s + 1 };
        let mut best: Option<WorldHit> = None;
        let mut next = Some(first);
        // Only strips holding a solid cell somewhere across the path are looked at.
        while let Some(s) = next.and_then(|s| self.next_solid_strip(along, s, last, cast.cross)) {
            if !self.sweep_strip(&mut cast, s, &mut best) || s == last {
                break;
            }
            next = Some(step(s));
            // The box reaches every strip after the next later still: past the best hit, no
            // scan for the next solid strip.
            if best.is_some_and(|b| self.enters_after(&cast, step(s), b.impact.t)) {
                break;
            }
        }
        best
    }

    /// When the box is over strip `s` (its window of the motion), and its cross-axis reach
    /// (least and most) while it is, or `None` if it never is.
    fn reach(&self, cast: &Cast<'_, '_>, s: u32) -> Option<((f32, f32), (f32, f32))> {
        let (along, cross) = (cast.along, 1 - cast.along);
        let (lo, hi, d) = (cast.lo, cast.hi, cast.motion.travel());
        let (e0, e1) = self.strip_span(along, s);
        let (t_in, t_out) = cast.window(along, e0, e1)?;
        let reach_lo = (lo[cross] + d[cross] * t_in).min(lo[cross] + d[cross] * t_out);
        let reach_hi = (hi[cross] + d[cross] * t_in).max(hi[cross] + d[cross] * t_out);
        Some(((t_in, t_out), (reach_lo, reach_hi)))
    }

    /// Whether the box, moving along the strips, reaches strip `s` (the one after the last
    /// swept) only after `t`, or never: then every later strip too.
    fn enters_after(&self, cast: &Cast<'_, '_>, s: u32, t: f32) -> bool {
        let along = cast.along;
        let (e0, e1) = self.strip_span(along, s);
        let (d, v) = (cast.motion.travel()[along], cast.inverse[along]);
        // The box's leading side meets the strip's near edge (or has passed it: a negative
        // time, and no skip); not moving along the strips, it is over all it reaches at once.
        if d > 0.0 {
            (e0 - cast.hi[along]) * v > t
        } else if d < 0.0 {
            (e1 - cast.lo[along]) * v > t
        } else {
            false
        }
    }

    /// Sweeps the cells of strip `s` that the box reaches, keeping the first hit in `best`;
    /// `false` once the box reaches the strip only after `best` (and every later strip later
    /// still).
    fn sweep_strip(&self, cast: &mut Cast<'_, '_>, s: u32, best: &mut Option<WorldHit>) -> bool {
        let Some((over, (reach_lo, reach_hi))) = self.reach(cast, s) else {
            return true;
        };
        let t_in = over.0;
        if best.is_some_and(|b| t_in > b.impact.t) {
            return false;
        }
        let (along, cross) = (cast.along, 1 - cast.along);
        let (r0, r1) = self.cross_range(cross, reach_lo, reach_hi, cast.cross.0, cast.cross.1);
        // From the cell under the shape's centre outwards: the first met is most often
        // there, and a hit found early rules the others out before their exact sweeps.
        let motion = cast.motion;
        let centre = motion.start[cross] + motion.travel()[cross] * t_in;
        let rc = if cross == 0 {
            self.column_of(centre)
        } else {
            self.row_of(centre)
        };
        let rc = rc.clamp(i64::from(r0), i64::from(r1)) as u32;
        for r in (rc..=r1).chain((r0..rc).rev()) {
            let cell = if along == 0 {
                TileCell::new(s, r)
            } else {
                TileCell::new(r, s)
            };
            if let Some(hit) = self.sweep_cell(cast, cell, over, best.map(|b| b.impact.t)) {
                if best.is_none_or(|b| before(&hit, &b)) {
                    *best = Some(hit);
                }
            }
        }
        true
    }

    /// The hit of the moving shape on one cell by the face rule, if the cell is solid, has an
    /// exposed face, and its box is reached (by the shape's box, and along a hull's faces) no
    /// later than `best`. `over` is the box's window over the cell's strip (the cell's own
    /// along the strips).
    #[inline(always)]
    fn sweep_cell(
        &self,
        cast: &mut Cast<'_, '_>,
        cell: TileCell,
        over: (f32, f32),
        best: Option<f32>,
    ) -> Option<WorldHit> {
        let (x, y) = (cell.x, cell.y);
        if !self.is_solid(x, y) {
            return None;
        }
        let motion = cast.motion;
        let across = if cast.along == 0 {
            cast.window(1, self.edge_y(i64::from(y)), self.edge_y(i64::from(y) + 1))
        } else {
            cast.window(0, self.edge_x(i64::from(x)), self.edge_x(i64::from(x) + 1))
        };
        let (c0, c1) = across?;
        let reach = over.0.max(c0);
        if reach > over.1.min(c1) || best.is_some_and(|b| reach > b) || !self.has_exposed_face(x, y)
        {
            return None;
        }
        let center = self.cell_center(x, y);
        let rect = self.cell_rect();
        // Against the best hit so far, a hull's faces rule out most of the cells its box
        // reaches as soon: the cells beside the one it meets first, along a wall or a floor.
        if let Some(best) = best {
            let axes = cast.axes.read(cast.shape, motion);
            if axes.clear_until(center, rect.half_extents, cast.margin, best) {
                return None;
            }
        }
        let impact = if self.has_shapes() {
            self.shaped_impact(cast.shape, motion, x, y)?
        } else {
            time_of_impact(cast.shape, motion, rect, &Motion::stationary(center))?
        };
        let normal = match self.face_normal(x, y, impact.normal) {
            Some(n) => n,
            None if impact.t == 0.0 => {
                self.start_face(&AsIs, x, y, cast.shape, motion, impact.normal)?
            }
            None => self.through_the_corner(&AsIs, x, y, &impact, motion.travel())?,
        };
        Some(WorldHit {
            id: self.cell_index(x, y),
            impact: Impact { normal, ..impact },
        })
    }

    /// The first strip from `s` towards `last` (column strips for `along = 0`, row strips
    /// for `1`) holding a solid cell within the cross-axis cells `cross`.
    fn next_solid_strip(&self, along: usize, s: u32, last: u32, cross: (u32, u32)) -> Option<u32> {
        if along == 0 {
            self.first_column(s, last, cross)
        } else {
            self.first_row(s, last, cross)
        }
    }

    /// The world span of strip `s` along `axis` (column `s` for `x`, row `s` for `y`).
    fn strip_span(&self, axis: usize, s: u32) -> (f32, f32) {
        let s = i64::from(s);
        (self.edge(axis, s), self.edge(axis, s + 1))
    }

    /// The cells along `axis` that the span `lo..=hi` touches, within `first..=last` (the
    /// span is already grown by the sweep's margin, which covers the rounding of an edge).
    fn cross_range(&self, axis: usize, lo: f32, hi: f32, first: u32, last: u32) -> (u32, u32) {
        let (a, b) = (self.cell_on(axis, lo), self.cell_on(axis, hi));
        let clamp = |v: i64| v.clamp(i64::from(first), i64::from(last)) as u32;
        (clamp(a), clamp(b))
    }

    /// How much the shape's box is grown before the cells are pruned by it: generously more
    /// than the rounding of the coordinates and of the sweeps (every mover against a cell's box
    /// is a closed form or the exact separating-axis sweep), a thousandth of the sizes.
    fn sweep_margin(&self, half_extents: Vec2, motion: &Motion) -> f32 {
        let size = half_extents
            .max_element()
            .max(self.cell_size().max_element());
        let coords = motion.start.abs().max(motion.end.abs()).max_element()
            + self.origin().abs().max_element();
        1e-3 * (1.0 + size) + 16.0 * f32::EPSILON * coords
    }
}

/// The least and the most corner of the box around `shape` at the start of `motion`, or
/// `None` if either is not finite. An unturned hull's is its own box's corners moved to the
/// start (what [`ShapeRef::aabb`] gives, without the centre and half extents between).
///
/// Inlined, as the cell walk's other steps: a box handed back through memory, stored a
/// coordinate at a time and loaded whole, waits for the stores to drain.
#[inline(always)]
fn start_box(shape: ShapeRef<'_>, motion: &Motion) -> Option<(Vec2, Vec2)> {
    let (lo, hi) = match shape {
        ShapeRef::Hull(hull) if motion.rotation.is_identity() => {
            // A rounded sum grows with either term: the least of `start + v` over the
            // vertices is `start +` the least `v`, bit for bit.
            let (lo, hi) = hull.local_corners();
            (motion.start + lo, motion.start + hi)
        }
        _ => {
            let b = shape.aabb(&motion.start_pose());
            (b.min(), b.max())
        }
    };
    (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
}

/// One cast through the map: the moving shape, its box grown by `margin` (`lo..=hi`, at the
/// start), a hull's faces as separating axes (read at the first cell that needs them), the
/// axis the strips are taken along and the cells of the path across it.
struct Cast<'s, 'a> {
    shape: ShapeRef<'s>,
    motion: &'a Motion,
    axes: HullAxes,
    lo: Vec2,
    hi: Vec2,
    margin: f32,
    along: usize,
    cross: (u32, u32),
    /// `1 / travel`, per axis (infinite along an axis it does not move along).
    inverse: Vec2,
}

impl Cast<'_, '_> {
    /// When the box (`lo..=hi`), moving along the motion, meets the closed span `e0..=e1`
    /// along `axis`: the window of the motion in `[0, 1]`, or `None` if it never does. By the
    /// motion's inverse, a product for a quotient: the same to an ulp of the time, which the
    /// box's margin covers many times over, as the cells it rules out need.
    fn window(&self, axis: usize, e0: f32, e1: f32) -> Option<(f32, f32)> {
        let (lo, hi) = (self.lo[axis], self.hi[axis]);
        if self.motion.travel()[axis] == 0.0 {
            return (hi >= e0 && lo <= e1).then_some((0.0, 1.0));
        }
        let v = self.inverse[axis];
        let (a, b) = ((e0 - hi) * v, (e1 - lo) * v);
        let (t0, t1) = (a.min(b).max(0.0), a.max(b).min(1.0));
        (t0 <= t1).then_some((t0, t1))
    }
}
