//! What a game names every frame: `use collide::prelude::*`.

pub use crate::{
    cast_ray_static, cast_shape_static, Body, CollisionPass, Hitscan, Other, Outcome, PassHit,
    PassSettings, Reaction, Response,
};
pub use crate::{ContactEvent, ContactEvents, OtherKey};
pub use collide_broad::{BroadPhase, BroadPhaseKind};
pub use collide_core::glam::Vec2;
pub use collide_core::{Aabb, Circle, Hull, Impact, Layers, Pose, Rect, Rot, Shape, ShapeRef};
pub use collide_world::{
    move_and_slide, Character, CharacterSettings, Obstacle, Obstacles, QueryFilter, SlideSettings,
    StaticBodies, StaticWorld, TileCell, TileMap, TileShape, WorldHit,
};
