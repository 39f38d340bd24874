//! Every place a query looks at which shapes it was given, side by side: the generic entry
//! points [`contact`], [`overlaps`], [`time_of_impact`], [`narrow_phase`] and
//! [`narrow_phase`] with their pair dispatch, and the per-shape dispatch of GJK
//! ([`gjk_core`], [`common_frame`], [`relative_rotation`]), which serves
//! [`distance`](crate::distance).
//!
//! The entry points live here rather than beside their result types, so that this file only
//! uses the query modules (their pair functions and types) and none of them uses it back.
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
    sweep_rect_rect,
};
use crate::Impact;
use crate::{Motion, Pose, Rot, ShapeRef, MAX_HULL_VERTICES};

use ShapeRef::{Circle as C, Hull as H, Rect as R};

/// The contact between shape `a` placed at `pose_a` and shape `b` placed at `pose_b`, or
/// `None` when they do not overlap.
///
/// Overlap is strict: shapes that only touch give `None`. Circles and rects ignore the pose's
/// rotation; hulls follow it. A non-finite pose, a negative or non-finite radius or extent
/// give `None`. Never allocates or panics. See [`Contact`] for the normal, depth and point.
///
/// ```
/// use collide_core::{contact, Circle, Pose, Rect};
/// use glam::Vec2;
///
/// let shot = Circle { radius: 2.0 };
/// let alien = Rect { half_extents: Vec2::new(16.0, 16.0) };
/// let hit = contact(shot, &Pose::from_position(Vec2::new(0.0, -17.0)), alien, &Pose::IDENTITY)
///     .expect("the shot's top reaches 1 unit into the alien");
/// assert_eq!(hit.normal, Vec2::Y); // from the shot to the alien
/// assert!((hit.depth - 1.0).abs() < 1e-6);
/// assert!((hit.point - Vec2::new(0.0, -15.5)).length() < 1e-6);
///
/// // Touching is not overlapping.
/// assert!(contact(shot, &Pose::from_position(Vec2::new(0.0, -18.0)), alien, &Pose::IDENTITY)
///     .is_none());
/// ```
#[inline(always)]
#[must_use]
pub fn contact<'a, 'b>(
    a: impl Into<ShapeRef<'a>>,
    pose_a: &Pose,
    b: impl Into<ShapeRef<'b>>,
    pose_b: &Pose,
) -> Option<Contact> {
    contact_by_shape(a.into(), pose_a, b.into(), pose_b)
}

/// [`contact`]: one pair function for each of the nine ordered pairs.
#[inline(always)]
fn contact_by_shape(
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

/// Whether shape `a` placed at `pose_a` and shape `b` placed at `pose_b` overlap.
///
/// Always equal to [`contact`]`(..).is_some()`, with the same rules (strict, non-finite input
/// gives `false`), but skips the contact data where that is cheaper.
///
/// ```
/// use collide_core::{overlaps, Circle, Hull, Pose, Rot};
/// use glam::Vec2;
///
/// let ship = Hull::regular(3, 10.0)?;
/// let rock = Circle { radius: 3.0 };
/// let turned = Pose::new(Vec2::ZERO, Rot::from_angle(core::f32::consts::PI));
/// // The triangle's tip points at +x; turned half round, it points at -x.
/// assert!(overlaps(&ship, &Pose::IDENTITY, rock, &Pose::from_position(Vec2::new(12.0, 0.0))));
/// assert!(!overlaps(&ship, &turned, rock, &Pose::from_position(Vec2::new(12.0, 0.0))));
/// # Ok::<(), collide_core::Error>(())
/// ```
#[inline]
#[must_use]
pub fn overlaps<'a, 'b>(
    a: impl Into<ShapeRef<'a>>,
    pose_a: &Pose,
    b: impl Into<ShapeRef<'b>>,
    pose_b: &Pose,
) -> bool {
    overlaps_by_shape(a.into(), pose_a, b.into(), pose_b)
}

/// [`overlaps`]: the pairs with a test cheaper than their contact, and the
/// contact for the others.
#[inline(always)]
fn overlaps_by_shape(a: ShapeRef<'_>, pose_a: &Pose, b: ShapeRef<'_>, pose_b: &Pose) -> bool {
    match (a, b) {
        (C(a), C(b)) => overlaps_circle_circle(&a, pose_a, &b, pose_b),
        (R(a), R(b)) => overlaps_rect_rect(&a, pose_a, &b, pose_b),
        (a, b) => contact_by_shape(a, pose_a, b, pose_b).is_some(),
    }
}

/// The earliest moment during the frame at which two moving shapes touch.
///
/// Each motion runs from `start` to `end` in a straight line with its (end-of-frame) rotation
/// held fixed; circles and rectangles ignore rotation. The time comes from the relative motion
/// (b's travel subtracted from a's), the point from putting `t` back into each body's own
/// path. Dispatches to the pair functions:
///
/// - circle–circle: the quadratic against the sum of the radii ([`sweep_circle_circle()`]);
/// - rect–rect: the slab test against the Minkowski-grown box ([`sweep_rect_rect()`]);
/// - circle–rect: the slab test against the box grown by the radius, corners re-solved as
///   circles ([`sweep_circle_rect()`]);
/// - a hull against a rect or a hull: the separating-axis sweep over the face normals of both,
///   exact for shapes that only translate ([`sweep_hull_hull()`], [`sweep_hull_rect()`],
///   [`sweep_rect_hull()`]). The normal is the face normal of the axis that closed last; the
///   point is on `a`'s touching face line, at the middle of the span across the normal that
///   the two touching features (a vertex or a face of each) share. A pair that starts
///   overlapped gives `t = 0` on the axis of least penetration;
/// - a circle against a hull: the circle's centre cast against the hull grown by the radius,
///   corners re-solved as circles ([`sweep_circle_hull()`], [`sweep_hull_circle()`]).
///
/// Every one is exact for shapes that only translate, to the rounding of the coordinates.
/// A hit means the shapes overlap at some moment of the frame (overlap is strict, as in the
/// discrete tests): shapes that only graze, slide along each other, or touch at the start and
/// move apart are not hit; shapes that touch at the start and move into each other give
/// `t = 0`.
/// A pair with **no relative motion** is never swept: the answer is `t = 0` when it overlaps at
/// the start, else `None`. Invalid input (non-finite positions or rotations, negative or
/// non-finite sizes) gives `None`, never a panic; nothing allocates.
///
/// ```
/// use collide_core::{time_of_impact, Circle, Motion};
/// use glam::Vec2;
///
/// let shot = Motion::linear(Vec2::new(-4.0, 0.0), Vec2::new(4.0, 0.0));
/// let rock = Motion::stationary(Vec2::ZERO);
/// let hit = time_of_impact(Circle { radius: 0.5 }, &shot, Circle { radius: 1.0 }, &rock).unwrap();
/// assert!((hit.t - 0.3125).abs() < 1e-6);
/// assert!((hit.point - Vec2::new(-1.0, 0.0)).length() < 1e-5);
/// assert_eq!(hit.normal, Vec2::X);
/// ```
#[inline(always)]
#[must_use]
pub fn time_of_impact<'a, 'b>(
    a: impl Into<ShapeRef<'a>>,
    motion_a: &Motion,
    b: impl Into<ShapeRef<'b>>,
    motion_b: &Motion,
) -> Option<Impact> {
    time_of_impact_by_shape(a.into(), motion_a, b.into(), motion_b)
}

/// [`time_of_impact`]: the closed forms of circles and rects, the
/// separating-axis sweep for a hull against a rect or a hull, and the grown hull with round
/// corners for a circle against a hull.
#[inline(always)]
fn time_of_impact_by_shape(
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

/// Whether and when two moving shapes collided this frame: the function the collision pass
/// calls for each candidate pair.
///
/// First the discrete test ([`contact`](crate::contact)) at the end of the frame, kept as the
/// hit's [`contact`](crate::Hit::contact); then, for a pair that moved relative to each other, the
/// sweep, which gives the impact: when contact began (`t = 0` when they already touched at the
/// start), and the point and normal at that moment. A hit that only the sweep found has
/// `by_sweep = true` and no end-of-frame contact. A pair with no relative motion overlapped
/// all frame or not at all: its hit has `t = 0` and the discrete test's point and normal. There
/// is no speed threshold and no per-type flag: a graze can be shorter than any threshold, and a
/// flag is forgotten on the next fast weapon.
///
/// With [`SweepMode::Off`] or [`SweepMode::ExpandedBox`] the discrete hits of moving pairs
/// report `t = 1` and the end-of-frame contact's point and normal (the test only saw the end of
/// the frame). Non-finite motions give no hit. Beside the hit, the [`NarrowOutcome`] says
/// whether a sweep ran (the pass counts them).
///
/// ```
/// use collide_core::{narrow_phase, Circle, Motion, Rect, SweepMode};
/// use glam::Vec2;
///
/// let bullet = Circle { radius: 2.0 };
/// let alien = Rect { half_extents: Vec2::new(7.0, 7.0) };
/// let still = Motion::stationary(Vec2::ZERO);
/// // 60 units in one frame, from below the alien to above it.
/// let shot = Motion::linear(Vec2::new(0.0, -30.0), Vec2::new(0.0, 30.0));
/// assert!(narrow_phase(bullet, &shot, alien, &still, SweepMode::Off).hit.is_none()); // tunnels
/// let hit = narrow_phase(bullet, &shot, alien, &still, SweepMode::Exact).hit.unwrap();
/// assert!(hit.by_sweep && (hit.impact.t - 21.0 / 60.0).abs() < 1e-6);
/// ```
#[inline]
#[must_use]
pub fn narrow_phase<'a, 'b>(
    a: impl Into<ShapeRef<'a>>,
    motion_a: &Motion,
    b: impl Into<ShapeRef<'b>>,
    motion_b: &Motion,
    mode: SweepMode,
) -> NarrowOutcome {
    if !(motion_a.is_finite() && motion_b.is_finite()) {
        return NarrowOutcome::default();
    }
    narrow_phase_by_shape(a.into(), motion_a, b.into(), motion_b, mode)
}

/// [`narrow_phase`] for finite motions: per pair, the
/// discrete test at the end of the frame and the sweep [`settle`] calls for a pair that moved.
#[inline(always)]
fn narrow_phase_by_shape(
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
