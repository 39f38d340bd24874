//! `.collider.json` files as Bevy assets (the `asset` feature): [`ColliderFramesLoader`]
//! reads them into [`ColliderFrames`], and a [`ColliderAsset`] on an entity becomes its
//! animated [`Collider`] once its file is loaded.

use bevy::app::{App, FixedPostUpdate, Plugin};
use bevy::asset::io::Reader;
use bevy::asset::{AssetApp, AssetLoader, Assets, Handle, LoadContext};
use bevy::ecs::intern::Interned;
use bevy::ecs::prelude::*;
use bevy::ecs::schedule::ScheduleLabel;
use bevy::reflect::TypePath;
use collide_hull::{Origin, Placement, YAxis};
use serde::{Deserialize, Serialize};

use crate::components::Collider;
use crate::frames::ColliderFrames;
use crate::{level, CollideSystems};

/// Registers [`ColliderFrames`] as an asset, its loader for `.collider.json` files, and the
/// system that gives each [`ColliderAsset`] its [`Collider`]. Add it after Bevy's
/// `AssetPlugin`, beside [`CollidePlugin`](crate::CollidePlugin) and in the same schedule.
///
/// ```
/// use bevy::prelude::*;
/// use collide_bevy::{CollideAssetPlugin, CollidePlugin, ColliderAsset};
///
/// let mut app = App::new();
/// app.add_plugins((MinimalPlugins, AssetPlugin::default()))
///     .add_plugins((CollidePlugin::default(), CollideAssetPlugin::default()));
/// let ship = app.world().resource::<AssetServer>().load("ship.collider.json");
/// app.world_mut().spawn((ColliderAsset(ship), Transform::default()));
/// ```
#[derive(Clone, Debug)]
pub struct CollideAssetPlugin {
    schedule: Interned<dyn ScheduleLabel>,
}

impl Default for CollideAssetPlugin {
    /// In [`FixedPostUpdate`], as [`CollidePlugin::default`](crate::CollidePlugin).
    fn default() -> Self {
        Self::in_schedule(FixedPostUpdate)
    }
}

impl CollideAssetPlugin {
    /// The plugin in `schedule`: the one [`CollidePlugin`](crate::CollidePlugin) runs in.
    #[must_use]
    pub fn in_schedule(schedule: impl ScheduleLabel) -> Self {
        Self {
            schedule: schedule.intern(),
        }
    }
}

impl Plugin for CollideAssetPlugin {
    fn build(&self, app: &mut App) {
        app.init_asset::<ColliderFrames>()
            .register_asset_loader(ColliderFramesLoader)
            .add_systems(
                self.schedule,
                attach_collider_assets
                    .in_set(CollideSystems::Level)
                    .before(level::sync_tile_map),
            );
    }
}

/// How a `.collider.json` file's pixels become local units: a Bevy sprite's unless its
/// `.meta` file says otherwise (see [`ColliderFrames::SPRITE`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ColliderFramesSettings {
    /// World units per pixel.
    pub scale: f32,
    /// The game's y points up (Bevy's), so the file's y, down the image, is negated.
    pub y_up: bool,
    /// The frame's centre is at the entity (else its top-left corner).
    pub centred: bool,
}

impl Default for ColliderFramesSettings {
    /// One unit per pixel, y up, centred: [`ColliderFrames::SPRITE`].
    fn default() -> Self {
        Self {
            scale: 1.0,
            y_up: true,
            centred: true,
        }
    }
}

impl ColliderFramesSettings {
    /// The placement these settings describe.
    #[must_use]
    pub fn placement(&self) -> Placement {
        Placement {
            origin: if self.centred {
                Origin::Center
            } else {
                Origin::TopLeft
            },
            scale: self.scale,
            y_axis: if self.y_up { YAxis::Up } else { YAxis::Down },
        }
    }
}

/// Loads `.collider.json` files as [`ColliderFrames`]. A file that cannot be read or breaks
/// the format fails to load with [`collide_hull::Error`], which says why (the asset server
/// adds the path).
#[derive(Clone, Copy, Debug, Default, TypePath)]
pub struct ColliderFramesLoader;

impl AssetLoader for ColliderFramesLoader {
    type Asset = ColliderFrames;
    type Settings = ColliderFramesSettings;
    type Error = collide_hull::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        settings: &ColliderFramesSettings,
        load_context: &mut LoadContext<'_>,
    ) -> Result<ColliderFrames, collide_hull::Error> {
        let io = |source| collide_hull::Error::Io {
            path: load_context.path().path().to_path_buf(),
            source,
        };
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await.map_err(io)?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|e| io(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))?;
        ColliderFrames::from_json(text, &settings.placement())
    }

    fn extensions(&self) -> &[&str] {
        &["collider.json"]
    }
}

/// An entity's collider from a `.collider.json` asset: once the file is loaded, the entity
/// gets [`Collider::animated`] of its frames (the game then sets the frame shown on the
/// `Collider`). A file loaded again (a hot reload) replaces the frames and keeps the frame
/// shown when it still exists. Until it is loaded the entity has no collider of its own.
///
/// Checked each step, one lookup per entity that has it.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct ColliderAsset(pub Handle<ColliderFrames>);

/// Gives every entity whose [`ColliderAsset`] is loaded its frames as its [`Collider`].
fn attach_collider_assets(
    mut commands: Commands,
    assets: Res<Assets<ColliderFrames>>,
    bodies: Query<(Entity, &ColliderAsset, Option<&Collider>)>,
) {
    for (entity, asset, collider) in &bodies {
        let Some(frames) = assets.get(&asset.0) else {
            continue;
        };
        let shown = collider.and_then(Collider::frames);
        if shown.is_some_and(|f| f.same_frames(frames)) {
            continue;
        }
        let mut attached = Collider::animated(frames.clone());
        let frame = collider.map_or(0, Collider::frame);
        if frame < frames.len() {
            attached.set_frame(frame).ok();
        }
        commands.entity(entity).insert(attached);
    }
}
