//! [`CharacterMove`]: what one [`Character::move_by`](super::Character::move_by) did.

use glam::Vec2;

use crate::slide::sensors::Path;
use crate::{Slide, SlideContact, Surface};

/// The most contacts a [`CharacterMove`] keeps (the later ones are dropped).
pub const MAX_CHARACTER_CONTACTS: usize = 32;

/// The most points the path of one move keeps (a move of more bends cuts its latest corners).
const MAX_PATH: usize = 32;

/// How much of a [`CharacterMove`] a try filled, to forget what a try not taken added.
#[derive(Clone, Copy, Debug)]
pub(super) struct Mark {
    pub(super) contacts: usize,
    path: usize,
}

/// A placeholder for the unused room in [`CharacterMove`].
const BLANK: SlideContact = SlideContact {
    obstacle: 0,
    point: Vec2::ZERO,
    normal: Vec2::ZERO,
    position: Vec2::ZERO,
    surface: Surface::Floor,
};

/// What one [`Character::move_by`](super::Character::move_by) did.
///
/// Unlike a [`Slide`](crate::Slide), whose `on_floor` says the body touched a floor at some
/// moment of the call, `on_floor` here says where the move ended: on a floor.
#[derive(Clone, Copy, PartialEq)]
pub struct CharacterMove {
    /// Where the character ended.
    pub position: Vec2,
    /// It ended standing on a floor.
    pub on_floor: bool,
    /// It touched a wall during the move.
    pub on_wall: bool,
    /// It touched a ceiling during the move.
    pub on_ceiling: bool,
    /// The normal of the floor it ended on, out of the floor (pointing up-ish).
    pub floor_normal: Option<Vec2>,
    /// The obstacle it ended standing on.
    pub platform: Option<u32>,
    /// How far the platform it stood on at the start carried it before its own travel.
    pub carried: Vec2,
    /// How far obstacles that moved into it pushed it (along their motion).
    pub pushed: Vec2,
    /// The mover it was crushed by: one that moved into it and that it is still inside of
    /// (deeper than its skin) after the pushes, because something stopped the push (the
    /// earliest to meet it, where several did), or the platform it rode, where a ceiling held
    /// it down as the platform rose into it. It may end the move inside that mover.
    pub crushed: Option<u32>,
    /// It climbed a ledge in this move.
    pub stepped: bool,
    /// The snap moved it down onto the floor at the end of the move.
    pub snapped: bool,
    /// The travel was not finite: the character did not move (and its state is unchanged).
    pub invalid_input: bool,
    contacts: [SlideContact; MAX_CHARACTER_CONTACTS],
    count: usize,
    path: Path<MAX_PATH>,
}

impl core::fmt::Debug for CharacterMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("CharacterMove")
            .field("position", &self.position)
            .field("on_floor", &self.on_floor)
            .field("on_wall", &self.on_wall)
            .field("on_ceiling", &self.on_ceiling)
            .field("floor_normal", &self.floor_normal)
            .field("platform", &self.platform)
            .field("carried", &self.carried)
            .field("pushed", &self.pushed)
            .field("crushed", &self.crushed)
            .field("stepped", &self.stepped)
            .field("snapped", &self.snapped)
            .field("invalid_input", &self.invalid_input)
            .field("contacts", &self.contacts())
            .field("path", &self.path())
            .finish()
    }
}

impl CharacterMove {
    /// A move that has not gone anywhere yet, from `position`.
    pub(super) fn at(position: Vec2) -> Self {
        Self {
            position,
            on_floor: false,
            on_wall: false,
            on_ceiling: false,
            floor_normal: None,
            platform: None,
            carried: Vec2::ZERO,
            pushed: Vec2::ZERO,
            crushed: None,
            stepped: false,
            snapped: false,
            invalid_input: false,
            contacts: [BLANK; MAX_CHARACTER_CONTACTS],
            count: 0,
            path: Path::from(position),
        }
    }

    /// The points the character's path ran through in the move, straight from each to the
    /// next: where it started, where the platform carried it and movers pushed it, where each
    /// slide of its walk (or step) was pushed out, stopped and ended, and where it ended. The sensors are those this path
    /// touches ([`Character::sensors`](super::Character::sensors)). (A move of more than 32
    /// bends keeps its first 31 and its end.)
    #[must_use]
    pub fn path(&self) -> &[Vec2] {
        self.path.points()
    }

    /// The path goes on straight to `point`.
    pub(super) fn pass(&mut self, point: Vec2) {
        self.path.pass(point);
    }

    /// The path goes on along `slide`: to where it stopped at each contact (where it was
    /// pushed out, where it met a wall and turned), in order, then to where it ended.
    pub(super) fn pass_along<const S: usize>(&mut self, slide: &Slide<S>) {
        for c in slide.contacts() {
            self.path.pass(c.position);
        }
        self.path.pass(slide.position);
    }

    /// How much it holds: what [`truncate`](Self::truncate) goes back to.
    pub(super) fn mark(&self) -> Mark {
        Mark {
            contacts: self.count,
            path: self.path.len(),
        }
    }

    /// Every surface the character stopped at during the move, in order (at most
    /// [`MAX_CHARACTER_CONTACTS`]), the one the snap or a step landed on last.
    #[must_use]
    pub fn contacts(&self) -> &[SlideContact] {
        &self.contacts[..self.count]
    }

    pub(super) fn record(&mut self, contact: SlideContact) {
        match contact.surface {
            Surface::Wall => self.on_wall = true,
            Surface::Ceiling => self.on_ceiling = true,
            Surface::Floor => {}
        }
        if self.count < self.contacts.len() {
            self.contacts[self.count] = contact;
            self.count += 1;
        }
    }

    /// Forgets the contacts and the path from `mark` on: those of a try that was not taken.
    pub(super) fn truncate(&mut self, mark: Mark) {
        self.count = self.count.min(mark.contacts);
        self.path.truncate(mark.path);
        let contacts = &self.contacts[..self.count];
        self.on_wall = contacts.iter().any(|c| c.surface == Surface::Wall);
        self.on_ceiling = contacts.iter().any(|c| c.surface == Surface::Ceiling);
    }

    /// How many contacts it holds.
    pub(super) fn len(&self) -> usize {
        self.count
    }
}
