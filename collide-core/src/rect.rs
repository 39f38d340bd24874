use glam::Vec2;

use crate::{Aabb, Error, Pose};

/// An axis-aligned rectangle centred on its local origin. Ignores rotation: a body that turns
/// uses a [`Hull`](crate::Hull).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rect {
    /// Half the width and half the height. Queries treat a negative or non-finite extent as
    /// "no hit".
    pub half_extents: Vec2,
}

impl Rect {
    /// A rectangle from half-extents, checked: both must be finite and not negative.
    ///
    /// # Errors
    /// [`Error::NonFinite`] or [`Error::NegativeExtent`].
    pub fn new(half_extents: Vec2) -> Result<Self, Error> {
        if !half_extents.is_finite() {
            Err(Error::NonFinite)
        } else if half_extents.x < 0.0 || half_extents.y < 0.0 {
            Err(Error::NegativeExtent)
        } else {
            Ok(Self { half_extents })
        }
    }

    /// A rectangle from its full width and height, checked as [`Rect::new`].
    ///
    /// # Errors
    /// As [`Rect::new`].
    pub fn from_size(width: f32, height: f32) -> Result<Self, Error> {
        Self::new(Vec2::new(width, height) * 0.5)
    }

    /// The rectangle placed at `pose`, as an [`Aabb`]: a rectangle ignores rotation (see
    /// [`Shape`](crate::Shape)), so the pose's position is its centre.
    #[inline]
    #[must_use]
    pub fn aabb(&self, pose: &Pose) -> Aabb {
        Aabb::new(pose.position, self.half_extents)
    }

    /// Whether both extents are finite and not negative.
    #[inline]
    #[must_use]
    pub fn is_valid(&self) -> bool {
        // Each in `[0, ∞)`: NaN fails both comparisons (two compares each, no bit tests).
        let h = self.half_extents;
        h.cmpge(Vec2::ZERO).all() && h.cmplt(Vec2::INFINITY).all()
    }
}
