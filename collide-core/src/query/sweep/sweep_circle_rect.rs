//! Time of impact of a moving circle and a moving axis-aligned rectangle: the slab test against
//! the box grown by the radius, with its corners re-solved as circles.

use glam::Vec2;

use super::{
    slab::{circle_entry, slab},
    Impact,
};
use crate::{Circle, Motion, Rect};

/// The time of impact of a moving circle `a` and a moving rectangle `b` (rotation is ignored).
///
/// Seed 000's `TryCircleVsAabbTime` on the relative motion: cast the circle's centre against
/// the box grown by the radius with square corners; when the centre at impact lies in a corner
/// zone (past both a vertical and a horizontal edge), solve that corner again as what it
/// really is, a circle of the same radius. A circle that only passes within `r·√2` of a corner
/// is therefore not a hit. The normal runs from the circle's centre to the box's nearest point.
/// See [`time_of_impact`](crate::time_of_impact) for the shared conventions.
///
/// ```
/// use collide_core::{sweep_circle_rect, Circle, Motion, Rect};
/// use glam::Vec2;
///
/// let ball = Circle { radius: 1.0 };
/// let wall = Rect { half_extents: Vec2::new(1.0, 1.0) };
/// let still = Motion::stationary(Vec2::ZERO);
/// // Passes 1.2 from the corner along the diagonal: inside the square box, outside the round one.
/// let off = Vec2::splat(1.0 + 1.2 / 2f32.sqrt());
/// let by = Motion::linear(off + Vec2::new(-5.0, 5.0), off + Vec2::new(5.0, -5.0));
/// assert!(sweep_circle_rect(&ball, &by, &wall, &still).is_none());
/// ```
#[inline]
#[must_use]
pub fn sweep_circle_rect(
    a: &Circle,
    motion_a: &Motion,
    b: &Rect,
    motion_b: &Motion,
) -> Option<Impact> {
    if !(a.is_valid() && b.is_valid()) {
        return None;
    }
    let (r, h) = (a.radius, b.half_extents);
    // The circle's centre relative to the box's.
    let p = motion_a.start - motion_b.start;
    let d = motion_a.travel() - motion_b.travel();
    let hit = slab(p, d, h + Vec2::splat(r))?;
    let t_box = hit.entry.max(0.0);
    let c = p + d * t_box;
    let past = c.abs().cmpgt(h);
    let (t, corner) = if r > 0.0 && past.all() {
        // A squared-off corner: the real grown shape is round there.
        let corner = Vec2::new(h.x.copysign(c.x), h.y.copysign(c.y));
        (circle_entry(p - corner, d, r)?, Some(corner))
    } else {
        (t_box, None)
    };
    let (ca, cb) = (motion_a.position_at(t), motion_b.position_at(t));
    let local = ca - cb;
    let (normal, point) = match corner {
        // A rounded corner, reached after the start: towards the corner.
        Some(corner) if t > 0.0 => ((corner - local).normalize_or(Vec2::X), cb + corner),
        // A flat face: the normal is the entered axis, towards the box.
        None if hit.entry >= 0.0 => {
            let mut n = Vec2::ZERO;
            n[hit.axis] = if local[hit.axis] < 0.0 { 1.0 } else { -1.0 };
            (n, ca + n * r)
        }
        _ => start_contact(local, h, cb),
    };
    // Non-finite motions end here: every path above turns them into NaN, not a panic.
    (ca.is_finite() && cb.is_finite() && point.is_finite()).then_some(Impact {
        t,
        point,
        normal,
        steps: 0,
    })
}

/// The normal and point of a circle centred at `local` (relative to the box centre `cb`) that
/// already overlaps the box `|x| ≤ h` at the start.
fn start_contact(local: Vec2, h: Vec2, cb: Vec2) -> (Vec2, Vec2) {
    let nearest = local.clamp(-h, h);
    if nearest != local {
        // The centre is outside the box: the nearest point of the box is the contact.
        return ((nearest - local).normalize_or(Vec2::X), cb + nearest);
    }
    // The centre is inside the box: push out through the nearest face.
    let pen = h - local.abs();
    let axis = usize::from(pen.y < pen.x);
    let mut n = Vec2::ZERO;
    n[axis] = if local[axis] < 0.0 { 1.0 } else { -1.0 };
    let mut on_face = local;
    on_face[axis] = -n[axis] * h[axis];
    (n, cb + on_face)
}

/// The time of impact of a moving rectangle `a` and a moving circle `b`: [`sweep_circle_rect`]
/// with the roles swapped and the normal flipped.
#[inline]
#[must_use]
pub fn sweep_rect_circle(
    a: &Rect,
    motion_a: &Motion,
    b: &Circle,
    motion_b: &Motion,
) -> Option<Impact> {
    sweep_circle_rect(b, motion_b, a, motion_a).map(Impact::flipped)
}
