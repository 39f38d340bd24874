//! Two convex polygons (rects and hulls) that only translate during a sweep, and the
//! separating-axis sweep over the face normals of both: the exact time they meet and the face
//! they meet on. [`time_of_impact`](crate::time_of_impact) takes it for every pair of polygons
//! (strict overlap, as the other closed forms);
//! [`time_of_impact_with_skin`](super::time_of_impact_with_skin) takes it with grazes within
//! rounding counted as meetings, and the gap at a time (the separation along the meeting face
//! whenever the features that meet face each other). How each polygon is read (turned once,
//! extents, features) is in `outline`.

use glam::Vec2;

mod apart;
mod hull_rect;
mod meeting;
mod outline;
mod window;

pub(super) use hull_rect::sweep_hull_rect;
#[cfg(test)]
pub(super) use hull_rect::tests::shot_at_a_rect;
use hull_rect::HullRect;
use meeting::{Margin, Meeting, ROUNDING};
use outline::Scratch;
pub(super) use outline::{Polygon, SCRATCH};
pub(super) use window::latest_axis;
use window::{AxisWindow, LeastGap, NEAR_TIE};

use crate::{Motion, ShapeRef, MAX_HULL_VERTICES};

/// The axes of a sweep, as `(gap, closing speed, axis)`.
type Axes = [(f32, f32, Vec2); 2 * MAX_HULL_VERTICES];

/// Room for [`Axes`].
const NO_AXES: Axes = [(0.0, 0.0, Vec2::ZERO); 2 * MAX_HULL_VERTICES];

/// Two polygons, `a` at the origin and `b` where it starts from `a`, for the closed forms.
pub(super) struct PolygonPair<'s> {
    pa: Polygon<'s>,
    pb: Polygon<'s>,
    /// Where `b` starts from `a`.
    offset: Vec2,
    /// The least and the most corner of the box around each, `a`'s first.
    boxes: [(Vec2, Vec2); 2],
    /// A few roundings of the coordinates of either.
    margin: Margin,
}

impl<'s> PolygonPair<'s> {
    /// The pair, for a hull against a rect or hull (and no circle) with finite start poses;
    /// `None` for any other. A turned hull is turned into `scratch`.
    ///
    /// Inlined, as are the polygons and their boxes: the pair handed back through memory,
    /// stored a field at a time and loaded whole, would wait for the stores to drain (with
    /// the sweep below, a fifth of a hull–hull time of impact).
    #[inline]
    pub(super) fn new(
        a: ShapeRef<'s>,
        motion_a: &Motion,
        b: ShapeRef<'s>,
        motion_b: &Motion,
        scratch: &'s mut [Scratch; 2],
    ) -> Option<Self> {
        if !has_hull(a, b) {
            return None;
        }
        let (pose_a, pose_b) = (motion_a.start_pose(), motion_b.start_pose());
        if !(pose_a.is_finite() && pose_b.is_finite()) {
            return None;
        }
        let offset = pose_b.position - pose_a.position;
        let [scratch_a, scratch_b] = scratch;
        let pa = Polygon::new(a, pose_a.rotation, Vec2::ZERO, scratch_a)?;
        let pb = Polygon::new(b, pose_b.rotation, offset, scratch_b)?;
        let boxes = [pa.box_corners(), pb.box_corners()];
        let margin = Margin::of([boxes[0].0, boxes[0].1, boxes[1].0, boxes[1].1]);
        offset.is_finite().then_some(Self {
            pa,
            pb,
            offset,
            boxes,
            margin,
        })
    }

    /// The separating-axis sweep of `a` against `b` for the skin sweep, `a` closing in by
    /// `closing` over the frame; `None` for a miss.
    ///
    /// The axes are those of [`axes`](Self::axes), so the shapes touch exactly when the gap
    /// along every axis has closed. The gaps are taken a few roundings narrower, so that a
    /// graze within rounding of touching counts as a meeting (the skin sweep then stops short
    /// of it, which costs nothing, where missing it could let a body settle into the other);
    /// the face and time reported are those of the exact gaps, picked as
    /// [`exact_sweep`](Self::exact_sweep) picks them.
    pub(super) fn sweep(&self, motion_a: &Motion, closing: Vec2) -> Option<Meeting> {
        if !closing.is_finite() {
            return None;
        }
        let (mut axes, mut count) = (NO_AXES, 0);
        self.each_axis(closing, self.boxes[0], |gap, speed, axis, _| {
            axes[count] = (gap, speed, axis);
            count += 1;
        });
        let axes = &axes[..count];
        let (mut enter, mut leave) = (f32::NEG_INFINITY, f32::INFINITY);
        for &(gap, speed, axis) in axes {
            let gap = gap - self.margin.along(axis);
            if speed > 0.0 {
                enter = enter.max(gap / speed);
            } else if speed < 0.0 {
                leave = leave.min(gap / speed);
            } else if gap > 0.0 {
                return None;
            }
        }
        if !(enter <= leave && enter <= 1.0 && leave >= 0.0) {
            return None;
        }
        let reach = self.margin.most() / ROUNDING;
        let (entry, normal) = latest_axis(reach, axes.iter().copied())?;
        let touch_t = if (0.0..=1.0).contains(&entry) {
            entry
        } else {
            enter.clamp(0.0, 1.0)
        };
        let levels = (self.pa.extent(normal).1, self.pb.extent(normal).0);
        let point = touch_point(self, closing * touch_t, normal, levels);
        Some(Meeting {
            touch_t,
            normal,
            point: motion_a.position_at(touch_t) + point,
            at_start: enter <= 0.0,
        })
    }

    /// The exact separating-axis sweep of `a` against `b`, `a` closing in by `closing` over
    /// the frame, with overlap strict as the other closed forms take it; `None` for a miss.
    ///
    /// They overlap at `t` when the gap along every axis is below zero then: each axis gives
    /// the open interval of times it is, and the answer is where those intervals first all
    /// hold. A touch, a slide along a face (an axis at a gap of zero that neither closes on)
    /// and a start in touch followed by moving apart are no hit; a start in touch followed by
    /// closing in is `t = 0`, on the touching face. A pair that starts overlapped is `t = 0` on
    /// its axis of least penetration (the largest gap). A pair that meets later meets on the
    /// axis whose gap closes last, an earlier one (`b`'s faces first) kept on a near tie.
    ///
    /// Inlined into its one caller: a meeting handed back through memory, stored a field at
    /// a time and loaded whole, waits for the stores to drain.
    #[inline(always)]
    pub(super) fn exact_sweep(&self, motion_a: &Motion, closing: Vec2) -> Option<Meeting> {
        let mut window = AxisWindow::new(NEAR_TIE / ROUNDING * self.margin.most());
        // The boxes around the two first: an axis of theirs that stays apart all frame is a
        // miss for a fraction of the work (their axes separate the polygons as any does).
        let [a_box, (b_lo, b_hi)] = self.boxes;
        let half = (a_box.1 - a_box.0 + b_hi - b_lo) * 0.5;
        let from_b = (a_box.0 + a_box.1 - b_lo - b_hi) * 0.5;
        if !super::sweep::slab_flag(from_b, closing, half).0 {
            return None;
        }
        self.each_axis(closing, a_box, |gap, speed, axis, a_most| {
            window.take(gap, speed, axis, a_most);
        });
        let enter = window.enter()?;
        let touch_t = super::sweep::from_start(enter);
        // The axis, and `a`'s and `b`'s levels along it at the start.
        let (normal, levels) = if enter > 0.0 {
            window.latest()
        } else {
            // Overlapping, or touching and closing in, at the start (rare: looked for apart):
            // the axis of the largest gap, the least penetration.
            let mut least = LeastGap::new();
            self.each_axis(closing, a_box, |gap, _, axis, a_most| {
                least.take(gap, axis, a_most);
            });
            least.axis()
        };
        let point = touch_point(self, closing * touch_t, normal, levels);
        Some(Meeting {
            touch_t,
            normal,
            point: motion_a.position_at(touch_t) + point,
            at_start: enter <= 0.0,
        })
    }

    /// Calls `f` with every axis of the sweep as `(gap, closing speed, axis, a's most)`, in
    /// order: `b`'s face normals (reversed: from `a` to `b`), then `a`'s, those of the
    /// Minkowski difference, with the gap between the shapes along each at the start, how fast
    /// `a` closes it, and `a`'s most along it (`b`'s least is that and the gap).
    #[inline(always)]
    fn each_axis(
        &self,
        closing: Vec2,
        a_box: (Vec2, Vec2),
        mut f: impl FnMut(f32, f32, Vec2, f32),
    ) {
        let (pa, pb) = (&self.pa, &self.pb);
        // Each axis's gap once: along one of `b`'s faces, `b`'s least is that face's level;
        // along one of `a`'s, `a`'s most is. The other's extent comes from climbing its
        // vertices, as both rounds of normals turn counter-clockwise.
        let (lo, hi) = a_box;
        // A rect's axes are the box axes, along which `a`'s most is a corner of its box.
        let box_most = [hi.y, -lo.x, -lo.y, hi.x];
        let mut a_from = None;
        for i in 0..pb.count() {
            let axis = -pb.normal(i);
            let a_most = match box_most.get(i) {
                Some(&most) if pb.is_rect() => most,
                _ => pa.most_from(axis, &mut a_from),
            };
            f(-pb.face_level(i) - a_most, closing.dot(axis), axis, a_most);
        }
        let mut b_from = None;
        for i in 0..pa.count() {
            let axis = pa.normal(i);
            let b_least = -pb.most_from(-axis, &mut b_from);
            let a_most = pa.face_level(i);
            f(b_least - a_most, closing.dot(axis), axis, a_most);
        }
    }

    /// The distance between the polygons with `b` at `offset` from `a`, to within a few
    /// roundings over, when the closed form knows it: their separation along `axis` (a face
    /// normal of either, from `a` to `b`) when the features each presents along it face each
    /// other (their spans across the axis share a point), and they are apart along it beyond
    /// rounding. `None` when it does not know.
    pub(super) fn gap(&self, offset: Vec2, axis: Vec2) -> Option<f32> {
        let (pa, pb, margin) = (&self.pa, &self.pb, self.margin.along(axis));
        let shift = offset - self.offset;
        let tangent = axis.perp();
        let a_level = pa.extent(axis).1;
        let b_start = pb.extent(axis).0;
        let gap = b_start + shift.dot(axis) - a_level;
        if !(gap > margin && gap.is_finite()) {
            return None;
        }
        let (a_lo, a_hi) = pa.feature_span(axis, a_level, margin, tangent);
        let (b_lo, b_hi) = pb.feature_span(axis, b_start, margin, tangent);
        let across = shift.dot(tangent);
        // The distance is at least the gap (any axis separates by no more than the distance),
        // and at most the gap and twice the margin: across a point both spans share stand a
        // point of each feature, each within `margin` of its level. The larger is reported, so
        // that a stop within the skin by it is within the skin by the distance too.
        (a_lo.max(b_lo + across) <= a_hi.min(b_hi + across)).then_some(gap + 2.0 * margin)
    }
}

/// Whether either shape is a hull: only such a pair is read as polygons (two rects, and
/// anything with a circle, have closed forms of their own).
#[inline]
pub(super) fn has_hull(a: ShapeRef<'_>, b: ShapeRef<'_>) -> bool {
    matches!((a, b), (ShapeRef::Hull(_), _) | (_, ShapeRef::Hull(_)))
}

/// The pair the skin sweep reads in closed form: a hull against a rect in the closed form of
/// that pair ([`HullRect`], the same answers for less work), any other polygons as a
/// [`PolygonPair`].
pub(super) enum SkinPair<'s> {
    HullRect(HullRect<'s>),
    General(PolygonPair<'s>),
}

impl<'s> SkinPair<'s> {
    /// The pair, for a hull against a rect or hull (and no circle) with finite start poses;
    /// `None` for any other. A turned hull is turned into `scratch`.
    pub(super) fn new(
        a: ShapeRef<'s>,
        motion_a: &Motion,
        b: ShapeRef<'s>,
        motion_b: &Motion,
        scratch: &'s mut [Scratch; 2],
    ) -> Option<Self> {
        if let (ShapeRef::Hull(hull), ShapeRef::Rect(rect)) = (a, b) {
            if rect.is_valid() {
                let [scratch_a, _] = scratch;
                return HullRect::new(hull, motion_a, &rect, motion_b, scratch_a)
                    .map(Self::HullRect);
            }
        }
        PolygonPair::new(a, motion_a, b, motion_b, scratch).map(Self::General)
    }

    /// [`PolygonPair::sweep`].
    pub(super) fn sweep(&self, motion_a: &Motion, closing: Vec2) -> Option<Meeting> {
        match self {
            Self::HullRect(pair) => pair.sweep(motion_a, closing),
            Self::General(pair) => pair.sweep(motion_a, closing),
        }
    }

    /// The distance with `b` at `offset` from `a`, as far as the skin sweep's probes need it:
    /// the closed form's [`gap`](PolygonPair::gap) along `axis` where it tells which side of
    /// `bound` the distance is on (it is over by up to two margins), else the exact distance
    /// (in `f64`), read as touching within half a margin (where an `f32` overlap test could
    /// call them overlapping). `None` where that is not finite.
    ///
    /// Along a long shape the margin, from its far corners, can be wider than a skin: the
    /// closed form then never tells, and the distance query's own tolerance grows alike.
    pub(super) fn gap_within(&self, offset: Vec2, axis: Vec2, bound: f32) -> Option<f32> {
        let (closed, margin) = match self {
            Self::HullRect(pair) => (pair.gap(offset, axis), pair.margin(axis)),
            Self::General(pair) => (pair.gap(offset, axis), pair.margin.along(axis)),
        };
        if let Some(gap) = closed {
            if gap <= bound || gap - 2.0 * margin > bound {
                return Some(gap);
            }
        }
        let exact = self.exact_gap(offset)?;
        Some(if exact > 0.5 * margin { exact } else { 0.0 })
    }

    /// The exact distance (in `f64`, rounded once) with `b` at `offset` from `a`; `None`
    /// where it is not finite.
    pub(super) fn exact_gap(&self, offset: Vec2) -> Option<f32> {
        let exact = match self {
            Self::HullRect(pair) => pair.exact_gap(offset),
            Self::General(pair) => {
                let shift = offset - pair.offset;
                let a = apart::Outline::new(pair.pa.vertices(), Vec2::ZERO);
                apart::distance(&a, &apart::Outline::new(pair.pb.vertices(), shift))
            }
        } as f32;
        exact.is_finite().then_some(exact)
    }
}

/// Where `a` (at the origin, moved by `moved`) and `b` touch along `normal`, relative to `a`'s
/// centre: on `a`'s face line, midway along the span the two touching features share.
/// `levels` are `a`'s most and `b`'s least along `normal` at the start.
fn touch_point(pair: &PolygonPair<'_>, moved: Vec2, normal: Vec2, levels: (f32, f32)) -> Vec2 {
    let (pa, pb, slack) = (&pair.pa, &pair.pb, pair.margin.along(normal));
    let tangent = normal.perp();
    let (a_level, b_level) = levels;
    let (a_lo, a_hi) = pa.feature_span(normal, a_level, slack, tangent);
    let (b_lo, b_hi) = pb.feature_span(normal, b_level, slack, tangent);
    let shift = moved.dot(tangent);
    let mid = 0.5 * ((a_lo + shift).max(b_lo) + (a_hi + shift).min(b_hi));
    normal * a_level + tangent * (mid - shift)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{distance, overlaps, time_of_impact, Hull, Rect, Rot, Shape};
    use collide_testkit::SplitMix64;

    fn polygon(rng: &mut SplitMix64) -> Shape {
        if rng.unit() < 0.4 {
            let half = Vec2::new(rng.range(0.5, 20.0), rng.range(0.5, 20.0));
            Shape::Rect(Rect { half_extents: half })
        } else {
            let sides = 3 + rng.index(14);
            Shape::Hull(Hull::regular(sides, rng.range(0.5, 20.0)).unwrap())
        }
    }

    /// The skin's sweep against the exact one and dense sub-stepping, and the gap against the
    /// distance query, on seeded hulls and rects, some far from the origin.
    #[test]
    fn the_sweep_and_the_gap_agree_with_the_general_queries() {
        let mut rng = SplitMix64::new(0x5A7_5EE9);
        let (mut met, mut gaps) = (0, 0);
        for case in 0..20_000 {
            let (a, b) = (polygon(&mut rng), polygon(&mut rng));
            if !matches!((&a, &b), (Shape::Hull(_), _) | (_, Shape::Hull(_))) {
                continue;
            }
            let far = if case % 3 == 0 { 8000.0 } else { 0.0 };
            let at = Vec2::splat(far) + rng.in_box(Vec2::splat(-40.0), Vec2::splat(40.0));
            let from = at + rng.direction() * rng.range(20.0, 60.0);
            let aim = at + rng.in_box(Vec2::splat(-15.0), Vec2::splat(15.0)) - from;
            let ma = Motion::new(
                from,
                from + aim.normalize() * rng.range(1.0, 200.0),
                Rot::from_angle(rng.range(-3.2, 3.2)),
            );
            let mb = Motion::new(at, at, Rot::from_angle(rng.range(-3.2, 3.2)));
            let (a, b) = (a.as_shape_ref(), b.as_shape_ref());
            let mut scratch = [SCRATCH; 2];
            let pair = PolygonPair::new(a, &ma, b, &mb, &mut scratch).unwrap();
            let meeting = pair.sweep(&ma, ma.travel() - mb.travel());
            let general = time_of_impact(a, &ma, b, &mb);
            let gap_at = |t: f32| {
                let (pa, pb) = (ma.pose_at(t), mb.pose_at(t));
                if overlaps(a, &pa, b, &pb) {
                    0.0
                } else {
                    distance(a, &pa, b, &pb).unwrap().distance
                }
            };
            // Touching at `t`: within a whisker, or overlapping a whisker later (the distance
            // query is only good to a few thousandths between faces that meet nearly flat).
            let whisker = 1e-3 / ma.travel().length();
            let touching = |t: f32| {
                let (pa, pb) = (ma.pose_at(t + whisker), mb.pose_at(t + whisker));
                gap_at(t) < 1e-3 || overlaps(a, &pa, b, &pb)
            };
            match (&meeting, &general) {
                (Some(m), Some(g)) if !m.at_start => {
                    met += 1;
                    // The skin's sweep counts a graze within rounding: it meets no later.
                    let slack = 1e-2 / ma.travel().length();
                    assert!(
                        m.touch_t <= g.t + slack,
                        "{a:?} {b:?} {ma:?}: {}, {}",
                        m.touch_t,
                        g.t
                    );
                    assert!(touching(m.touch_t), "{a:?} {b:?} {ma:?}");
                    for i in 0..200 {
                        let t = m.touch_t * i as f32 / 200.0;
                        let (pa, pb) = (ma.pose_at(t), mb.pose_at(t));
                        assert!(!overlaps(a, &pa, b, &pb), "{a:?} {b:?} {ma:?}: in at {t}");
                    }
                }
                (Some(m), None) => assert!(touching(m.touch_t), "{a:?} {b:?} {ma:?}"),
                (None, Some(g)) => assert!(touching(g.t), "{a:?} {b:?} {ma:?}"),
                _ => {}
            }
            // The gap, where the closed form gives one, against the distance query.
            let t = rng.unit();
            let (pa, pb) = (ma.pose_at(t), mb.pose_at(t));
            let axis = meeting.map_or(Vec2::Y, |m| m.normal);
            if let Some(gap) = pair.gap(pb.position - pa.position, axis) {
                gaps += 1;
                let d = distance(a, &pa, b, &pb).unwrap().distance;
                assert!(!overlaps(a, &pa, b, &pb), "{a:?} {b:?} {pa:?} {pb:?}");
                assert!(
                    d <= gap + 1e-4 && d >= gap - 2.0 * pair.margin.most() - 1e-4 * (1.0 + d),
                    "{d} vs {gap}"
                );
            }
        }
        assert!(met > 3_000 && gaps > 1_500, "{met} {gaps}");
    }
}
