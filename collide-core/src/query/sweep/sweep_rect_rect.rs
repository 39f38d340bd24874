//! Time of impact of two moving axis-aligned rectangles: the slab test against the grown box.

use glam::Vec2;

use super::{slab::slab, Impact};
use crate::{Motion, Rect};

/// The time of impact of two moving axis-aligned rectangles (rotation is ignored).
///
/// Seed 001's `SweepTime` on the relative motion: b grows by a's half-extents into a box whose
/// square corners are exact, and a's centre is cast into it one axis at a time. The normal is
/// the axis whose slab was entered last, pointing from a to b; the point is the middle of the
/// two touching faces' overlap, from each box's own path. Boxes that already overlap give
/// `t = 0` and the axis of least penetration. See [`time_of_impact`](crate::time_of_impact).
///
/// ```
/// use collide_core::{sweep_rect_rect, Motion, Rect};
/// use glam::Vec2;
///
/// let shot = Rect { half_extents: Vec2::new(2.0, 7.0) };
/// let alien = Rect { half_extents: Vec2::new(7.0, 7.0) };
/// let hit = sweep_rect_rect(
///     &shot,
///     &Motion::linear(Vec2::new(0.0, -100.0), Vec2::new(0.0, 100.0)),
///     &alien,
///     &Motion::stationary(Vec2::ZERO),
/// )
/// .unwrap();
/// assert!((hit.t - 0.43).abs() < 1e-6);
/// assert_eq!(hit.normal, Vec2::Y);
/// ```
#[inline]
#[must_use]
pub fn sweep_rect_rect(a: &Rect, motion_a: &Motion, b: &Rect, motion_b: &Motion) -> Option<Impact> {
    if !(a.is_valid() && b.is_valid()) {
        return None;
    }
    let h = a.half_extents + b.half_extents;
    let p = motion_a.start - motion_b.start;
    let d = motion_a.travel() - motion_b.travel();
    let hit = slab(p, d, h)?;
    let t = hit.entry.max(0.0);
    let (ca, cb) = (motion_a.position_at(t), motion_b.position_at(t));
    let rel = cb - ca;
    let axis = if hit.entry >= 0.0 {
        hit.axis
    } else {
        // Already overlapping: the axis that needs the least push to separate them.
        let pen = h - rel.abs();
        usize::from(pen.y < pen.x)
    };
    let mut normal = Vec2::ZERO;
    normal[axis] = if rel[axis] < 0.0 { -1.0 } else { 1.0 };
    // The middle of the overlap of the two boxes (on the touching faces when they just touch).
    let lo = (ca - a.half_extents).max(cb - b.half_extents);
    let hi = (ca + a.half_extents).min(cb + b.half_extents);
    let point = (lo + hi) * 0.5;
    // Non-finite motions end here: every path above turns them into NaN, not a panic.
    (ca.is_finite() && cb.is_finite() && point.is_finite()).then_some(Impact {
        t,
        point,
        normal,
        steps: 0,
    })
}
