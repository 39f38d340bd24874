use glam::Vec2;

/// An axis-aligned bounding box stored as a centre and half-extents.
///
/// Centre-and-half-extents makes moving a box one assignment and the swept box of
/// [`expanded`](Aabb::expanded) two multiplies; [`min`](Aabb::min) and [`max`](Aabb::max)
/// recover the corner form where it is wanted. No axis direction is assumed: the maths is the
/// same with y up or y down.
///
/// Overlap is **strict**: boxes that share an edge exactly do not overlap, so tiles laid edge
/// to edge are not reported against each of their neighbours.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Aabb {
    /// The centre of the box.
    pub center: Vec2,
    /// Half the width and half the height; both are expected to be `>= 0`.
    pub half_extents: Vec2,
}

impl Aabb {
    /// A box from its centre and half-extents.
    #[inline]
    #[must_use]
    pub const fn new(center: Vec2, half_extents: Vec2) -> Self {
        Self {
            center,
            half_extents,
        }
    }

    /// The smallest box holding both corners; the corners may be given in any order.
    #[inline]
    #[must_use]
    pub fn from_min_max(min: Vec2, max: Vec2) -> Self {
        let (lo, hi) = (min.min(max), min.max(max));
        Self {
            center: (lo + hi) * 0.5,
            half_extents: (hi - lo) * 0.5,
        }
    }

    /// The corner with the smallest coordinates.
    #[inline]
    #[must_use]
    pub fn min(&self) -> Vec2 {
        self.center - self.half_extents
    }

    /// The corner with the largest coordinates.
    #[inline]
    #[must_use]
    pub fn max(&self) -> Vec2 {
        self.center + self.half_extents
    }

    /// Whether the two boxes overlap with positive area; shared edges do not count.
    ///
    /// ```
    /// use collide_core::Aabb;
    /// use glam::Vec2;
    ///
    /// let a = Aabb::from_min_max(Vec2::ZERO, Vec2::ONE);
    /// let b = Aabb::from_min_max(Vec2::new(1.0, 0.0), Vec2::new(2.0, 1.0));
    /// assert!(!a.overlaps(&b)); // edge to edge
    /// ```
    #[inline]
    #[must_use]
    pub fn overlaps(&self, other: &Aabb) -> bool {
        let d = (self.center - other.center).abs();
        let r = self.half_extents + other.half_extents;
        d.x < r.x && d.y < r.y
    }

    /// The smallest box holding both boxes.
    #[inline]
    #[must_use]
    pub fn union(&self, other: &Aabb) -> Aabb {
        Aabb::from_min_max(self.min().min(other.min()), self.max().max(other.max()))
    }

    /// Whether `other` lies wholly inside this box (touching the boundary counts as inside).
    ///
    /// See also [`contains_point`](Aabb::contains_point).
    #[inline]
    #[must_use]
    pub fn contains(&self, other: &Aabb) -> bool {
        let (a, b) = (self.min(), self.max());
        let (c, d) = (other.min(), other.max());
        a.x <= c.x && a.y <= c.y && d.x <= b.x && d.y <= b.y
    }

    /// Whether `point` lies inside the box or on its boundary.
    #[inline]
    #[must_use]
    pub fn contains_point(&self, point: Vec2) -> bool {
        let d = (point - self.center).abs();
        d.x <= self.half_extents.x && d.y <= self.half_extents.y
    }

    /// The box covering this one's whole journey along `travel`: the expanded-box approximation
    /// of a sweep.
    ///
    /// The centre moves to the midpoint of the path and each half-extent grows by half the
    /// distance travelled on that axis: the smallest box holding the start and end boxes.
    #[inline]
    #[must_use]
    pub fn expanded(&self, travel: Vec2) -> Aabb {
        Aabb {
            center: self.center + travel * 0.5,
            half_extents: self.half_extents + travel.abs() * 0.5,
        }
    }

    /// Overlap test against every position this box passed through along `travel`.
    ///
    /// Exact for motion along one axis; on diagonals the expanded box also holds two corner
    /// regions the box never visited, so it can report a hit that did not happen.
    /// Use the exact sweep, [`time_of_impact`](crate::time_of_impact), where that matters.
    #[inline]
    #[must_use]
    pub fn swept_overlaps(&self, travel: Vec2, target: &Aabb) -> bool {
        self.expanded(travel).overlaps(target)
    }

    /// The box grown by `margin` on every side.
    #[inline]
    #[must_use]
    pub fn grown(&self, margin: f32) -> Aabb {
        Aabb {
            center: self.center,
            half_extents: self.half_extents + Vec2::splat(margin),
        }
    }

    /// Width and height.
    #[inline]
    #[must_use]
    pub fn size(&self) -> Vec2 {
        self.half_extents * 2.0
    }

    /// Whether the centre and half-extents are all finite.
    #[inline]
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.center.is_finite() && self.half_extents.is_finite()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(min: (f32, f32), max: (f32, f32)) -> Aabb {
        Aabb::from_min_max(Vec2::new(min.0, min.1), Vec2::new(max.0, max.1))
    }

    #[test]
    fn min_max_round_trip() {
        let a = b((-1.0, 2.0), (3.0, 5.0));
        assert_eq!(a.min(), Vec2::new(-1.0, 2.0));
        assert_eq!(a.max(), Vec2::new(3.0, 5.0));
        // Corners in the wrong order are sorted.
        assert_eq!(b((3.0, 5.0), (-1.0, 2.0)), a);
    }

    #[test]
    fn overlap_is_strict() {
        let a = b((0.0, 0.0), (1.0, 1.0));
        assert!(
            !a.overlaps(&b((1.0, 0.0), (2.0, 1.0))),
            "shared vertical edge"
        );
        assert!(
            !a.overlaps(&b((0.0, 1.0), (1.0, 2.0))),
            "shared horizontal edge"
        );
        assert!(!a.overlaps(&b((1.0, 1.0), (2.0, 2.0))), "shared corner");
        assert!(a.overlaps(&b((0.999, 0.0), (2.0, 1.0))));
        assert!(
            a.overlaps(&b((0.25, 0.25), (0.5, 0.5))),
            "one inside the other"
        );
        assert!(!a.overlaps(&b((5.0, 5.0), (6.0, 6.0))));
    }

    #[test]
    fn union_and_contains() {
        let a = b((0.0, 0.0), (1.0, 1.0));
        let c = b((2.0, -1.0), (3.0, 0.5));
        let u = a.union(&c);
        assert_eq!(u, b((0.0, -1.0), (3.0, 1.0)));
        assert!(u.contains(&a) && u.contains(&c) && u.contains(&u));
        assert!(!a.contains(&u));
        assert!(a.contains_point(Vec2::new(1.0, 0.5)));
        assert!(!a.contains_point(Vec2::new(1.01, 0.5)));
    }

    #[test]
    fn expanded_covers_start_and_end() {
        let a = Aabb::new(Vec2::new(10.0, 10.0), Vec2::new(2.0, 7.0));
        let travel = Vec2::new(-3.0, 900.0);
        let e = a.expanded(travel);
        let end = Aabb::new(a.center + travel, a.half_extents);
        assert_eq!(e, a.union(&end));
        // A target in the middle of the path is caught by the swept box, not by the end box.
        let target = Aabb::new(Vec2::new(9.0, 400.0), Vec2::splat(7.0));
        assert!(!end.overlaps(&target));
        assert!(a.swept_overlaps(travel, &target));
    }
}
