//! `collide-bevy`: collide's swept collisions, tile maps and character controller as a
//! Bevy 0.19 plugin.
//!
//! Add [`CollidePlugin`], put a [`Collider`] on what collides, and move its `Transform` as
//! usual: the plugin remembers where each collider stood when its last pass ended
//! ([`PreviousPosition`]), so every pass sweeps each body along its whole path and a bullet
//! crossing an enemy between two steps still hits it. Hits come out as [`CollisionHit`]
//! messages, as observer events on each entity involved, and in the [`Hits`] of the entities
//! that have one, with entities, never indices. Pairs that start and stop touching come out
//! as [`ContactStarted`] and [`ContactStopped`], once each (a body resting on a floor or
//! standing in a sensor does not flicker; a despawned entity's pairs stop).
//!
//! - [`Collider`] (circle, rect, hull, or the frame shown of a `.collider.json` file's
//!   [`ColliderFrames`]), [`CollisionLayers`], [`Sensor`], [`HitReaction`]
//!   (carry on, used up, stop, slide, bounce): a moving body of the pass;
//! - [`Static`]: a collider that is part of the level, indexed once (moved, it is a
//!   platform); [`TileMapCollider`]: the level's tiles, a byte per cell;
//! - [`Character`]: a body moved by collide's character controller through the level;
//! - results in components ([`PreviousPosition`], [`LastPass`], [`Hits`], the character's
//!   last move), so that a rollback snapshot of the components carries them.
//!
//! With the `asset` feature, `CollideAssetPlugin` loads `.collider.json` files as
//! [`ColliderFrames`] assets and gives each entity's `ColliderAsset` its [`Collider`].
//!
//! With the `debug-draw` feature, `CollideDebugDrawPlugin` draws every collider's and solid
//! tile's outline with Bevy's gizmos ([`outline`] computes them, feature or not).
//!
//! A collider's `Transform` is its place in the world: the plugin reads and writes
//! `Transform`, not `GlobalTransform`, so give colliders no parent (a child's `Transform` is
//! relative to its parent's, and would be taken as a world position).
//!
//! The plugin runs in [`FixedPostUpdate`] unless told otherwise
//! ([`CollidePlugin::in_schedule`]), in the [`CollideSystems`] sets, in their order.
//!
//! ```
//! use bevy::prelude::*;
//! use bevy::time::TimeUpdateStrategy;
//! use collide_bevy::prelude::*;
//!
//! let mut app = App::new();
//! app.add_plugins((MinimalPlugins, CollidePlugin::default()))
//!     .insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
//! let enemy = app.world_mut().spawn((Collider::rect(Vec2::splat(8.0)), Transform::default())).id();
//! let bullet = app.world_mut().spawn((Collider::circle(2.0), Hits::default(), Transform::from_xyz(0.0, -100.0, 0.0))).id();
//! app.update(); // the pass records where both stand
//! // The bullet crosses the enemy in one step: from 100 below it to 100 above it.
//! app.world_mut().get_mut::<Transform>(bullet).unwrap().translation.y = 100.0;
//! app.update();
//! let hits = &app.world().get::<Hits>(bullet).unwrap().0;
//! assert_eq!(hits[0].other, HitTarget::Entity(enemy));
//! assert!(hits[0].by_sweep);
//! ```
#![warn(missing_docs)]

#[cfg(feature = "asset")]
mod asset;
mod character;
mod components;
mod contact;
pub mod convert;
#[cfg(feature = "debug-draw")]
mod debug_draw;
mod frames;
mod hit;
mod level;
pub mod outline;
mod pass;
mod report;

use bevy::app::{App, FixedPostUpdate, Plugin};
use bevy::ecs::intern::Interned;
use bevy::ecs::schedule::{IntoScheduleConfigs, ScheduleLabel, SystemSet};
use collide::{AnyBroadPhase, BroadPhaseKind, PassSettings};

#[cfg(feature = "asset")]
pub use asset::{CollideAssetPlugin, ColliderAsset, ColliderFramesLoader, ColliderFramesSettings};
pub use character::Character;
pub use components::{
    Collider, CollisionLayers, HitReaction, Hits, LastPass, PreviousPosition, Sensor, Static,
};
pub use contact::{ContactStarted, ContactStopped};
#[cfg(feature = "debug-draw")]
pub use debug_draw::CollideDebugDrawPlugin;
pub use frames::ColliderFrames;
pub use hit::{CollisionHit, HitTarget};
pub use level::{CollideLevel, TileMapCollider};
pub use pass::CollidePass;
pub use report::ReportSettings;

/// collide itself, for its shapes, layers, reactions, tile maps and settings.
pub use collide;
/// collide's `.collider.json` format, for [`ColliderFrames`]' files and placements.
pub use collide_hull;

/// What a game names most: the plugin, the components, the hit and collide's types they take.
pub mod prelude {
    pub use crate::{
        Character, CollidePlugin, CollideSystems, Collider, ColliderFrames, CollisionHit,
        CollisionLayers, ContactStarted, ContactStopped, HitReaction, HitTarget, Hits, LastPass,
        PreviousPosition, Sensor, Static, TileMapCollider,
    };
    pub use collide::{CharacterSettings, Layers, Reaction};
}

/// The plugin's systems, in the order they run in its schedule.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CollideSystems {
    /// The static world follows its components: the tile map in play, the static colliders
    /// added, moved or changed.
    Level,
    /// Characters move through the level.
    Characters,
    /// The collision pass over the moving colliders; `Transform`, [`PreviousPosition`] and
    /// [`LastPass`] written.
    Pass,
    /// The pass's hits sent as messages and observer events and kept in [`Hits`].
    Report,
}

/// The plugin: adds the [`CollideLevel`] and [`CollidePass`] resources, the
/// [`CollisionHit`] message, and the systems in [`CollideSystems`] order.
///
/// ```
/// use bevy::prelude::*;
/// use collide_bevy::CollidePlugin;
/// use collide_bevy::collide::BroadPhaseKind;
///
/// #[derive(bevy::ecs::schedule::ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
/// struct RollbackStep;
///
/// // A rollback library runs its own schedule; the plugin goes where it is told.
/// let plugin = CollidePlugin::in_schedule(RollbackStep).with_broad_phase(BroadPhaseKind::SortAndSweep);
/// App::new().add_plugins(plugin);
/// ```
#[derive(Clone, Debug)]
pub struct CollidePlugin {
    schedule: Interned<dyn ScheduleLabel>,
    broad_phase: BroadPhaseKind,
    settings: PassSettings,
    report: ReportSettings,
}

impl Default for CollidePlugin {
    /// In [`FixedPostUpdate`], over a grid, with collide's default pass settings.
    fn default() -> Self {
        Self::in_schedule(FixedPostUpdate)
    }
}

impl CollidePlugin {
    /// The plugin in `schedule` (a rollback library's own step, say).
    #[must_use]
    pub fn in_schedule(schedule: impl ScheduleLabel) -> Self {
        Self {
            schedule: schedule.intern(),
            broad_phase: BroadPhaseKind::Grid,
            settings: PassSettings::default(),
            report: ReportSettings::default(),
        }
    }

    /// The same plugin over another broad phase.
    #[must_use]
    pub fn with_broad_phase(mut self, kind: BroadPhaseKind) -> Self {
        self.broad_phase = kind;
        self
    }

    /// The same plugin with these pass settings (sweep mode, skin, caps).
    #[must_use]
    pub fn with_pass_settings(mut self, settings: PassSettings) -> Self {
        self.settings = settings;
        self
    }

    /// The same plugin following contacts from step to step for [`ContactStarted`] and
    /// [`ContactStopped`] (`true`, the default), or not (no contact event is sent; a crowded
    /// step takes about a tenth less).
    #[must_use]
    pub fn with_contact_events(mut self, contacts: bool) -> Self {
        self.report.contacts = contacts;
        self
    }

    /// The same plugin triggering observer events for hits (`true`, the default) or only
    /// sending messages and filling [`Hits`].
    #[must_use]
    pub fn with_observers(mut self, observers: bool) -> Self {
        self.report.observers = observers;
        self
    }
}

impl Plugin for CollidePlugin {
    fn build(&self, app: &mut App) {
        let broad: AnyBroadPhase = self.broad_phase.build();
        let world = app.world_mut();
        let keys = report::EventKeys {
            hit: world.register_event_key::<hit::CollisionHit>(),
            started: world.register_event_key::<contact::ContactStarted>(),
            stopped: world.register_event_key::<contact::ContactStopped>(),
        };
        app.add_message::<hit::CollisionHit>()
            .add_message::<contact::ContactStarted>()
            .add_message::<contact::ContactStopped>()
            .insert_resource(keys)
            .insert_resource(CollidePass::new(broad, self.settings))
            .init_resource::<CollideLevel>()
            .insert_resource(self.report)
            .add_observer(pass::on_collider_added)
            .add_observer(pass::on_collider_removed)
            .add_observer(pass::on_static_removed)
            .add_observer(level::on_static_removed)
            .add_observer(level::on_collider_removed)
            .add_observer(level::on_sensor_removed)
            .add_observer(level::on_tile_map_removed)
            .configure_sets(
                self.schedule,
                (
                    CollideSystems::Level,
                    CollideSystems::Characters,
                    CollideSystems::Pass,
                    CollideSystems::Report,
                )
                    .chain(),
            )
            .add_systems(
                self.schedule,
                (
                    (level::sync_tile_map, level::sync_statics)
                        .chain()
                        .in_set(CollideSystems::Level),
                    character::move_characters.in_set(CollideSystems::Characters),
                    pass::run_pass.in_set(CollideSystems::Pass),
                    (report::report_hits, contact::report_contacts)
                        .chain()
                        .in_set(CollideSystems::Report),
                ),
            );
    }
}
