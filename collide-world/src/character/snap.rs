//! Looking below a character for a floor to stand on: the snap after a move, and the landing
//! of a step.

use collide_core::Pose;
use glam::Vec2;

use super::body::{across, Body};
use super::view::{Left, Without};
use crate::{Obstacles, SlideContact, SlideSettings, Surface};

/// Moves `body` from `from` straight down by at most `distance`, and answers where it lands
/// and the floor it lands on; `None` (it stays at `from`) when it meets no floor within
/// `distance`, or meets a wall or a ceiling first.
///
/// One-way platforms the body overlaps at `from` are left out, so it never lands on one it is
/// partly inside (passing through it from below). A body that the slide had to push out of
/// something (it started inside) did not land: only a move straight down counts.
pub(super) fn land<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    from: Vec2,
    distance: f32,
    obstacles: &O,
    settings: &SlideSettings,
) -> Option<(Vec2, SlideContact)> {
    let inside = Left::OneWayOverlapping(body.shape, Pose::new(from, body.rotation));
    let view = Without::new(obstacles, inside);
    let down = body.slide(
        from,
        -settings.up * distance,
        &view,
        &settings.with_max_slides(1),
    );
    if down.invalid_input {
        return None;
    }
    let stop = down.contacts().last()?;
    let moved = down.position - from;
    let straight_down = moved.dot(settings.up) <= 0.0
        && across(moved, settings.up).length() <= body.skin(from, settings);
    (straight_down && stop.surface == Surface::Floor).then_some((down.position, *stop))
}
