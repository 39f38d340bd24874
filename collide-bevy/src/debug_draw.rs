//! [`CollideDebugDrawPlugin`]: every collider's and solid tile's outline drawn each frame
//! with Bevy's gizmos (needs Bevy's `GizmoPlugin`, part of `DefaultPlugins`).

use bevy::app::{App, Plugin, PostUpdate};
use bevy::color::Color;
use bevy::ecs::prelude::*;
use bevy::gizmos::gizmos::Gizmos;
use bevy::math::Vec2;
use bevy::transform::components::Transform;
use collide_core::Pose;

use crate::components::{Collider, Sensor, Static};
use crate::convert::{position, rotation};
use crate::level::TileMapCollider;
use crate::outline::{outline, tile_outlines};

/// Draws the outline of every collider (moving ones green, static ones grey, sensors
/// yellow) and of every solid cell of each tile map, in `PostUpdate`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CollideDebugDrawPlugin;

impl Plugin for CollideDebugDrawPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(PostUpdate, draw_outlines);
    }
}

/// The colliders' and tiles' outlines, as gizmo line strips.
fn draw_outlines(
    mut gizmos: Gizmos,
    colliders: Query<(&Collider, &Transform, Has<Static>, Has<Sensor>)>,
    maps: Query<&TileMapCollider>,
    mut points: Local<Vec<Vec2>>,
    mut loops: Local<Vec<usize>>,
) {
    for (collider, transform, fixed, sensor) in &colliders {
        let color = match (sensor, fixed) {
            (true, _) => Color::srgb(0.9, 0.8, 0.2),
            (false, true) => Color::srgb(0.6, 0.6, 0.6),
            (false, false) => Color::srgb(0.3, 0.9, 0.4),
        };
        let Some(shape) = collider.shape() else {
            continue;
        };
        points.clear();
        let pose = Pose::new(position(transform), rotation(transform));
        outline(shape, pose, &mut points);
        gizmos.linestrip_2d(points.iter().copied(), color);
    }
    for map in &maps {
        points.clear();
        loops.clear();
        tile_outlines(&map.0, &mut points, &mut loops);
        let mut start = 0;
        for &end in loops.iter() {
            gizmos.linestrip_2d(
                points[start..end].iter().copied(),
                Color::srgb(0.4, 0.5, 0.9),
            );
            start = end;
        }
    }
}
