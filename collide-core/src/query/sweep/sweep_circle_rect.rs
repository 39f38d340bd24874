//! Time of impact of a moving circle and a moving axis-aligned rectangle: the slab test against
//! the box grown by the radius, with its corners re-solved as circles.

use glam::{BVec2, Vec2};

use super::slab::{circle_entry, from_start, inwards, slab, SlabEntry};
use crate::Impact;
use crate::{
    query::{all_finite, normalize_or},
    Circle, Motion, Rect,
};

/// The time of impact of a moving circle `a` and a moving rectangle `b` (rotation is ignored).
///
/// On the relative motion: cast the circle's centre against
/// the box grown by the radius with square corners; when the centre at impact lies in a corner
/// zone (past both a vertical and a horizontal edge), solve that corner again as what it
/// really is, a circle of the same radius. A circle that only passes within `r·√2` of a corner
/// is therefore not a hit. The normal runs from the circle's centre to the box's nearest point.
/// See [`time_of_impact`](crate::time_of_impact) for the shared conventions.
///
/// ```
/// use collide_core::{Circle, Motion, Rect};
/// use collide_core::pair::{sweep_circle_rect};
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
#[inline(always)]
#[must_use]
pub fn sweep_circle_rect(
    a: &Circle,
    motion_a: &Motion,
    b: &Rect,
    motion_b: &Motion,
) -> Option<Impact> {
    let (r, h) = (a.radius, b.half_extents);
    let Entry { t, hit, corner } = entry_circle_rect(a, motion_a, b, motion_b)?;
    // Checked on the way to a hit only (on the way to a miss a NaN fails by itself), in one
    // test: valid shapes, and finite relative start and travel, which hold only when all four
    // positions are finite (so then are the positions at `t`). The point and normal below do
    // not take part, so a caller that keeps only `t` does not compute them.
    let (p, d) = (
        motion_a.start - motion_b.start,
        motion_a.travel() - motion_b.travel(),
    );
    if !(a.is_valid() & b.is_valid() & all_finite([p, d])) {
        return None;
    }
    let (ca, cb) = (motion_a.position_at(t), motion_b.position_at(t));
    let local = ca - cb;
    let (normal, point) = match corner {
        // A rounded corner, reached after the start: towards the corner.
        Some(corner) if t > 0.0 => (normalize_or(corner - local, Vec2::X), cb + corner),
        // A flat face: the normal is the entered axis, towards the box.
        None if hit.entry >= 0.0 => {
            let n = inwards(local, hit.axis_mask());
            (n, ca + n * r)
        }
        _ => start_contact(local, h, cb),
    };
    Some(Impact { t, point, normal })
}

/// The normal and point of a circle centred at `local` (relative to the box centre `cb`) that
/// already overlaps the box `|x| ≤ h` at the start.
#[inline(always)]
fn start_contact(local: Vec2, h: Vec2, cb: Vec2) -> (Vec2, Vec2) {
    let nearest = local.max(-h).min(h);
    if nearest != local {
        // The centre is outside the box: the nearest point of the box is the contact.
        return (normalize_or(nearest - local, Vec2::X), cb + nearest);
    }
    // The centre is inside the box: push out through the nearest face (x on a tie).
    let pen = h - local.abs();
    let axis = BVec2::new(pen.x <= pen.y, pen.y < pen.x);
    let n = inwards(local, axis);
    (n, cb + Vec2::select(axis, -n * h, local))
}

/// The time of impact of a moving rectangle `a` and a moving circle `b`: [`sweep_circle_rect`]
/// with the roles swapped and the normal flipped.
#[inline(always)]
#[must_use]
pub fn sweep_rect_circle(
    a: &Rect,
    motion_a: &Motion,
    b: &Circle,
    motion_b: &Motion,
) -> Option<Impact> {
    sweep_circle_rect(b, motion_b, a, motion_a).map(Impact::flipped)
}

/// When a circle's centre enters a rectangle grown by its radius, with rounded corners.
struct Entry {
    /// The time of impact.
    t: f32,
    /// The slab test's entry into the square-cornered grown box.
    hit: SlabEntry,
    /// The rectangle's corner (relative to its centre) when the impact is on a rounded corner.
    corner: Option<Vec2>,
}

/// The entry of [`sweep_circle_rect`]; the caller validates the shapes.
#[inline(always)]
fn entry_circle_rect(a: &Circle, motion_a: &Motion, b: &Rect, motion_b: &Motion) -> Option<Entry> {
    let (r, h) = (a.radius, b.half_extents);
    // The circle's centre relative to the box's.
    let p = motion_a.start - motion_b.start;
    let d = motion_a.travel() - motion_b.travel();
    let hit = slab(p, d, h + Vec2::splat(r))?;
    let t_box = from_start(hit.entry);
    let c = p + d * t_box;
    let past = c.abs().cmpgt(h);
    if r > 0.0 && past.all() {
        // A squared-off corner: the real grown shape is round there.
        let corner = Vec2::new(h.x.copysign(c.x), h.y.copysign(c.y));
        let t = corner_entry(p - corner, d, r)?;
        return Some(Entry {
            t,
            hit,
            corner: Some(corner),
        });
    }
    Some(Entry {
        t: t_box,
        hit,
        corner: None,
    })
}

/// [`circle_entry`] for a rounded corner, kept out of line.
// Corner hits are the rare case of a circle meeting a box; inlined, the quadratic's extra live
// values crowd the common path in every loop that inlines the sweep.
#[inline(never)]
fn corner_entry(p: Vec2, d: Vec2, r: f32) -> Option<f32> {
    circle_entry(p, d, r)
}

/// Whether a circle of radius `r` centred at `p` relative to the box `|x| ≤ h` strictly
/// overlaps it: exactly when [`entry_circle_rect`] gives `t = 0` (for finite motions), by the
/// same comparisons its slab and corner tests make at `t = 0`, without their divisions.
#[inline(always)]
fn starts_inside(r: f32, h: Vec2, p: Vec2) -> bool {
    let along = p.abs();
    if !along.cmplt(h + Vec2::splat(r)).all() {
        return false;
    }
    // In a square-off corner zone (past both faces) the grown shape is round: inside only
    // within `r` of the corner.
    let out = along - h;
    !out.cmpgt(Vec2::ZERO).all() || out.dot(out) - r * r < 0.0
}

/// [`sweep_circle_rect`] for the narrow phase after a discrete miss, where the circle often
/// started inside the box and left it during the frame: such a pair is answered at `t = 0`
/// without the slab test, with the full sweep's point and normal.
#[inline(always)]
pub(crate) fn sweep_circle_rect_narrow(
    a: &Circle,
    motion_a: &Motion,
    b: &Rect,
    motion_b: &Motion,
) -> Option<Impact> {
    let (p, d) = (
        motion_a.start - motion_b.start,
        motion_a.travel() - motion_b.travel(),
    );
    if !starts_inside(a.radius, b.half_extents, p) {
        return sweep_circle_rect(a, motion_a, b, motion_b);
    }
    if !(a.is_valid() & b.is_valid() & all_finite([p, d])) {
        return None;
    }
    // At `t = 0` each body is at its start: `p` is already the centres' offset.
    let (normal, point) = start_contact(p, b.half_extents, motion_b.start);
    Some(Impact {
        t: 0.0,
        point,
        normal,
    })
}
