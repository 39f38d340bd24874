//! The distance between two convex polygons in `f64`, for the skin sweep's probes where the
//! `f32` closed form cannot tell: along a long shape, the rounding of its far corners is wider
//! than a skin, while a vertex's distance to a face worked out from the face's own ends in
//! `f64` (each product of two `f32`s exact) rounds with the nearby coordinates alone.

use glam::Vec2;

use crate::math::sqrt64;
use crate::query::wide::DVec2;
use crate::MAX_HULL_VERTICES;

/// A polygon's vertices, counter-clockwise, moved into `f64`.
pub(super) struct Outline {
    points: [DVec2; MAX_HULL_VERTICES],
    count: usize,
}

impl Outline {
    /// `vertices` (counter-clockwise, at most [`MAX_HULL_VERTICES`]), each moved by `shift`.
    pub(super) fn new(vertices: impl Iterator<Item = Vec2>, shift: Vec2) -> Self {
        let mut outline = Outline {
            points: [DVec2::ZERO; MAX_HULL_VERTICES],
            count: 0,
        };
        for (point, v) in outline.points.iter_mut().zip(vertices) {
            *point = DVec2::from(v) + DVec2::from(shift);
            outline.count += 1;
        }
        outline
    }

    fn points(&self) -> &[DVec2] {
        &self.points[..self.count]
    }

    /// Each face as its two ends, counter-clockwise.
    fn faces(&self) -> impl Iterator<Item = (DVec2, DVec2)> + '_ {
        let p = self.points();
        (0..p.len()).map(move |i| (p[i], p[(i + 1) % p.len()]))
    }

    /// Whether a face of this outline has every point of `other` strictly outside its line.
    fn separates(&self, other: &Outline) -> bool {
        self.faces().any(|(from, to)| {
            // Counter-clockwise, the inside is on the left of each face.
            other
                .points()
                .iter()
                .all(|&p| (to - from).perp_dot(p - from) < 0.0)
        })
    }

    /// The least squared distance from a vertex of this outline to a face of `other`.
    fn nearest_to_faces_of(&self, other: &Outline) -> f64 {
        let mut least = f64::INFINITY;
        for (from, to) in other.faces() {
            let along = to - from;
            let length2 = along.length_squared();
            for &p in self.points() {
                let s = if length2 > 0.0 {
                    ((p - from).dot(along) / length2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                least = least.min((p - (from + along * s)).length_squared());
            }
        }
        least
    }
}

/// The distance between the convex polygons `a` and `b`: zero where they touch or overlap.
pub(super) fn distance(a: &Outline, b: &Outline) -> f64 {
    if !(a.separates(b) || b.separates(a)) {
        return 0.0;
    }
    sqrt64(a.nearest_to_faces_of(b).min(b.nearest_to_faces_of(a)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(at: Vec2, half: f32) -> Outline {
        let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
        Outline::new(corners.iter().map(|&(x, y)| Vec2::new(x, y) * half), at)
    }

    #[test]
    fn apart_touching_and_overlapping_squares() {
        let a = square(Vec2::ZERO, 1.0);
        assert_eq!(distance(&a, &square(Vec2::new(5.0, 0.0), 1.0)), 3.0);
        // Corner to corner: the diagonal between them.
        let d = distance(&a, &square(Vec2::new(3.0, 3.0), 1.0));
        assert!((d - 2.0_f64.sqrt()).abs() < 1e-12, "{d}");
        assert_eq!(distance(&a, &square(Vec2::new(2.0, 0.5), 1.0)), 0.0);
        assert_eq!(distance(&a, &square(Vec2::new(1.0, 0.0), 1.0)), 0.0);
    }

    #[test]
    fn a_skin_above_the_middle_of_a_long_floor_far_out() {
        // A floor 40 000 long and a square a hundredth above its top, 30 000 out.
        let floor = Outline::new(
            [
                (-20_000.0, -1.0),
                (20_000.0, -1.0),
                (20_000.0, 0.0),
                (-20_000.0, 0.0),
            ]
            .iter()
            .map(|&(x, y)| Vec2::new(x, y)),
            Vec2::new(30_000.0, 0.0),
        );
        let body = square(Vec2::new(29_000.0, 1.01), 1.0);
        let d = distance(&body, &floor);
        assert!((d - 0.01).abs() < 1e-6, "{d}");
    }
}
