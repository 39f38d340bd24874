//! A segment running exactly along a grid line: it enters no cell beside the line (overlap is
//! strict, as everywhere in collide), but where the cells on both sides of the line are solid
//! up to it it runs inside the solid region, along the seam between them, and a map has no
//! seams. A laser fired straight down at `x = 16` onto a floor of 16-unit tiles meets the
//! floor; a bullet along the line where a half tile stands on a solid tile meets their wall.

use glam::Vec2;

use super::cells::Cells;
use super::faces::Face;
use super::{TileMap, TileShape};
use crate::WorldHit;

impl TileMap {
    /// Where the segment `from + d · t` (`t` in `0..=1`), running exactly along a grid line
    /// between two columns (or two rows) of the map, first runs between two cells (as `cells`
    /// reads them) that both stop it there: solid cells, shaped cells where their solid part
    /// covers their side on the line (a half tile standing on a solid one), or one-way cells
    /// it comes down onto through their tops.
    /// `None` when it does not run along a line inside the map; `Some(None)` when it does and
    /// nothing stops it. The hit is the lower cell index of the two, its normal the segment's
    /// own direction (the face it enters is square to it; a start between two solid cells is
    /// a start inside, as for one cell).
    pub(super) fn along_grid_line(
        &self,
        cells: &impl Cells,
        from: Vec2,
        d: Vec2,
        one_way: bool,
    ) -> Option<Option<WorldHit>> {
        // `across`: the axis the segment keeps still (the line's); `along`: the one it moves on.
        let (across, along) = match (d.x == 0.0, d.y == 0.0) {
            (true, false) => (0, 1),
            (false, true) => (1, 0),
            (true, true) => return self.point_on_grid_line(cells, from, d).map(Some),
            (false, false) => return None,
        };
        let k = self.line_at(across, from[across])?;
        let count = [self.width(), self.height()][along];
        let (p, dv) = (from[along], d[along]);
        // The first cell along the way: the one holding the start, or, on an edge, the one
        // the segment heads into.
        let at = self.cell_along(along, p);
        let first = if dv < 0.0 && self.edge(along, at) == p {
            at.saturating_sub(1)
        } else {
            at
        };
        let step: i64 = if dv > 0.0 { 1 } else { -1 };
        let mut i = first.clamp(-1, i64::from(count));
        // Before the map along the way: on to its first cell.
        if i < 0 && step > 0 {
            i = 0;
        }
        if i >= i64::from(count) && step < 0 {
            i = i64::from(count) - 1;
        }
        while (0..i64::from(count)).contains(&i) {
            // When the segment reaches cell `i` (its near edge), `0` if it starts in it.
            let near = if step > 0 { i } else { i + 1 };
            let t = ((self.edge(along, near) - p) / dv).max(0.0);
            // Reaching the cell only at its very end, the segment does not pass inside it.
            if t >= 1.0 {
                return Some(None);
            }
            let both = self.both_cover(cells, (across, k, i as u32), (d, t), one_way);
            if let Some((span, id)) = both {
                // Where, within the cell, the segment enters the part both cells cover.
                let (a, b) = self.span_along(along, i, span);
                let inside = a < p && p < b;
                // `+ 0.0` makes a start on the near end (`0 / -dv = -0.0`) the `+0.0` a hit
                // promises.
                let t = if inside {
                    0.0
                } else {
                    (if step > 0 { a } else { b } - p) / dv + 0.0
                };
                if t >= 1.0 {
                    return Some(None);
                }
                if t < 0.0 {
                    i += step;
                    continue;
                }
                let impact = collide_core::Impact {
                    t,
                    point: from + d * t,
                    // Exactly along the axis (a normalized `d` may round off it).
                    normal: if along == 0 {
                        Vec2::new(dv.signum(), 0.0)
                    } else {
                        Vec2::new(0.0, dv.signum())
                    },
                };
                return Some(Some(WorldHit { id, impact }));
            }
            i += step;
        }
        Some(None)
    }

    /// Where a point moving by `d` from `from` first runs inside the solid region along or
    /// on a grid line: along a line ([`along_grid_line`](Self::along_grid_line)), or, when
    /// it crosses one, from a start on the seam between two solid cells (met at `t = 0`, its
    /// own direction the normal, as [`cast_segment`](Self::cast_segment) meets it). `None`
    /// when neither says so; `Some(None)` when it runs along a line and nothing stops it.
    pub(super) fn point_on_lines(
        &self,
        cells: &impl Cells,
        from: Vec2,
        d: Vec2,
        one_way: bool,
    ) -> Option<Option<WorldHit>> {
        if let Some(hit) = self.along_grid_line(cells, from, d, one_way) {
            return Some(hit);
        }
        let mut hit = self.point_on_grid_line(cells, from, d)?;
        hit.impact.normal = d.try_normalize().unwrap_or(Vec2::X);
        Some(Some(hit))
    }

    /// A segment of length zero at `from`, on a grid line between two solid cells (not at a
    /// corner of cells): inside the solid region, met at `t = 0` (normal `+x`, as for a
    /// zero-length segment inside one cell), in the lower cell of the two unless `heading`
    /// goes up across the line. `None` elsewhere.
    fn point_on_grid_line(
        &self,
        cells: &impl Cells,
        from: Vec2,
        heading: Vec2,
    ) -> Option<WorldHit> {
        for across in [0, 1] {
            let Some(k) = self.line_at(across, from[across]) else {
                continue;
            };
            let along = 1 - across;
            let i = self.cell_along(along, from[along]);
            let count = [self.width(), self.height()][along];
            // Strictly inside a cell along the line: not on a corner of cells.
            let inside = self.edge(along, i) < from[along];
            if !(inside && (0..i64::from(count)).contains(&i)) {
                continue;
            }
            let line = (across, k, i as u32);
            let both = self.both_cover(cells, line, (Vec2::ZERO, 0.0), false);
            let covered = both.filter(|&(span, _)| {
                let (a, b) = self.span_along(along, i, span);
                a < from[along] && from[along] < b
            });
            if let Some((_, mut id)) = covered {
                // Heading across the line, the cell it heads into (as `cast_segment` says).
                if heading[across] > 0.0 {
                    let [_, (x, y)] = beside_line(across, k, i as u32);
                    id = id.max(self.cell_index(x, y));
                }
                let impact = collide_core::Impact {
                    t: 0.0,
                    point: from,
                    normal: Vec2::X,
                };
                return Some(WorldHit { id, impact });
            }
        }
        None
    }

    /// The cell `i` along `axis` with `edge(i) <= coordinate < edge(i + 1)`, exactly (the
    /// guess of [`cell_on`](Self::cell_on) put right against the edges themselves), unclamped.
    fn cell_along(&self, axis: usize, coordinate: f32) -> i64 {
        let mut i = self.cell_on(axis, coordinate);
        if self.edge(axis, i) > coordinate {
            i = i.saturating_sub(1);
        } else if self.edge(axis, i.saturating_add(1)) <= coordinate {
            i = i.saturating_add(1);
        }
        i
    }

    /// The grid line `k` (`0 < k <` the cells along `axis`: one with cells on both sides)
    /// that lies exactly at `coordinate` on `axis`, if one does.
    fn line_at(&self, axis: usize, coordinate: f32) -> Option<u32> {
        let cells = [self.width(), self.height()][axis];
        let k = ((coordinate - self.origin()[axis]) / self.cell_size()[axis]).round();
        if !(k >= 1.0 && k < cells as f32) {
            return None;
        }
        let k = k as u32;
        (self.edge(axis, i64::from(k)) == coordinate).then_some(k)
    }

    /// The two cells (of `cells`) beside grid line `k` across `axis` at cell `i` along it:
    /// where both
    /// stop a segment running along the line by `d`, reaching them at `t`
    /// ([`cover_along_line`](Self::cover_along_line)), the span of the line both cover (in
    /// the unit cell's coordinate along it) and the lower cell index of the two.
    fn both_cover(
        &self,
        cells: &impl Cells,
        (across, k, i): (usize, u32, u32),
        way: (Vec2, f32),
        one_way: bool,
    ) -> Option<((f32, f32), u32)> {
        let [below, above] = beside_line(across, k, i);
        // The side of each cell that lies on the line.
        let (low_side, high_side) = if across == 0 {
            (Face::Right, Face::Left)
        } else {
            (Face::Top, Face::Bottom)
        };
        let (a0, a1) = self.cover_along_line(cells, below, low_side, way, one_way)?;
        let (b0, b1) = self.cover_along_line(cells, above, high_side, way, one_way)?;
        let span = (a0.max(b0), a1.min(b1));
        let id = self
            .cell_index(below.0, below.1)
            .min(self.cell_index(above.0, above.1));
        (span.0 < span.1).then_some((span, id))
    }

    /// The part of cell `(x, y)`'s side `face` (on the line) that stops a segment running
    /// along it by `d`, reaching it at `t`: the part its solid shape covers
    /// ([`TileShape::covers`]); a one-way cell's whole side, with `one_way`, only when the
    /// segment enters it through its top, coming down (not from a start inside it).
    fn cover_along_line(
        &self,
        cells: &impl Cells,
        (x, y): (u32, u32),
        face: Face,
        (d, t): (Vec2, f32),
        one_way: bool,
    ) -> Option<(f32, f32)> {
        let shape = TileShape::from_byte(cells.get(self, x, y)?);
        if shape.is_one_way() {
            let stops = one_way && t > 0.0 && d.dot(self.one_way_up()) < 0.0;
            return stops.then_some((0.0, 1.0));
        }
        shape.covers(face)
    }

    /// The coordinates along `axis` that the unit-cell span `(lo, hi)` of cell `i` runs
    /// between: the cell's own edges exactly at `0` and `1`.
    fn span_along(&self, axis: usize, i: i64, (lo, hi): (f32, f32)) -> (f32, f32) {
        let (start, end) = (self.edge(axis, i), self.edge(axis, i + 1));
        let at = |f: f32| match f {
            0.0 => start,
            1.0 => end,
            _ => start + (end - start) * f,
        };
        (at(lo), at(hi))
    }
}

/// The two cells beside grid line `k` across `axis` at cell `i` along it, the one below (or
/// left of) the line first.
fn beside_line(across: usize, k: u32, i: u32) -> [(u32, u32); 2] {
    if across == 0 {
        [(k - 1, i), (k, i)]
    } else {
        [(i, k - 1), (i, k)]
    }
}
