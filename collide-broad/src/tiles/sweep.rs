//! Time of impact of a moving shape against a tile map, visiting the cells its box sweeps, strip
//! by strip in the order it reaches them, skipping the strips with no solid cell across it.

use collide_core::{time_of_impact, Motion, ShapeRef};
use glam::Vec2;

use super::faces::{meets, Meets};
use super::{TileCell, TileMap};

/// Where a moving shape or a segment first meets a tile map.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TileHit {
    /// The fraction of the motion, in `[0, 1]`, at which they first touch; `0` when the shape
    /// starts touching an exposed face and moving into it, or overlapping.
    pub t: f32,
    /// Where they touch, in world coordinates.
    pub point: Vec2,
    /// Unit normal from the mover into the cell: an exposed face's, or at an outside corner of
    /// the solid region the corner's slanted one. Never an internal face's.
    pub normal: Vec2,
    /// The solid cell met.
    pub cell: TileCell,
}

impl TileHit {
    /// Whether this hit comes before `other`: earlier, or at the same time on a face rather
    /// than a corner, or on a lower cell index (so the answer never depends on visit order).
    pub(crate) fn before(&self, other: &TileHit, map: &TileMap) -> bool {
        let rank = |h: &TileHit| {
            let corner = matches!(meets(h.normal), Some(Meets::Corner(..)));
            (corner, map.cell_index(h.cell.x, h.cell.y))
        };
        self.t < other.t || (self.t == other.t && rank(self) < rank(other))
    }
}

impl TileMap {
    /// When `shape`, moving along `motion` (rotation held, as in
    /// [`collide_core::time_of_impact`]), first meets a solid cell through an exposed face.
    ///
    /// The hit is the earliest over the solid cells of [`collide_core::time_of_impact`]
    /// against the cell's box ([`cell_rect`](Self::cell_rect) at
    /// [`cell_center`](Self::cell_center)), each put through
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
    /// lookup; only cells whose box the shape's box can reach are swept. Non-finite input
    /// gives `None`. Allocation-free.
    ///
    /// ```
    /// use collide_broad::{TileCell, TileMap};
    /// use collide_core::{Motion, Rect};
    /// use glam::Vec2;
    ///
    /// let map = TileMap::from_rows(&["....#", "#####"], Vec2::splat(16.0), Vec2::ZERO)?;
    /// let crate_ = Rect { half_extents: Vec2::splat(4.0) };
    /// // Sliding right along the floor (resting on it) into the wall at x = 64.
    /// let hit = map
    ///     .time_of_impact(crate_, &Motion::linear(Vec2::new(8.0, 20.0), Vec2::new(88.0, 20.0)))
    ///     .expect("the wall");
    /// assert!((hit.t - 0.65).abs() < 1e-6); // 52 of 80 units on, its right side at 64
    /// assert_eq!((hit.normal, hit.cell), (Vec2::X, TileCell::new(4, 1)));
    /// # Ok::<(), collide_broad::Error>(())
    /// ```
    #[must_use]
    pub fn time_of_impact<'a>(
        &self,
        shape: impl Into<ShapeRef<'a>>,
        motion: &Motion,
    ) -> Option<TileHit> {
        let shape = shape.into();
        if !motion.is_finite() {
            return None;
        }
        let start = shape.aabb(&motion.start_pose());
        if !start.is_finite() {
            return None;
        }
        let d = motion.travel();
        let margin = self.sweep_margin(start.half_extents, motion);
        let (lo, hi) = (start.min() - margin, start.max() + margin);
        let (c0, c1) = self.cell_range(lo.min(lo + d), hi.max(hi + d))?;
        // Strips across the axis the motion crosses more cells along.
        let along = usize::from(d.y.abs() * self.cell_size().x > d.x.abs() * self.cell_size().y);
        let cross = 1 - along;
        let (first, last) = if d[along] < 0.0 {
            (c1[along], c0[along])
        } else {
            (c0[along], c1[along])
        };
        let mut best: Option<TileHit> = None;
        let mut next = Some(first);
        // Only strips holding a solid cell somewhere across the path are looked at.
        while let Some(s) = next.and_then(|s| self.next_solid_strip(along, s, last, c0, c1)) {
            next = if s == last {
                None
            } else if d[along] < 0.0 {
                Some(s - 1)
            } else {
                Some(s + 1)
            };
            let (e0, e1) = self.strip_span(along, s);
            let Some((t_in, t_out)) = window(lo[along], hi[along], d[along], e0, e1) else {
                continue;
            };
            if best.is_some_and(|b| t_in > b.t) {
                break; // the box reaches every later strip later still
            }
            // The box's cross-axis reach while it is over the strip.
            let reach_lo = (lo[cross] + d[cross] * t_in).min(lo[cross] + d[cross] * t_out);
            let reach_hi = (hi[cross] + d[cross] * t_in).max(hi[cross] + d[cross] * t_out);
            let (r0, r1) = self.cross_range(cross, reach_lo, reach_hi, c0[cross], c1[cross]);
            for r in r0..=r1 {
                let cell = if along == 0 {
                    TileCell::new(s, r)
                } else {
                    TileCell::new(r, s)
                };
                let found = self.sweep_cell(shape, motion, cell, lo, hi, best.map(|b| b.t));
                if let Some(hit) = found {
                    if best.is_none_or(|b| hit.before(&b, self)) {
                        best = Some(hit);
                    }
                }
            }
        }
        best
    }

    /// The hit of the moving shape on one cell by the face rule, if the cell is solid, has an
    /// exposed face, and its box is reached (by the shape's box `lo..=hi`) no later than
    /// `best`.
    fn sweep_cell(
        &self,
        shape: ShapeRef<'_>,
        motion: &Motion,
        cell: TileCell,
        lo: Vec2,
        hi: Vec2,
        best: Option<f32>,
    ) -> Option<TileHit> {
        let (x, y) = (cell.x, cell.y);
        if !self.is_solid(x, y) || !self.has_exposed_face(x, y) {
            return None;
        }
        let (b0, b1) = (self.cell_min(x, y), self.cell_min(x + 1, y + 1));
        let d = motion.travel();
        let (tx0, tx1) = window(lo.x, hi.x, d.x, b0.x, b1.x)?;
        let (ty0, ty1) = window(lo.y, hi.y, d.y, b0.y, b1.y)?;
        let reach = tx0.max(ty0);
        if reach > tx1.min(ty1) || best.is_some_and(|b| reach > b) {
            return None;
        }
        let still = Motion::stationary(self.cell_center(x, y));
        let impact = time_of_impact(shape, motion, self.cell_rect(), &still)?;
        let normal = self.face_normal(x, y, impact.normal)?;
        Some(TileHit {
            t: impact.t,
            point: impact.point,
            normal,
            cell,
        })
    }

    /// The first strip from `s` towards `last` (column strips for `along = 0`, row strips
    /// for `1`) holding a solid cell within the cross-axis range of `c0..=c1`.
    fn next_solid_strip(
        &self,
        along: usize,
        s: u32,
        last: u32,
        c0: [u32; 2],
        c1: [u32; 2],
    ) -> Option<u32> {
        if along == 0 {
            self.first_column(s, last, (c0[1], c1[1]))
        } else {
            self.first_row(s, last, (c0[0], c1[0]))
        }
    }

    /// The world span of strip `s` along `axis` (column `s` for `x`, row `s` for `y`).
    fn strip_span(&self, axis: usize, s: u32) -> (f32, f32) {
        let s = i64::from(s);
        if axis == 0 {
            (self.edge_x(s), self.edge_x(s + 1))
        } else {
            (self.edge_y(s), self.edge_y(s + 1))
        }
    }

    /// The cells along `axis` that the span `lo..=hi` touches, within `first..=last` (the
    /// span is already grown by the sweep's margin, which covers the rounding of an edge).
    fn cross_range(&self, axis: usize, lo: f32, hi: f32, first: u32, last: u32) -> (u32, u32) {
        let (a, b) = if axis == 0 {
            (self.column_of(lo), self.column_of(hi))
        } else {
            (self.row_of(lo), self.row_of(hi))
        };
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

/// When the span `lo..=hi`, moving by `d`, meets the closed span `e0..=e1`: the window of the
/// motion in `[0, 1]`, or `None` if it never does.
pub(crate) fn window(lo: f32, hi: f32, d: f32, e0: f32, e1: f32) -> Option<(f32, f32)> {
    if d == 0.0 {
        return (hi >= e0 && lo <= e1).then_some((0.0, 1.0));
    }
    let (a, b) = ((e0 - hi) / d, (e1 - lo) / d);
    let (t0, t1) = (a.min(b).max(0.0), a.max(b).min(1.0));
    (t0 <= t1).then_some((t0, t1))
}
