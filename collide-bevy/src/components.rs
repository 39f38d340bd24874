//! The components a game puts on its entities: a [`Collider`] and what qualifies it
//! ([`CollisionLayers`], [`Sensor`], [`Static`], [`HitReaction`]), and those the plugin keeps
//! up to date ([`PreviousPosition`], [`LastPass`], and [`Hits`] where the game asks for it).

use bevy::ecs::component::Component;
use bevy::math::Vec2;
use bevy::transform::components::Transform;
use collide::{Layers, Reaction};
use std::sync::Arc;

use collide_core::{Circle, Hull, Rect, Shape, ShapeRef};

use crate::convert::{to_bevy, to_collide};
use crate::frames::ColliderFrames;
use crate::hit::CollisionHit;

/// A body's shape: a circle, an axis-aligned rectangle or a convex hull (which turns with the
/// `Transform`'s rotation about z), or the frame the game shows of a sprite's
/// [`ColliderFrames`] (a `.collider.json` file's hulls). Its centre is the `Transform`'s
/// translation.
///
/// Without [`Static`], a collider is a moving body of the collision pass: it is swept from
/// where the last pass left it ([`PreviousPosition`]) to where its `Transform` is now.
///
/// A hull is shared, not copied (`Arc`): ten thousand enemies of one hull hold one, and the
/// component stays two words long, so the pass reads its colliders from a dense column.
///
/// An animated collider ([`Collider::animated`]) is the hull of the frame set last by
/// [`set_frame`](Self::set_frame), which the game calls as its sprite's animation moves on.
/// A frame the sprite leaves empty has no shape ([`shape`](Self::shape) is `None`): the
/// step's pass leaves the body out (it goes where its `Transform` says, with no hit), a
/// [`Static`] one is out of the level and a [`Character`](crate::Character) stands still
/// until a frame with a hull comes back.
#[derive(Component, Clone, Debug, PartialEq)]
#[require(Transform, PreviousPosition, CollisionLayers, HitReaction, LastPass)]
pub struct Collider {
    shape: ColliderShape,
}

/// A collider's shape as it is stored: hulls behind an `Arc`.
#[derive(Clone, Debug, PartialEq)]
enum ColliderShape {
    Circle(Circle),
    Rect(Rect),
    Hull(Arc<Hull>),
    /// The frames, and the one shown (`u32`, so that the component stays two words long).
    Frames(ColliderFrames, u32),
}

impl Collider {
    /// A circle of `radius`.
    #[must_use]
    pub fn circle(radius: f32) -> Self {
        Self::from_shape(Circle { radius })
    }

    /// A rectangle `half_extents` from its centre on each side, axis-aligned.
    #[must_use]
    pub fn rect(half_extents: Vec2) -> Self {
        Self::from_shape(Rect {
            half_extents: to_collide(half_extents),
        })
    }

    /// The convex hull of `points` (at most 16 once cleaned, around the entity's centre).
    ///
    /// # Errors
    /// [`collide_core::Error`] when the points make no convex polygon collide accepts (too
    /// many, too few, not finite, not convex).
    pub fn hull(points: &[Vec2]) -> Result<Self, collide_core::Error> {
        let points: Vec<_> = points.iter().map(|&p| to_collide(p)).collect();
        Ok(Self::from_shape(Hull::new(&points)?))
    }

    /// A collider of a hull shared with other colliders.
    #[must_use]
    pub fn shared_hull(hull: Arc<Hull>) -> Self {
        Self {
            shape: ColliderShape::Hull(hull),
        }
    }

    /// A collider of any of collide's shapes.
    #[must_use]
    pub fn from_shape(shape: impl Into<Shape>) -> Self {
        let shape = match shape.into() {
            Shape::Circle(c) => ColliderShape::Circle(c),
            Shape::Rect(r) => ColliderShape::Rect(r),
            Shape::Hull(h) => ColliderShape::Hull(Arc::new(h)),
        };
        Self { shape }
    }

    /// A collider showing `frames`, from frame 0 on.
    #[must_use]
    pub fn animated(frames: ColliderFrames) -> Self {
        Self {
            shape: ColliderShape::Frames(frames, 0),
        }
    }

    /// The shape, as collide's queries take it: `None` while an animated collider shows an
    /// empty frame.
    #[inline]
    #[must_use]
    pub fn shape(&self) -> Option<ShapeRef<'_>> {
        match &self.shape {
            ColliderShape::Circle(c) => Some(ShapeRef::Circle(*c)),
            ColliderShape::Rect(r) => Some(ShapeRef::Rect(*r)),
            ColliderShape::Hull(h) => Some(ShapeRef::Hull(h)),
            ColliderShape::Frames(frames, frame) => {
                frames.hull(*frame as usize).map(ShapeRef::Hull)
            }
        }
    }

    /// An animated collider's frames; `None` for a collider of one shape.
    #[must_use]
    pub fn frames(&self) -> Option<&ColliderFrames> {
        match &self.shape {
            ColliderShape::Frames(frames, _) => Some(frames),
            _ => None,
        }
    }

    /// The frame shown: 0 for a collider of one shape, which has only that one.
    #[must_use]
    pub fn frame(&self) -> usize {
        match &self.shape {
            ColliderShape::Frames(_, frame) => *frame as usize,
            _ => 0,
        }
    }

    /// Shows `frame` from the next step on (the game calls it as its sprite's animation moves
    /// on; through a `Mut<Collider>` only when the frame changes, as a [`Static`] collider is
    /// indexed again at each change).
    ///
    /// # Errors
    /// [`collide_core::Error::FrameOutOfRange`] past the last frame (a collider of one shape
    /// has one); the frame shown is then unchanged.
    pub fn set_frame(&mut self, frame: usize) -> Result<(), collide_core::Error> {
        let frames = self.frames().map_or(1, ColliderFrames::len);
        let out_of_range = collide_core::Error::FrameOutOfRange { frame, frames };
        let index = u32::try_from(frame).map_err(|_| out_of_range)?;
        if frame >= frames {
            return Err(out_of_range);
        }
        if let ColliderShape::Frames(_, shown) = &mut self.shape {
            *shown = index;
        }
        Ok(())
    }
}

/// Which layers a body is on and which it meets ([`Layers::ALL`] unless set): two bodies are
/// tested only when each one's mask holds the other's layer.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CollisionLayers(pub Layers);

impl Default for CollisionLayers {
    fn default() -> Self {
        Self(Layers::ALL)
    }
}

/// Marks a sensor: its hits are reported but never turn a body (a coin, a trigger zone).
///
/// A sensor among the moving bodies answers every hit with [`Reaction::Carry`], whatever
/// the [`HitReaction`]s say. Where a sensor touches something, started and stopped touching
/// will be reported once each, when collide's pass reports touching pairs.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sensor;

/// Marks a collider as part of the level: indexed once in the static world instead of swept
/// each step. Moving its `Transform` moves it as a platform (a [`Character`](crate::Character)
/// standing on it is carried by the move); it never moves by a hit.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Static;

/// What a moving body does when it hits something ([`Reaction::Carry`] unless set): carry
/// on, be used up (a bullet), stop, slide, bounce. The pass answers each hit with the two
/// bodies' reactions; a tile or a [`Static`] body never moves.
///
/// A body answered [`Reaction::Used`] meets nothing more that step, but the plugin neither
/// stops nor despawns it: it ends the step at its `Transform`, and [`LastPass::used`] says it
/// was used up, for the game to despawn it (or hide it) before the next step.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub struct HitReaction(pub Reaction);

/// Where the body stood when the last pass ended, so that the next pass sweeps it from there
/// to its `Transform`: the swept path that keeps a fast body from passing through a thin one.
///
/// The plugin keeps it: where the body was spawned (its `Transform` when its [`Collider`]
/// was added), then where each pass left it. A game that moves a body without a path (a
/// teleport) sets it to the new place, or to `None`: the next step then puts the body at its
/// `Transform` for the whole step, with no sweep. A previous position that is not finite
/// (a `Transform` that was not) counts as `None`.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub struct PreviousPosition(pub Option<Vec2>);

/// How the last pass left a moving body (where: its `Transform`, and [`PreviousPosition`]).
///
/// Written only when it differs from the step before, so that change detection stays quiet
/// for the bodies that fly straight on (two steps of the same bounce leave it unchanged:
/// read `turns`, not `Changed<LastPass>`, to find the bodies a hit turned).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub struct LastPass {
    /// Its travel over one step from now on: what it moved when no hit turned it, else what
    /// its last reaction asked for (a bounce's new direction). Per step, not per second.
    pub travel: Vec2,
    /// How many times a hit turned it in the step.
    pub turns: u32,
    /// It reached the pass's cap on turns and stood still from its last turn on.
    pub capped: bool,
    /// A [`Reaction::Used`] used it up (what becomes of it is the game's call).
    pub used: bool,
}

impl LastPass {
    /// The record of collide's outcome for one body.
    #[inline]
    pub(crate) fn from_outcome(outcome: &collide::Outcome) -> Self {
        Self {
            travel: to_bevy(outcome.velocity),
            turns: outcome.turns,
            capped: outcome.capped,
            used: outcome.used,
        }
    }
}

/// Every hit of the last pass that involved this entity, from its side, in the order they
/// happened. Cleared at each pass; a rollback snapshot that saves it carries them.
///
/// Added by the game to the entities whose hits it wants kept (a player, an enemy); those
/// without it hear of their hits by message or observer only, at no cost per hit here.
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct Hits(pub Vec<CollisionHit>);

#[cfg(test)]
mod tests {
    use super::*;

    fn square(half: f32) -> Hull {
        let h = half;
        let points = [(-h, -h), (h, -h), (h, h), (-h, h)].map(|(x, y)| glam::Vec2::new(x, y));
        Hull::new(&points).unwrap()
    }

    #[test]
    fn an_animated_collider_shows_the_frame_set_last() {
        let frames = ColliderFrames::new(vec![Some(square(1.0)), None, Some(square(3.0))]).unwrap();
        let mut collider = Collider::animated(frames);
        assert_eq!(collider.shape(), Some(ShapeRef::Hull(&square(1.0))));
        collider.set_frame(2).unwrap();
        assert_eq!(collider.frame(), 2);
        assert_eq!(collider.shape(), Some(ShapeRef::Hull(&square(3.0))));
        collider.set_frame(1).unwrap();
        assert_eq!(collider.shape(), None);
        let past = collider.set_frame(3);
        assert_eq!(
            past,
            Err(collide_core::Error::FrameOutOfRange {
                frame: 3,
                frames: 3
            })
        );
        assert_eq!(collider.frame(), 1, "a refused frame leaves the one shown");
    }

    #[test]
    fn a_collider_of_one_shape_has_one_frame() {
        let mut circle = Collider::circle(2.0);
        assert!(circle.set_frame(0).is_ok());
        assert!(circle.set_frame(1).is_err());
        assert_eq!(circle.frame(), 0);
        assert!(circle.frames().is_none());
    }

    #[test]
    fn the_component_stays_two_words_long() {
        assert_eq!(size_of::<Collider>(), 2 * size_of::<usize>());
    }
}
