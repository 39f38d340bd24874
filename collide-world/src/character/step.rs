//! Climbing a ledge in the same move: up, across, and down onto it.

use glam::Vec2;

use super::body::{across, Body};
use super::outcome::CharacterMove;
use super::settings::CharacterSettings;
use super::snap::land;
use crate::{Obstacles, SlideContact};

/// Where a step landed, and on what.
pub(super) struct Stepped {
    pub(super) end: Vec2,
    pub(super) floor: SlideContact,
}

/// Tries to walk `travel` from `start` over a ledge: rise by at most
/// [`CharacterSettings::max_step_height`] (less under a ceiling), move by the horizontal part
/// of `travel`, and go down again onto a floor. `without` is where the walk without a step
/// ended.
///
/// The step is taken only if it lands on a floor (never a wall or a ceiling), higher than the
/// walk without it and further along, so it never climbs what is taller than the step height
/// and never passes through anything: every part of it is a slide that stops at what it
/// meets. What it met goes into `out`.
pub(super) fn step_up<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    start: Vec2,
    travel: Vec2,
    without: Vec2,
    obstacles: &O,
    settings: &CharacterSettings,
    out: &mut CharacterMove,
) -> Option<Stepped> {
    let slide = &settings.slide;
    let up = slide.up;
    let skin = body.skin(start, slide);
    let rise = body.slide(
        start,
        up * settings.max_step_height,
        obstacles,
        &slide.with_max_slides(1),
    );
    let lift = (rise.position - start).dot(up);
    if rise.invalid_input || lift <= skin {
        return None;
    }
    let flat = across(travel, up);
    let ahead = body.slide(rise.position, flat, obstacles, slide);
    // Across, it may slide along what it meets but not rise: a body that ends higher was
    // pushed up out of something it passed into, which is no step.
    if (ahead.position - rise.position).dot(up) > skin {
        return None;
    }
    let probe = lift + settings.snap_length.max(2.0 * skin);
    let (end, floor) = land(body, ahead.position, probe, obstacles, slide)?;
    let toward = flat.normalize_or_zero();
    let higher = (end - without).dot(up) > skin;
    let further = (end - without).dot(toward) > skin;
    if !(higher && further) {
        return None;
    }
    for c in rise.contacts().iter().chain(ahead.contacts()) {
        out.record(*c);
    }
    out.record(floor);
    Some(Stepped { end, floor })
}
