//! Time of impact of two moving axis-aligned rectangles: the slab test against the grown box.

use glam::{BVec2, Vec2};

use super::slab::{from_start, slab_flag};
use crate::Impact;
use crate::{query::all_finite, Motion, Rect};

/// The time of impact of two moving axis-aligned rectangles (rotation is ignored).
///
/// The slab test on the relative motion: b grows by a's half-extents into a box whose
/// square corners are exact, and a's centre is cast into it one axis at a time. The normal is
/// the axis whose slab was entered last, pointing from a to b; the point is the middle of the
/// two touching faces' overlap, from each box's own path. Boxes that already overlap give
/// `t = 0` and the axis of least penetration. Half-extents whose sum is not a float (beyond
/// about 1.7e38) give `None`, as non-finite ones do. See
/// [`time_of_impact`](crate::time_of_impact).
///
/// ```
/// use collide_core::{Motion, Rect};
/// use collide_core::pair::{sweep_rect_rect};
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
#[inline(always)]
#[must_use]
pub fn sweep_rect_rect(a: &Rect, motion_a: &Motion, b: &Rect, motion_b: &Motion) -> Option<Impact> {
    let (p, d) = (
        motion_a.start - motion_b.start,
        motion_a.travel() - motion_b.travel(),
    );
    let (ha, hb) = (a.half_extents, b.half_extents);
    let h = ha + hb;
    let (hit, entry) = slab_flag(p, d, h);
    // Both rects valid, in one mask and with no branch (`Rect::is_valid`'s `&&`s would make
    // four): extents not negative, and a finite sum, which also needs each finite. NaN fails
    // every compare. Extents whose sum is not a float give `None`, as non-finite ones do.
    let valid = (ha.cmpge(Vec2::ZERO) & hb.cmpge(Vec2::ZERO) & h.cmplt(Vec2::INFINITY)).all();
    // One flag, one test: the hit, valid rects, and finite relative start and travel, which
    // hold only when all four positions are finite (so then are the positions at `t`). The
    // point and normal below do not take part, so a caller that keeps only `t` does not
    // compute them.
    if !(hit & valid & all_finite([p, d])) {
        return None;
    }
    let t = from_start(entry.entry);
    let (ca, cb) = (motion_a.position_at(t), motion_b.position_at(t));
    let rel = cb - ca;
    // The entered axis; or, when already overlapping, the axis that needs the least push to
    // separate them (x on a tie). Both computed and one picked: the start overlap is a coin
    // toss too.
    let pen = h - rel.abs();
    let along_y = if entry.entry >= 0.0 {
        entry.axis == 1
    } else {
        pen.y < pen.x
    };
    // From a to b: `rel`'s sign, `+1` where it is zero.
    let sign = Vec2::select(rel.cmplt(Vec2::ZERO), Vec2::NEG_ONE, Vec2::ONE);
    let normal = Vec2::select(BVec2::new(!along_y, along_y), sign, Vec2::ZERO);
    // The middle of the overlap of the two boxes (on the touching faces when they just touch).
    let lo = (ca - ha).max(cb - hb);
    let hi = (ca + ha).min(cb + hb);
    // Each half taken before the sum (the same value, exactly), so two boxes near the edge of
    // the float range do not overflow: `p` and `d` finite vouch for a finite answer.
    let point = lo * 0.5 + hi * 0.5;
    Some(Impact { t, point, normal })
}
