//! Time of impact of two moving circles: one circle of the summed radii against a point.

use glam::Vec2;

use super::slab::circle_entry_parts;
use crate::Impact;
use crate::{Circle, Motion};

/// The time of impact of two moving circles (rotation is ignored).
///
/// With relative motion, b stands still and a's centre is a point moving against a circle of
/// radius `ra + rb`; the quadratic gives the time. The normal runs from a's centre
/// to b's at that moment, and the point is on a's rim, along the normal from a's centre on its
/// own path; circles that start overlapping give the middle of the overlap. Coincident centres
/// at the start give the normal `+x`. A relative offset or travel beyond about 1.8e19, or a
/// relative travel times the summed radii beyond that, whose square is not a float, gives
/// `None` as non-finite input does. See
/// [`time_of_impact`](crate::time_of_impact) for the conventions shared by every pair.
///
/// ```
/// use collide_core::{Circle, Motion};
/// use collide_core::pair::{sweep_circle_circle};
/// use glam::Vec2;
///
/// let shot = Motion::linear(Vec2::new(-4.0, 0.0), Vec2::new(4.0, 0.0));
/// let rock = Motion::stationary(Vec2::ZERO);
/// let hit = sweep_circle_circle(&Circle { radius: 0.5 }, &shot, &Circle { radius: 1.0 }, &rock)
///     .unwrap();
/// assert!((hit.t - 0.3125).abs() < 1e-6);
/// ```
#[inline(always)]
#[must_use]
pub fn sweep_circle_circle(
    a: &Circle,
    motion_a: &Motion,
    b: &Circle,
    motion_b: &Motion,
) -> Option<Impact> {
    let (p, d) = relative(motion_a, motion_b);
    let radius = a.radius + b.radius;
    let entry = circle_entry_parts(p, d, radius);
    // The flag holds only for finite relative start and travel, which hold only when all four
    // positions are finite (and so then are the positions at the time, between start and end),
    // and for a finite summed radius; negative radii are checked here. The time, point and
    // normal below do not take part, so the branch does not wait for them.
    if !(entry.hit & radii_valid(a, b)) {
        return None;
    }
    // The time, the normal from a's centre towards b's at that time, and how far along it from
    // a's centre the point lies: a's radius, where the two rims meet; the middle of the overlap
    // when the circles start overlapping. `reach` is below the summed radius (whose square is
    // finite), so the point is finite where a's path is.
    let (t, normal, reach) = entry.contact(p, d, a.radius, b.radius);
    let point = motion_a.position_at(t) + normal * reach;
    Some(Impact { t, point, normal })
}

/// a's start relative to b's, and a's travel relative to b's.
#[inline(always)]
fn relative(motion_a: &Motion, motion_b: &Motion) -> (Vec2, Vec2) {
    (
        motion_a.start - motion_b.start,
        motion_a.travel() - motion_b.travel(),
    )
}

/// Both radii non-negative (NaN fails); a finite sum is part of the entry's flag.
#[inline(always)]
fn radii_valid(a: &Circle, b: &Circle) -> bool {
    (a.radius >= 0.0) & (b.radius >= 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The normal and point come from the closed form of the entry offset and a's own
    /// path, not from the two centres at `t`: both must agree, up to the rounding long travel
    /// brings, and the point must be the middle of the two rim points along that normal.
    #[test]
    fn normal_and_point_agree_with_the_centres_at_the_time() {
        let mut rng = collide_testkit::SplitMix64::new(0xC1C1);
        let mut next = || rng.unit();
        let mut vec = |scale: f32| Vec2::new(next() - 0.5, next() - 0.5) * 2.0 * scale;
        let (mut entering, mut inside) = (0, 0);
        for case in 0..4_000 {
            // Radii 0.05–5, travel up to 10 000 units: bullets far faster than they are wide.
            let speed = [1.0, 30.0, 1e3, 1e4][case % 4];
            let (ra, rb) = (
                (vec(1.0).x.abs() + 0.01) * 5.0,
                (vec(1.0).y.abs() + 0.01) * 5.0,
            );
            let target = vec(20.0);
            let shot = target + vec(8.0);
            let travel = vec(speed);
            let ma = Motion::linear(shot - travel * 0.5, shot + travel * 0.5);
            let mb = Motion::linear(target, target + vec(3.0));
            let (a, b) = (Circle { radius: ra }, Circle { radius: rb });
            let Some(hit) = sweep_circle_circle(&a, &ma, &b, &mb) else {
                continue;
            };
            let (ca, cb) = (ma.position_at(hit.t), mb.position_at(hit.t));
            let centres = cb - ca;
            // Rounding of the positions at `t` grows with the distance travelled.
            let slack = 1e-5 * (1.0 + speed + ma.start.abs().max_element()) / (ra + rb);
            let ctx = format!("case {case}: {ma:?} {mb:?} {ra} {rb} -> {hit:?}");
            assert!((hit.normal.length() - 1.0).abs() < 1e-5, "{ctx}");
            if centres.length() > 1e-3 * (ra + rb) {
                let along = centres.normalize();
                assert!((hit.normal - along).length() < slack.max(1e-4), "{ctx}");
            }
            let rims = (ca + hit.normal * ra) * 0.5 + (cb - hit.normal * rb) * 0.5;
            assert!((hit.point - rims).length() < 1e-4 * (1.0 + speed), "{ctx}");
            if hit.t > 0.0 {
                entering += 1;
            } else {
                inside += 1;
            }
        }
        assert!(
            entering > 300 && inside > 100,
            "{entering} entering, {inside} inside"
        );
    }
}
