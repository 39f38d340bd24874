//! [`CharacterMove`]: what one [`Character::move_by`](super::Character::move_by) did.

use glam::Vec2;

use crate::{SlideContact, Surface};

/// The most contacts a [`CharacterMove`] keeps (the later ones are dropped).
pub const MAX_CHARACTER_CONTACTS: usize = 32;

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
    /// It climbed a ledge in this move.
    pub stepped: bool,
    /// The snap moved it down onto the floor at the end of the move.
    pub snapped: bool,
    /// The travel was not finite: the character did not move (and its state is unchanged).
    pub invalid_input: bool,
    contacts: [SlideContact; MAX_CHARACTER_CONTACTS],
    count: usize,
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
            .field("stepped", &self.stepped)
            .field("snapped", &self.snapped)
            .field("invalid_input", &self.invalid_input)
            .field("contacts", &self.contacts())
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
            stepped: false,
            snapped: false,
            invalid_input: false,
            contacts: [BLANK; MAX_CHARACTER_CONTACTS],
            count: 0,
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

    /// Forgets the contacts from `count` on: those of a try that was not taken.
    pub(super) fn truncate(&mut self, count: usize) {
        self.count = self.count.min(count);
        let contacts = &self.contacts[..self.count];
        self.on_wall = contacts.iter().any(|c| c.surface == Surface::Wall);
        self.on_ceiling = contacts.iter().any(|c| c.surface == Surface::Ceiling);
    }

    /// How many contacts it holds.
    pub(super) fn len(&self) -> usize {
        self.count
    }
}
