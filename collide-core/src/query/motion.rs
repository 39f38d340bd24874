use glam::Vec2;

use crate::{Pose, Rot};

/// How a body moved over one frame: where it started, where it ended, and its rotation.
///
/// The travel is derived from the two positions, never stored: two stored values that must
/// agree are two values that can disagree. The rotation is the end-of-frame rotation, held
/// fixed during the sweep.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Motion {
    /// Position at the start of the frame (the previous position).
    pub start: Vec2,
    /// Position at the end of the frame (the current position).
    pub end: Vec2,
    /// Rotation during the frame.
    pub rotation: Rot,
}

impl Motion {
    /// A motion from `start` to `end` with a fixed rotation.
    #[inline]
    #[must_use]
    pub const fn new(start: Vec2, end: Vec2, rotation: Rot) -> Self {
        Self {
            start,
            end,
            rotation,
        }
    }

    /// A body that stayed at `position`, unrotated.
    #[inline]
    #[must_use]
    pub const fn stationary(position: Vec2) -> Self {
        Self {
            start: position,
            end: position,
            rotation: Rot::IDENTITY,
        }
    }

    /// An unrotated motion from `start` to `end`.
    #[inline]
    #[must_use]
    pub const fn linear(start: Vec2, end: Vec2) -> Self {
        Self {
            start,
            end,
            rotation: Rot::IDENTITY,
        }
    }

    /// `end - start`.
    #[inline]
    #[must_use]
    pub fn travel(&self) -> Vec2 {
        self.end - self.start
    }

    /// The position at fraction `t` of the frame (`0` = start, `1` = end).
    #[inline]
    #[must_use]
    pub fn position_at(&self, t: f32) -> Vec2 {
        self.start + self.travel() * t
    }

    /// The pose at fraction `t` of the frame.
    #[inline]
    #[must_use]
    pub fn pose_at(&self, t: f32) -> Pose {
        Pose::new(self.position_at(t), self.rotation)
    }

    /// The pose at the start of the frame.
    #[inline]
    #[must_use]
    pub fn start_pose(&self) -> Pose {
        Pose::new(self.start, self.rotation)
    }

    /// The pose at the end of the frame.
    #[inline]
    #[must_use]
    pub fn end_pose(&self) -> Pose {
        Pose::new(self.end, self.rotation)
    }

    /// Whether both positions and the rotation are finite.
    #[inline]
    #[must_use]
    pub fn is_finite(&self) -> bool {
        let rotation = Vec2::new(self.rotation.cos(), self.rotation.sin());
        super::all_finite([self.start, self.end, rotation])
    }
}
