//! One-way platforms in a slide: which ones a step sweeps, which stop the body, and which it
//! may be inside of.

use collide_core::{Impact, Motion, ShapeRef};

use crate::Obstacle;

/// Whether a step sweeps `o` at all: a call that drops through ignores one-way platforms.
#[inline]
pub(super) fn swept(o: &Obstacle<'_>, drop_through: bool) -> bool {
    !drop_through || o.one_way.is_none()
}

/// Whether `o`, met with `impact` by `shape` moving along `motion`, stops the body (see
/// [`Obstacle::stops_from`]; `skin` is how far below a one-way top the body may reach and
/// still land on it).
#[inline]
pub(super) fn blocks(
    shape: ShapeRef<'_>,
    motion: &Motion,
    o: &Obstacle<'_>,
    impact: &Impact,
    skin: f32,
) -> bool {
    o.one_way.is_none() || o.stops_from(shape, &motion.start_pose(), motion.travel(), impact, skin)
}

/// Whether a body that overlaps `o` is to be pushed out of it: never out of a one-way platform,
/// where a body inside is passing through (not out sideways, nor up onto it).
#[inline]
pub(super) fn pushes_out(o: &Obstacle<'_>) -> bool {
    o.one_way.is_none()
}
