//! The distance between two shapes and their closest points, by GJK.

pub(crate) mod gjk;

use glam::Vec2;

use super::dispatch::{common_frame, gjk_core, relative_rotation};
use crate::{Pose, Rot, ShapeRef, MAX_HULL_VERTICES};
use gjk::{gjk, Core, Simplex};

/// How far apart two shapes are, and the closest point on each.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Distance {
    /// The length of the shortest segment between the shapes; `0` when they touch or overlap.
    pub distance: f32,
    /// The point of `a` closest to `b`, in world coordinates.
    pub point_a: Vec2,
    /// The point of `b` closest to `a`, in world coordinates.
    pub point_b: Vec2,
}

/// Stack space for two transformed cores.
pub(crate) type Buffers = ([Vec2; MAX_HULL_VERTICES], [Vec2; MAX_HULL_VERTICES]);

/// Empty buffers.
#[inline]
pub(crate) fn buffers() -> Buffers {
    (
        [Vec2::ZERO; MAX_HULL_VERTICES],
        [Vec2::ZERO; MAX_HULL_VERTICES],
    )
}

/// Two shapes' cores in one common frame: `a` at the origin, `b` at an offset.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CorePair<'a> {
    pub a: Core<'a>,
    pub b: Core<'a>,
    /// The frame's rotation: a world direction is `frame.apply(local)`.
    pub frame: Rot,
}

impl<'a> CorePair<'a> {
    /// The cores of `a` and `b` with their rotations, in the frame of the first hull (or the
    /// world's axes when neither is one), transformed into the buffers where needed. `None`
    /// when either shape is invalid.
    #[inline]
    pub fn new(
        a: ShapeRef<'a>,
        rot_a: Rot,
        b: ShapeRef<'a>,
        rot_b: Rot,
        buffers: &'a mut Buffers,
    ) -> Option<CorePair<'a>> {
        let frame = common_frame(a, rot_a, b, rot_b);
        let (buf_a, buf_b) = (&mut buffers.0, &mut buffers.1);
        Some(CorePair {
            a: gjk_core(a, relative_rotation(a, rot_a, frame), buf_a)?,
            b: gjk_core(b, relative_rotation(b, rot_b, frame), buf_b)?,
            frame,
        })
    }

    /// A world vector in the common frame.
    #[inline]
    pub fn local_vector(&self, world: Vec2) -> Vec2 {
        self.frame.apply_inverse(world)
    }
}

/// Closest points and distance in the common frame (a's origin at the frame origin).
#[derive(Clone, Copy, Debug)]
pub(crate) struct LocalDistance {
    /// Distance between the shapes (radii subtracted); `≤ 0` when they overlap.
    pub distance: f32,
    /// Unit direction from a to b; zero when the cores overlap.
    pub normal: Vec2,
    /// The closest point on a's surface.
    pub point_a: Vec2,
    /// The closest point on b's surface.
    pub point_b: Vec2,
    /// The cores themselves overlap (no direction is known).
    pub core_overlap: bool,
}

impl LocalDistance {
    /// One point that lies in (or on) both shapes when they touch or overlap; the middle of the
    /// gap otherwise.
    ///
    /// When only the round parts overlap, it is the middle of the stretch of the segment between
    /// the cores' closest points that lies within both radii.
    #[inline]
    pub fn common_point(&self, ra: f32, rb: f32) -> Vec2 {
        if self.core_overlap || self.distance > 0.0 {
            return (self.point_a + self.point_b) * 0.5;
        }
        let core_a = self.point_a - self.normal * ra;
        let len = self.distance + ra + rb;
        let lo = (len - rb).max(0.0);
        let hi = len.min(ra);
        core_a + self.normal * ((lo + hi) * 0.5)
    }
}

/// The length of `v` and the unit vector along it (`v` is finite and not zero).
#[inline]
fn length_and_direction(v: Vec2) -> (f32, Vec2) {
    let length_sq = v.dot(v);
    if (f32::MIN_POSITIVE..f32::INFINITY).contains(&length_sq) {
        let len = crate::math::sqrt(length_sq);
        (len, v / len)
    } else {
        length_and_direction_rescaled(v)
    }
}

/// [`length_and_direction`] where the squared length is not a normal float (lengths below
/// about `1e-19` or above about `1.8e19`): both from `v` brought near unit length by an exact
/// power of two first. Out of line: no common pair comes here.
#[cold]
#[inline(never)]
fn length_and_direction_rescaled(v: Vec2) -> (f32, Vec2) {
    let scale = crate::math::unit_scale(v.abs().max_element());
    let u = v * scale;
    let len = crate::math::sqrt(u.dot(u));
    (len / scale, u / len)
}

/// GJK on the pair with b's origin at `offset`, radii applied.
#[inline]
pub(crate) fn local_distance(
    pair: &CorePair<'_>,
    offset: Vec2,
    simplex: &mut Simplex,
) -> LocalDistance {
    let g = gjk(&pair.a, &pair.b, offset, simplex);
    let (ra, rb) = (pair.a.radius, pair.b.radius);
    if g.overlap {
        return LocalDistance {
            distance: -(ra + rb),
            normal: Vec2::ZERO,
            point_a: g.pa,
            point_b: g.pb,
            core_overlap: true,
        };
    }
    let (len, normal) = length_and_direction(g.v);
    LocalDistance {
        distance: len - ra - rb,
        normal,
        point_a: g.pa + normal * ra,
        point_b: g.pb - normal * rb,
        core_overlap: false,
    }
}

/// The distance between two placed shapes and their closest points, by GJK.
///
/// Circles are GJK on their centre with the radius subtracted afterwards; rectangles are their
/// four corners; hulls follow their pose's rotation. When the shapes touch or overlap the
/// distance is `0` and both points are the same point, one that lies in both shapes (on the
/// segment between the centres' surface points when only the round parts overlap). Touching is
/// judged to a relative tolerance of about `1e-6` of the coordinates' magnitude.
///
/// Returns `None` for invalid input (a non-finite pose, or a negative or non-finite size), and
/// for shapes and offsets so far outside the sizes the queries are built for that the answer
/// is not a finite number (see [Units](crate::query#units)).
/// Uses fixed-size stack buffers; never allocates.
///
/// ```
/// use collide_core::{distance, Circle, Hull, Pose};
/// use glam::Vec2;
///
/// let square = Hull::from_half_extents(Vec2::ONE)?;
/// let d = distance(
///     &square,
///     &Pose::IDENTITY,
///     Circle { radius: 0.5 },
///     &Pose::from_position(Vec2::new(4.0, 0.0)),
/// )
/// .unwrap();
/// assert!((d.distance - 2.5).abs() < 1e-5);
/// assert!((d.point_a - Vec2::new(1.0, 0.0)).length() < 1e-5);
/// assert!((d.point_b - Vec2::new(3.5, 0.0)).length() < 1e-5);
/// # Ok::<(), collide_core::Error>(())
/// ```
#[inline]
#[must_use]
pub fn distance<'a, 'b>(
    a: impl Into<ShapeRef<'a>>,
    pose_a: &Pose,
    b: impl Into<ShapeRef<'b>>,
    pose_b: &Pose,
) -> Option<Distance> {
    if !(pose_a.is_finite() && pose_b.is_finite()) {
        return None;
    }
    let mut buffers = buffers();
    let pair = CorePair::new(
        a.into(),
        pose_a.rotation,
        b.into(),
        pose_b.rotation,
        &mut buffers,
    )?;
    let offset = pair.local_vector(pose_b.position - pose_a.position);
    let d = local_distance(&pair, offset, &mut Simplex::default());
    let world = |p: Vec2| pose_a.position + pair.frame.apply(p);
    if d.distance > 0.0 {
        return Some(Distance {
            distance: d.distance,
            point_a: world(d.point_a),
            point_b: world(d.point_b),
        });
    }
    // Touching or overlapping: one point common to both. Far outside the sizes the crate is
    // built for (see the query docs' "Units"), GJK's weights can overflow or vanish here: no
    // answer then, rather than a NaN.
    let common = world(d.common_point(pair.a.radius, pair.b.radius));
    crate::query::all_finite([common]).then_some(Distance {
        distance: 0.0,
        point_a: common,
        point_b: common,
    })
}
