//! What the separating-axis sweeps of a pair of polygons hand back, and the rounding they
//! allow for: shared by the general pair and the hull–rect closed form, below both.

use glam::Vec2;

/// Where two polygons meet.
pub(in crate::query) struct Meeting {
    /// When they touch, in `[0, 1]`.
    pub(in crate::query) touch_t: f32,
    /// The face normal they meet on, from `a` to `b`.
    pub(in crate::query) normal: Vec2,
    /// Where they touch, in world coordinates, from `a`'s path at `touch_t`.
    pub(in crate::query) point: Vec2,
    /// They are within rounding of touching (or overlap) at the start.
    pub(in crate::query) at_start: bool,
}

impl Meeting {
    /// The meeting as a time of impact; `None` where the point or the normal is not finite
    /// (far outside the sizes the crate is built for, the products overflow).
    #[inline]
    pub(in crate::query) fn impact(&self) -> Option<crate::Impact> {
        crate::query::all_finite([self.point, self.normal]).then_some(crate::Impact {
            t: self.touch_t,
            point: self.point,
            normal: self.normal,
        })
    }
}

/// How much a gap along an axis must exceed, relative to the shapes' extent about `a`, to
/// count as apart beyond the rounding of their coordinates.
pub(super) const ROUNDING: f32 = 8.0 * f32::EPSILON;

/// The rounding a pair allows for: [`ROUNDING`] of its coordinates, from the least and the
/// most corner of each shape's box (the largest coordinate of any vertex is one of theirs).
#[derive(Clone, Copy)]
pub(super) struct Margin {
    /// The largest coordinate along each world axis.
    reach: Vec2,
    /// [`ROUNDING`] of the largest coordinate: a bound along any axis.
    most: f32,
}

impl Margin {
    #[inline(always)]
    pub(super) fn of(corners: [Vec2; 4]) -> Self {
        let reach = corners.iter().fold(Vec2::ZERO, |r, c| r.max(c.abs()));
        Self {
            reach,
            most: ROUNDING * reach.max_element(),
        }
    }

    /// Along any axis.
    #[inline(always)]
    pub(super) fn most(self) -> f32 {
        self.most
    }

    /// Along the unit `axis`: a projection on it rounds with each coordinate times the axis's
    /// part along that coordinate, so the far ends of a long floor count along it, not across
    /// it (where they would outgrow a skin); never more than [`most`](Self::most).
    #[inline(always)]
    pub(super) fn along(self, axis: Vec2) -> f32 {
        let along = ROUNDING * (self.reach.x * axis.x.abs() + self.reach.y * axis.y.abs());
        if along < self.most {
            along
        } else {
            self.most
        }
    }
}
