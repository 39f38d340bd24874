//! `.collider.json` files through Bevy's asset server (the `asset` feature), headless: a
//! loaded file becomes the entity's animated collider, a broken one fails to load with its
//! reason.
#![cfg(feature = "asset")]

#[path = "support/common.rs"]
mod common;

use bevy::asset::{AssetMetaCheck, AssetPlugin, LoadState};
use bevy::prelude::*;
use collide_bevy::prelude::*;
use collide_bevy::{CollideAssetPlugin, ColliderAsset};
use common::{app, Velocity};

/// The tests' app with an asset server reading `tests/assets`.
fn asset_app() -> App {
    let mut app = app();
    app.add_plugins(AssetPlugin {
        file_path: "tests/assets".into(),
        meta_check: AssetMetaCheck::Never,
        ..default()
    })
    .add_plugins(CollideAssetPlugin::default());
    app
}

/// Loads the blade's file and spawns an entity holding it: the entity and the handle.
fn spawn_blade(app: &mut App) -> (Entity, Handle<ColliderFrames>) {
    let handle = app
        .world()
        .resource::<AssetServer>()
        .load::<ColliderFrames>("blade.collider.json");
    let blade = app
        .world_mut()
        .spawn((ColliderAsset(handle.clone()), Transform::default()))
        .id();
    (blade, handle)
}

/// Steps `app` until `done` holds, for at most a few hundred steps (the file is read on
/// another thread).
fn update_until(app: &mut App, done: impl Fn(&App) -> bool) -> bool {
    for _ in 0..500 {
        if done(app) {
            return true;
        }
        app.update();
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    done(app)
}

#[test]
fn a_loaded_file_is_the_entity_collider() {
    let mut app = asset_app();
    let (blade, _) = spawn_blade(&mut app);
    let frames = |app: &App| {
        app.world()
            .get::<Collider>(blade)
            .and_then(|c| c.frames().cloned())
    };
    assert!(
        update_until(&mut app, |app| frames(app).is_some()),
        "the file loads"
    );
    assert_eq!(frames(&app).map(|f| f.len()), Some(3));

    // Shown wide (40 across), it meets a target 12 to the side of its path.
    app.world_mut()
        .entity_mut(blade)
        .insert((Hits::default(), Velocity(Vec2::new(0.0, 2_560.0))));
    app.world_mut().spawn((
        Collider::rect(Vec2::splat(2.0)),
        Transform::from_xyz(12.0, 100.0, 0.0),
    ));
    let y = |app: &App| app.world().get::<Transform>(blade).unwrap().translation.y;
    let mut hits = 0;
    while y(&app) < 120.0 {
        app.update();
        hits += app.world().get::<Hits>(blade).unwrap().0.len();
    }
    assert_eq!(hits, 1, "the loaded frame 0, 40 wide, hits once");
}

#[test]
fn a_broken_file_fails_to_load_with_its_reason() {
    let mut app = asset_app();
    let handle = app
        .world()
        .resource::<AssetServer>()
        .load::<ColliderFrames>("bent.collider.json");
    let failed = |app: &App| match app.world().resource::<AssetServer>().load_state(&handle) {
        LoadState::Failed(error) => Some(error.to_string()),
        _ => None,
    };
    assert!(update_until(&mut app, |app| failed(app).is_some()));
    let message = failed(&app).unwrap();
    assert!(
        message.contains("bent.collider.json")
            && message.contains("frame 1")
            && message.contains("not strictly convex"),
        "{message}"
    );
}

#[test]
fn frames_replaced_in_the_asset_store_replace_the_collider_keeping_its_frame() {
    let mut app = asset_app();
    let (blade, handle) = spawn_blade(&mut app);
    let collider = |app: &App| app.world().get::<Collider>(blade).cloned();
    assert!(update_until(&mut app, |app| collider(app).is_some()));
    let mut entity = app.world_mut().entity_mut(blade);
    entity.get_mut::<Collider>().unwrap().set_frame(1).unwrap();

    // What a reload does: new frames under the same handle (here the blade's, read again).
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/assets/blade.collider.json"
    );
    let reread = ColliderFrames::read(path, &ColliderFrames::SPRITE).unwrap();
    let mut store = app.world_mut().resource_mut::<Assets<ColliderFrames>>();
    store.insert(&handle, reread.clone()).unwrap();
    app.update();
    let now = collider(&app).unwrap();
    assert!(
        now.frames().is_some_and(|f| f.same_frames(&reread)),
        "replaced"
    );
    assert_eq!(now.frame(), 1, "the frame shown is kept");
}
