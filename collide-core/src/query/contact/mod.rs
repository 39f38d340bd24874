//! Discrete tests: do two placed shapes overlap now, and if so, how?
//!
//! One file per shape pair; [`contact`](crate::contact) and [`overlaps`](crate::overlaps)
//! dispatch to them. A reversed pair
//! (`contact_rect_circle`) is a one-line wrapper over the canonical one that flips the normal,
//! except for the polygon pairs, whose contact point belongs to the first shape (see
//! [`Contact`]).

// Tests are written `!(x < y)` rather than `x >= y` on purpose: a NaN (from positions whose
// differences overflow) must land on the "no contact" side.
#![allow(clippy::neg_cmp_op_on_partial_ord)]

use glam::Vec2;

mod contact_circle_circle;
mod contact_circle_hull;
mod contact_circle_rect;
mod contact_hull_hull;
mod contact_rect_hull;
mod contact_rect_rect;

/// What the pair files' tests share.
#[cfg(test)]
mod fixtures {
    use glam::Vec2;

    use crate::{Pose, Rect};

    /// The tolerance of the fixed cases' depths, points and normals.
    pub const TOL: f32 = 1e-5;

    /// An unrotated pose at `(x, y)`.
    pub fn at(x: f32, y: f32) -> Pose {
        Pose::from_position(Vec2::new(x, y))
    }

    /// A rect of half-extents `(hx, hy)`.
    pub fn rect(hx: f32, hy: f32) -> Rect {
        Rect {
            half_extents: Vec2::new(hx, hy),
        }
    }
}

pub use contact_circle_circle::contact_circle_circle;
pub(super) use contact_circle_circle::overlaps_circle_circle;
pub use contact_circle_hull::{contact_circle_hull, contact_hull_circle};
pub use contact_circle_rect::{contact_circle_rect, contact_rect_circle};
pub use contact_hull_hull::contact_hull_hull;
pub use contact_rect_hull::{contact_hull_rect, contact_rect_hull};
pub use contact_rect_rect::contact_rect_rect;
pub(super) use contact_rect_rect::overlaps_rect_rect;

/// How two overlapping shapes `a` and `b` overlap: a point, the normal and the depth.
///
/// - `normal` is unit length and points from `a` to `b`.
/// - `depth` is the shortest distance that separates them, and always positive: moving `b` by
///   `normal * depth` leaves the two exactly touching, which is not an overlap.
/// - `point` is a single witness point in world coordinates, for effects such as hit sparks:
///   - a pair with a **circle**: midway between the two surfaces along the normal line through
///     the circle's centre, `center + n * (radius - depth / 2)` with `n` pointing away from the
///     circle. The same point whichever shape comes first.
///   - **rect–rect**: the centre of the overlap box. The same point in either order.
///   - two **polygons** (rect–hull, hull–rect, hull–hull; a [`Rect`](crate::Rect) counts as a
///     4-gon here): the vertex of `a` that reaches deepest into `b`, "deepest" being
///     the greatest distance below `b`'s edges. Swapping the shapes makes it a vertex of the
///     new first shape, so the point then differs; normal and depth do not.
///
/// Where every direction is equally short, the normal is fixed by convention: two circles or
/// two rects with the same centre get `+x` (`Vec2::X`) in either order, so only for them does
/// swapping the shapes not flip the normal (nor, for two circles, move the point to the same
/// place). A circle whose centre lies inside a rect leaves through the nearest side, the `x`
/// side on a tie, and `+x` from the circle when centred.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contact {
    /// The witness point, in world coordinates (see the type docs for which point).
    pub point: Vec2,
    /// Unit normal from `a` to `b`: moving `b` along it separates the pair soonest.
    pub normal: Vec2,
    /// How far `b` must move along `normal` to separate from `a`; always `> 0`.
    pub depth: f32,
}

impl Contact {
    /// The same contact seen from the other shape: the normal flipped, point and depth kept.
    #[inline]
    #[must_use]
    pub fn flipped(self) -> Contact {
        Contact {
            point: self.point,
            normal: -self.normal,
            depth: self.depth,
        }
    }
}

/// How far inside a reach `reach` a point at distance `dist` lies, from their squares:
/// `(R² − d²) / (R + d)` rather than `R − d`, so that a test `d² < R²` that passed always gives
/// a positive depth (floored at the smallest normal float against underflow).
#[inline]
pub(super) fn depth_within(reach: f32, reach_sq: f32, dist: f32, dist_sq: f32) -> f32 {
    ((reach_sq - dist_sq) / (reach + dist)).max(f32::MIN_POSITIVE)
}

/// The unit vector along `v`, given its length `dist` and squared length `dist_sq`: `v / dist`,
/// or, where `dist_sq` is below the normal floats (so `dist` has lost digits) or `v` is zero,
/// [`normalize_any_or`](crate::query::normalize_any_or) with `+x` as the fallback.
#[inline]
pub(super) fn unit_along(v: Vec2, dist: f32, dist_sq: f32) -> Vec2 {
    if dist_sq >= f32::MIN_POSITIVE {
        v / dist
    } else {
        crate::query::normalize_any_or(v, Vec2::X)
    }
}
