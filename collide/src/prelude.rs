//! What a game names every frame: `use collide::prelude::*`.

pub use crate::{
    cast_ray_static, cast_shape_static, Body, CollisionPass, Hitscan, Other, Outcome, PassHit,
    PassSettings, Reaction, Response,
};
pub use crate::{ContactEvent, ContactEvents, OtherKey};
pub use collide_broad::{BroadPhase, BroadPhaseKind};
pub use collide_core::glam::Vec2;
pub use collide_core::{
    Aabb, Circle, Hull, Impact, Layers, Motion, Pose, Rect, Rot, Shape, ShapeRef,
};
pub use collide_world::{
    move_and_slide, Character, CharacterSettings, Obstacle, Obstacles, QueryFilter, SlideSettings,
    StaticBodies, StaticHandle, StaticWorld, TileCell, TileMap, TileShape, WorldHit,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// A shape cast against a static body needs nothing beyond the prelude: the cast's
    /// `Motion` and the body's `StaticHandle` come with it.
    #[test]
    fn a_shape_cast_at_a_static_body_needs_only_the_prelude() {
        let mut bodies = StaticBodies::new();
        let wall = Rect {
            half_extents: Vec2::splat(8.0),
        };
        let at = Pose::from_position(Vec2::new(40.0, 0.0));
        let handle: StaticHandle = bodies.add(wall, at, Layers::ALL).unwrap();
        bodies.refresh();
        let motion = Motion::linear(Vec2::ZERO, Vec2::new(100.0, 0.0));
        let hit = cast_shape_static(&bodies, Circle { radius: 2.0 }, &motion, Layers::ALL);
        assert_eq!(hit.map(|h| h.id), Some(handle.id()));
    }
}
