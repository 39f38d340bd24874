//! What to do after a hit: slide along a surface, bounce off it, or clip a motion against
//! several surfaces at once.
//!
//! Every function takes the hit's `normal` as the queries give it: unit length, pointing from
//! the moving shape into the obstacle. A motion "goes into" the obstacle when its dot product
//! with that normal is positive; only that part is ever changed, so a body moving away from a
//! surface it touches is left alone.
//!
//! ```
//! use collide_core::{clip_motion, reflect, slide};
//! use glam::Vec2;
//!
//! let floor = Vec2::Y; // the mover is above a floor, in y-down screen coordinates
//! let walk = Vec2::new(3.0, 2.0); // right and down, into the floor
//! assert_eq!(slide(walk, floor), Vec2::new(3.0, 0.0));
//! assert_eq!(reflect(walk, floor, 1.0), Vec2::new(3.0, -2.0));
//! assert_eq!(reflect(walk, floor, 0.5), Vec2::new(3.0, -1.0));
//!
//! // Into an inside corner (a floor and a wall on the right): the motion stops.
//! let wall = Vec2::X;
//! assert_eq!(clip_motion(walk, &[floor, wall]), Vec2::ZERO);
//! // Along the floor towards the left, away from the wall: the slide survives.
//! assert_eq!(clip_motion(Vec2::new(-3.0, 2.0), &[floor, wall]), Vec2::new(-3.0, 0.0));
//! ```

use glam::Vec2;

/// How far past a plane (relative to the motion's length) a clipped motion may still point and
/// count as along it: a few float roundings of the projection that put it there.
const ALONG: f32 = 1e-5;

/// `motion` less the part that goes into the surface with this `normal`.
///
/// Unchanged when `motion` points along or away from the surface (`motion · normal ≤ 0`).
/// A non-finite input gives a non-finite output; the caller's finiteness checks catch it.
///
/// See also [`reflect`], [`clip_motion`].
#[inline]
#[must_use]
pub fn slide(motion: Vec2, normal: Vec2) -> Vec2 {
    let into = motion.dot(normal);
    if into > 0.0 {
        motion - normal * into
    } else {
        motion
    }
}

/// `velocity` bounced off the surface with this `normal`: the part going into it reversed and
/// scaled by `restitution` (1 for a perfect bounce, 0 to stop on that axis, i.e. [`slide`]).
///
/// Unchanged when `velocity` points along or away from the surface. `restitution` is used as
/// given; values outside `[0, 1]` gain or lose more than a real bounce would.
///
/// See also [`slide`].
#[inline]
#[must_use]
pub fn reflect(velocity: Vec2, normal: Vec2, restitution: f32) -> Vec2 {
    let into = velocity.dot(normal);
    if into > 0.0 {
        velocity - normal * (into * (1.0 + restitution))
    } else {
        velocity
    }
}

/// The motion closest to `motion` that goes into none of the surfaces with these `normals`.
///
/// The allowed motions form a cone (every `m` with `m · n ≤ 0` for each normal `n`). The
/// answer is `motion` itself when it is allowed; else `motion` slid along one surface, when
/// that slide goes into none of the others; else zero: in an inside corner, or between two
/// walls at an acute angle, the body stops instead of sliding back and forth between them.
/// Normals that are zero or not finite are ignored.
///
/// Allocation-free; the cost is quadratic in `normals.len()`, which is meant to be small (the
/// contacts of one body in one step).
///
/// See also [`slide`].
#[must_use]
pub fn clip_motion(motion: Vec2, normals: &[Vec2]) -> Vec2 {
    if allowed(motion, normals, || motion.length()) {
        return motion;
    }
    // A slide rounds like the motion it came from: pressed hard into a surface whose normal
    // is off an axis by an ulp, a small slide along it would read as going into it.
    let length = motion.length();
    let mut best = Vec2::ZERO;
    let mut best_gap = f32::INFINITY;
    for &n in normals.iter().filter(|n| usable(**n)) {
        let candidate = motion - n * motion.dot(n);
        let gap = (motion - candidate).length_squared();
        if gap < best_gap && allowed(candidate, normals, || length) {
            best = candidate;
            best_gap = gap;
        }
    }
    best
}

/// Whether `motion` goes into none of the surfaces, within [`ALONG`] of `length` (the length
/// of the motion it was clipped from, or its own).
fn allowed(motion: Vec2, normals: &[Vec2], length: impl Fn() -> f32) -> bool {
    // The length (a square root) only once a surface is gone into at all: the slack is never
    // negative, so a motion along or away from every surface is allowed without it.
    let mut slack = None;
    normals.iter().filter(|n| usable(**n)).all(|n| {
        let into = motion.dot(*n);
        into <= 0.0 || into <= *slack.get_or_insert_with(|| ALONG * length())
    })
}

/// A normal that can be clipped against: finite and not zero.
fn usable(n: Vec2) -> bool {
    n.is_finite() && n != Vec2::ZERO
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_slide_off_a_hard_press_survives_an_ulp_tilted_normal() {
        // Pressed 88 times harder into a floor than along it, the floor's normal off the axis
        // by an ulp (a turned hull's face): the slide along it is kept.
        let floor = Vec2::new(-8.940697e-8, -0.99999994);
        let motion = Vec2::new(0.07651339, -6.7702627);
        let clipped = clip_motion(motion, &[floor]);
        assert!((clipped.x - motion.x).abs() < 1e-6, "{clipped}");
        assert!(clipped.y.abs() < 1e-5, "{clipped}");
    }

    #[test]
    fn motion_away_from_a_surface_is_left_alone() {
        let n = Vec2::new(0.6, 0.8);
        for m in [Vec2::new(-1.0, 0.0), Vec2::new(0.8, -0.6), Vec2::ZERO] {
            assert_eq!(slide(m, n), m);
            assert_eq!(reflect(m, n, 1.0), m);
            assert_eq!(clip_motion(m, &[n]), m);
        }
    }

    #[test]
    fn slide_keeps_the_tangent_and_reflect_reverses_the_normal_part() {
        let n = Vec2::new(0.6, 0.8);
        let m = Vec2::new(2.0, 3.0);
        let s = slide(m, n);
        assert!(s.dot(n).abs() < 1e-6);
        assert!((s - (m - n * m.dot(n))).length() < 1e-6);
        let r = reflect(m, n, 1.0);
        assert!((r.length() - m.length()).abs() < 1e-5);
        assert!((r.dot(n) + m.dot(n)).abs() < 1e-5);
        assert!((reflect(m, n, 0.0) - s).length() < 1e-6);
    }

    #[test]
    fn two_walls_at_an_acute_angle_stop_the_motion() {
        // A V opening upwards (y down): both walls lean in, the motion goes down into the V.
        let left = Vec2::new(-0.9, 0.3).normalize();
        let right = Vec2::new(0.9, 0.3).normalize();
        assert_eq!(clip_motion(Vec2::new(0.1, 1.0), &[left, right]), Vec2::ZERO);
        // Out of the V, upwards, nothing is clipped.
        let up = Vec2::new(0.1, -1.0);
        assert_eq!(clip_motion(up, &[left, right]), up);
    }

    #[test]
    fn opposite_walls_keep_the_motion_along_the_corridor() {
        let m = Vec2::new(5.0, 1.0);
        let got = clip_motion(m, &[Vec2::Y, Vec2::NEG_Y]);
        assert!((got - Vec2::new(5.0, 0.0)).length() < 1e-6, "{got}");
    }

    #[test]
    fn bad_normals_are_ignored() {
        let m = Vec2::new(1.0, 1.0);
        assert_eq!(clip_motion(m, &[Vec2::ZERO, Vec2::NAN]), m);
        assert_eq!(clip_motion(m, &[Vec2::NAN, Vec2::Y]), Vec2::new(1.0, 0.0));
        assert_eq!(clip_motion(m, &[]), m);
    }
}
