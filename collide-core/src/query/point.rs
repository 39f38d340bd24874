//! Queries of one placed shape against a point: does it hold the point, and where is the
//! shape nearest to it.
//!
//! Both work in `f64` from the `f32` input (differences of `f32` coordinates are exact in
//! `f64`), so the answer is that of the real shape to within the rounding of a hull's
//! rotation, not of a box around it.

use glam::Vec2;

use super::wide::DVec2;

use crate::math::sqrt64;
use crate::{Circle, Hull, Pose, Rect, ShapeRef};

/// Where a shape is nearest to a point: the answer of [`project_point`].
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PointProjection {
    /// The point of the shape nearest to the query point: on its outline when the query point
    /// is outside, the query point itself when it is inside or on the outline.
    pub point: Vec2,
    /// Unit, out of the shape: towards the query point when it is outside; when it is inside
    /// or on the outline, the outward normal of the face nearest to it (`+x` for the centre of
    /// a circle, which has no nearest face).
    pub normal: Vec2,
    /// How far the query point is from the shape: `0` inside it or on its outline, as
    /// [`distance`](crate::distance()) says of two shapes that touch or overlap.
    pub distance: f32,
}

/// Whether `point` lies strictly inside `shape` placed at `pose`.
///
/// Strict, as every overlap in collide is: a point on the outline is not inside (a point is a
/// circle of radius zero, and shapes that only touch do not overlap). A circle or a rect of
/// size zero holds no point. Non-finite input, and a shape of negative or non-finite size,
/// gives `false`.
///
/// ```
/// use collide_core::{contains_point, Pose, Rect};
/// use glam::Vec2;
///
/// let crate_box = Rect { half_extents: Vec2::new(2.0, 1.0) };
/// let at = Pose::from_position(Vec2::new(10.0, 0.0));
/// assert!(contains_point(crate_box, &at, Vec2::new(11.5, 0.5)));
/// assert!(!contains_point(crate_box, &at, Vec2::new(12.0, 0.5))); // on the outline
/// ```
#[must_use]
pub fn contains_point<'a>(shape: impl Into<ShapeRef<'a>>, pose: &Pose, point: Vec2) -> bool {
    if !(pose.is_finite() && point.is_finite()) {
        return false;
    }
    let d = DVec2::from(point) - DVec2::from(pose.position);
    match shape.into() {
        ShapeRef::Circle(c) => c.is_valid() && d.length_squared() < sq(c.radius),
        ShapeRef::Rect(r) => r.is_valid() && d.abs().lt(DVec2::from(r.half_extents)),
        ShapeRef::Hull(h) => hull_faces(h, to_local(pose, d)).all(|f| f.side < 0.0),
    }
}

/// Where `shape` placed at `pose` is nearest to `point` (see [`PointProjection`]); `None` for
/// non-finite input or a shape of negative or non-finite size.
///
/// ```
/// use collide_core::{project_point, Circle, Pose};
/// use glam::Vec2;
///
/// let ball = Circle { radius: 1.0 };
/// let p = project_point(ball, &Pose::IDENTITY, Vec2::new(0.0, 3.0)).unwrap();
/// assert_eq!((p.point, p.normal, p.distance), (Vec2::Y, Vec2::Y, 2.0));
/// let inside = project_point(ball, &Pose::IDENTITY, Vec2::new(0.5, 0.0)).unwrap();
/// assert_eq!((inside.point, inside.normal, inside.distance), (Vec2::new(0.5, 0.0), Vec2::X, 0.0));
/// ```
#[must_use]
pub fn project_point<'a>(
    shape: impl Into<ShapeRef<'a>>,
    pose: &Pose,
    point: Vec2,
) -> Option<PointProjection> {
    if !(pose.is_finite() && point.is_finite()) {
        return None;
    }
    let d = DVec2::from(point) - DVec2::from(pose.position);
    let local = match shape.into() {
        ShapeRef::Circle(c) => project_circle(c, d)?,
        ShapeRef::Rect(r) => project_rect(r, d)?,
        ShapeRef::Hull(h) => {
            let p = project_hull(h, to_local(pose, d));
            let rot = pose.rotation;
            let (c, s) = (f64::from(rot.cos()), f64::from(rot.sin()));
            let turn = |v: DVec2| DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y);
            Local {
                offset: turn(p.offset),
                normal: turn(p.normal),
                distance: p.distance,
            }
        }
    };
    let answer = PointProjection {
        point: if local.distance > 0.0 {
            (DVec2::from(pose.position) + local.offset).as_vec2()
        } else {
            point
        },
        normal: local.normal.unit_or_x().as_vec2(),
        distance: local.distance as f32,
    };
    (answer.point.is_finite() && answer.distance.is_finite()).then_some(answer)
}

/// A projection in the shape's frame, centred on its position: the nearest point's offset
/// from the position, the outward normal, and the distance.
struct Local {
    offset: DVec2,
    normal: DVec2,
    distance: f64,
}

fn sq(x: f32) -> f64 {
    f64::from(x) * f64::from(x)
}

/// The world offset `d` from a hull's position in its local frame.
fn to_local(pose: &Pose, d: DVec2) -> DVec2 {
    let (c, s) = (
        f64::from(pose.rotation.cos()),
        f64::from(pose.rotation.sin()),
    );
    DVec2::new(c * d.x + s * d.y, c * d.y - s * d.x)
}

fn project_circle(c: Circle, d: DVec2) -> Option<Local> {
    if !c.is_valid() {
        return None;
    }
    let len = sqrt64(d.length_squared());
    let normal = if len > 0.0 { d / len } else { DVec2::X };
    let r = f64::from(c.radius);
    Some(Local {
        offset: normal * r,
        normal,
        distance: (len - r).max(0.0),
    })
}

fn project_rect(r: Rect, d: DVec2) -> Option<Local> {
    if !r.is_valid() {
        return None;
    }
    let h = DVec2::from(r.half_extents);
    let nearest = d.clamp(-h, h);
    let gap = d - nearest;
    if gap != DVec2::ZERO {
        let len = sqrt64(gap.length_squared());
        return Some(Local {
            offset: nearest,
            normal: gap / len,
            distance: len,
        });
    }
    // Inside or on the outline: out through the nearer face.
    let room = h - d.abs();
    let sign = |v: f64| if v < 0.0 { -1.0 } else { 1.0 };
    let normal = if room.x < room.y {
        DVec2::new(sign(d.x), 0.0)
    } else {
        DVec2::new(0.0, sign(d.y))
    };
    Some(Local {
        offset: d,
        normal,
        distance: 0.0,
    })
}

/// One face of a hull as a point sees it: its start, its direction, and on which side the
/// point lies (the cross product: negative inside, as the hull winds with positive area).
struct Face {
    start: DVec2,
    along: DVec2,
    side: f64,
}

fn hull_faces(h: &Hull, p: DVec2) -> impl Iterator<Item = Face> + '_ {
    let v = h.vertices();
    (0..v.len()).map(move |i| {
        let start = DVec2::from(v[i]);
        let along = DVec2::from(v[(i + 1) % v.len()]) - start;
        Face {
            start,
            along,
            side: -along.perp_dot(p - start),
        }
    })
}

fn project_hull(h: &Hull, p: DVec2) -> Local {
    let outward = |f: &Face| DVec2::new(f.along.y, -f.along.x);
    if hull_faces(h, p).all(|f| f.side <= 0.0) {
        // Inside or on the outline: out through the face nearest by its plane's distance.
        let nearest = hull_faces(h, p)
            .map(|f| (f.side / sqrt64(f.along.length_squared()), outward(&f)))
            .fold(
                (f64::NEG_INFINITY, DVec2::X),
                |a, b| if b.0 > a.0 { b } else { a },
            );
        return Local {
            offset: p,
            normal: nearest.1,
            distance: 0.0,
        };
    }
    let (mut best, mut best_sq) = (p, f64::INFINITY);
    for f in hull_faces(h, p) {
        let len_sq = f.along.length_squared();
        let t = if len_sq > 0.0 {
            ((p - f.start).dot(f.along) / len_sq).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let q = f.start + f.along * t;
        let dist_sq = (p - q).length_squared();
        if dist_sq < best_sq {
            (best, best_sq) = (q, dist_sq);
        }
    }
    let distance = sqrt64(best_sq);
    Local {
        offset: best,
        normal: if distance > 0.0 {
            (p - best) / distance
        } else {
            DVec2::X
        },
        distance,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rot;

    /// A hull's containment agrees with its own (inclusive) `contains_point` away from the
    /// outline, and on the outline says no: vertices and face midpoints are not inside.
    #[test]
    fn hull_containment_is_strict_and_matches_the_hull() {
        let hull = Hull::regular(5, 3.0).unwrap();
        let pose = Pose::new(Vec2::new(4.0, -2.0), Rot::from_angle(0.7));
        for i in -20..=20 {
            for j in -20..=20 {
                let p = Vec2::new(i as f32, j as f32) * 0.25 + pose.position;
                let local = pose.inverse_transform_point(p);
                let margin = project_point(&hull, &pose, p).unwrap().distance;
                if margin > 1e-3 || hull.contains_point(local * 1.001) {
                    assert_eq!(contains_point(&hull, &pose, p), hull.contains_point(local));
                }
            }
        }
        let square = Hull::from_half_extents(Vec2::ONE).unwrap();
        for on in [Vec2::ONE, Vec2::new(1.0, 0.0), Vec2::new(-0.5, -1.0)] {
            assert!(!contains_point(&square, &Pose::IDENTITY, on), "{on}");
            let p = project_point(&square, &Pose::IDENTITY, on).unwrap();
            assert_eq!((p.point, p.distance), (on, 0.0));
        }
    }

    /// Outside, the distance is the one GJK gives between the shape and a point (a circle of
    /// radius zero), and the nearest point lies that far along the normal from the point.
    #[test]
    #[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
    fn outside_the_projection_agrees_with_gjk() {
        let hull = Hull::regular(6, 2.0).unwrap();
        let shapes = [
            ShapeRef::Circle(Circle { radius: 1.5 }),
            ShapeRef::Rect(Rect {
                half_extents: Vec2::new(2.0, 0.5),
            }),
            ShapeRef::Hull(&hull),
        ];
        let pose = Pose::new(Vec2::new(1.0, 2.0), Rot::from_angle(0.3));
        for shape in shapes {
            for k in 0..64 {
                let angle = k as f32 * 0.098;
                let p = pose.position + Vec2::from_angle(angle) * (3.0 + (k % 5) as f32);
                let ours = project_point(shape, &pose, p).unwrap();
                let gjk = crate::distance(
                    Circle { radius: 0.0 },
                    &Pose::from_position(p),
                    shape,
                    &pose,
                )
                .unwrap();
                assert!((ours.distance - gjk.distance).abs() < 1e-4, "{shape:?} {p}");
                assert!((ours.point - gjk.point_b).length() < 1e-3, "{shape:?} {p}");
                assert!((ours.point + ours.normal * ours.distance - p).length() < 1e-4);
            }
        }
    }

    /// Inside, the distance is zero, the point is the query point, and the normal leaves
    /// through the nearest face.
    #[test]
    fn inside_the_normal_leaves_through_the_nearest_face() {
        let wide = Rect {
            half_extents: Vec2::new(4.0, 1.0),
        };
        let p = project_point(wide, &Pose::IDENTITY, Vec2::new(3.5, -0.2)).unwrap();
        assert_eq!(
            (p.point, p.normal, p.distance),
            (Vec2::new(3.5, -0.2), Vec2::X, 0.0)
        );
        let p = project_point(wide, &Pose::IDENTITY, Vec2::new(1.0, -0.2)).unwrap();
        assert_eq!(p.normal, -Vec2::Y);
        let square = Hull::from_half_extents(Vec2::ONE).unwrap();
        let p = project_point(&square, &Pose::IDENTITY, Vec2::new(0.1, 0.8)).unwrap();
        assert_eq!((p.normal, p.distance), (Vec2::Y, 0.0));
    }

    #[test]
    fn bad_input_gives_no_answer() {
        let c = Circle { radius: 1.0 };
        for p in [Vec2::NAN, Vec2::new(f32::INFINITY, 0.0)] {
            assert!(!contains_point(c, &Pose::IDENTITY, p));
            assert!(project_point(c, &Pose::IDENTITY, p).is_none());
        }
        let bad = Circle { radius: -1.0 };
        assert!(!contains_point(bad, &Pose::IDENTITY, Vec2::ZERO));
        assert!(project_point(bad, &Pose::IDENTITY, Vec2::ZERO).is_none());
        let nan_pose = Pose::from_position(Vec2::NAN);
        assert!(!contains_point(c, &nan_pose, Vec2::ZERO));
    }
}
