//! What `move_and_slide` did: where the body ended, and each thing it stopped at.

use collide_core::clip_motion;
use glam::Vec2;

use super::sensors::{SensorHit, SensorList};
use super::settings::Surface;

/// The most slides one call may take, whatever
/// [`SlideSettings::max_slides`](super::SlideSettings::max_slides) asks for.
pub const MAX_SLIDES: u32 = 16;

/// One thing the body stopped at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlideContact {
    /// The obstacle's id ([`Obstacle::id`](crate::Obstacle::id)).
    pub obstacle: u32,
    /// Where they touch, in world coordinates.
    pub point: Vec2,
    /// Unit normal from the body into the obstacle.
    pub normal: Vec2,
    /// Where the body was when it stopped there (for a body pushed out of obstacles it
    /// started inside: where the push left it).
    pub position: Vec2,
    /// What kind of surface it is.
    pub surface: Surface,
}

impl SlideContact {
    /// A placeholder for the unused room in [`Slide`].
    const BLANK: SlideContact = SlideContact {
        obstacle: 0,
        point: Vec2::ZERO,
        normal: Vec2::ZERO,
        position: Vec2::ZERO,
        surface: Surface::Floor,
    };
}

/// What [`move_and_slide`](super::move_and_slide) did.
///
/// `S` is how many sensors it keeps room for ([`MAX_SLIDE_SENSORS`](super::MAX_SLIDE_SENSORS),
/// what every public function answers with).
#[derive(Clone, Copy, PartialEq)]
pub struct Slide<const S: usize = { super::MAX_SLIDE_SENSORS }> {
    /// Where the body ended.
    pub position: Vec2,
    /// The travel it did not get to make: zero unless it ran out of slides.
    pub remaining: Vec2,
    /// It touched a floor.
    pub on_floor: bool,
    /// It touched a wall.
    pub on_wall: bool,
    /// It touched a ceiling.
    pub on_ceiling: bool,
    /// The call refused its input and left the body where it was, with all its travel
    /// remaining: a position, travel or rotation not finite, or a shape that every query
    /// treats as "no hit" (a negative or non-finite radius or extent, which a struct literal
    /// can build; [`Circle::new`](collide_core::Circle::new) and
    /// [`Rect::new`](collide_core::Rect::new) refuse them), which would otherwise fall through
    /// every floor without a word.
    pub invalid_input: bool,
    contacts: [SlideContact; MAX_SLIDES as usize],
    count: usize,
    pub(super) sensors: SensorList<S>,
}

impl<const S: usize> core::fmt::Debug for Slide<S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Slide")
            .field("position", &self.position)
            .field("remaining", &self.remaining)
            .field("on_floor", &self.on_floor)
            .field("on_wall", &self.on_wall)
            .field("on_ceiling", &self.on_ceiling)
            .field("invalid_input", &self.invalid_input)
            .field("contacts", &self.contacts())
            .field("sensors", &self.sensors())
            .finish()
    }
}

impl<const S: usize> Slide<S> {
    pub(crate) fn at(position: Vec2, remaining: Vec2) -> Self {
        Self {
            position,
            remaining,
            on_floor: false,
            on_wall: false,
            on_ceiling: false,
            invalid_input: false,
            contacts: [SlideContact::BLANK; MAX_SLIDES as usize],
            count: 0,
            sensors: SensorList::EMPTY,
        }
    }

    /// Makes it [`at`](Self::at)`(position, remaining)` again, in place: only the contacts
    /// and sensors it holds are blanked, the room past them is blank already (they are only
    /// ever added to), so a slide used again is equal to a new one, bit for bit.
    pub(crate) fn reset(&mut self, position: Vec2, remaining: Vec2) {
        (self.position, self.remaining) = (position, remaining);
        self.on_floor = false;
        self.on_wall = false;
        self.on_ceiling = false;
        self.invalid_input = false;
        self.contacts[..self.count].fill(SlideContact::BLANK);
        self.count = 0;
        self.sensors.reset();
    }

    /// Every sensor the body's path touched, once each, in the order the path met them (by
    /// [`SensorHit::distance`], then id): at most `S`
    /// ([`MAX_SLIDE_SENSORS`](super::MAX_SLIDE_SENSORS)), the earliest.
    #[must_use]
    pub fn sensors(&self) -> &[SensorHit] {
        self.sensors.hits()
    }

    /// Whether the path touched more sensors than [`sensors`](Self::sensors) holds (the
    /// latest along it were dropped).
    #[must_use]
    pub fn sensors_truncated(&self) -> bool {
        self.sensors.truncated()
    }

    /// Every surface the body stopped at, in order (at most [`MAX_SLIDES`]).
    #[must_use]
    pub fn contacts(&self) -> &[SlideContact] {
        &self.contacts[..self.count]
    }

    /// `velocity` less every part that goes into a surface the body touched: zero on the axis
    /// of a floor it landed on, along a wall it hit.
    #[must_use]
    pub fn clip_velocity(&self, velocity: Vec2) -> Vec2 {
        let mut normals = [Vec2::ZERO; MAX_SLIDES as usize];
        for (n, c) in normals.iter_mut().zip(self.contacts()) {
            *n = c.normal;
        }
        clip_motion(velocity, &normals[..self.count])
    }

    pub(super) fn record(&mut self, contact: SlideContact) {
        match contact.surface {
            Surface::Floor => self.on_floor = true,
            Surface::Wall => self.on_wall = true,
            Surface::Ceiling => self.on_ceiling = true,
        }
        if self.count < self.contacts.len() {
            self.contacts[self.count] = contact;
            self.count += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slide_reset_equals_a_new_one() {
        let mut used = Slide::<2>::at(Vec2::ONE, Vec2::X);
        for (obstacle, surface) in [(3, Surface::Floor), (4, Surface::Wall)] {
            let normal = Vec2::NEG_Y;
            used.record(SlideContact {
                obstacle,
                normal,
                surface,
                ..SlideContact::BLANK
            });
        }
        used.invalid_input = true;
        used.reset(Vec2::ZERO, Vec2::Y);
        assert_eq!(used, Slide::<2>::at(Vec2::ZERO, Vec2::Y));
    }
}
