//! A sweep that stops a gap short of contact, so that a body put at the reported time is
//! apart from the obstacle and a sweep from there starts clean.
//!
//! An exact time of impact puts the two shapes touching, and the position `start + travel · t`
//! rounds to either side of that contact: a body moved there may overlap the obstacle by a few
//! ulps, and its next sweep then reports a hit at `t = 0` even when it moves away. Stopping a
//! small gap (the *skin*) short of contact leaves room for that rounding.

use glam::Vec2;

use crate::{contact, distance, overlaps, time_of_impact, Motion, Pose, ShapeRef};

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
    /// The exact time of impact, where the shapes would touch; `t ≤ touch_t`.
    pub touch_t: f32,
    /// Where they would touch, in world coordinates (at `touch_t`).
    pub point: Vec2,
    /// Unit normal of the touching surfaces, from `a` to `b`. Taken where the shapes stop, so a
    /// face lying flat against a face gives that face's normal exactly.
    pub normal: Vec2,
    /// The shapes overlapped at the start of the frame: nothing can move them apart along the
    /// path, so `t = 0` and the caller must separate them (along `-normal` for `a`).
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
/// assert!((stop.touch_t - 0.5).abs() < 1e-6);
/// assert!(stop.t < stop.touch_t && stop.gap > 0.0 && stop.gap <= 1.5 * DEFAULT_SKIN);
/// assert_eq!(stop.normal, Vec2::NEG_Y); // from the body down into the tile
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
    let hit = time_of_impact(a, motion_a, b, motion_b)?;
    // How fast `a` closes in on `b` along the normal, in units per frame.
    let closing = (motion_a.travel() - motion_b.travel()).dot(hit.normal);
    let at = |t: f32| (motion_a.pose_at(t), motion_b.pose_at(t));
    let (start_a, start_b) = at(0.0);
    if overlaps(a, &start_a, b, &start_b) {
        return Some(SkinImpact {
            t: 0.0,
            gap: 0.0,
            touch_t: 0.0,
            point: hit.point,
            normal: hit.normal,
            started_inside: true,
        });
    }
    if closing.is_nan() || closing <= 0.0 {
        // Touching (or grazing) while moving apart or along: nothing to stop for.
        return None;
    }
    let (t, gap) = stop_time(a, motion_a, b, motion_b, hit.t, closing, skin)?;
    let (pose_a, pose_b) = at(t);
    Some(SkinImpact {
        t,
        gap,
        touch_t: hit.t.max(t),
        point: hit.point,
        normal: touching_normal(a, &pose_a, b, &pose_b, hit.normal, gap),
        started_inside: false,
    })
}

/// The latest time before `touch_t` at which the gap is in `(0, skin + tolerance]`, and that
/// gap; `None` when the distance query fails (non-finite input).
fn stop_time(
    a: ShapeRef<'_>,
    motion_a: &Motion,
    b: ShapeRef<'_>,
    motion_b: &Motion,
    touch_t: f32,
    closing: f32,
    skin: f32,
) -> Option<(f32, f32)> {
    let gap_at = |t: f32| -> Option<f32> {
        let (pa, pb) = (motion_a.pose_at(t), motion_b.pose_at(t));
        if overlaps(a, &pa, b, &pb) {
            return Some(0.0);
        }
        Some(distance(a, &pa, b, &pb)?.distance)
    };
    let upper = |t: f32| skin + skin_tolerance(skin, &motion_a.pose_at(t), &motion_b.pose_at(t));
    // The distance along a straight relative path is convex in time and falls at `closing`
    // units per frame into the contact, so backing off by `skin / closing` leaves at least the
    // skin. That one probe settles a head-on approach; a glancing one can leave more, which
    // the bisection below trims.
    let back_off = (skin / closing).max(touch_t * f32::EPSILON);
    let mut near = touch_t;
    let mut t = (touch_t - back_off).max(0.0);
    for _ in 0..MAX_PROBES {
        let gap = gap_at(t)?;
        if gap > 0.0 && gap <= upper(t) {
            return Some((t, gap));
        }
        if gap > 0.0 {
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
    // Probes ran out (far beyond any case seen): the earliest apart time found is safe.
    let gap = gap_at(t)?;
    Some((if gap > 0.0 { t } else { 0.0 }, gap))
}

/// The normal of the touching surfaces: the separating-axis normal found by pushing `a` just
/// into `b` along the sweep's normal. Conservative advancement ends a hull sweep a tolerance
/// away from contact, where the closest points of two parallel faces can tilt the normal; the
/// pushed-in overlap's least-penetration axis is the face normal itself.
fn touching_normal(
    a: ShapeRef<'_>,
    pose_a: &Pose,
    b: ShapeRef<'_>,
    pose_b: &Pose,
    sweep_normal: Vec2,
    gap: f32,
) -> Vec2 {
    let reach = gap + (gap * 0.5).max(1e-4);
    let pushed = Pose::new(pose_a.position + sweep_normal * reach, pose_a.rotation);
    match contact(a, &pushed, b, pose_b) {
        // The pushed overlap is shallow; a deep one (the push went past a corner) says
        // nothing about the faces, and a normal turned against the sweep's is not this contact.
        Some(c) if c.depth <= 2.0 * reach && c.normal.dot(sweep_normal) > 0.5 => c.normal,
        _ => sweep_normal,
    }
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
        assert_eq!(stop.normal, Vec2::NEG_Y);
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
            (stop.normal - Vec2::NEG_Y).length() < 1e-6,
            "{}",
            stop.normal
        );
        assert!(stop.gap > 0.0);
        let tolerance = skin_tolerance(DEFAULT_SKIN, &glide.pose_at(stop.t), &tile_at.start_pose());
        assert!(stop.gap <= DEFAULT_SKIN + tolerance, "{}", stop.gap);
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
}
