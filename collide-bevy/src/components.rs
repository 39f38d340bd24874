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
use crate::hit::CollisionHit;

/// A body's shape: a circle, an axis-aligned rectangle or a convex hull (which turns with the
/// `Transform`'s rotation about z). Its centre is the `Transform`'s translation.
///
/// Without [`Static`], a collider is a moving body of the collision pass: it is swept from
/// where the last pass left it ([`PreviousPosition`]) to where its `Transform` is now.
///
/// A hull is shared, not copied (`Arc`): ten thousand enemies of one hull hold one, and the
/// component stays two words long, so the pass reads its colliders from a dense column.
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

    /// The shape, as collide's queries take it.
    #[inline]
    #[must_use]
    pub fn shape(&self) -> ShapeRef<'_> {
        match &self.shape {
            ColliderShape::Circle(c) => ShapeRef::Circle(*c),
            ColliderShape::Rect(r) => ShapeRef::Rect(*r),
            ColliderShape::Hull(h) => ShapeRef::Hull(h),
        }
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
#[derive(Component, Clone, Copy, Debug, Default, PartialEq)]
pub struct HitReaction(pub Reaction);

/// Where the body stood when the last pass ended, so that the next pass sweeps it from there
/// to its `Transform`: the swept path that keeps a fast body from passing through a thin one.
///
/// The plugin keeps it: where the body was spawned (its `Transform` when its [`Collider`]
/// was added), then where each pass left it. A game that moves a body without a path (a
/// teleport) sets it to the new place, or to `None`: the next step then puts the body at its
/// `Transform` for the whole step, with no sweep.
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
