//! Climbing a ledge in the same move: up, across, and down onto it.

use collide_core::ShapeRef;
use glam::Vec2;

use super::body::{across, Body};
use super::outcome::CharacterMove;
use super::settings::CharacterSettings;
use super::snap::{land, Landing};
use crate::slide::longest_travel;
use crate::{Obstacles, Slide, SlideContact, Surface};

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
/// The step is taken only if it lands on a floor (never a wall or a ceiling), further along
/// than the walk without it and higher, or anywhere within the probe's reach down when the move
/// across met nothing (it passed over a ledge narrower than the walk), so it never climbs what
/// is taller than the step height and never passes through anything: every part of it is a
/// slide that stops at what it meets. A round or slanted body that would land on the ledge's edge at a steep angle is
/// carried on across by the little more that puts the edge under it (see
/// [`land_on_ledge`]). What it met goes into `out`.
///
/// A rise of the whole step height may put the body's head against an overhang above the
/// ledge: then lower rises are tried, halving the range between one whose feet met the ledge
/// and one whose head met the overhang, so a ledge with room enough above it is climbed.
pub(super) fn step_up<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    start: Vec2,
    travel: Vec2,
    without: Vec2,
    obstacles: &O,
    settings: &CharacterSettings,
    out: &mut CharacterMove,
) -> Option<Stepped> {
    // A step set higher than a slide may go rises as far as one may.
    let height = settings
        .max_step_height
        .min(longest_travel(&body.aabb(start)));
    let step = Step {
        body,
        start,
        travel,
        without,
        settings,
    };
    let (mut low, mut high) = (0.0, height);
    let mut rise = height;
    for _ in 0..=LOWER_RISES {
        match step.rising(rise, obstacles, out) {
            Ok(stepped) => return Some(stepped),
            Err(Blocked::Head) => high = rise,
            Err(Blocked::Feet) => low = rise,
            Err(Blocked::Otherwise) => return None,
        }
        rise = 0.5 * (low + high);
    }
    None
}

/// How many lower rises [`step_up`] tries after the whole step height.
const LOWER_RISES: usize = 6;

/// Why a step at one rise was not taken: the move across met something with the body's upper
/// half (an overhang: a lower rise may pass under it) or its lower half (the ledge: a higher
/// one may clear it), or anything else.
enum Blocked {
    Head,
    Feet,
    Otherwise,
}

/// A step's question: climbing over a ledge by `travel` from `start`, the walk without it
/// having ended at `without`.
struct Step<'b, 's> {
    body: &'b Body<'b>,
    start: Vec2,
    travel: Vec2,
    without: Vec2,
    settings: &'s CharacterSettings,
}

impl Step<'_, '_> {
    /// The step rising by `height` (see [`step_up`]).
    fn rising<O: Obstacles + ?Sized>(
        &self,
        height: f32,
        obstacles: &O,
        out: &mut CharacterMove,
    ) -> Result<Stepped, Blocked> {
        let (body, start, settings) = (self.body, self.start, self.settings);
        let slide = &settings.slide;
        let up = slide.up;
        let skin = body.skin(start, slide);
        let rise = body.slide(start, up * height, obstacles, &slide.with_max_slides(1));
        let lift = (rise.position - start).dot(up);
        if rise.invalid_input || lift <= skin {
            return Err(Blocked::Otherwise);
        }
        let flat = across(self.travel, up);
        let ahead = body.slide(rise.position, flat, obstacles, slide);
        // Across, it may slide along what it meets but not rise: a body that ends higher was
        // pushed up out of something it passed into, which is no step.
        if (ahead.position - rise.position).dot(up) > skin {
            return Err(Blocked::Otherwise);
        }
        let toward = flat.normalize_or_zero();
        let probe = lift + settings.snap_length.max(2.0 * skin);
        // A walk longer than the ledge is wide passes over it, clear of everything, and lands
        // beyond it, no higher than it started: what the walk would do on the ledge's top and
        // then down its far side (within the snap), so that landing is the step's too.
        let cleared = ahead.contacts().is_empty();
        let onto = |landed: &Landing| {
            let higher = (landed.end - self.without).dot(up) > skin;
            let further = (landed.end - self.without).dot(toward) > skin;
            (higher || cleared) && further
        };
        let landing = land_on_ledge(
            body,
            ahead.position,
            toward,
            probe,
            obstacles,
            settings,
            onto,
        );
        let Some((landed, reach)) = landing else {
            return Err(blocked_by(&ahead, toward, up));
        };
        let reached = reach.iter().flat_map(|r| r.contacts().iter());
        for c in rise
            .contacts()
            .iter()
            .chain(ahead.contacts())
            .chain(reached)
        {
            out.record(*c);
        }
        out.record(landed.floor);
        out.pass_along(&rise);
        out.pass_along(&ahead);
        if let Some(reach) = &reach {
            out.pass_along(reach);
        }
        landed.pass_into(out);
        Ok(Stepped {
            end: landed.end,
            floor: landed.floor,
        })
    }
}

/// What stopped a move across (`toward`, across `up`) that led to no landing: the first wall
/// ahead it met, by the half of the body that met it.
fn blocked_by<const N: usize>(ahead: &Slide<N>, toward: Vec2, up: Vec2) -> Blocked {
    let wall = ahead
        .contacts()
        .iter()
        .find(|c| c.surface == Surface::Wall && c.normal.dot(toward) > 0.0);
    match wall {
        Some(c) if (c.point - c.position).dot(up) > 0.0 => Blocked::Head,
        Some(_) => Blocked::Feet,
        None => Blocked::Otherwise,
    }
}

/// Lands the body lifted over a ledge at `at` on a floor that `onto` accepts: straight down,
/// or, where that lands on the ledge's edge steeper than half the floor angle or not at all,
/// carried on across first ([`reach_past_edge`]) if that lands. Answers the landing, and the
/// carry across if there was one.
fn land_on_ledge<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    at: Vec2,
    toward: Vec2,
    probe: f32,
    obstacles: &O,
    settings: &CharacterSettings,
    onto: impl Fn(&Landing) -> bool,
) -> Option<(Landing, Option<Slide<0>>)> {
    let slide = &settings.slide;
    let landed = land(body, at, probe, obstacles, slide).filter(&onto);
    let steady = collide_core::math::cos(0.5 * slide.max_floor_angle);
    if landed
        .as_ref()
        .is_some_and(|l| -l.floor.normal.dot(slide.up) >= steady)
    {
        return landed.map(|l| (l, None));
    }
    match reach_past_edge(body, at, toward, probe, obstacles, settings).filter(|(_, l)| onto(l)) {
        Some((reach, l)) => Some((l, Some(reach))),
        None => landed.map(|l| (l, None)),
    }
}

/// A round or slanted body lifted over a ledge whose edge its lower side meets first, as a
/// wall or a steep floor (a slow one that moved less than its own curve across): moves it on
/// `toward` by as little as puts the edge under it, within half the floor angle, and lands it
/// from there. Answers that move across and the landing; `None` when what it meets
/// going down is no such edge ahead, the way on is blocked or rises, or no floor is met.
fn reach_past_edge<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    at: Vec2,
    toward: Vec2,
    probe: f32,
    obstacles: &O,
    settings: &CharacterSettings,
) -> Option<(Slide<0>, Landing)> {
    let slide = &settings.slide;
    let up = slide.up;
    let skin = body.skin(at, slide);
    let down = body.slide(at, -up * probe, obstacles, &slide.with_max_slides(1));
    let edge = down
        .contacts()
        .first()
        .filter(|c| c.surface != Surface::Ceiling)?;
    let ahead = across(edge.point - edge.position, up).dot(toward);
    // Aim well inside the floor angle: landed on the edge at half of it, the body rolls on
    // over it at a walk's pace the next move, where at the floor angle it would barely move.
    let foot = stand_reach(body, toward, up, 0.5 * slide.max_floor_angle);
    let extra = ahead - foot + skin;
    // No more than the part of its width beyond its stand reach; none: nothing to reach.
    if extra.is_nan() || extra <= 0.0 {
        return None;
    }
    let on = body.slide(at, toward * extra, obstacles, slide);
    if on.invalid_input || (on.position - at).dot(up) > skin {
        return None;
    }
    let landed = land(body, on.position, probe, obstacles, slide)?;
    Some((on, landed))
}

/// How far `toward` (across `up`) from its centre the body's surface reaches where it faces
/// down within `angle` of straight down: the furthest out a ledge's edge can meet it and be
/// stood on. Negative where that part of it trails behind its centre (a turned hull whose
/// lowest corner is behind): the edge must then pass under the centre and on by as much.
fn stand_reach(body: &Body<'_>, toward: Vec2, up: Vec2, angle: f32) -> f32 {
    let (sin, cos) = collide_core::math::sin_cos(angle);
    let d = -up * cos + toward * sin;
    let point = match body.shape {
        ShapeRef::Circle(c) => d * c.radius,
        ShapeRef::Rect(r) => Vec2::new(
            r.half_extents.x.copysign(d.x),
            r.half_extents.y.copysign(d.y),
        ),
        ShapeRef::Hull(h) => body
            .rotation
            .apply(h.support(body.rotation.apply_inverse(d)).1),
    };
    point.dot(toward)
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::{Circle, Hull, Rect, Rot};

    #[test]
    fn the_stand_reach_is_where_the_body_faces_down_within_the_angle() {
        let angle = 30f32.to_radians();
        let reach = |shape: ShapeRef<'_>, toward: Vec2| {
            let body = Body {
                shape,
                rotation: Rot::IDENTITY,
            };
            stand_reach(&body, toward, Vec2::Y, angle)
        };
        // A circle: out to r · sin(angle), each way.
        let circle = Circle { radius: 6.0 };
        assert!((reach(circle.into(), Vec2::X) - 3.0).abs() < 1e-5);
        assert!((reach(circle.into(), Vec2::NEG_X) - 3.0).abs() < 1e-5);
        // A box and a hexagon with a flat bottom: the bottom's ends.
        let rect = Rect {
            half_extents: Vec2::new(4.0, 8.0),
        };
        assert!((reach(rect.into(), Vec2::NEG_X) - 4.0).abs() < 1e-5);
        let hexagon = Hull::regular(6, 8.0).unwrap();
        assert!((reach((&hexagon).into(), Vec2::X) - 4.0).abs() < 1e-4);
    }
}
