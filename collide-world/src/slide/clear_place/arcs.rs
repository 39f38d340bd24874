//! The round sides of the positions at which a body overlaps an obstacle, where one of the two
//! is a circle: about each corner of the other (or about the other circle's centre), the
//! positions a radius and a skin away. Lines bound those sides from outside only (a place on
//! them is clear, but not the nearest); the arcs are exact, and a place on one is checked
//! against the obstacle by its exact distance.

use collide_core::{distance, time_of_impact, Circle, Motion, Pose, Rot, ShapeRef};
use glam::Vec2;

use crate::Obstacle;

/// The most arcs the search keeps; an obstacle whose arcs do not fit is bounded by its lines
/// alone.
pub(super) const ARCS: usize = 512;

/// A round side: the body is clear of obstacle `id` (near this side) where its move `q` from
/// the start is at least `radius` from `centre`.
#[derive(Clone, Copy)]
pub(super) struct Arc {
    pub(super) centre: Vec2,
    pub(super) radius: f32,
    pub(super) id: u32,
    /// About a corner of the obstacle (the body is the round one).
    pub(super) corner: bool,
}

impl Arc {
    /// Room in an array, before it is filled.
    pub(super) const NONE: Arc = Arc {
        centre: Vec2::ZERO,
        radius: 0.0,
        id: 0,
        corner: false,
    };

    /// The nearest move onto the arc's circle, unless the start is its very centre.
    pub(super) fn nearest(&self) -> Option<Vec2> {
        let away = (-self.centre).try_normalize()?;
        Some(self.centre + away * self.radius)
    }

    /// The direction out of the arc at `q` (from its centre).
    pub(super) fn normal_at(&self, q: Vec2) -> Vec2 {
        (q - self.centre).normalize_or(Vec2::Y)
    }

    /// Where the arc's circle meets the line `q · n = d`.
    pub(super) fn meets_line(&self, n: Vec2, d: f32) -> [Option<Vec2>; 2] {
        let off = d - self.centre.dot(n);
        let half = self.radius * self.radius - off * off;
        if half.is_nan() || half < 0.0 {
            return [None, None];
        }
        let foot = self.centre + n * off;
        let along = n.perp() * half.sqrt();
        [Some(foot + along), Some(foot - along)]
    }

    /// Where the arc's circle meets `other`'s.
    pub(super) fn meets_arc(&self, other: &Arc) -> [Option<Vec2>; 2] {
        let between = other.centre - self.centre;
        let apart = between.length();
        let (r, s) = (self.radius, other.radius);
        if !(apart > 0.0 && apart <= r + s && apart >= (r - s).abs()) {
            return [None, None];
        }
        let way = between / apart;
        let along = (apart * apart + r * r - s * s) / (2.0 * apart);
        let aside = (r * r - along * along).max(0.0).sqrt();
        let foot = self.centre + way * along;
        [
            Some(foot + way.perp() * aside),
            Some(foot - way.perp() * aside),
        ]
    }

    /// How far the arc's circle is from the start at the least.
    pub(super) fn least_move(&self) -> f32 {
        (self.centre.length() - self.radius).abs()
    }
}

/// Visits the arcs of body `shape`, turned by `rotation`, against obstacle `o`, as moves from
/// `start`: none where neither is a circle.
pub(super) fn arcs_of(
    shape: ShapeRef<'_>,
    rotation: Rot,
    start: Vec2,
    o: &Obstacle<'_>,
    skin: f32,
    visit: &mut dyn FnMut(Arc),
) {
    let at = o.pose.position - start;
    let arc = |centre: Vec2, radius: f32, corner: bool| Arc {
        centre,
        radius: radius + skin,
        id: o.id,
        corner,
    };
    match (shape, o.shape) {
        (ShapeRef::Circle(body), ShapeRef::Circle(other)) => {
            visit(arc(at, body.radius + other.radius, false));
        }
        (ShapeRef::Circle(body), _) => {
            let mut corner = |c| visit(arc(at + c, body.radius, true));
            corners(o.shape, o.pose.rotation, &mut corner);
        }
        (_, ShapeRef::Circle(other)) => {
            corners(shape, rotation, &mut |c| {
                visit(arc(at - c, other.radius, false))
            });
        }
        _ => {}
    }
}

/// Whether the body moved from `start` by `q` is a skin clear of `o`, by their exact
/// distance, worked out from the start as the lines are (so that the rounding is that of the
/// move, not of where in the world it is).
pub(super) fn clear_of(
    shape: ShapeRef<'_>,
    rotation: Rot,
    start: Vec2,
    q: Vec2,
    o: &Obstacle<'_>,
    skin: f32,
) -> bool {
    let at = o.pose.position - start;
    let far = q.abs().max(at.abs()).max_element() + skin;
    let rounding = 8.0 * f32::EPSILON * far;
    gap(shape, rotation, q, at, o).is_some_and(|gap| gap >= skin - rounding)
}

/// The exact distance from the body at `q` to `o` placed at `at` (both from the start; `0`
/// where they overlap).
pub(super) fn gap(
    shape: ShapeRef<'_>,
    rotation: Rot,
    q: Vec2,
    at: Vec2,
    o: &Obstacle<'_>,
) -> Option<f32> {
    // A ball among tiles, the common case, in closed form: the search asks this of most of
    // the places it tries.
    let between = at - q;
    let closed = match (shape, o.shape) {
        (ShapeRef::Circle(a), ShapeRef::Circle(b)) => between.length() - a.radius - b.radius,
        (ShapeRef::Circle(c), ShapeRef::Rect(r)) | (ShapeRef::Rect(r), ShapeRef::Circle(c)) => {
            (between.abs() - r.half_extents).max(Vec2::ZERO).length() - c.radius
        }
        _ => {
            let there = Pose::new(at, o.pose.rotation);
            return distance(shape, &Pose::new(q, rotation), o.shape, &there).map(|d| d.distance);
        }
    };
    closed.is_finite().then_some(closed.max(0.0))
}

/// Whether the body's straight move from the start by `q` takes it deeper into `o` (at `at`
/// from the start) than `depth`: the round one of the two, shrunk by `depth`, meets the other
/// on the way. `false` where neither is round.
pub(super) fn cuts_into(
    shape: ShapeRef<'_>,
    rotation: Rot,
    q: Vec2,
    at: Vec2,
    o: &Obstacle<'_>,
    depth: f32,
) -> bool {
    let shrunk = |c: Circle| {
        ShapeRef::Circle(Circle {
            radius: (c.radius - depth).max(0.0),
        })
    };
    let (body, other) = match (shape, o.shape) {
        (ShapeRef::Circle(c), _) => (shrunk(c), o.shape),
        (_, ShapeRef::Circle(c)) => (shape, shrunk(c)),
        _ => return false,
    };
    let path = Motion::new(Vec2::ZERO, q, rotation);
    let still = Motion::new(at, at, o.pose.rotation);
    time_of_impact(body, &path, other, &still).is_some()
}

/// The corners of a polygon turned by `rotation`, from its centre (none for a circle).
fn corners(shape: ShapeRef<'_>, rotation: Rot, visit: &mut dyn FnMut(Vec2)) {
    match shape {
        ShapeRef::Rect(r) => {
            let h = r.half_extents;
            [h, Vec2::new(-h.x, h.y), -h, Vec2::new(h.x, -h.y)]
                .into_iter()
                .for_each(visit);
        }
        ShapeRef::Hull(h) => h.vertices().iter().for_each(|v| visit(rotation.apply(*v))),
        ShapeRef::Circle(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arc_meets_a_line_and_an_arc_where_both_hold() {
        let a = Arc {
            centre: Vec2::new(1.0, 2.0),
            radius: 2.0,
            id: 0,
            corner: false,
        };
        let (n, d) = (Vec2::new(0.6, 0.8), 2.5);
        for q in a.meets_line(n, d).into_iter().flatten() {
            assert!((q.dot(n) - d).abs() < 1e-5 && (q.distance(a.centre) - 2.0).abs() < 1e-5);
        }
        assert!(a.meets_line(n, 10.0).iter().all(Option::is_none));
        let b = Arc {
            centre: Vec2::new(3.0, 1.0),
            radius: 1.5,
            id: 1,
            corner: false,
        };
        let both = a.meets_arc(&b);
        assert!(both.iter().all(Option::is_some));
        for q in both.into_iter().flatten() {
            assert!((q.distance(a.centre) - 2.0).abs() < 1e-5, "{q}");
            assert!((q.distance(b.centre) - 1.5).abs() < 1e-5, "{q}");
        }
        let nearest = a.nearest().unwrap();
        assert!((nearest.length() - a.least_move()).abs() < 1e-5);
    }
}
