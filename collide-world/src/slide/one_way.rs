//! One-way platforms in a slide: which ones a step sweeps, which stop the body, and which it
//! may be inside of.

use collide_core::{Impact, Motion, ShapeRef, SkinImpact};

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

/// `stop` on `o` as the one-way rule reads it: a sweep that starts with the body overlapping
/// a one-way platform gives the normal of whichever way out it found (its bottom's, even),
/// but the only such body the platform can stop is one resting on its top within rounding
/// ([`Obstacle::stops_from`]), which meets that top: a turned hull set exactly on it, a
/// rounding step in, fell through it.
pub(super) fn met_on_top(motion: &Motion, o: &Obstacle<'_>, stop: SkinImpact) -> SkinImpact {
    let Some(up) = o.one_way.filter(|_| stop.started_inside) else {
        return stop;
    };
    // The body's centre where it starts, brought to the top's level along `up`.
    let top = o.shape.reach(&o.pose, up);
    let centre = motion.start;
    let point = centre + up * (top - centre.dot(up));
    SkinImpact {
        impact: Impact {
            point,
            normal: -up,
            ..stop.impact
        },
        ..stop
    }
}
