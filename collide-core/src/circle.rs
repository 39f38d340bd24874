use glam::Vec2;

use crate::{Aabb, Error, Pose};

/// A circle of `radius` centred on its local origin. Ignores rotation.
// Aligned to eight bytes, the size of the other shapes' slot in `ShapeRef`, so that building a
// `ShapeRef` from a `Shape` copies the same eight bytes for every kind of shape. With four,
// the compiler wrote a circle's radius as four bytes and read it back as eight: a failed
// store-to-load forward, which stalled for the whole write.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(C, align(8))]
pub struct Circle {
    /// The radius; `0` is a point. Queries treat a negative or non-finite radius as "no hit".
    pub radius: f32,
}

impl Circle {
    /// A circle, checked: the radius must be finite and not negative.
    ///
    /// # Errors
    /// [`Error::NonFinite`] or [`Error::NegativeRadius`].
    pub fn new(radius: f32) -> Result<Self, Error> {
        if !radius.is_finite() {
            Err(Error::NonFinite)
        } else if radius < 0.0 {
            Err(Error::NegativeRadius)
        } else {
            Ok(Self { radius })
        }
    }

    /// The box around the circle placed at `pose` (centred at its position).
    #[inline]
    #[must_use]
    pub fn aabb(&self, pose: &Pose) -> Aabb {
        Aabb::new(pose.position, Vec2::splat(self.radius))
    }

    /// Whether the radius is finite and not negative.
    #[inline]
    #[must_use]
    pub fn is_valid(&self) -> bool {
        // `r · 0 == 0` holds exactly for finite `r`: two float compares, where `is_finite`
        // combined with the sign test compiles to a dozen integer bit tests.
        self.radius >= 0.0 && self.radius * 0.0 == 0.0
    }
}
