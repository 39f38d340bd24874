//! collide's side of the platformer level as a game writes it with collide alone: a
//! [`Character`] per mover, with snapping, stepping and stopping on slopes on, walking the
//! level's `StaticBodies`, whose one-way platforms are marked with
//! [`StaticBodies::set_one_way`] and whose lift is moved with [`StaticBodies::move_body`]
//! (its velocity carries what stands on it). No wrapper, no second call.

use collide::{Character, CharacterSettings, Layers, SlideSettings, StaticBodies, StaticHandle};
use collide_core::{Pose, Rect, DEFAULT_SKIN};
use glam::Vec2;

use super::platformer::{pieces, Kind, Lift, FLOOR_ANGLE, MAX_STEP, SNAP};
use super::platformer_sides::{Moved, Platformer};
use super::scene::movers;
use super::sides::Touch;

/// collide's [`Character`] on the level's [`StaticBodies`].
pub struct CollideCharacter {
    bodies: StaticBodies,
    lift: StaticHandle,
    characters: Vec<Character>,
    mover: usize,
}

/// The settings of every mover: the same floor angle, snap and step as rapier's side.
#[must_use]
pub fn character_settings() -> CharacterSettings {
    CharacterSettings::new(Vec2::Y)
        .with_snap_length(SNAP)
        .with_max_step_height(MAX_STEP)
        .with_stop_on_slope(true)
        .with_slide(
            SlideSettings::new(Vec2::Y)
                .with_skin(DEFAULT_SKIN)
                .with_max_floor_angle(FLOOR_ANGLE),
        )
}

impl CollideCharacter {
    /// The level's pieces, one static body each (the one-way ones marked), the lift at its
    /// first frame, and a character per mover.
    #[must_use]
    pub fn new() -> Self {
        let mut bodies = StaticBodies::new();
        let mut one_way = Vec::new();
        for piece in pieces() {
            // Every piece is finite, so adding it cannot fail.
            if let Ok(handle) = bodies.add(piece.shape(), piece.pose(), Layers::ALL) {
                if piece.kind == Kind::OneWay {
                    one_way.push(handle);
                }
            }
        }
        let lift = Rect {
            half_extents: Lift::HALF_EXTENTS,
        };
        let lift = bodies
            .add(lift, Pose::from_position(Lift::centre(0)), Layers::ALL)
            .unwrap_or_else(|_| unreachable!("the lift is finite"));
        for handle in one_way {
            bodies.set_one_way(handle, Some(Vec2::Y));
        }
        bodies.refresh();
        let characters = movers()
            .into_iter()
            .map(|(_, shape)| {
                Character::new(shape, Vec2::ZERO, character_settings())
                    .unwrap_or_else(|_| unreachable!("the movers and settings are valid"))
            })
            .collect();
        Self {
            bodies,
            lift,
            characters,
            mover: 0,
        }
    }
}

impl Default for CollideCharacter {
    fn default() -> Self {
        Self::new()
    }
}

impl Platformer for CollideCharacter {
    fn name(&self) -> &'static str {
        "collide"
    }

    fn place(&mut self, mover: usize, position: Vec2) {
        self.mover = mover;
        let character = &mut self.characters[mover];
        if character.position() != position {
            character.set_position(position);
        }
    }

    fn set_lift(&mut self, frame: usize) {
        let pose = Pose::from_position(Lift::centre(frame + 1));
        self.bodies
            .move_body(self.lift, pose, Lift::velocity(frame));
    }

    fn step(&mut self, travel: Vec2, touches: Option<&mut Vec<Touch>>) -> Moved {
        let moved = self.characters[self.mover].move_by(travel, &self.bodies);
        if let Some(touches) = touches {
            touches.clear();
            touches.extend(moved.contacts().iter().map(|c| Touch {
                position: c.position,
                normal: c.normal,
            }));
        }
        Moved {
            position: moved.position,
            on_floor: moved.on_floor,
            on_lift: moved.platform == Some(self.lift.id()),
        }
    }
}
