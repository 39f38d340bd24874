//! [`Character`]: a kinematic body moved by collide's character controller through the level
//! (tiles and static colliders), before the pass sweeps it against the moving bodies.

use bevy::ecs::prelude::*;
use bevy::math::Vec2;
use bevy::time::Time;
use bevy::transform::components::Transform;
use collide::{CharacterMove, CharacterSettings};

use crate::components::{Collider, PreviousPosition};
use crate::convert::{position, rotation, set_position, to_bevy, to_collide};
use crate::level::CollideLevel;

/// A character: walks, lands, climbs steps and rides platforms through the level
/// ([`collide::Character`]), its shape its [`Collider`]'s.
///
/// Each step the plugin moves it by [`velocity`](Self::velocity) times the step's time
/// (`Res<Time>`), writes where it ended into its `Transform`, and keeps the velocity the
/// level left ([`collide::Character::clip_velocity`]: a landing ends the fall). Moving its
/// `Transform` in between puts it there (a teleport: neither the level nor the pass sweeps it
/// along the way; its [`PreviousPosition`] is set there). The move's result stays in the
/// component: [`last_move`](Self::last_move), [`on_floor`](Self::on_floor). A new collider
/// shape (an animated collider's next frame) or new settings keep its floor and the platform
/// it rides; collide does not check that a new shape fits where it stands
/// ([`collide::Character::set_shape`]). A move collide refuses (a velocity that is not
/// finite, or too long for one move: [`CharacterMove::invalid_input`] in
/// [`last_move`](Self::last_move)) leaves it where it is, with the velocity and
/// [`drop_through`](Self::drop_through) as the game set them, for the next move.
///
/// Its hits with moving bodies (a coin, a bullet) come from the pass as any body's; hits never
/// turn it, whatever its [`HitReaction`](crate::HitReaction). Its hits and contacts with the
/// level's solid parts are left out of the pass's reports (its own move holds them: the
/// floor, the platform it rides); those with the level's sensors are reported.
#[derive(Component, Clone, Debug)]
#[require(Collider = Collider::rect(Vec2::new(8.0, 16.0)))]
pub struct Character {
    /// Its velocity in units per second, gravity included: set by the game, clipped by the
    /// level at each move.
    pub velocity: Vec2,
    /// Drop through one-way platforms in the next move (cleared by it; kept by a move collide
    /// refuses).
    pub drop_through: bool,
    settings: CharacterSettings,
    controller: Option<collide::Character>,
    /// collide refused the settings (the controller keeps the last it took).
    settings_refused: bool,
    /// collide refused the shape or the position (the controller, if any, keeps its own).
    refused: bool,
}

impl Character {
    /// A character moving by `settings` (see [`CharacterSettings`]: up, snap, step, slopes).
    #[must_use]
    pub fn new(settings: CharacterSettings) -> Self {
        Self {
            velocity: Vec2::ZERO,
            drop_through: false,
            settings,
            controller: None,
            settings_refused: settings.validate().is_err(),
            refused: false,
        }
    }

    /// A character whose up is `up` (y up: `Vec2::Y`), with collide's default settings and a
    /// snap to the floor of `snap_length`.
    #[must_use]
    pub fn with_up(up: Vec2, snap_length: f32) -> Self {
        Self::new(CharacterSettings::new(to_collide(up)).with_snap_length(snap_length))
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> &CharacterSettings {
        &self.settings
    }

    /// Changes the settings from the next move on; the character keeps its floor and the
    /// platform it stands on.
    pub fn set_settings(&mut self, settings: CharacterSettings) {
        self.settings = settings;
        self.settings_refused = match &mut self.controller {
            Some(controller) => controller.set_settings(settings).is_err(),
            None => settings.validate().is_err(),
        };
    }

    /// What the last move did (where it ended, floor, wall, ceiling, contacts); `None` before
    /// the first.
    #[must_use]
    pub fn last_move(&self) -> Option<&CharacterMove> {
        self.controller.as_ref().map(collide::Character::last_move)
    }

    /// It ended its last move standing on a floor.
    #[must_use]
    pub fn on_floor(&self) -> bool {
        self.controller
            .as_ref()
            .is_some_and(collide::Character::on_floor)
    }

    /// Its shape, settings or position were refused by collide (not finite, invalid): it does
    /// not move until they change.
    #[must_use]
    pub fn is_refused(&self) -> bool {
        self.refused || self.settings_refused
    }

    /// The controller, built from the collider and the `Transform` at the first move (tried
    /// again at each move while collide refuses them), its shape changed with the collider's
    /// (keeping its floor and platform); `None` while collide refuses the shape, the position
    /// or the settings.
    fn controller(
        &mut self,
        collider: &Collider,
        transform: &Transform,
    ) -> Option<&mut collide::Character> {
        // Without a shape (an empty frame) it stands still, its controller kept for later.
        let shape = collider.shape()?;
        match &mut self.controller {
            Some(controller) if controller.shape() != shape => {
                self.refused = controller.set_shape(shape.to_shape()).is_err();
            }
            Some(_) => {}
            None => {
                let built =
                    collide::Character::new(shape.to_shape(), position(transform), self.settings);
                self.refused = built.is_err() && !self.settings_refused;
                self.controller = built.ok();
            }
        }
        if self.refused || self.settings_refused {
            return None;
        }
        self.controller.as_mut()
    }
}

/// Moves every character through the level by its velocity over the step.
pub(crate) fn move_characters(
    time: Res<Time>,
    level: Res<CollideLevel>,
    mut characters: Query<(
        &mut Character,
        Ref<Collider>,
        &mut Transform,
        &mut PreviousPosition,
    )>,
) {
    let dt = time.delta_secs();
    for (mut character, collider, mut transform, mut previous) in &mut characters {
        let character = &mut *character;
        let (velocity, drop) = (to_collide(character.velocity), character.drop_through);
        let Some(controller) = character.controller(&collider, &transform) else {
            continue;
        };
        let here = position(&transform);
        if controller.position() != here {
            // A teleport: no path to it, for the level or for the pass.
            controller.set_position(here);
            previous.0 = Some(to_bevy(here));
        }
        controller.set_rotation(rotation(&transform));
        let world = level.obstacles();
        let moved = if drop {
            controller.move_dropping_through(velocity * dt, world)
        } else {
            controller.move_by(velocity * dt, world)
        };
        if moved.invalid_input {
            continue;
        }
        let end = moved.position;
        let clipped = to_bevy(controller.clip_velocity(velocity));
        set_position(&mut transform, end);
        character.velocity = clipped;
        character.drop_through = false;
    }
}
