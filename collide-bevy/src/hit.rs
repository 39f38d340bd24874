//! What the plugin reports of a hit: [`CollisionHit`], from one entity's side, and what that
//! entity met ([`HitTarget`]).

use bevy::ecs::entity::Entity;
use bevy::ecs::event::EntityEvent;
use bevy::ecs::message::Message;
use bevy::math::Vec2;

/// What an entity met: another entity (a moving body, or a [`Static`](crate::Static) one),
/// or a cell of a [`TileMapCollider`](crate::TileMapCollider).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HitTarget {
    /// An entity with a [`Collider`](crate::Collider).
    Entity(Entity),
    /// The cell in column `x`, row `y` of the tile map on entity `map`.
    Tile {
        /// The entity holding the [`TileMapCollider`](crate::TileMapCollider).
        map: Entity,
        /// The cell's column.
        x: u32,
        /// The cell's row.
        y: u32,
    },
}

impl HitTarget {
    /// The entity met, if it was one (not a tile).
    #[must_use]
    pub fn entity(self) -> Option<Entity> {
        match self {
            HitTarget::Entity(e) => Some(e),
            HitTarget::Tile { .. } => None,
        }
    }
}

/// One hit of a pass, seen from `entity`'s side.
///
/// Sent as a message (`MessageReader<CollisionHit>`, one per hit, from the side of the body
/// the pass lists first) and triggered as an observer event on **each** entity of the hit
/// (`On<CollisionHit>`, with the normal turned for the second); kept too in each entity's
/// [`Hits`](crate::Hits) until the next pass.
#[derive(Message, EntityEvent, Clone, Copy, Debug, PartialEq)]
pub struct CollisionHit {
    /// The entity this hit is seen from.
    #[event_target]
    pub entity: Entity,
    /// What it met.
    pub other: HitTarget,
    /// When they first touched, as a fraction of the step (`0`: touching at its start).
    pub t: f32,
    /// Where they first touched.
    pub point: Vec2,
    /// The unit normal at first touch, from `entity` into `other`.
    pub normal: Vec2,
    /// Only the sweep found it: at the end of the step they were apart (a fast body went
    /// through, which a test of end positions would have missed).
    pub by_sweep: bool,
}

impl CollisionHit {
    /// The same hit seen from `other`'s side, when `other` is an entity: the normal turned.
    #[must_use]
    pub fn flipped(&self) -> Option<CollisionHit> {
        let other = self.other.entity()?;
        Some(CollisionHit {
            entity: other,
            other: HitTarget::Entity(self.entity),
            normal: -self.normal,
            ..*self
        })
    }
}
