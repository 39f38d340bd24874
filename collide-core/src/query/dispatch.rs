//! Every place a query looks at which shapes it was given, side by side: the pair dispatch of
//! [`contact`], [`overlaps`], [`time_of_impact`] and [`narrow_phase`], and the per-shape
//! dispatch of GJK ([`gjk_core`], [`common_frame`], [`relative_rotation`]), which serves
//! [`distance`](crate::distance).
//!
//! # Adding a shape
//!
//! Give [`ShapeRef`] (and [`Shape`](crate::Shape)) a variant, write its pair functions under
//! `contact/` and `sweep/`, and add its arms here: the matches are exhaustive, so the compiler
//! lists each one that lacks them, and give it its GJK core in [`gjk_core`] for
//! [`distance`](crate::distance).
//!
//! # Why four matches
//!
//! Each query matches once, and its arms call the pair functions directly: the public entry
//! points inline these functions (`#[inline(always)]`), so the branch on the shapes is one
//! jump table in the caller and each pair's code inlines into its own arm, with nothing
//! dynamic in between. A shared "which pair, swapped or not" step followed by a second match
//! per query would leave that to the optimizer to fold.

use glam::Vec2;

use super::contact::{
    contact_circle_circle, contact_circle_hull, contact_circle_rect, contact_hull_circle,
    contact_hull_hull, contact_hull_rect, contact_rect_circle, contact_rect_hull,
    contact_rect_rect, overlaps_circle_circle, overlaps_rect_rect, Contact,
};
use super::distance::gjk::Core;
use super::narrow::{expanded_box, settle, NarrowOutcome, SweepMode};
use super::sweep::{
    sweep_circle_circle, sweep_circle_hull, sweep_circle_rect, sweep_circle_rect_narrow,
    sweep_hull_circle, sweep_hull_hull, sweep_hull_rect, sweep_rect_circle, sweep_rect_hull,
    sweep_rect_rect, Impact,
};
use crate::{Motion, Pose, Rot, ShapeRef, MAX_HULL_VERTICES};

use ShapeRef::{Circle as C, Hull as H, Rect as R};

/// [`contact`](crate::contact): one pair function for each of the nine ordered pairs.
#[inline(always)]
pub(super) fn contact(
    a: ShapeRef<'_>,
    pose_a: &Pose,
    b: ShapeRef<'_>,
    pose_b: &Pose,
) -> Option<Contact> {
    match (a, b) {
        (C(a), C(b)) => contact_circle_circle(&a, pose_a, &b, pose_b),
        (C(a), R(b)) => contact_circle_rect(&a, pose_a, &b, pose_b),
        (C(a), H(b)) => contact_circle_hull(&a, pose_a, b, pose_b),
        (R(a), C(b)) => contact_rect_circle(&a, pose_a, &b, pose_b),
        (R(a), R(b)) => contact_rect_rect(&a, pose_a, &b, pose_b),
        (R(a), H(b)) => contact_rect_hull(&a, pose_a, b, pose_b),
        (H(a), C(b)) => contact_hull_circle(a, pose_a, &b, pose_b),
        (H(a), R(b)) => contact_hull_rect(a, pose_a, &b, pose_b),
        (H(a), H(b)) => contact_hull_hull(a, pose_a, b, pose_b),
    }
}

/// [`overlaps`](crate::overlaps): the pairs with a test cheaper than their contact, and the
/// contact for the others.
#[inline(always)]
pub(super) fn overlaps(a: ShapeRef<'_>, pose_a: &Pose, b: ShapeRef<'_>, pose_b: &Pose) -> bool {
    match (a, b) {
        (C(a), C(b)) => overlaps_circle_circle(&a, pose_a, &b, pose_b),
        (R(a), R(b)) => overlaps_rect_rect(&a, pose_a, &b, pose_b),
        (a, b) => contact(a, pose_a, b, pose_b).is_some(),
    }
}

/// [`time_of_impact`](crate::time_of_impact): the closed forms of circles and rects, the
/// separating-axis sweep for a hull against a rect or a hull, and the grown hull with round
/// corners for a circle against a hull.
#[inline(always)]
pub(super) fn time_of_impact(
    a: ShapeRef<'_>,
    motion_a: &Motion,
    b: ShapeRef<'_>,
    motion_b: &Motion,
) -> Option<Impact> {
    // The closed forms are matched here rather than left to `sweep_advance`'s shape-generic
    // path, so that they inline.
    match (a, b) {
        (C(a), C(b)) => sweep_circle_circle(&a, motion_a, &b, motion_b),
        (C(a), R(b)) => sweep_circle_rect(&a, motion_a, &b, motion_b),
        (R(a), C(b)) => sweep_rect_circle(&a, motion_a, &b, motion_b),
        (R(a), R(b)) => sweep_rect_rect(&a, motion_a, &b, motion_b),
        (R(a), H(b)) => sweep_rect_hull(&a, motion_a, b, motion_b),
        (H(a), R(b)) => sweep_hull_rect(a, motion_a, &b, motion_b),
        (H(a), H(b)) => sweep_hull_hull(a, motion_a, b, motion_b),
        (C(a), H(b)) => sweep_circle_hull(&a, motion_a, b, motion_b),
        (H(a), C(b)) => sweep_hull_circle(a, motion_a, &b, motion_b),
    }
}

/// [`narrow_phase_detailed`](crate::narrow_phase_detailed) for finite motions: per pair, the
/// discrete test at the end of the frame and the sweep [`settle`] calls for a pair that moved.
#[inline(always)]
pub(super) fn narrow_phase(
    a: ShapeRef<'_>,
    ma: &Motion,
    b: ShapeRef<'_>,
    mb: &Motion,
    mode: SweepMode,
) -> NarrowOutcome {
    let (end_a, end_b) = (ma.end_pose(), mb.end_pose());
    let moved = ma.travel() != mb.travel();
    let expanded = || expanded_box(a, ma, b, mb);
    // One match for the discrete test and the sweep together: each pair's closed forms inline
    // side by side, and the shapes' kinds are not looked at twice.
    match (a, b) {
        (C(x), C(y)) => settle(
            contact_circle_circle(&x, &end_a, &y, &end_b),
            moved,
            mode,
            || sweep_circle_circle(&x, ma, &y, mb),
            expanded,
        ),
        (C(x), R(y)) => settle(
            contact_circle_rect(&x, &end_a, &y, &end_b),
            moved,
            mode,
            || sweep_circle_rect_narrow(&x, ma, &y, mb),
            expanded,
        ),
        (R(x), C(y)) => settle(
            contact_rect_circle(&x, &end_a, &y, &end_b),
            moved,
            mode,
            || sweep_circle_rect_narrow(&y, mb, &x, ma).map(Impact::flipped),
            expanded,
        ),
        (R(x), R(y)) => settle(
            contact_rect_rect(&x, &end_a, &y, &end_b),
            moved,
            mode,
            || sweep_rect_rect(&x, ma, &y, mb),
            expanded,
        ),
        (R(x), H(y)) => settle(
            contact_rect_hull(&x, &end_a, y, &end_b),
            moved,
            mode,
            || sweep_rect_hull(&x, ma, y, mb),
            expanded,
        ),
        (H(x), R(y)) => settle(
            contact_hull_rect(x, &end_a, &y, &end_b),
            moved,
            mode,
            || sweep_hull_rect(x, ma, &y, mb),
            expanded,
        ),
        (H(x), H(y)) => settle(
            contact_hull_hull(x, &end_a, y, &end_b),
            moved,
            mode,
            || sweep_hull_hull(x, ma, y, mb),
            expanded,
        ),
        (C(x), H(y)) => settle(
            contact_circle_hull(&x, &end_a, y, &end_b),
            moved,
            mode,
            || sweep_circle_hull(&x, ma, y, mb),
            expanded,
        ),
        (H(x), C(y)) => settle(
            contact_hull_circle(x, &end_a, &y, &end_b),
            moved,
            mode,
            || sweep_hull_circle(x, ma, &y, mb),
            expanded,
        ),
    }
}

/// A circle's GJK core: its centre.
const ORIGIN: [Vec2; 1] = [Vec2::ZERO];

/// The GJK core of `shape` placed with rotation `rot` relative to the common frame (the
/// origin of the shape's local frame lands on the frame's origin): a circle's centre with its
/// radius, a rect's four corners, a hull's vertices. Uses `buf` when the vertices must be
/// transformed. `None` for invalid shapes.
#[inline(always)]
pub(super) fn gjk_core<'a>(
    shape: ShapeRef<'a>,
    rot: Vec2,
    buf: &'a mut [Vec2; MAX_HULL_VERTICES],
) -> Option<Core<'a>> {
    match shape {
        C(c) => c.is_valid().then_some(Core {
            v: &ORIGIN,
            radius: c.radius,
        }),
        R(r) => {
            if !r.is_valid() {
                return None;
            }
            let h = r.half_extents;
            buf[0] = -h;
            buf[1] = Vec2::new(h.x, -h.y);
            buf[2] = h;
            buf[3] = Vec2::new(-h.x, h.y);
            if rot != Vec2::X {
                for p in &mut buf[..4] {
                    *p = rot.rotate(*p);
                }
            }
            Some(Core {
                v: &buf[..4],
                radius: 0.0,
            })
        }
        H(hull) => Some(Core::hull(hull, rot, buf)),
    }
}

/// The rotation that takes a shape's local frame to the common frame, as `(cos, sin)`: the
/// shape's own rotation (identity for circles and rectangles) seen from `frame`.
#[inline]
pub(super) fn relative_rotation(shape: ShapeRef<'_>, own: Rot, frame: Rot) -> Vec2 {
    match shape {
        H(_) if own != frame => frame.apply_inverse(Vec2::new(own.cos(), own.sin())),
        H(_) => Vec2::X,
        C(_) | R(_) => frame.apply_inverse(Vec2::X),
    }
}

/// The frame a pair is solved in: the first hull's rotation, so its vertices need no transform.
#[inline]
pub(super) fn common_frame(a: ShapeRef<'_>, rot_a: Rot, b: ShapeRef<'_>, rot_b: Rot) -> Rot {
    match (a, b) {
        (H(_), _) => rot_a,
        (_, H(_)) => rot_b,
        _ => Rot::IDENTITY,
    }
}
