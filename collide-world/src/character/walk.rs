//! The character's own travel: one slide at a time, so that each surface it meets can change
//! the rest of the travel (stop on a floor slope, no climbing a wall, constant speed along a
//! floor).

use collide_core::clip_motion;
use glam::Vec2;

use super::body::{across, along_floor, walks, Body};
use super::outcome::CharacterMove;
use super::settings::CharacterSettings;
use crate::{Obstacles, SlideContact, Surface, MAX_SLIDES};

/// The most surfaces one walk clips its travel by.
const MAX_PLANES: usize = 32;

/// Where a walk ended and what it met.
pub(super) struct Walked {
    /// Where it ended.
    pub(super) end: Vec2,
    /// The floor it ended on, when its last slide stopped at a surface after meeting one.
    pub(super) floor: Option<SlideContact>,
    /// It stopped at a floor at some point.
    pub(super) touched_floor: bool,
    /// It stopped at a wall at some point.
    pub(super) hit_wall: bool,
    /// Its last slide met nothing (or it had no travel): whether it ended on a floor is
    /// unknown until something looks below it.
    pub(super) ended_free: bool,
}

/// Moves `body` from `start` by `travel` (its own, not its platform's), one slide at a time,
/// recording what it meets in `out`. `floor` is the surface normal of the floor it stood on at
/// the start, if it did.
///
/// Three rules change the rest of the travel after a stop, each only when the travel does not
/// go up (a jump slides as [`move_and_slide`](crate::move_and_slide) does):
/// - on a floor, a travel straight down stops there ([`CharacterSettings::stop_on_slope`]);
/// - at a wall, the rest may not go up: a slope too steep for a floor is never climbed by
///   walking into it, so it is slid down without frames that go up and down in turn;
/// - on a floor, with [`CharacterSettings::constant_speed_on_slopes`], the rest goes along
///   that floor and covers what is left of the horizontal distance asked for.
pub(super) fn walk<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    start: Vec2,
    travel: Vec2,
    floor: Option<Vec2>,
    obstacles: &O,
    settings: &CharacterSettings,
    out: &mut CharacterMove,
) -> Walked {
    let up = settings.slide.up;
    let one = settings.slide.with_max_slides(1);
    let rising = travel.dot(up) > 0.0;
    let walking = walks(travel, up);
    let flat = across(travel, up);
    let (wanted, toward) = (flat.length(), flat.normalize_or_zero());
    let constant = settings.constant_speed_on_slopes && walking && !rising;
    let mut remaining = match floor {
        Some(n) if constant => along_floor(n, toward, wanted),
        _ => travel,
    };
    let mut planes = Planes::default();
    let mut walked = Walked {
        end: start,
        floor: None,
        touched_floor: false,
        hit_wall: false,
        ended_free: true,
    };
    for _ in 0..settings.slide.max_slides.min(MAX_SLIDES) {
        if remaining == Vec2::ZERO {
            break;
        }
        let from = walked.end;
        let slide = body.slide(from, remaining, obstacles, &one);
        if slide.invalid_input {
            break;
        }
        walked.end = slide.position;
        walked.ended_free = slide.contacts().is_empty();
        if walked.ended_free {
            walked.floor = None;
            break;
        }
        let mut met_floor = None;
        for c in slide.contacts() {
            out.record(*c);
            planes.add(c.normal);
            match c.surface {
                Surface::Floor => met_floor = Some(*c),
                Surface::Wall if !rising => planes.add_once(up),
                _ => {}
            }
            walked.hit_wall |= c.surface == Surface::Wall;
        }
        walked.floor = met_floor.or(walked.floor);
        walked.touched_floor |= met_floor.is_some();
        if met_floor.is_some() && settings.stop_on_slope && !walking && !rising {
            break;
        }
        let moved = walked.end - from;
        let done = (moved.dot(remaining) / remaining.length_squared()).clamp(0.0, 1.0);
        remaining = clip_motion(remaining * (1.0 - done), planes.normals());
        if let (true, Some(f)) = (constant, met_floor) {
            let left = wanted - (walked.end - start).dot(toward);
            let along = along_floor(-f.normal, toward, left.max(0.0));
            remaining = clip_motion(along, planes.normals());
        }
    }
    walked
}

/// The surfaces one walk stopped at, by their normals (from the body into the surface), and
/// `up` once it may no longer rise: what clips the rest of its travel.
#[derive(Default)]
struct Planes {
    normals: [Vec2; MAX_PLANES],
    used: usize,
}

impl Planes {
    fn add(&mut self, normal: Vec2) {
        if self.used < MAX_PLANES {
            self.normals[self.used] = normal;
            self.used += 1;
        }
    }

    fn add_once(&mut self, normal: Vec2) {
        if !self.normals().contains(&normal) {
            self.add(normal);
        }
    }

    fn normals(&self) -> &[Vec2] {
        &self.normals[..self.used]
    }
}
