//! Time of impact of two moving circles: one circle of the summed radii against a point.

use glam::Vec2;

use super::{slab::circle_entry, Impact};
use crate::{Circle, Motion};

/// The time of impact of two moving circles (rotation is ignored).
///
/// With relative motion, b stands still and a's centre is a point moving against a circle of
/// radius `ra + rb` (seed 000); the quadratic gives the time. The normal runs from a's centre
/// to b's at that moment, and the point is on a's rim, from each circle's own path. Coincident
/// centres at the start give the normal `+x`. See [`time_of_impact`](crate::time_of_impact)
/// for the conventions shared by every pair.
///
/// ```
/// use collide_core::{sweep_circle_circle, Circle, Motion};
/// use glam::Vec2;
///
/// let shot = Motion::linear(Vec2::new(-4.0, 0.0), Vec2::new(4.0, 0.0));
/// let rock = Motion::stationary(Vec2::ZERO);
/// let hit = sweep_circle_circle(&Circle { radius: 0.5 }, &shot, &Circle { radius: 1.0 }, &rock)
///     .unwrap();
/// assert!((hit.t - 0.3125).abs() < 1e-6);
/// ```
#[inline]
#[must_use]
pub fn sweep_circle_circle(
    a: &Circle,
    motion_a: &Motion,
    b: &Circle,
    motion_b: &Motion,
) -> Option<Impact> {
    let radius = a.radius + b.radius;
    // Both radii non-negative (NaN fails) and finite (an infinite one makes the sum infinite).
    if !(a.radius >= 0.0 && b.radius >= 0.0 && radius < f32::INFINITY) {
        return None;
    }
    // a's centre relative to b's.
    let p = motion_a.start - motion_b.start;
    let d = motion_a.travel() - motion_b.travel();
    let t = circle_entry(p, d, radius)?;
    let (ca, cb) = (motion_a.position_at(t), motion_b.position_at(t));
    // Normalized rather than divided by the radius: with long travel, the positions at `t`
    // carry rounding far larger than a small radius.
    let normal = (cb - ca).normalize_or(Vec2::X);
    // At the moment of contact the two rims meet; when the circles start overlapping, take the
    // middle of the overlap along the normal.
    let point = ((ca + normal * a.radius) + (cb - normal * b.radius)) * 0.5;
    // Non-finite motions end here: every path above turns them into NaN, not a panic.
    (ca.is_finite() && cb.is_finite() && point.is_finite()).then_some(Impact {
        t,
        point,
        normal,
        steps: 0,
    })
}
