//! The character's own travel: one slide at a time, so that each surface it meets can change
//! the rest of the travel (stop on a floor slope, no climbing a wall, constant speed along a
//! floor).

use arrayvec::ArrayVec;
use collide_core::clip_motion;
use glam::Vec2;

use super::body::{across, along_floor, clip_apart, walks, Body};
use super::outcome::{CharacterMove, Mark};
use super::settings::CharacterSettings;
use crate::{Obstacles, Slide, SlideContact, Surface, MAX_SLIDES};

/// The most surfaces one walk clips its travel by.
const MAX_PLANES: usize = 32;

/// Where a walk ended and what it met.
pub(super) struct Walked {
    /// Where it ended.
    pub(super) end: Vec2,
    /// The floor it ended on, when it is sure to stand on one: its last slide stopped at a
    /// floor, or at something else without moving off the floor it met before. `None` when
    /// it ended in the air or cannot tell (a slide met nothing, or moved on and stopped at a
    /// wall): whether it stands on a floor then needs a look below it.
    pub(super) floor: Option<SlideContact>,
    /// It stopped at a floor at some point.
    pub(super) touched_floor: bool,
    /// It stopped at a wall at some point.
    pub(super) hit_wall: bool,
    /// How much the move held before the walk: what comes after is the walk's.
    pub(super) before: Mark,
    /// It went along a level floor without a slide into it first: the plain walk's result
    /// only while it stays on that floor and meets nothing.
    pub(super) level: bool,
}

impl Walked {
    /// Takes in what one slide met: records its contacts in `out` and their normals in
    /// `planes` (and `up` after a wall, unless the walk rises); answers the floor it met, if
    /// any. `moved_off`: the slide moved more than a skin.
    fn meet(
        &mut self,
        slide: &Slide<0>,
        moved_off: bool,
        intent: &Intent,
        planes: &mut Planes,
        out: &mut CharacterMove,
    ) -> Option<SlideContact> {
        let mut met_floor = None;
        for c in slide.contacts() {
            out.record(*c);
            planes.add(c.normal);
            match c.surface {
                Surface::Floor => met_floor = Some(*c),
                Surface::Wall if !intent.rising => planes.add_once(intent.up),
                _ => {}
            }
            self.hit_wall |= c.surface == Surface::Wall;
        }
        self.touched_floor |= met_floor.is_some();
        if met_floor.is_some() {
            self.floor = met_floor;
        } else if slide.contacts().is_empty() || moved_off {
            self.floor = None;
        }
        met_floor
    }
}

/// The floor a walk starts on, and how it may leave it.
#[derive(Clone, Copy)]
pub(super) struct Stood {
    /// The surface normal of the floor it stood on at the start, if it did.
    pub(super) floor: Option<Vec2>,
    /// A walk that presses into a level floor it stands on skips the slide into it and goes
    /// along it at once (the caller checks that it is still on that floor at the end, see
    /// [`Walked::level`]).
    pub(super) level_walk: bool,
}

/// What the travel of one walk asks for.
struct Intent {
    up: Vec2,
    rising: bool,
    walking: bool,
    /// The horizontal direction of the travel (zero without one), and its length.
    toward: Vec2,
    wanted: f32,
    constant: bool,
    /// The travel as the walk first asks for it (along the floor it stands on, or not):
    /// what a rest turned back in a crease goes against.
    asked: Vec2,
}

impl Intent {
    fn of(travel: Vec2, settings: &CharacterSettings) -> Self {
        let up = settings.slide.up;
        let rising = travel.dot(up) > 0.0;
        let walking = walks(travel, up);
        let flat = across(travel, up);
        Self {
            up,
            rising,
            walking,
            toward: flat.normalize_or_zero(),
            wanted: flat.length(),
            constant: settings.constant_speed_on_slopes && walking && !rising,
            asked: travel,
        }
    }

    /// The rest of the travel after a slide that moved `moved` of `remaining` and stopped,
    /// having covered `covered` since the walk's start and met `floor` (if it did).
    ///
    /// On a floor, a walk that does not rise goes on along the floor, toward where it was
    /// going: with constant speed, over what is left of the horizontal distance asked for;
    /// without it, only where the plain clip would turn it back (landing on an uphill slope),
    /// over the horizontal part of the rest.
    fn rest(
        &self,
        remaining: Vec2,
        moved: Vec2,
        floor: Option<SlideContact>,
        covered: Vec2,
        planes: &Planes,
    ) -> Vec2 {
        let along = moved.dot(remaining) / remaining.length_squared();
        // A slide that starts within rounding inside a floor (a turned hull's corner) is
        // pushed out and goes on along the floor in the same slide: its progress across `up`
        // is the walk's, where its progress along the travel, which went into the floor, is
        // less.
        let flat = across(remaining, self.up);
        let along_flat = if flat == Vec2::ZERO {
            along
        } else {
            across(moved, self.up).dot(flat) / flat.length_squared()
        };
        let done = along.max(along_flat).clamp(0.0, 1.0);
        let rest = remaining * (1.0 - done);
        let mut clipped = clip_apart(rest, self.up, planes.normals());
        if self.turned_back(clipped, planes) {
            clipped = Vec2::ZERO;
        }
        let Some(f) = floor.filter(|_| self.walking && !self.rising) else {
            return clipped;
        };
        let left = if self.constant {
            self.wanted - covered.dot(self.toward)
        } else if across(clipped, self.up).dot(self.toward) < 0.0 {
            across(rest, self.up).dot(self.toward)
        } else {
            return clipped;
        };
        clip_motion(
            along_floor(-f.normal, self.toward, left.max(0.0)),
            planes.normals(),
        )
    }

    /// Whether the rest of the walk, `clipped`, was turned back in a crease (a ceiling notch,
    /// a valley): slid along one surface, it went against the travel asked for, down out of
    /// the notch or up the valley's far slope. There the walk stops, as
    /// [`move_and_slide`](crate::move_and_slide) does. Not after a wall stopped a walk that
    /// does not rise (`up` among the planes): the walk's part is spent there, and the fall's,
    /// sliding down the wall, rightly goes back against it (and can no longer rise).
    fn turned_back(&self, clipped: Vec2, planes: &Planes) -> bool {
        clipped.dot(self.asked) < 0.0 && !planes.normals().contains(&self.up)
    }
}

/// Moves `body` from `start` by `travel` (its own, not its platform's), one slide at a time,
/// recording what it meets in `out`, from the floor it [`Stood`] on.
///
/// Three rules change the rest of the travel after a stop, each only when the travel does not
/// go up (a jump slides as [`move_and_slide`](crate::move_and_slide) does):
/// - on a floor, a travel straight down stops there ([`CharacterSettings::stop_on_slope`]);
/// - at a wall, the rest may not go up: a slope too steep for a floor is never climbed by
///   walking into it, so it is slid down without frames that go up and down in turn (the
///   walk into it stops, the fall slides down it: see [`clip_apart`]);
/// - on a floor, a walk goes on along the floor toward where it was going (see
///   [`Intent::rest`]; [`CharacterSettings::constant_speed_on_slopes`]).
///
/// And, a jump too, as in `move_and_slide`: a rest turned back against the travel in a crease
/// (a ceiling notch, a valley) is none (see [`Intent::turned_back`]).
pub(super) fn walk<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    start: Vec2,
    travel: Vec2,
    stood: Stood,
    obstacles: &O,
    settings: &CharacterSettings,
    out: &mut CharacterMove,
) -> Walked {
    let (floor, level_walk) = (stood.floor, stood.level_walk);
    let mut intent = Intent::of(travel, settings);
    let one = settings.slide.with_max_slides(1);
    let skin = body.skin(start, &settings.slide);
    let mut planes = Planes::default();
    let mut remaining = match floor {
        Some(n) if intent.constant => along_floor(n, intent.toward, intent.wanted),
        Some(n) if level_walk && n == intent.up && intent.walking && travel.dot(n) < 0.0 => {
            planes.add(-n);
            across(travel, intent.up)
        }
        _ => travel,
    };
    intent.asked = remaining;
    let mut walked = Walked {
        end: start,
        floor: None,
        touched_floor: false,
        hit_wall: false,
        before: out.mark(),
        level: false,
    };
    walked.level = !planes.normals().is_empty();
    // One slide, written over by each of the walk's.
    let mut slide = Slide::at(start, Vec2::ZERO);
    for slide_number in 0..settings.slide.max_slides.min(MAX_SLIDES) {
        // A move of nothing slides once all the same: a body that starts inside (a new,
        // larger shape) is pushed out.
        if remaining == Vec2::ZERO && slide_number > 0 {
            break;
        }
        let from = walked.end;
        body.slide_into(from, remaining, obstacles, &one, &mut slide);
        if slide.invalid_input {
            break;
        }
        walked.end = slide.position;
        out.pass_along(&slide);
        let moved = walked.end - from;
        let met_floor = walked.meet(&slide, moved.length() > skin, &intent, &mut planes, out);
        if slide.contacts().is_empty() {
            break;
        }
        if met_floor.is_some() && settings.stop_on_slope && !intent.walking && !intent.rising {
            break;
        }
        remaining = intent.rest(remaining, moved, met_floor, walked.end - start, &planes);
        if is_sliver(remaining, &intent, skin) {
            break;
        }
    }
    walked
}

/// Whether what is left of a walk after a stop is a sliver to drop: shorter than the skin,
/// and no step on toward where the walk goes. Walking down a slope into a wall leaves the part
/// of the travel that goes down into the slope; the sweep stops only a motion that would
/// touch, so sliding that sliver would end the walk closer to the slope than the skin (and,
/// far from the origin, inside it by rounding).
fn is_sliver(remaining: Vec2, intent: &Intent, skin: f32) -> bool {
    remaining.length() < skin && across(remaining, intent.up).dot(intent.toward) <= 0.0
}

/// The surfaces one walk stopped at, by their normals (from the body into the surface), and
/// `up` once it may no longer rise: what clips the rest of its travel. (Room that is never
/// zeroed: a walk of one slide would spend more on clearing it than on its normals.)
#[derive(Default)]
struct Planes {
    normals: ArrayVec<Vec2, MAX_PLANES>,
}

impl Planes {
    fn add(&mut self, normal: Vec2) {
        // Past its room, a normal is dropped.
        let _ = self.normals.try_push(normal);
    }

    fn add_once(&mut self, normal: Vec2) {
        if !self.normals().contains(&normal) {
            self.add(normal);
        }
    }

    fn normals(&self) -> &[Vec2] {
        &self.normals
    }
}
