use glam::Vec2;

use crate::{Aabb, Circle, Hull, Pose, Rect};

/// Any collision shape, owned. See [`ShapeRef`] for the borrowed form the queries take.
// A hull is stored inline (no heap, `Copy`); code that holds many shapes holds `ShapeRef`s,
// which are 16 bytes, so the size difference between variants costs nothing where it matters.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Shape {
    /// A circle; ignores rotation.
    Circle(Circle),
    /// An axis-aligned rectangle; ignores rotation.
    Rect(Rect),
    /// A convex polygon of at most 16 vertices; follows the pose's rotation.
    Hull(Hull),
}

impl Shape {
    /// The borrowed form the queries take.
    #[inline]
    #[must_use]
    pub fn as_shape_ref(&self) -> ShapeRef<'_> {
        match self {
            Shape::Circle(c) => ShapeRef::Circle(*c),
            Shape::Rect(r) => ShapeRef::Rect(*r),
            Shape::Hull(h) => ShapeRef::Hull(h),
        }
    }

    /// Whether every query sees it: a circle or rect of finite, non-negative size (a struct
    /// literal can build one that is not, which every query treats as "no hit"); a hull is
    /// checked when it is built.
    #[inline]
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.as_shape_ref().is_valid()
    }

    /// The box around the shape placed at `pose`.
    #[inline]
    #[must_use]
    pub fn aabb(&self, pose: &Pose) -> Aabb {
        self.as_shape_ref().aabb(pose)
    }
}

impl From<Circle> for Shape {
    fn from(c: Circle) -> Self {
        Shape::Circle(c)
    }
}

impl From<Rect> for Shape {
    fn from(r: Rect) -> Self {
        Shape::Rect(r)
    }
}

impl From<Hull> for Shape {
    fn from(h: Hull) -> Self {
        Shape::Hull(h)
    }
}

/// A shape as the queries take it: small shapes by value, a hull by reference.
///
/// Sixteen bytes and `Copy`, so a body can hold one without copying a 264-byte hull. Every
/// query accepts `impl Into<ShapeRef>`: pass `&shape`, `&hull`, `circle` or `&rect` directly.
// Laid out as a tag and then one eight-byte slot that every variant starts at (`repr(C)`), so
// a rect's extents are not split across the halves of the slot a hull's reference uses (see
// `Circle` for what that split cost).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, u32)]
pub enum ShapeRef<'a> {
    /// A circle; ignores rotation.
    Circle(Circle),
    /// An axis-aligned rectangle; ignores rotation.
    Rect(Rect),
    /// A convex polygon; follows the pose's rotation.
    Hull(&'a Hull),
}

impl ShapeRef<'_> {
    /// Whether every query sees it: a circle or rect of finite, non-negative size (a struct
    /// literal can build one that is not, which every query treats as "no hit"); a hull is
    /// checked when it is built.
    #[inline]
    #[must_use]
    pub fn is_valid(&self) -> bool {
        match self {
            ShapeRef::Circle(c) => c.is_valid(),
            ShapeRef::Rect(r) => r.is_valid(),
            ShapeRef::Hull(_) => true,
        }
    }

    /// How far the shape placed at `pose` reaches along the unit `direction`: the most of
    /// `p · direction` over its points (a rect ignores the rotation, as everywhere).
    #[must_use]
    pub fn reach(&self, pose: &Pose, direction: Vec2) -> f32 {
        let centre = pose.position.dot(direction);
        match self {
            ShapeRef::Circle(c) => centre + c.radius,
            ShapeRef::Rect(r) => centre + r.half_extents.dot(direction.abs()),
            ShapeRef::Hull(h) => {
                let (_, v) = h.support(pose.rotation.apply_inverse(direction));
                centre + pose.rotation.apply(v).dot(direction)
            }
        }
    }

    /// The box around the shape placed at `pose`.
    ///
    /// Inline across crates: a circle's or rect's box is two stores, and an index or a sweep
    /// asks for one per candidate (a hull's own loop stays a call).
    #[inline]
    #[must_use]
    pub fn aabb(&self, pose: &Pose) -> Aabb {
        match self {
            ShapeRef::Circle(c) => c.aabb(pose),
            ShapeRef::Rect(r) => r.aabb(pose),
            ShapeRef::Hull(h) => h.aabb(pose),
        }
    }

    /// An owned copy.
    #[must_use]
    pub fn to_shape(&self) -> Shape {
        match *self {
            ShapeRef::Circle(c) => Shape::Circle(c),
            ShapeRef::Rect(r) => Shape::Rect(r),
            ShapeRef::Hull(h) => Shape::Hull(*h),
        }
    }
}

impl<'a> From<&'a Shape> for ShapeRef<'a> {
    fn from(s: &'a Shape) -> Self {
        s.as_shape_ref()
    }
}

impl<'a> From<&'a Hull> for ShapeRef<'a> {
    fn from(h: &'a Hull) -> Self {
        ShapeRef::Hull(h)
    }
}

impl From<Circle> for ShapeRef<'_> {
    fn from(c: Circle) -> Self {
        ShapeRef::Circle(c)
    }
}

impl From<&Circle> for ShapeRef<'_> {
    fn from(c: &Circle) -> Self {
        ShapeRef::Circle(*c)
    }
}

impl From<Rect> for ShapeRef<'_> {
    fn from(r: Rect) -> Self {
        ShapeRef::Rect(r)
    }
}

impl From<&Rect> for ShapeRef<'_> {
    fn from(r: &Rect) -> Self {
        ShapeRef::Rect(*r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::{align_of, size_of};

    /// The sizes the docs promise: a `ShapeRef` is sixteen bytes (tag and one eight-byte slot),
    /// and a circle fills the slot as the other shapes do.
    #[test]
    fn shape_ref_is_a_tag_and_one_eight_byte_slot() {
        assert_eq!(size_of::<ShapeRef<'_>>(), 16);
        assert_eq!((size_of::<Circle>(), align_of::<Circle>()), (8, 8));
        assert_eq!(size_of::<Rect>(), 8);
        let shapes = [
            Shape::Circle(Circle { radius: 2.0 }),
            Shape::Rect(Rect {
                half_extents: glam::Vec2::new(3.0, 4.0),
            }),
        ];
        let refs: [ShapeRef<'_>; 2] = [(&shapes[0]).into(), (&shapes[1]).into()];
        assert_eq!(refs[0], ShapeRef::Circle(Circle { radius: 2.0 }));
        assert_eq!(refs[1].to_shape(), shapes[1]);
    }
}
