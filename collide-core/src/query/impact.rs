//! [`Impact`]: the one answer of every sweep and cast, "when, where, along which normal".

use glam::Vec2;

/// When and where a moving shape, or a ray, first meets another shape: what every sweep and
/// cast returns, or carries (a pass's hit, a world query's hit).
///
/// `t` is a fraction of the motion: of the frame for a sweep ([`time_of_impact`](crate::time_of_impact)),
/// of the segment `from → to` for a ray ([`cast_ray`](crate::cast_ray)). The normal points
/// from the mover (or the ray) **into** what it met, as every normal in the workspace points
/// from `a` to `b`; the outward surface normal is `-normal`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Impact {
    /// The fraction of the motion, in `[0, 1]` and never `-0.0`, at which they first touch;
    /// `0` when they already overlap (or touch and move into each other) at the start, or the
    /// ray starts inside.
    pub t: f32,
    /// Where they touch, in world coordinates: for a sweep, from each body's own path at `t`
    /// (not from the relative motion, which would place it as if `b` stood still); for a ray,
    /// `from + t · (to − from)`.
    pub point: Vec2,
    /// Unit normal at the moment of contact, from the mover (or the ray) into what it met.
    pub normal: Vec2,
}

impl Impact {
    /// The same impact seen from the other shape: the normal flipped.
    #[inline]
    #[must_use]
    pub fn flipped(self) -> Impact {
        Impact {
            normal: -self.normal,
            ..self
        }
    }
}
