//! Which stop a slide makes: when in the step, the contact whose surface clips the rest of the
//! travel, and how far to back off a surface the body starts touching.

use collide_core::{skin_tolerance, Motion, SkinImpact};
use glam::Vec2;

use super::outcome::SlideContact;
use super::search::Found;
use super::settings::SlideSettings;

/// When in the step along `motion` the body stops (a skin short of every obstacle `found`
/// touches at the moment `touch`), the contact whose surface clips the rest of the travel, how
/// far to back the body off that surface when it stops at once touching it ([`back_off`]),
/// and whether a stop found it inside an obstacle.
///
/// One surface clips it: a face before a corner, then the one that takes the least of the
/// travel; the next slide meets the others again if they are still in the way. Over a seam a
/// circle meets a tile's corner within rounding of the next tile's face, and the corner's
/// slanted normal would deflect it: up when the corner is ahead (it takes more), down when it
/// is behind (it takes less, so only the face rule keeps it off).
pub(super) fn choose_stop(
    settings: &SlideSettings,
    motion: &Motion,
    found: &Found,
    touch: f32,
) -> Choice {
    let mut step = touch;
    let mut inside = false;
    let mut chosen: Option<((bool, f32), SlideContact)> = None;
    for (obstacle, stop, on_face) in found.touching_at(touch) {
        inside |= stop.started_inside;
        let (contact, t) = stop_for(settings, motion, obstacle, stop);
        step = step.min(t);
        let rank = (!on_face, motion.travel().dot(contact.normal));
        if chosen.is_none_or(|(best, _)| rank < best) {
            chosen = Some((rank, contact));
        }
    }
    let chosen = chosen.map(|(_, c)| c);
    let back_off = match chosen {
        // Backing off is moving at once, so only a stop at once does it.
        Some(c) if step == 0.0 => back_off(settings.skin, motion, found, touch, c.normal),
        _ => Vec2::ZERO,
    };
    Choice {
        step,
        chosen,
        back_off,
        inside,
    }
}

/// What [`choose_stop`] picked for one slide.
pub(super) struct Choice {
    /// When in the step the body stops (`1` for no stop).
    pub(super) step: f32,
    /// The contact whose surface clips the rest of the travel.
    pub(super) chosen: Option<SlideContact>,
    /// How far to back the body off that surface at once ([`back_off`]).
    pub(super) back_off: Vec2,
    /// A stop found the body inside an obstacle where the step starts.
    pub(super) inside: bool,
}

impl Choice {
    /// No stop: the whole step.
    pub(super) const NONE: Choice = Choice {
        step: 1.0,
        chosen: None,
        back_off: Vec2::ZERO,
        inside: false,
    };
}

/// How far to back a body that stops at once off the surface with this `normal`, when it
/// starts within rounding of touching it (a spawn, a pixel-snapped or a teleported position):
/// out along the normal to the `skin`, so that it rests a skin away as after any other stop.
/// Zero when it starts farther: a body a game put closer than the skin but clear of the
/// surface, or one that kept a smaller skin nearer the origin, is left where it is.
///
/// The gap is the least of every stop at once along that normal: over a seam, the tile the
/// body touches need not be the one whose stop was chosen.
fn back_off(skin: f32, motion: &Motion, found: &Found, touch: f32, normal: Vec2) -> Vec2 {
    let ulp = motion.start.abs().max(motion.end.abs()).max_element() * f32::EPSILON;
    let least = found
        .touching_at(touch)
        .filter(|(_, stop, _)| stop.t == 0.0 && stop.impact.normal == normal)
        .map(|(_, stop, _)| stop.gap)
        .fold(f32::INFINITY, f32::min);
    if least <= ulp {
        -normal * (skin - least)
    } else {
        Vec2::ZERO
    }
}

/// The contact a stop makes, and the time to stop at for it: a skin short of it along its
/// normal.
///
/// Backing off along the normal, not by distance, is what keeps a body steady on a floor of
/// separate tiles: over a seam, the next tile's corner is farther than the skin while its face,
/// which the body is about to meet, is within it; stopping by the corner's distance would bring
/// the body a little closer to the floor every frame.
fn stop_for(
    settings: &SlideSettings,
    motion: &Motion,
    obstacle: u32,
    stop: SkinImpact,
) -> (SlideContact, f32) {
    let skin = settings.skin;
    let closing = motion.travel().dot(stop.impact.normal);
    let resting = skin + skin_tolerance(skin, &motion.start_pose(), &motion.end_pose());
    let along_normal = if closing.is_nan() || closing <= 0.0 {
        stop.t
    } else if stop.impact.t * closing <= resting {
        // Already within the skin of it along the normal (resting on it): stay put, or the
        // rounding of each frame's sweep would creep the body along the normal.
        0.0
    } else {
        (stop.impact.t - skin / closing).max(0.0)
    };
    let contact = SlideContact {
        obstacle,
        point: stop.impact.point,
        normal: stop.impact.normal,
        position: motion.position_at(stop.t),
        surface: settings.surface(stop.impact.normal),
    };
    (contact, along_normal.min(stop.t))
}
