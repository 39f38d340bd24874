//! Where a [`TileMap`]'s cells lie in the world: their corners, boxes and centres, and the
//! cells under a point or a box.

use collide_core::{Aabb, Rect};
use glam::Vec2;

use super::{TileCell, TileMap};

impl TileMap {
    /// The world position of cell `(x, y)`'s minimum corner, `origin + (x, y) · cell_size`
    /// (also for `x = width` or `y = height`: the far edges of the map).
    #[must_use]
    pub fn cell_min(&self, x: u32, y: u32) -> Vec2 {
        Vec2::new(self.edge_x(x as i64), self.edge_y(y as i64))
    }

    /// The world box of cell `(x, y)` (any cell, in the map or not).
    #[must_use]
    pub fn cell_bounds(&self, x: u32, y: u32) -> Aabb {
        // In `i64`: the far edges of cell `u32::MAX` lie past a `u32`.
        let (x, y) = (i64::from(x), i64::from(y));
        let min = Vec2::new(self.edge_x(x), self.edge_y(y));
        let max = Vec2::new(self.edge_x(x + 1), self.edge_y(y + 1));
        Aabb::from_min_max(min, max)
    }

    /// The world position of cell `(x, y)`'s centre (where [`cell_rect`](Self::cell_rect)
    /// stands to cover it).
    #[must_use]
    pub fn cell_center(&self, x: u32, y: u32) -> Vec2 {
        self.origin() + (Vec2::new(x as f32, y as f32) + 0.5) * self.cell_size()
    }

    /// The rectangle of one cell, centred on its [`cell_center`](Self::cell_center).
    #[must_use]
    pub fn cell_rect(&self) -> Rect {
        Rect {
            half_extents: self.cell_size() * 0.5,
        }
    }

    /// The world box of the whole map.
    #[must_use]
    pub fn bounds(&self) -> Aabb {
        Aabb::from_min_max(self.origin(), self.cell_min(self.width(), self.height()))
    }

    /// The cell holding the world point `p` (a point on an edge belongs to the cell above or
    /// to the right of it), or `None` outside the map or for a non-finite point.
    #[must_use]
    pub fn cell_at(&self, p: Vec2) -> Option<TileCell> {
        let c = ((p - self.origin()) / self.cell_size()).floor();
        let inside =
            c.x >= 0.0 && c.y >= 0.0 && c.x < self.width() as f32 && c.y < self.height() as f32;
        inside.then(|| TileCell::new(c.x as u32, c.y as u32))
    }

    /// The column edge `i` (`i` may lie outside the map).
    pub(crate) fn edge_x(&self, i: i64) -> f32 {
        self.origin().x + i as f32 * self.cell_size().x
    }

    /// The row edge `j`.
    pub(crate) fn edge_y(&self, j: i64) -> f32 {
        self.origin().y + j as f32 * self.cell_size().y
    }

    /// Edge `i` along `axis`: the column edge for `0`, the row edge for `1`.
    pub(crate) fn edge(&self, axis: usize, i: i64) -> f32 {
        if axis == 0 {
            self.edge_x(i)
        } else {
            self.edge_y(i)
        }
    }

    /// The cell along `axis` that `coordinate` falls in ([`column_of`](Self::column_of) for
    /// `0`, [`row_of`](Self::row_of) for `1`), unclamped, to the same rounding.
    pub(crate) fn cell_on(&self, axis: usize, coordinate: f32) -> i64 {
        if axis == 0 {
            self.column_of(coordinate)
        } else {
            self.row_of(coordinate)
        }
    }

    /// The cell column and row the world coordinates fall in, unclamped (`i64` saturates far
    /// outside; the callers clamp), to rounding: by the inverse cell size, a product for a
    /// quotient, which is off by an ulp or two of `x − origin` more (the callers' margins
    /// cover it).
    pub(crate) fn column_of(&self, x: f32) -> i64 {
        floor_i64((x - self.origin().x) * self.inverse().x)
    }

    pub(crate) fn row_of(&self, y: f32) -> i64 {
        floor_i64((y - self.origin().y) * self.inverse().y)
    }

    /// The columns and rows of the cells that the closed box `lo..=hi` touches, clamped to the
    /// map, or `None` when it touches none. Each bound is pushed out by what `(v − origin) ·
    /// (1 / size)` can lose to rounding (see [`reach`]), so a box within rounding of an edge
    /// lists the cell beyond it too.
    #[inline]
    pub(crate) fn cell_range(&self, lo: Vec2, hi: Vec2) -> Option<([u32; 2], [u32; 2])> {
        if !(lo.is_finite() && hi.is_finite()) {
            return None;
        }
        let (o, inverse) = (self.origin(), self.inverse());
        let a = (lo - o) * inverse - self.reach_margin();
        let b = (hi - o) * inverse + self.reach_margin();
        let (w, h) = (self.width() as f32, self.height() as f32);
        if b.x < 0.0 || b.y < 0.0 || a.x >= w || a.y >= h {
            return None;
        }
        // Clamped to the map first, truncating is the floor.
        let cell = |v: f32, n: u32| v.clamp(0.0, (n - 1) as f32) as u32;
        Some((
            [cell(a.x, self.width()), cell(a.y, self.height())],
            [cell(b.x, self.width()), cell(b.y, self.height())],
        ))
    }
}

/// `v.floor()` as an integer, saturating, without a call to the C library's `floorf` (which
/// the baseline x86-64 target makes of `f32::floor`); NaN gives 0.
#[inline]
fn floor_i64(v: f32) -> i64 {
    let t = v as i64;
    // Above 2²³ every float is a whole number, so `t as f32` is `v` again there.
    t.saturating_sub(i64::from((t as f32) > v))
}
