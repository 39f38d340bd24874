//! A hull against a rect (axis-aligned), the pair a character's body meets in a level of
//! tiles, read in closed form for the skin sweep: the same axes, gaps, face and touching point
//! as [`PolygonPair`](super::PolygonPair) finds for the pair, bit for bit, without looking up
//! each polygon's kind at every vertex. The rect's corners, faces and extent along an axis
//! come from its half extents, and its faces are the box axes, along which the hull's most is
//! a corner of its box.

use core::cell::Cell;

use glam::Vec2;

use super::apart::Outline;
use super::meeting::{Margin, Meeting, ROUNDING};
use super::outline::{box_with, Polygon, Scratch, NO_BOX, RECT_CORNERS, RECT_NORMALS};
use super::window::LatestAxis;

mod exact;

use crate::{Hull, Motion, Rect, ShapeRef};
pub(in crate::query) use exact::sweep_hull_rect;

/// A hull `a` at the origin, turned, and a rect `b` where it starts from `a`.
pub(in crate::query) struct HullRect<'s> {
    /// The hull's vertices and outward face normals, turned.
    vertices: &'s [Vec2],
    normals: &'s [Vec2],
    /// The least and the most corner of the box around the hull.
    a_box: (Vec2, Vec2),
    /// The rect's half extents.
    half: Vec2,
    /// Where the rect starts from the hull.
    offset: Vec2,
    /// A few roundings of the coordinates of either (as the general pair takes it).
    margin: Margin,
    /// The features the sweep found facing each other along its normal, for
    /// [`gap`](Self::gap) along the same axis: they depend on the axis alone.
    facing: Cell<Option<Facing>>,
}

/// Along one axis: the hull's most and the rect's least (at the start), and the spans across
/// the axis of the features each presents there.
#[derive(Clone, Copy)]
struct Facing {
    axis: Vec2,
    levels: (f32, f32),
    spans: [(f32, f32); 2],
}

impl<'s> HullRect<'s> {
    /// The pair, for a valid rect and finite start poses; `None` for any other. A turned hull
    /// is turned into `scratch`.
    ///
    /// Inlined: the pair handed back through memory, stored a field at a time and loaded
    /// whole, would wait for the stores to drain.
    #[inline]
    pub(in crate::query) fn new(
        hull: &'s Hull,
        motion_a: &Motion,
        rect: &Rect,
        motion_b: &Motion,
        scratch: &'s mut Scratch,
    ) -> Option<Self> {
        let (pose_a, pose_b) = (motion_a.start_pose(), motion_b.start_pose());
        if !(rect.is_valid() && pose_a.is_finite() && pose_b.is_finite()) {
            return None;
        }
        let offset = pose_b.position - pose_a.position;
        // The box around the hull, as `Polygon::box_corners` finds it (an unturned hull keeps
        // its own, found the same way).
        let (vertices, normals, a_box) = if pose_a.rotation.is_identity() {
            (hull.vertices(), hull.normals(), hull.local_corners())
        } else {
            let (vertices, normals) =
                Polygon::new(ShapeRef::Hull(hull), pose_a.rotation, Vec2::ZERO, scratch)?
                    .points()?;
            let a_box = vertices
                .iter()
                .fold(NO_BOX, |corners, &v| box_with(corners, v));
            (vertices, normals, a_box)
        };
        let half = rect.half_extents;
        // The rect's box is its corners' (`offset ± half`, exactly as the corners round).
        let margin = Margin::of([a_box.0, a_box.1, offset - half, offset + half]);
        offset.is_finite().then_some(Self {
            vertices,
            normals,
            a_box,
            half,
            offset,
            margin,
            facing: Cell::new(None),
        })
    }

    /// [`PolygonPair::sweep`](super::PolygonPair::sweep) for this pair: the separating-axis
    /// sweep of the hull against the rect, the hull closing in by `closing` over the frame, a
    /// graze within rounding counted as a meeting; `None` for a miss.
    pub(in crate::query) fn sweep(&self, motion_a: &Motion, closing: Vec2) -> Option<Meeting> {
        if !closing.is_finite() {
            return None;
        }
        let (mut enter, mut leave, mut apart) = (f32::NEG_INFINITY, f32::INFINITY, false);
        let mut latest = LatestAxis::new(self.margin.most() / ROUNDING);
        // One round of the axes does both: the entry and exit of the narrowed gaps, and the
        // axis whose exact gap closes last.
        self.each_axis(closing, |gap, speed, axis, _| {
            let narrowed = gap - self.margin.along(axis);
            if speed > 0.0 {
                enter = enter.max(narrowed / speed);
            } else if speed < 0.0 {
                leave = leave.min(narrowed / speed);
            } else {
                apart |= narrowed > 0.0;
            }
            latest.offer(gap, speed, axis);
        });
        if apart || !(enter <= leave && enter <= 1.0 && leave >= 0.0) {
            return None;
        }
        let (entry, normal) = latest.found()?;
        let touch_t = if (0.0..=1.0).contains(&entry) {
            entry
        } else {
            enter.clamp(0.0, 1.0)
        };
        let facing = self.facing(normal);
        let point = self.touch_point(closing * touch_t, normal, facing.levels.0, facing.spans);
        Some(Meeting {
            touch_t,
            normal,
            point: motion_a.position_at(touch_t) + point,
            at_start: enter <= 0.0,
        })
    }

    /// [`PolygonPair::gap`](super::PolygonPair::gap) for this pair: the distance with the
    /// rect at `offset` from the hull, to within a few roundings over, when the features each
    /// presents along `axis` face each other and they are apart along it beyond rounding.
    pub(in crate::query) fn gap(&self, offset: Vec2, axis: Vec2) -> Option<f32> {
        let margin = self.margin.along(axis);
        let shift = offset - self.offset;
        let tangent = axis.perp();
        let facing = match self.facing.get() {
            Some(facing) if facing.axis == axis => facing,
            _ => self.facing(axis),
        };
        let (a_level, b_start) = facing.levels;
        let gap = b_start + shift.dot(axis) - a_level;
        if !(gap > margin && gap.is_finite()) {
            return None;
        }
        let [(a_lo, a_hi), (b_lo, b_hi)] = facing.spans;
        let across = shift.dot(tangent);
        (a_lo.max(b_lo + across) <= a_hi.min(b_hi + across)).then_some(gap + 2.0 * margin)
    }

    /// The rounding the pair allows for along `axis`.
    pub(in crate::query) fn margin(&self, axis: Vec2) -> f32 {
        self.margin.along(axis)
    }

    /// The exact distance (in `f64`) with the rect at `offset` from the hull.
    pub(in crate::query) fn exact_gap(&self, offset: Vec2) -> f64 {
        let shift = offset - self.offset;
        let hull = Outline::new(self.vertices.iter().copied(), Vec2::ZERO);
        let corners = RECT_CORNERS.map(|c| c * self.half + self.offset);
        super::apart::distance(&hull, &Outline::new(corners.into_iter(), shift))
    }

    /// Calls `f` with every axis as `(gap, closing speed, axis, the hull's most)`, in the
    /// general pair's order: the rect's face normals reversed (from the hull to the rect), then
    /// the hull's.
    #[inline(always)]
    fn each_axis(&self, closing: Vec2, mut f: impl FnMut(f32, f32, Vec2, f32)) {
        let (lo, hi) = self.a_box;
        // Along a box axis the hull's most is a corner of its box.
        let box_most = [hi.y, -lo.x, -lo.y, hi.x];
        for (n, a_most) in RECT_NORMALS.into_iter().zip(box_most) {
            let axis = -n;
            let face = self.offset.dot(n) + self.half.dot(n.abs());
            f(-face - a_most, closing.dot(axis), axis, a_most);
        }
        let (v, normals) = (self.vertices, self.normals);
        for (i, &axis) in normals.iter().enumerate() {
            let next = if i + 1 == v.len() { 0 } else { i + 1 };
            // The level of the hull's face `i`: the larger at its two ends (compared and
            // picked: they are finite).
            let (from, to) = (v[i].dot(axis), v[next].dot(axis));
            let a_most = if to > from { to } else { from };
            let minus = -axis;
            let b_least = -(self.offset.dot(minus) + self.half.dot(minus.abs()));
            f(b_least - a_most, closing.dot(axis), axis, a_most);
        }
    }

    /// The most of `v · axis` over the hull's vertices.
    #[inline(always)]
    fn hull_most(&self, axis: Vec2) -> f32 {
        let mut most = f32::NEG_INFINITY;
        for v in self.vertices {
            let d = v.dot(axis);
            most = if d > most { d } else { most };
        }
        most
    }

    /// The least of `v · axis` over the rect's corners.
    #[inline(always)]
    fn rect_least(&self, axis: Vec2) -> f32 {
        self.offset.dot(axis) - self.half.dot(axis.abs())
    }

    /// Along `tangent`, the span of the hull's vertices within `margin` of `level` along
    /// `axis`: the feature it presents there.
    #[inline(always)]
    fn hull_span(&self, axis: Vec2, level: f32, margin: f32, tangent: Vec2) -> (f32, f32) {
        let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
        for v in self.vertices {
            if (v.dot(axis) - level).abs() <= margin {
                // Compare-and-pick: the vertices are finite, so `f32::min`'s NaN handling
                // would change nothing.
                let d = v.dot(tangent);
                lo = if d < lo { d } else { lo };
                hi = if d > hi { d } else { hi };
            }
        }
        (lo, hi)
    }

    /// [`hull_span`](Self::hull_span) of the rect's corners.
    #[inline(always)]
    fn rect_span(&self, axis: Vec2, level: f32, margin: f32, tangent: Vec2) -> (f32, f32) {
        if axis.x == 0.0 || axis.y == 0.0 {
            // Along a box axis the feature is a face (the corners behind it are within the
            // margin only for a rect thinner than it, and lie across from these): its span is
            // that of two opposite corners, each read as the loop below reads it.
            let (a, b) = (
                (-self.half + self.offset).dot(tangent),
                (self.half + self.offset).dot(tangent),
            );
            return (a.min(b), a.max(b));
        }
        let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
        for c in RECT_CORNERS {
            let v = c * self.half + self.offset;
            if (v.dot(axis) - level).abs() <= margin {
                let d = v.dot(tangent);
                lo = lo.min(d);
                hi = hi.max(d);
            }
        }
        (lo, hi)
    }

    /// The features facing each other along `axis`, kept for [`gap`](Self::gap).
    fn facing(&self, axis: Vec2) -> Facing {
        let tangent = axis.perp();
        let levels = (self.hull_most(axis), self.rect_least(axis));
        let margin = self.margin.along(axis);
        let spans = [
            self.hull_span(axis, levels.0, margin, tangent),
            self.rect_span(axis, levels.1, margin, tangent),
        ];
        let facing = Facing {
            axis,
            levels,
            spans,
        };
        self.facing.set(Some(facing));
        facing
    }

    /// Where the hull (moved by `moved`) and the rect touch along `normal`, relative to the
    /// hull's centre, as the general pair's `touch_point` puts it: `a_level` is the hull's
    /// most along it, and `spans` those of the features each presents there.
    fn touch_point(
        &self,
        moved: Vec2,
        normal: Vec2,
        a_level: f32,
        [(a_lo, a_hi), (b_lo, b_hi)]: [(f32, f32); 2],
    ) -> Vec2 {
        let tangent = normal.perp();
        let shift = moved.dot(tangent);
        let mid = 0.5 * ((a_lo + shift).max(b_lo) + (a_hi + shift).min(b_hi));
        normal * a_level + tangent * (mid - shift)
    }
}

#[cfg(test)]
pub(in crate::query) mod tests {
    use super::super::{PolygonPair, SCRATCH};
    use super::*;
    use crate::Rot;
    use collide_testkit::SplitMix64;

    /// A seeded convex hull: a regular one, or points at seeded angles around a circle.
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn hull(rng: &mut SplitMix64) -> Hull {
        let radius = rng.range(0.5, 20.0);
        if rng.unit() < 0.5 {
            return Hull::regular(3 + rng.index(14), radius).unwrap();
        }
        let mut angles: Vec<f32> = (0..3 + rng.index(14))
            .map(|_| rng.range(0.0, core::f32::consts::TAU))
            .collect();
        angles.sort_by(f32::total_cmp);
        let points: Vec<Vec2> = angles
            .iter()
            .map(|&a| Vec2::from_angle(a) * radius)
            .collect();
        Hull::new(&points).unwrap_or_else(|_| Hull::regular(5, radius).unwrap())
    }

    /// A seeded rect near the origin or far from it (by `case`), where it stands, and a
    /// turned or unturned motion shot at it from `min_distance` to 60 away, at a seeded angle
    /// or straight along an axis (as a body walks over a floor or into a wall), up to 200 long.
    pub(in crate::query) fn shot_at_a_rect(
        rng: &mut SplitMix64,
        case: usize,
        min_distance: f32,
    ) -> (Rect, Vec2, Motion) {
        let rect = Rect {
            half_extents: Vec2::new(rng.range(0.5, 20.0), rng.range(0.5, 20.0)),
        };
        let far = [0.0, 9_000.0, 60_000.0, 1.0e6][case % 4];
        let at = (Vec2::splat(far) + rng.in_box(Vec2::splat(-40.0), Vec2::splat(40.0))).round();
        let from = at + rng.direction() * rng.range(min_distance, 60.0);
        let mut aim = at + rng.in_box(Vec2::splat(-15.0), Vec2::splat(15.0)) - from;
        if rng.unit() < 0.3 {
            aim = if aim.x.abs() > aim.y.abs() {
                Vec2::new(aim.x, 0.0)
            } else {
                Vec2::new(0.0, aim.y)
            };
        }
        let turn = if rng.unit() < 0.5 {
            Rot::IDENTITY
        } else {
            Rot::from_angle(rng.range(-3.2, 3.2))
        };
        let to = from + aim.normalize_or_zero() * rng.range(0.0, 200.0);
        (rect, at, Motion::new(from, to, turn))
    }

    /// The closed form gives the general pair's meeting and gap, bit for bit, on seeded hulls
    /// (turned or not) and rects, moving at seeded angles or straight along an axis onto a
    /// face, near the origin and far from it.
    #[test]
    fn the_closed_form_is_the_general_pair() {
        let mut rng = SplitMix64::new(0x4A11_5EC7);
        let (mut met, mut gaps) = (0, 0);
        for case in 0..40_000 {
            let hull = hull(&mut rng);
            let (rect, at, ma) = shot_at_a_rect(&mut rng, case, 5.0);
            let mb = Motion::stationary(at);
            let closing = ma.travel() - mb.travel();
            let mut scratch = [SCRATCH; 2];
            let general = PolygonPair::new((&hull).into(), &ma, rect.into(), &mb, &mut scratch)
                .expect("a valid pair");
            let mut scratch = SCRATCH;
            let closed = HullRect::new(&hull, &ma, &rect, &mb, &mut scratch).expect("valid");
            let (g, c) = (general.sweep(&ma, closing), closed.sweep(&ma, closing));
            let unpack = |m: &Meeting| (m.touch_t, m.normal, m.point, m.at_start);
            assert_eq!(
                g.as_ref().map(unpack),
                c.as_ref().map(unpack),
                "{hull:?} {rect:?} {ma:?} {at}"
            );
            met += usize::from(g.is_some());
            let t = rng.unit();
            let offset = mb.position_at(t) - ma.position_at(t);
            let axis = g.map_or(Vec2::Y, |m| m.normal);
            let gap = general.gap(offset, axis);
            assert_eq!(
                gap,
                closed.gap(offset, axis),
                "{hull:?} {rect:?} {ma:?} {at}"
            );
            gaps += usize::from(gap.is_some());
        }
        assert!(met > 10_000 && gaps > 3_000, "{met} {gaps}");
    }
}
