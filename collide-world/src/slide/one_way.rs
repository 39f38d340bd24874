//! One-way platforms in a slide: which ones a step sweeps, which stop the body, and which it
//! may be inside of.

use collide_core::{overlaps, Motion, ShapeRef};
use glam::Vec2;

use crate::Obstacle;

/// Whether a step sweeps `o` at all: a call that drops through ignores one-way platforms.
#[inline]
pub(super) fn swept(o: &Obstacle<'_>, drop_through: bool) -> bool {
    !drop_through || o.one_way.is_none()
}

/// Whether `o`, met with contact `normal` (from the body into it) by `shape` moving along
/// `motion`, stops the body: one that blocks from every side always; a one-way platform where
/// [`Obstacle::stops`] says so, and only when the body does not overlap it where the step
/// starts (a body partly inside one passes through it, however it moves).
#[inline]
pub(super) fn blocks(shape: ShapeRef<'_>, motion: &Motion, o: &Obstacle<'_>, normal: Vec2) -> bool {
    o.one_way.is_none()
        || (o.stops(motion.travel(), normal)
            && !overlaps(shape, &motion.start_pose(), o.shape, &o.pose))
}

/// Whether a body that overlaps `o` is to be pushed out of it: never out of a one-way platform,
/// where a body inside is passing through (not out sideways, nor up onto it).
#[inline]
pub(super) fn pushes_out(o: &Obstacle<'_>) -> bool {
    o.one_way.is_none()
}
