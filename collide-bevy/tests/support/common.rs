//! What the tests share: a headless app whose every `update` runs exactly one fixed step,
//! and a velocity the game's own system moves bodies by.

// Each test binary uses its own part of what is shared.
#![allow(dead_code)]

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use collide_bevy::CollidePlugin;

/// A game's velocity, in units per second, moved by [`move_by_velocity`] in `FixedUpdate`.
#[derive(Component, Clone, Copy, Debug)]
pub struct Velocity(pub Vec2);

/// The game's move: every body with a velocity moves by it over the step.
pub fn move_by_velocity(time: Res<Time>, mut bodies: Query<(&Velocity, &mut Transform)>) {
    for (velocity, mut transform) in &mut bodies {
        transform.translation += (velocity.0 * time.delta_secs()).extend(0.0);
    }
}

/// A headless app with the plugin in `FixedPostUpdate` and the game's move in `FixedUpdate`;
/// each `update` runs one fixed step of 1/64 s.
pub fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, CollidePlugin::default()))
        .insert_resource(TimeUpdateStrategy::FixedTimesteps(1))
        .add_systems(FixedUpdate, move_by_velocity);
    app
}

/// The fixed step's length in seconds.
pub fn step_secs(app: &App) -> f32 {
    app.world()
        .resource::<Time<Fixed>>()
        .timestep()
        .as_secs_f32()
}
