//! A sweep that stops a gap short of contact, so that a body put at the reported time is
//! apart from the obstacle and a sweep from there starts clean.
//!
//! An exact time of impact puts the two shapes touching, and the position `start + travel · t`
//! rounds to either side of that contact: a body moved there may overlap the obstacle by a few
//! ulps, and its next sweep then reports a hit at `t = 0` even when it moves away. Stopping a
//! small gap (the *skin*) short of contact leaves room for that rounding.

use glam::Vec2;

use super::polygon::{has_hull, latest_axis, Polygon, SkinPair, SCRATCH};
use super::skin_closed::{gap_between, rect_axes};
use crate::{distance, overlaps, time_of_impact, Circle, Impact, Motion, Pose, ShapeRef};

/// The default skin, in world units: a hundredth of a unit.
///
/// Small enough to be invisible when a unit is a pixel (sprites of 8 to 64 units), large enough
/// to stay above the rounding of positions up to about ±40 000 units (an ulp there is 1/256).
/// Scale it with your units: a world in metres with bodies of 0.5 wants about 1e-4.
pub const DEFAULT_SKIN: f32 = 0.01;

/// How many distance probes [`time_of_impact_with_skin`] may spend finding the time whose gap
/// is within the skin, after the first (which settles the common case of an approach straight
/// at a face).
const MAX_PROBES: u32 = 24;

/// Where a sweep with a skin stops, and what it would have touched.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SkinImpact {
    /// The time, as a fraction of the frame, at which the shapes are apart by
    /// [`gap`](Self::gap): more than zero and at most the skin plus [`skin_tolerance`]. `0`
    /// when they were already that close at the start (or overlapping: see
    /// [`started_inside`](Self::started_inside)).
    pub t: f32,
    /// The distance between the shapes at `t` (`0` when they started inside each other).
    pub gap: f32,
    /// Where the shapes would touch: the exact time of impact (`t ≤ impact.t`), the point in
    /// world coordinates then, and the unit normal of the touching surfaces from `a` to `b`,
    /// from the features that touch (a face meeting a face gives that face's normal exactly).
    pub impact: Impact,
    /// The shapes overlapped at the start of the frame: nothing can move them apart along the
    /// path, so `t = 0` and the caller must separate them (along `-impact.normal` for `a`).
    pub started_inside: bool,
}

/// How far past the skin the gap at a [`SkinImpact`]'s time may be: half the skin, plus four
/// ulps of the largest coordinate either shape is at (the rounding of its position).
#[must_use]
pub fn skin_tolerance(skin: f32, pose_a: &Pose, pose_b: &Pose) -> f32 {
    let largest = pose_a
        .position
        .abs()
        .max(pose_b.position.abs())
        .max_element();
    0.5 * skin + largest * (4.0 * f32::EPSILON)
}

/// The time at which `a` and `b`, moving by their motions, come within `skin` of each other
/// (apart by more than zero and at most `skin` plus [`skin_tolerance`]), or `None` when they
/// never touch this frame, or touch only while moving apart.
///
/// A negative or non-finite `skin` counts as zero. Shapes already within the skin at the
/// start and closing in stop at `t = 0`; shapes that overlap at the start give
/// [`started_inside`](SkinImpact::started_inside). Non-finite motions give `None`.
///
/// ```
/// use collide_core::{time_of_impact_with_skin, Motion, Rect, DEFAULT_SKIN};
/// use glam::Vec2;
///
/// let body = Rect { half_extents: Vec2::new(8.0, 12.0) };
/// let tile = Rect { half_extents: Vec2::splat(8.0) };
/// // Falling 40 units onto a tile whose top is at y = 8 (y up): contact after 20.
/// let fall = Motion::linear(Vec2::new(0.0, 40.0), Vec2::new(0.0, 0.0));
/// let stop = time_of_impact_with_skin(body, &fall, tile, &Motion::stationary(Vec2::ZERO), DEFAULT_SKIN)
///     .expect("it lands");
/// assert!((stop.impact.t - 0.5).abs() < 1e-6);
/// assert!(stop.t < stop.impact.t && stop.gap > 0.0 && stop.gap <= 1.5 * DEFAULT_SKIN);
/// assert_eq!(stop.impact.normal, Vec2::NEG_Y); // from the body down into the tile
/// ```
#[must_use]
pub fn time_of_impact_with_skin<'a, 'b>(
    a: impl Into<ShapeRef<'a>>,
    motion_a: &Motion,
    b: impl Into<ShapeRef<'b>>,
    motion_b: &Motion,
    skin: f32,
) -> Option<SkinImpact> {
    let (a, b) = (a.into(), b.into());
    let skin = if skin >= 0.0 && skin.is_finite() {
        skin
    } else {
        0.0
    };
    let (start_a, start_b) = (motion_a.start_pose(), motion_b.start_pose());
    let inside = |point, normal| SkinImpact {
        t: 0.0,
        gap: 0.0,
        impact: Impact {
            t: 0.0,
            point,
            normal,
        },
        started_inside: true,
    };
    // Two `None`s written as such: copying the constant would fill the room for the turned
    // vertices too.
    let mut scratch = [None, None];
    // Circles and rects alone never make a pair: asked here, not in a call.
    let pair = has_hull(a, b)
        .then(|| SkinPair::new(a, motion_a, b, motion_b, &mut scratch))
        .flatten();
    let (touch_t, normal, point) = if let Some(pair) = &pair {
        let m = pair.sweep(motion_a, motion_a.travel() - motion_b.travel())?;
        if m.at_start && overlaps(a, &start_a, b, &start_b) {
            return Some(inside(m.point, m.normal));
        }
        (m.touch_t, m.normal, m.point)
    } else {
        let hit = time_of_impact(a, motion_a, b, motion_b)
            .or_else(|| grazed(a, motion_a, b, motion_b))?;
        if overlaps(a, &start_a, b, &start_b) {
            return Some(inside(hit.point, hit.normal));
        }
        // The normal from the touching features first: the closing speed along the sweep's
        // own normal, tilted a little near contact, can read as moving apart when a body
        // glides fast along a face.
        let (touch_t, normal) = touching(a, motion_a, b, motion_b, &hit);
        (touch_t, normal, hit.point)
    };
    // How fast `a` closes in on `b` along the normal, in units per frame.
    let closing = (motion_a.travel() - motion_b.travel()).dot(normal);
    if closing.is_nan() || closing <= 0.0 {
        // Touching (or grazing) while moving apart or along: nothing to stop for.
        return None;
    }
    let upper = |t: f32| {
        let (pose_a, pose_b) = (motion_a.pose_at(t), motion_b.pose_at(t));
        // Less the rounding of the offset between the two, which each gap below is worked
        // out from: the gap at the poses themselves is then within the bound too.
        let offset = (pose_b.position - pose_a.position).abs().max_element();
        skin + skin_tolerance(skin, &pose_a, &pose_b) - f32::EPSILON * offset
    };
    let gap_at = |t: f32| {
        let (pose_a, pose_b) = (motion_a.pose_at(t), motion_b.pose_at(t));
        let offset = pose_b.position - pose_a.position;
        match &pair {
            Some(pair) => pair.gap_within(offset, normal, upper(t)),
            None => gap_between(a, &pose_a, b, &pose_b),
        }
    };
    let (t, gap) = stop_time(gap_at, upper, touch_t, closing, skin)?;
    let (t, gap) = match &pair {
        // Probes that found no gap within the bound met only within rounding, a long shape's
        // margin far wider than the skin (a graze past its end): the exact distances tell
        // whether the path comes within the skin at all, and where.
        Some(pair) if gap > upper(t) => {
            let exact = |t: f32| pair.exact_gap(motion_b.position_at(t) - motion_a.position_at(t));
            graze_stop(exact, upper, t)?
        }
        _ => (t, gap),
    };
    Some(SkinImpact {
        t,
        gap,
        impact: Impact {
            t: touch_t.max(t),
            point,
            normal,
        },
        started_inside: false,
    })
}

/// Where a path that met only within rounding, still apart beyond the bound at `from`
/// (`upper`), first comes within it, from the exact distance (`exact`): `None` where it never
/// does, or the distance is not finite. Along a straight relative path the distance is convex
/// in time, so its least after `from` is found by golden section, then the first time within
/// the bound before it by bisection.
fn graze_stop(
    exact: impl Fn(f32) -> Option<f32>,
    upper: impl Fn(f32) -> f32,
    from: f32,
) -> Option<(f32, f32)> {
    let (mut lo, mut hi) = (from, 1.0_f32);
    for _ in 0..GRAZE_STEPS {
        let (early, late) = (lo + (hi - lo) * 0.382, lo + (hi - lo) * 0.618);
        if exact(early)? < exact(late)? {
            hi = late;
        } else {
            lo = early;
        }
    }
    let least = 0.5 * (lo + hi);
    if exact(least)? > upper(least) {
        return None;
    }
    let (mut far, mut near) = (from, least);
    for _ in 0..GRAZE_STEPS {
        let mid = 0.5 * (far + near);
        if mid == far || mid == near {
            break;
        }
        if exact(mid)? <= upper(mid) {
            near = mid;
        } else {
            far = mid;
        }
    }
    // Within the bound and apart; or, should rounding put that time in touch, the last time
    // found beyond it (early, but apart).
    match exact(near)? {
        gap if gap > 0.0 => Some((near, gap)),
        _ => Some((far, exact(far)?)),
    }
}

/// How many steps [`graze_stop`] takes in each of its searches: each narrows the time by a
/// third or a half, to well under an `f32`'s rounding of it.
const GRAZE_STEPS: u32 = 40;

/// The meeting of a path that only grazes the other shape, where one of the two is a circle
/// smaller than the rounding of where they move (a point): a point sliding down the line
/// between two tiles touches both without ever entering either, and would meet neither. As a
/// circle of that size it meets them, as the polygon pairs' sweep counts a graze within
/// rounding as a meeting; `None` for any other pair.
fn grazed(
    a: ShapeRef<'_>,
    motion_a: &Motion,
    b: ShapeRef<'_>,
    motion_b: &Motion,
) -> Option<Impact> {
    // Most misses are no circle's: those pay one match, not the fold.
    if !matches!(a, ShapeRef::Circle(_)) && !matches!(b, ShapeRef::Circle(_)) {
        return None;
    }
    let reach = [motion_a.start, motion_a.end, motion_b.start, motion_b.end]
        .iter()
        .fold(0.0_f32, |r, p| r.max(p.abs().max_element()));
    let least = GRAZE_ROUNDING * reach;
    let widened = |s: ShapeRef<'_>| match s {
        ShapeRef::Circle(c) if c.radius < least => Some(Circle { radius: least }),
        _ => None,
    };
    let (wide_a, wide_b) = (widened(a), widened(b));
    if wide_a.is_none() && wide_b.is_none() {
        return None;
    }
    let a = wide_a.map_or(a, ShapeRef::Circle);
    let b = wide_b.map_or(b, ShapeRef::Circle);
    time_of_impact(a, motion_a, b, motion_b)
}

/// How many roundings of the largest coordinate a circle's radius must reach before a path
/// that grazes with it is no meeting ([`grazed`]).
const GRAZE_ROUNDING: f32 = 8.0 * f32::EPSILON;

/// The latest time before `touch_t` at which the gap (`gap_at`) is in `(0, upper]`, and that
/// gap; `None` when the distance query fails (non-finite input).
fn stop_time(
    gap_at: impl Fn(f32) -> Option<f32>,
    upper: impl Fn(f32) -> f32,
    touch_t: f32,
    closing: f32,
    skin: f32,
) -> Option<(f32, f32)> {
    // The distance along a straight relative path is convex in time and falls at `closing`
    // units per frame into the contact, so backing off by `skin / closing` leaves at least the
    // skin. That one probe settles a head-on approach; a glancing one can leave more, which
    // the bisection below trims.
    let back_off = (skin / closing).max(touch_t * f32::EPSILON);
    let mut near = touch_t;
    let mut t = (touch_t - back_off).max(0.0);
    // The latest time found apart, and the gap then: where to stop if the probes run out.
    let mut apart = None;
    for _ in 0..MAX_PROBES {
        let gap = gap_at(t)?;
        if gap > 0.0 && gap <= upper(t) {
            return Some((t, gap));
        }
        if gap > 0.0 {
            apart = Some((t, gap));
            // Too far back: the answer lies between here and the nearest overlap seen.
            let far = t;
            t = 0.5 * (far + near);
            if t == far || t == near {
                return Some((far, gap));
            }
        } else if t == 0.0 {
            // Within rounding of touching at the start, and closing in: stay where it is.
            return Some((0.0, 0.0));
        } else {
            // Still touching (rounding put it on the obstacle's side): back off twice as far.
            near = t;
            t = (t - 2.0 * back_off).max(0.0);
        }
    }
    // Probes ran out: the distance read as touching just past a gap still above the bound
    // (a long obstacle's rounding), and the latest time found apart is the nearest safe stop.
    // Stopping at the start instead would freeze a body units away from what it meets.
    let gap = gap_at(t)?;
    if gap > 0.0 {
        return Some((t, gap));
    }
    Some(apart.unwrap_or((0.0, 0.0)))
}

/// When and along which normal (from `a` to `b`) the shapes touch, recomputed from the
/// features that touch, so that the normal is exactly a face's where a face is met (the
/// sweep's own may round by an ulp, and a slide must tell a face from the corner of the tile
/// next to it).
///
/// Polygons take the separating-axis sweep's time and axis; a circle takes the sweep's time
/// and the direction from its centre to the nearest point of the other shape.
fn touching(
    a: ShapeRef<'_>,
    motion_a: &Motion,
    b: ShapeRef<'_>,
    motion_b: &Motion,
    hit: &crate::Impact,
) -> (f32, Vec2) {
    let t = hit.t;
    let normal = match (a, b) {
        (ShapeRef::Circle(ca), _) => {
            circle_normal(ca.radius, motion_a.position_at(t), b, &motion_b.pose_at(t))
        }
        (_, ShapeRef::Circle(cb)) => {
            circle_normal(cb.radius, motion_b.position_at(t), a, &motion_a.pose_at(t)).map(|n| -n)
        }
        _ => match polygon_normal(a, motion_a, b, motion_b) {
            Some((entry, axis)) if (0.0..=1.0).contains(&entry) => return (entry, axis),
            Some((_, axis)) => Some(axis),
            None => None,
        },
    };
    (t, normal.unwrap_or(hit.normal))
}

/// From a circle's centre to the nearest point of `other`: at contact the centre is a radius
/// away from it, so the direction is well conditioned (unlike that between two touching rims).
fn circle_normal(radius: f32, centre: Vec2, other: ShapeRef<'_>, pose: &Pose) -> Option<Vec2> {
    let towards = match other {
        ShapeRef::Rect(rect) => match circle_rect_normal(centre - pose.position, rect.half_extents)
        {
            Ok(face) => return Some(face),
            Err(towards) => towards,
        },
        ShapeRef::Hull(hull) => {
            let local = pose.rotation.apply_inverse(centre - pose.position);
            match circle_hull_normal(local, hull) {
                Ok(face) => return Some(pose.rotation.apply(face)),
                Err(towards) => pose.rotation.apply(towards),
            }
        }
        ShapeRef::Circle(_) => {
            let point = crate::Circle { radius: 0.0 };
            distance(point, &Pose::from_position(centre), other, pose)?.point_b - centre
        }
    };
    // A point-like circle touching is as ill conditioned as two rims, and a point's (a radius
    // of zero) is rounding noise alone: keep the sweep's normal.
    (radius > 0.0 && towards.length() > 0.5 * radius).then(|| towards.normalize())
}

/// [`circle_normal`] against a rect, for a centre at `d` from the rect's: the face's own axis
/// when the centre lies beside a face (exactly, so that a caller can tell a face from the
/// corner of the tile next to it: the distance query's nearest point rounds, and the direction
/// to it can tilt by an ulp), else `Err` with the way from the centre to the nearest corner (or
/// zero, for a centre inside the rect, which no touching circle has).
fn circle_rect_normal(d: Vec2, half: Vec2) -> Result<Vec2, Vec2> {
    let within = d.abs().cmple(half);
    match (within.x, within.y) {
        (true, false) => Ok(Vec2::new(0.0, -d.y.signum())),
        (false, true) => Ok(Vec2::new(-d.x.signum(), 0.0)),
        (false, false) => Err(d.signum() * half - d),
        (true, true) => Err(Vec2::ZERO),
    }
}

/// [`circle_rect_normal`] against a hull, for a centre at `local` in the hull's frame: the
/// face's own normal (reversed, into the hull) when the centre lies beside a face (outside its
/// line, across from it), so that a slope of one hull reads as exactly as a tile's (the
/// direction to the nearest point, worked out among a long hull's far vertices, tilts a 45°
/// slope off the floor), else `Err` with the way from the centre to the nearest vertex (zero
/// from inside).
fn circle_hull_normal(local: Vec2, hull: &crate::Hull) -> Result<Vec2, Vec2> {
    let (vertices, normals) = (hull.vertices(), hull.normals());
    let (mut nearest, mut least, mut outside) = (Vec2::ZERO, f32::INFINITY, false);
    for (i, (&from, &normal)) in vertices.iter().zip(normals).enumerate() {
        let to = vertices[(i + 1) % vertices.len()];
        let (off, along) = (local - from, to - from);
        let beyond = off.dot(normal) > 0.0;
        let across = off.dot(along);
        if beyond && across >= 0.0 && across <= along.length_squared() {
            return Ok(-normal);
        }
        outside |= beyond;
        if off.length_squared() < least {
            (least, nearest) = (off.length_squared(), -off);
        }
    }
    // Inside (no touching circle's centre is): no way out to read, as for a rect.
    Err(if outside { nearest } else { Vec2::ZERO })
}

/// The face normal along which two polygons meet: of every face normal of either, the axis
/// whose gap closes last along their motions (before that, another axis still separates
/// them): the separating-axis sweep, from where they start (apart), in a frame centred on `a`.
fn polygon_normal(
    a: ShapeRef<'_>,
    motion_a: &Motion,
    b: ShapeRef<'_>,
    motion_b: &Motion,
) -> Option<(f32, Vec2)> {
    let (pose_a, pose_b) = (motion_a.start_pose(), motion_b.start_pose());
    let offset = pose_b.position - pose_a.position;
    let closing = motion_a.travel() - motion_b.travel();
    if let (ShapeRef::Rect(ra), ShapeRef::Rect(rb)) = (a, b) {
        if let Some((axes, reach)) = rect_axes(&ra, &rb, offset, closing) {
            // Read in place: moving the array into an iterator copies it.
            return latest_axis(reach, axes.iter().copied());
        }
    }
    polygon_axes_normal(a, &pose_a, b, &pose_b, closing)
}

/// [`polygon_normal`] from every vertex and face normal of both shapes (the closed form for two
/// rects gives the same answer from two rects' four axes).
fn polygon_axes_normal(
    a: ShapeRef<'_>,
    pose_a: &Pose,
    b: ShapeRef<'_>,
    pose_b: &Pose,
    closing: Vec2,
) -> Option<(f32, Vec2)> {
    let offset = pose_b.position - pose_a.position;
    let [mut scratch_a, mut scratch_b] = [SCRATCH; 2];
    let pa = Polygon::new(a, pose_a.rotation, Vec2::ZERO, &mut scratch_a)?;
    let pb = Polygon::new(b, pose_b.rotation, offset, &mut scratch_b)?;
    let reach = pa
        .vertices()
        .chain(pb.vertices())
        .fold(0.0f32, |r, v| r.max(v.abs().max_element()));
    // `b`'s faces first, and kept on a near tie: two faces meeting flat give the same entry up
    // to rounding, and `b` is usually the level (a tile's axis-aligned face is exact, where a
    // built hull's face normal is off by an ulp or so).
    let axes = pb.normals().map(|n| -n).chain(pa.normals());
    let axes = axes.map(|axis| {
        let gap = pb
            .vertices()
            .map(|v| v.dot(axis))
            .fold(f32::INFINITY, f32::min)
            - pa.vertices()
                .map(|v| v.dot(axis))
                .fold(f32::NEG_INFINITY, f32::max);
        (gap, closing.dot(axis), axis)
    });
    latest_axis(reach, axes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Circle, Hull, Rect};

    fn rect(hx: f32, hy: f32) -> Rect {
        Rect {
            half_extents: Vec2::new(hx, hy),
        }
    }

    /// A ball falling on the middle of a 45° slope of one hull, 5 000 out: the contact's
    /// normal is the slope's own (the direction to the nearest point tilted off 45°).
    #[test]
    fn a_ball_meets_a_slope_of_a_far_hull_along_the_face_s_own_normal() {
        let o = Vec2::new(5000.0, 3000.0);
        let ramp = Hull::new(&[
            o + Vec2::new(0.0, -16.0),
            o + Vec2::new(400.0, -16.0),
            o + Vec2::new(400.0, 400.0),
            o,
        ])
        .unwrap();
        let start = o + Vec2::new(180.0, 200.0);
        let fall = Motion::linear(start, start - Vec2::new(0.0, 40.0));
        let ball = Circle { radius: 5.0 };
        let still = Motion::stationary(Vec2::ZERO);
        let stop = time_of_impact_with_skin(ball, &fall, &ramp, &still, 0.01).unwrap();
        assert_eq!(stop.impact.normal, -ramp.normals()[2]);
    }

    #[test]
    fn a_body_put_at_the_stop_and_moving_away_is_not_hit() {
        // A body of half (8, 12) falling onto a tile of half 8 whose top is at y = 0: put at the
        // exact time of impact, its centre rounds to y = 11.9999962, its bottom under the top.
        let body = rect(8.0, 12.0);
        let tile = rect(8.0, 8.0);
        let tile_at = Motion::stationary(Vec2::new(-8.292007, -8.0));
        let start = Vec2::new(-27.221848, 56.47899);
        let fall = Motion::linear(start, start + Vec2::new(7.957903, -77.70026));
        let stop = time_of_impact_with_skin(body, &fall, tile, &tile_at, DEFAULT_SKIN).unwrap();
        let there = fall.position_at(stop.t);
        assert!(there.y - 12.0 > 0.0, "bottom at {}", there.y - 12.0);
        assert!(!overlaps(
            body,
            &Pose::from_position(there),
            tile,
            &tile_at.start_pose()
        ));
        assert_eq!(stop.impact.normal, Vec2::NEG_Y);
        let away = Motion::linear(there, there + Vec2::new(3.0, 1.0));
        assert_eq!(
            time_of_impact_with_skin(body, &away, tile, &tile_at, DEFAULT_SKIN),
            None
        );
    }

    #[test]
    #[allow(clippy::excessive_precision)] // the positions as the failing case printed them
    fn a_hull_sliding_onto_a_tile_gets_the_face_normal() {
        // A flat-bottomed hexagon (radius 10) gliding down onto a 16 × 16 tile far from the
        // origin: the plain hull sweep's normal tilts to (0.0416, -0.9991) here.
        let hexagon = Hull::regular(6, 10.0).unwrap();
        let tile = rect(8.0, 8.0);
        let tile_at = Motion::stationary(Vec2::new(-15144.0, -8.0));
        let start = Vec2::new(-15146.216797, 8.670255);
        let glide = Motion::linear(start, start + Vec2::new(100.0, -2.0));
        let stop = time_of_impact_with_skin(&hexagon, &glide, tile, &tile_at, DEFAULT_SKIN)
            .expect("it reaches the tile");
        assert!(
            (stop.impact.normal - Vec2::NEG_Y).length() < 1e-6,
            "{}",
            stop.impact.normal
        );
        assert!(stop.gap > 0.0);
        let tolerance = skin_tolerance(DEFAULT_SKIN, &glide.pose_at(stop.t), &tile_at.start_pose());
        assert!(stop.gap <= DEFAULT_SKIN + tolerance, "{}", stop.gap);
    }

    #[test]
    #[allow(clippy::excessive_precision)] // the position as the failing case printed it
    fn a_hull_walking_flat_on_a_tile_meets_it_on_the_tile_face() {
        // A regular hexagon's bottom face is tilted by an ulp (its normal (2.4e-7, -1)); within
        // rounding of a tile's top and walking along it, that face closes at a crawl, but it
        // is the tile's face met flat: nothing to stop for, and pressed in, the tile's normal.
        let hexagon = Hull::regular(6, 8.059573).unwrap();
        let tile = rect(8.0, 8.0);
        let tile_at = Motion::stationary(Vec2::new(296.0, 8.0));
        let at = Vec2::new(300.81223, 22.97981);
        let walk = Motion::linear(at, at + Vec2::new(6.3837132, 0.0));
        assert_eq!(
            time_of_impact_with_skin(&hexagon, &walk, tile, &tile_at, DEFAULT_SKIN),
            None
        );
        let pressed = Motion::linear(at, at + Vec2::new(6.3837132, -0.8));
        let stop = time_of_impact_with_skin(&hexagon, &pressed, tile, &tile_at, DEFAULT_SKIN);
        assert_eq!(stop.map(|s| s.impact.normal), Some(Vec2::NEG_Y));
        // The tile as the moving one: the same face, reversed.
        let still_hull = Motion::stationary(at);
        let tile_walk = Motion::linear(tile_at.start, tile_at.start - Vec2::new(6.3837132, 0.0));
        assert_eq!(
            time_of_impact_with_skin(tile, &tile_walk, &hexagon, &still_hull, DEFAULT_SKIN),
            None
        );
    }

    #[test]
    fn started_inside_and_moving_away_and_missing() {
        let c = Circle { radius: 2.0 };
        let r = rect(4.0, 4.0);
        let origin = Motion::stationary(Vec2::ZERO);
        let inside = Motion::linear(Vec2::new(1.0, 0.0), Vec2::new(30.0, 0.0));
        let got = time_of_impact_with_skin(c, &inside, r, &origin, DEFAULT_SKIN).unwrap();
        assert!(got.started_inside && got.t == 0.0);
        let away = Motion::linear(Vec2::new(6.0, 0.0), Vec2::new(30.0, 0.0));
        assert_eq!(
            time_of_impact_with_skin(c, &away, r, &origin, DEFAULT_SKIN),
            None
        );
        let miss = Motion::linear(Vec2::new(-30.0, 10.0), Vec2::new(30.0, 10.0));
        assert_eq!(
            time_of_impact_with_skin(c, &miss, r, &origin, DEFAULT_SKIN),
            None
        );
    }

    #[test]
    fn a_bad_skin_counts_as_zero_and_bad_motion_as_no_hit() {
        let c = Circle { radius: 1.0 };
        let origin = Motion::stationary(Vec2::ZERO);
        let shot = Motion::linear(Vec2::new(-10.0, 0.0), Vec2::new(10.0, 0.0));
        for skin in [-1.0, f32::NAN, f32::INFINITY] {
            let got = time_of_impact_with_skin(c, &shot, c, &origin, skin).unwrap();
            assert!(got.gap > 0.0 && got.gap < 1e-3, "{skin}: {}", got.gap);
        }
        let bad = Motion::linear(Vec2::new(f32::NAN, 0.0), Vec2::new(10.0, 0.0));
        assert_eq!(time_of_impact_with_skin(c, &bad, c, &origin, 0.01), None);
    }

    #[test]
    fn a_circle_beside_a_rect_face_gets_the_axis_and_agrees_with_the_distance_query() {
        let mut rng = collide_testkit::SplitMix64::new(0xC12C);
        let mut faces = 0;
        for _ in 0..20_000 {
            let r = rect(rng.range(0.5, 20.0), rng.range(0.5, 20.0));
            let radius = rng.range(0.5, 20.0);
            // Far from the origin at times, where a coordinate's ulp is a thousandth.
            let at = rng
                .in_box(Vec2::splat(-9000.0), Vec2::splat(9000.0))
                .round();
            let pose = Pose::from_position(at);
            let centre = at + rng.in_box(Vec2::splat(-40.0), Vec2::splat(40.0));
            let closed = circle_normal(radius, centre, r.into(), &pose);
            let point = Circle { radius: 0.0 };
            let nearest = distance(point, &Pose::from_position(centre), r, &pose);
            let towards = nearest.map(|n| n.point_b - centre);
            let general = towards.and_then(|v| (v.length() > 0.5 * radius).then(|| v.normalize()));
            match (closed, general) {
                (Some(c), Some(g)) => assert!((c - g).length() < 1e-3, "{r:?} {centre} {c} {g}"),
                (None, None) => {}
                // The closed form answers a face even for a centre closer than half a radius.
                (Some(c), None) => assert!(c.x == 0.0 || c.y == 0.0, "{r:?} {centre} {c}"),
                (None, Some(g)) => panic!("{r:?} {centre}: none, the query says {g}"),
            }
            if let Some(c) = closed {
                let d = centre - at;
                let beside = d.x.abs() <= r.half_extents.x || d.y.abs() <= r.half_extents.y;
                // Exactly an axis beside a face, and then the one the centre is off along.
                assert_eq!(c.x == 0.0 || c.y == 0.0, beside, "{r:?} {centre} {c}");
                faces += usize::from(beside);
            }
        }
        assert!(faces > 5_000, "{faces}");
    }

    #[test]
    fn the_closed_forms_agree_with_the_general_queries() {
        let mut rng = collide_testkit::SplitMix64::new(0x51DE);
        let mut faces = 0;
        for _ in 0..20_000 {
            let (ra, rb) = (
                rect(rng.range(0.0, 20.0), rng.range(0.0, 20.0)),
                rect(rng.range(0.0, 20.0), rng.range(0.0, 20.0)),
            );
            // Integer offsets often, so that faces meet flat and axes tie.
            let mut offset = rng.in_box(Vec2::splat(-50.0), Vec2::splat(50.0));
            if rng.unit() < 0.5 {
                offset = offset.round();
            }
            let closing = rng.direction() * rng.range(0.0, 100.0);
            let (pa, pb) = (
                Pose::from_position(Vec2::splat(3.0)),
                Pose::from_position(Vec2::splat(3.0) + offset),
            );
            let start = Motion::linear(pa.position, pa.position + closing);
            let still = Motion::stationary(pb.position);
            let closed = polygon_normal(ra.into(), &start, rb.into(), &still);
            // The closing speed as the closed form sees it (a travel rounds through the end).
            let closing = start.travel() - still.travel();
            let general = polygon_axes_normal(ra.into(), &pa, rb.into(), &pb, closing);
            assert_eq!(closed, general, "{ra:?} {rb:?} {offset} {closing}");
            faces += usize::from(closed.is_some());
            let c = Circle {
                radius: rng.range(0.0, 20.0),
            };
            for (a, b) in [
                (ra.into(), rb.into()),
                (c.into(), rb.into()),
                (ra.into(), c.into()),
                (c.into(), c.into()),
            ] {
                let a: ShapeRef<'_> = a;
                let b: ShapeRef<'_> = b;
                let gap = gap_between(a, &pa, b, &pb).unwrap();
                let general = if overlaps(a, &pa, b, &pb) {
                    0.0
                } else {
                    distance(a, &pa, b, &pb).unwrap().distance
                };
                assert!(
                    (gap - general).abs() <= 1e-4 * (1.0 + general),
                    "{a:?} {b:?} {offset}: {gap} vs {general}"
                );
                // A gap is never reported between shapes that overlap.
                assert!(
                    gap == 0.0 || !overlaps(a, &pa, b, &pb),
                    "{a:?} {b:?} {offset}"
                );
            }
        }
        assert!(faces > 10_000, "{faces}");
    }
}
