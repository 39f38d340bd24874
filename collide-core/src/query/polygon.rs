//! Two convex polygons (rects and hulls) that only translate during a sweep, and the
//! separating-axis sweep over the face normals of both: the exact time they meet and the face
//! they meet on. [`time_of_impact`](crate::time_of_impact) takes it for every pair of polygons
//! (strict overlap, as the other closed forms); [`time_of_impact_with_skin`](super::time_of_impact_with_skin)
//! takes it with grazes within rounding counted as meetings, and the gap at a time (the
//! separation along the meeting face whenever the features that meet face each other).

use glam::Vec2;

use crate::{Hull, Motion, Rot, ShapeRef, MAX_HULL_VERTICES};

/// A rect or a hull, turned by `rotation` (rects do not turn) and moved by `offset`: its
/// vertices and outward face normals, worked out where they are asked for (nothing is copied,
/// and a hull that does not turn is read as it is stored).
#[derive(Clone, Copy)]
pub(super) struct Polygon<'h> {
    outline: Outline<'h>,
    offset: Vec2,
}

#[derive(Clone, Copy)]
enum Outline<'h> {
    /// Half extents.
    Rect(Vec2),
    /// The hull, and its turn unless it has none.
    Hull(&'h Hull, Option<Rot>),
}

/// A rect's normals, face `i` running from corner `i` to `i + 1` as a hull's do.
const RECT_NORMALS: [Vec2; 4] = [Vec2::NEG_Y, Vec2::X, Vec2::Y, Vec2::NEG_X];

/// A rect's corners, as signs of its half extents, in the order of [`RECT_NORMALS`].
const RECT_CORNERS: [Vec2; 4] = [
    Vec2::new(-1.0, -1.0),
    Vec2::new(1.0, -1.0),
    Vec2::new(1.0, 1.0),
    Vec2::new(-1.0, 1.0),
];

impl<'h> Polygon<'h> {
    /// `shape` as a polygon, or `None` for a circle.
    pub(super) fn new(shape: ShapeRef<'h>, rotation: Rot, offset: Vec2) -> Option<Self> {
        let outline = match shape {
            ShapeRef::Circle(_) => return None,
            ShapeRef::Rect(r) => Outline::Rect(r.half_extents),
            ShapeRef::Hull(hull) => {
                Outline::Hull(hull, (!rotation.is_identity()).then_some(rotation))
            }
        };
        Some(Self { outline, offset })
    }

    #[inline(always)]
    pub(super) fn count(&self) -> usize {
        match self.outline {
            Outline::Rect(_) => 4,
            Outline::Hull(hull, _) => hull.vertex_count(),
        }
    }

    /// Vertex `i` (less than [`count`](Self::count)).
    #[inline(always)]
    fn vertex(&self, i: usize) -> Vec2 {
        match self.outline {
            Outline::Rect(h) => RECT_CORNERS[i] * h + self.offset,
            Outline::Hull(hull, None) => hull.vertices()[i] + self.offset,
            Outline::Hull(hull, Some(r)) => r.apply(hull.vertices()[i]) + self.offset,
        }
    }

    /// The outward normal of face `i`, from vertex `i` to `i + 1`.
    #[inline(always)]
    fn normal(&self, i: usize) -> Vec2 {
        match self.outline {
            Outline::Rect(_) => RECT_NORMALS[i],
            Outline::Hull(hull, None) => hull.normals()[i],
            Outline::Hull(hull, Some(r)) => r.apply(hull.normals()[i]),
        }
    }

    pub(super) fn vertices(&self) -> impl Iterator<Item = Vec2> + '_ {
        (0..self.count()).map(|i| self.vertex(i))
    }

    pub(super) fn normals(&self) -> impl Iterator<Item = Vec2> + '_ {
        (0..self.count()).map(|i| self.normal(i))
    }

    /// Calls `f` with every vertex, the kind of outline looked at once.
    #[inline(always)]
    fn each_vertex(&self, mut f: impl FnMut(Vec2)) {
        match self.outline {
            Outline::Rect(h) => RECT_CORNERS.iter().for_each(|c| f(*c * h + self.offset)),
            Outline::Hull(hull, None) => hull.vertices().iter().for_each(|v| f(*v + self.offset)),
            Outline::Hull(hull, Some(r)) => {
                hull.vertices()
                    .iter()
                    .for_each(|v| f(r.apply(*v) + self.offset));
            }
        }
    }

    /// The least and the most of `v · axis` over the vertices.
    #[inline(always)]
    fn extent(&self, axis: Vec2) -> (f32, f32) {
        if let Outline::Rect(half) = self.outline {
            let mid = self.offset.dot(axis);
            let radius = half.dot(axis.abs());
            return (mid - radius, mid + radius);
        }
        let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
        self.each_vertex(|v| {
            let d = v.dot(axis);
            lo = if d < lo { d } else { lo };
            hi = if d > hi { d } else { hi };
        });
        (lo, hi)
    }

    /// The least and the most corner of the box around the vertices.
    fn box_corners(&self) -> (Vec2, Vec2) {
        let (mut lo, mut hi) = (Vec2::INFINITY, Vec2::NEG_INFINITY);
        self.each_vertex(|v| {
            lo = Vec2::new(
                if v.x < lo.x { v.x } else { lo.x },
                if v.y < lo.y { v.y } else { lo.y },
            );
            hi = Vec2::new(
                if v.x > hi.x { v.x } else { hi.x },
                if v.y > hi.y { v.y } else { hi.y },
            );
        });
        (lo, hi)
    }

    /// The most of `v · normal` over the vertices, for the polygon's own face normal `i`: the
    /// level of face `i` (from vertex `i` to `i + 1`), the larger at its two ends.
    #[inline(always)]
    fn face_level(&self, i: usize) -> f32 {
        match self.outline {
            Outline::Rect(half) => {
                let n = RECT_NORMALS[i];
                self.offset.dot(n) + half.dot(n.abs())
            }
            Outline::Hull(hull, turn) => {
                let (v, n) = (hull.vertices(), hull.normals());
                let next = if i + 1 == v.len() { 0 } else { i + 1 };
                let (n, here, there) = match turn {
                    None => (n[i], v[i], v[next]),
                    Some(r) => (r.apply(n[i]), r.apply(v[i]), r.apply(v[next])),
                };
                (here + self.offset)
                    .dot(n)
                    .max((there + self.offset).dot(n))
            }
        }
    }

    /// Along `tangent`, the span of the vertices within `slack` of `level` along `axis`: the
    /// feature (a vertex or a face) the polygon presents at that level.
    #[inline(always)]
    fn feature_span(&self, axis: Vec2, level: f32, slack: f32, tangent: Vec2) -> (f32, f32) {
        let (mut lo, mut hi) = (f32::INFINITY, f32::NEG_INFINITY);
        self.each_vertex(|v| {
            if (v.dot(axis) - level).abs() <= slack {
                let d = v.dot(tangent);
                lo = lo.min(d);
                hi = hi.max(d);
            }
        });
        (lo, hi)
    }

    /// The largest coordinate of any vertex.
    fn reach(&self) -> f32 {
        match self.outline {
            Outline::Rect(half) => (self.offset.abs() + half).max_element(),
            // A turn keeps every vertex within the hull's radius of its centre.
            Outline::Hull(hull, _) => {
                let radius = hull
                    .vertices()
                    .iter()
                    .fold(0.0f32, |r, v| r.max(v.length()));
                (self.offset.abs() + Vec2::splat(radius)).max_element()
            }
        }
    }
}

/// Where two polygons meet.
pub(super) struct Meeting {
    /// When they touch, in `[0, 1]`.
    pub(super) touch_t: f32,
    /// The face normal they meet on, from `a` to `b`.
    pub(super) normal: Vec2,
    /// Where they touch, in world coordinates, from `a`'s path at `touch_t`.
    pub(super) point: Vec2,
    /// They are within rounding of touching (or overlap) at the start.
    pub(super) at_start: bool,
}

/// How much a gap along an axis must exceed, relative to the shapes' extent about `a`, to
/// count as apart beyond the rounding of their coordinates.
const ROUNDING: f32 = 8.0 * f32::EPSILON;

/// Two polygons, `a` at the origin and `b` where it starts from `a`, for the closed forms.
pub(super) struct PolygonPair<'s> {
    pa: Polygon<'s>,
    pb: Polygon<'s>,
    /// Where `b` starts from `a`.
    offset: Vec2,
    /// A few roundings of the largest coordinate of either.
    margin: f32,
}

impl<'s> PolygonPair<'s> {
    /// The pair, for a hull against a rect or hull (and no circle) with finite start poses;
    /// `None` for any other.
    pub(super) fn new(
        a: ShapeRef<'s>,
        motion_a: &Motion,
        b: ShapeRef<'s>,
        motion_b: &Motion,
    ) -> Option<Self> {
        if !matches!((a, b), (ShapeRef::Hull(_), _) | (_, ShapeRef::Hull(_))) {
            return None;
        }
        let (pose_a, pose_b) = (motion_a.start_pose(), motion_b.start_pose());
        if !(pose_a.is_finite() && pose_b.is_finite()) {
            return None;
        }
        let offset = pose_b.position - pose_a.position;
        let pa = Polygon::new(a, pose_a.rotation, Vec2::ZERO)?;
        let pb = Polygon::new(b, pose_b.rotation, offset)?;
        let margin = ROUNDING * pa.reach().max(pb.reach());
        offset.is_finite().then_some(Self {
            pa,
            pb,
            offset,
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
        let (axes, count) = self.axes(closing);
        let axes = &axes[..count];
        let (mut enter, mut leave) = (f32::NEG_INFINITY, f32::INFINITY);
        for &(gap, speed, _) in axes {
            let gap = gap - self.margin;
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
        let reach = self.margin / ROUNDING;
        let (entry, normal) = super::skin::latest_axis(reach, axes.iter().copied())?;
        let touch_t = if (0.0..=1.0).contains(&entry) {
            entry
        } else {
            enter.clamp(0.0, 1.0)
        };
        let point = touch_point(&self.pa, &self.pb, closing * touch_t, normal, self.margin);
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
    pub(super) fn exact_sweep(&self, motion_a: &Motion, closing: Vec2) -> Option<Meeting> {
        let (axes, count) = self.axes(closing);
        let axes = &axes[..count];
        let (mut enter, mut leave) = (f32::NEG_INFINITY, f32::INFINITY);
        let (mut least, mut least_axis) = (f32::NEG_INFINITY, Vec2::ZERO);
        for &(gap, speed, axis) in axes {
            // `x · 0` is `0` for a finite `x`: a gap or speed that overflowed (coordinates near
            // the float range) decides nothing.
            if (gap + speed) * 0.0 != 0.0 {
                return None;
            }
            if speed > 0.0 {
                enter = enter.max(gap / speed);
            } else if speed < 0.0 {
                leave = leave.min(gap / speed);
            } else if gap >= 0.0 {
                // Apart, or touching, along an axis neither closes on: never inside its slab.
                return None;
            }
            if gap > least {
                (least, least_axis) = (gap, axis);
            }
        }
        // Strict: an entry at the exit (a touch at one moment) is no overlap, and an exit at
        // zero (`0 / −speed`, touching at the start and parting) is none either.
        if !(enter < leave && enter < 1.0 && leave > 0.0) {
            return None;
        }
        let touch_t = super::sweep::from_start(enter);
        let normal = if enter > 0.0 {
            super::skin::latest_axis(self.margin / ROUNDING, axes.iter().copied())?.1
        } else {
            least_axis
        };
        let point = touch_point(&self.pa, &self.pb, closing * touch_t, normal, self.margin);
        Some(Meeting {
            touch_t,
            normal,
            point: motion_a.position_at(touch_t) + point,
            at_start: enter <= 0.0,
        })
    }

    /// Every axis of the sweep as `(gap, closing speed, axis)`, and how many there are: `b`'s
    /// face normals (reversed: from `a` to `b`), then `a`'s, those of the Minkowski difference,
    /// with the gap between the shapes along each at the start and how fast `a` closes it.
    #[inline(always)]
    fn axes(&self, closing: Vec2) -> ([(f32, f32, Vec2); 2 * MAX_HULL_VERTICES], usize) {
        let (pa, pb) = (&self.pa, &self.pb);
        // Each axis's gap once: along one of `b`'s faces, `b`'s least is that face's level;
        // along one of `a`'s, `a`'s most is.
        let mut axes = [(0.0, 0.0, Vec2::ZERO); 2 * MAX_HULL_VERTICES];
        let (ka, kb) = (pa.count(), pb.count());
        let (b_axes, a_axes) = axes.split_at_mut(kb);
        // A rect's axes are the box axes, along which `a`'s most is a corner of its box: one
        // pass over its vertices for all four (the same values the pass per axis gives).
        let a_box = matches!(pb.outline, Outline::Rect(_)).then(|| pa.box_corners());
        for (i, slot) in b_axes.iter_mut().enumerate() {
            let axis = -pb.normal(i);
            let a_most = match a_box {
                Some((lo, hi)) => [hi.y, -lo.x, -lo.y, hi.x][i],
                None => pa.extent(axis).1,
            };
            let gap = -pb.face_level(i) - a_most;
            *slot = (gap, closing.dot(axis), axis);
        }
        for (i, slot) in a_axes[..ka].iter_mut().enumerate() {
            let axis = pa.normal(i);
            let gap = pb.extent(axis).0 - pa.face_level(i);
            *slot = (gap, closing.dot(axis), axis);
        }
        (axes, ka + kb)
    }

    /// The distance between the polygons with `b` at `offset` from `a`, to within a few
    /// roundings over, when the closed form knows it: their separation along `axis` (a face
    /// normal of either, from `a` to `b`) when the features each presents along it face each
    /// other (their spans across the axis share a point), and they are apart along it beyond
    /// rounding. `None` when it does not know.
    pub(super) fn gap(&self, offset: Vec2, axis: Vec2) -> Option<f32> {
        let (pa, pb, margin) = (&self.pa, &self.pb, self.margin);
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

/// Where `a` (at the origin, moved by `moved`) and `b` touch along `normal`, relative to `a`'s
/// centre: on `a`'s face line, midway along the span the two touching features share.
fn touch_point(pa: &Polygon<'_>, pb: &Polygon<'_>, moved: Vec2, normal: Vec2, slack: f32) -> Vec2 {
    let tangent = normal.perp();
    let a_level = pa.extent(normal).1;
    let b_level = pb.extent(normal).0;
    let (a_lo, a_hi) = pa.feature_span(normal, a_level, slack, tangent);
    let (b_lo, b_hi) = pb.feature_span(normal, b_level, slack, tangent);
    let shift = moved.dot(tangent);
    let mid = 0.5 * ((a_lo + shift).max(b_lo) + (a_hi + shift).min(b_hi));
    normal * a_level + tangent * (mid - shift)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{distance, overlaps, time_of_impact, Hull, Rect, Shape};
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
            let pair = PolygonPair::new(a, &ma, b, &mb).unwrap();
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
                    d <= gap + 1e-4 && d >= gap - 2.0 * pair.margin - 1e-4 * (1.0 + d),
                    "{d} vs {gap}"
                );
            }
        }
        assert!(met > 3_000 && gaps > 1_500, "{met} {gaps}");
    }
}
