//! A moving hull's face normals as separating axes, read once per cast, that rule a cell out
//! before its exact sweep: a cell the hull stays clear of along one of them until the best hit
//! so far cannot come first.

use collide_core::{Motion, ShapeRef};
use glam::Vec2;

/// The most axes kept (any of a hull's face normals is a separating axis, so fewer only rule
/// out fewer cells).
const MAX_AXES: usize = 8;

/// One axis: the hull's face normal, the hull's most along it at the start (from the start
/// position), and how fast the hull moves along it (per motion).
#[derive(Clone, Copy, Default)]
struct Axis {
    normal: Vec2,
    most: f32,
    speed: f32,
}

/// The face normals of a moving hull (turned by the motion's rotation) that it moves towards,
/// read at the first cell that needs them; none for another shape.
pub(super) struct HullAxes {
    axes: [Axis; MAX_AXES],
    len: usize,
    start: Vec2,
    read: bool,
}

impl HullAxes {
    /// Nothing read yet, for a motion from `start`.
    pub(super) fn unread(start: Vec2) -> Self {
        HullAxes {
            axes: [Axis::default(); MAX_AXES],
            len: 0,
            start,
            read: false,
        }
    }

    /// The axes of `shape` moving along `motion` (read in place the first time): a hull's
    /// face normals along which it moves (the first [`MAX_AXES`] of them), none for a circle
    /// or a rect (whose box is the rect itself, and a circle has no faces).
    pub(super) fn read(&mut self, shape: ShapeRef<'_>, motion: &Motion) -> &Self {
        if self.read {
            return self;
        }
        self.read = true;
        let ShapeRef::Hull(hull) = shape else {
            return self;
        };
        let (d, rot) = (motion.travel(), motion.rotation);
        let turned = !rot.is_identity();
        for (&n, &v) in hull.normals().iter().zip(hull.vertices()) {
            if self.len == MAX_AXES {
                break;
            }
            let (normal, v) = if turned {
                (rot.apply(n), rot.apply(v))
            } else {
                (n, v)
            };
            let speed = d.dot(normal);
            // Face `i` runs from vertex `i`: the hull's most along its normal, to rounding
            // (which the margin the cells are tested with covers many times over).
            self.axes[self.len] = Axis {
                normal,
                most: v.dot(normal),
                speed,
            };
            // Kept only if the hull moves towards it: a face it moves away from keeps it clear
            // only of cells it starts clear of, behind it, no cell of the walk ahead. Counted
            // rather than branched on: which faces a cast moves towards is new at every cast.
            self.len += usize::from((speed > 0.0) | speed.is_nan());
        }
        self
    }

    /// Whether the hull stays clear of the box centred at `center` with half extents `half`
    /// by more than `margin` along one of its face normals from the start of the motion until
    /// `t`: then its exact sweep against the box meets it later than `t`, or not at all.
    pub(super) fn clear_until(&self, center: Vec2, half: Vec2, margin: f32, t: f32) -> bool {
        let c = center - self.start;
        self.axes[..self.len].iter().any(|a| {
            let gap = c.dot(a.normal) - half.dot(a.normal.abs()) - a.most;
            // The gap closes at `speed`: least at the start or at `t`.
            gap.min(gap - a.speed * t) > margin
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::{time_of_impact, Hull, Rect, Rot};
    use collide_testkit::SplitMix64;

    /// Whenever a box is clear until `t`, the exact sweep of the hull against it meets it
    /// later than `t` or misses; on seeded hulls, turned or not, boxes and motions near the
    /// origin and far from it.
    #[test]
    fn a_box_clear_until_t_is_met_later_or_never() {
        let mut rng = SplitMix64::new(0xA3E5);
        let (mut cleared, mut met) = (0, 0);
        for case in 0..20_000 {
            let hull = Hull::regular(3 + rng.index(14), rng.range(1.0, 20.0)).unwrap();
            let far = [0.0, 5_000.0, 1.0e6][case % 3];
            let start = Vec2::splat(far) + rng.in_box(Vec2::splat(-30.0), Vec2::splat(30.0));
            let end = start + rng.in_box(Vec2::splat(-60.0), Vec2::splat(60.0));
            let rotation = if rng.unit() < 0.5 {
                Rot::IDENTITY
            } else {
                Rot::from_angle(rng.range(-3.2, 3.2))
            };
            let motion = Motion::new(start, end, rotation);
            let half = Vec2::new(rng.range(1.0, 16.0), rng.range(1.0, 16.0));
            let center = start + rng.in_box(Vec2::splat(-50.0), Vec2::splat(50.0));
            let t = rng.unit();
            let margin = 1e-3 * 17.0 + 16.0 * f32::EPSILON * (far + 100.0);
            let mut axes = HullAxes::unread(motion.start);
            let axes = axes.read(ShapeRef::Hull(&hull), &motion);
            let rect = Rect { half_extents: half };
            let hit = time_of_impact(&hull, &motion, rect, &Motion::stationary(center));
            if axes.clear_until(center, half, margin, t) {
                cleared += 1;
                assert!(
                    hit.is_none_or(|h| h.t > t),
                    "{hull:?} {motion:?} {center} {t}"
                );
            } else if hit.is_some_and(|h| h.t <= t) {
                met += 1;
            }
        }
        assert!(
            cleared > 5_000 && met > 1_000,
            "{cleared} cleared, {met} met"
        );
    }

    #[test]
    fn circles_and_rects_have_no_axes() {
        let m = Motion::linear(Vec2::ZERO, Vec2::X);
        let rect = Rect {
            half_extents: Vec2::ONE,
        };
        let circle = collide_core::Circle { radius: 1.0 };
        for shape in [ShapeRef::Rect(rect), ShapeRef::Circle(circle)] {
            let mut axes = HullAxes::unread(m.start);
            let clear = axes
                .read(shape, &m)
                .clear_until(Vec2::splat(1e6), Vec2::ONE, 0.0, 1.0);
            assert!(!clear);
        }
    }
}
