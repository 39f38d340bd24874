//! A step with more candidate pairs than the pass's limit: the pass fails, says why, and
//! every body goes where its `Transform` says, with no hit, its path starting there next.

#[path = "support/common.rs"]
mod common;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use collide_bevy::collide::PassSettings;
use collide_bevy::prelude::*;
use collide_bevy::CollidePass;
use common::{move_by_velocity, Velocity};

#[test]
fn a_failed_pass_leaves_every_body_at_its_transform() {
    let settings = PassSettings::default().with_max_pairs(0);
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        CollidePlugin::default().with_pass_settings(settings),
    ))
    .insert_resource(TimeUpdateStrategy::FixedTimesteps(1))
    .add_systems(FixedUpdate, move_by_velocity);
    app.world_mut().spawn((
        Collider::rect(Vec2::splat(8.0)),
        Transform::from_xyz(0.0, 100.0, 0.0),
    ));
    let bullet = app
        .world_mut()
        .spawn((
            Collider::circle(2.0),
            Hits::default(),
            HitReaction(Reaction::Stop),
            Velocity(Vec2::new(0.0, 64.0 * 64.0)),
        ))
        .id();
    let y = |app: &App| app.world().get::<Transform>(bullet).unwrap().translation.y;
    // 64 units a step: across the wall at y = 92..108 in the step from 64 to 128.
    while y(&app) < 128.0 {
        app.update();
        assert!(app.world().get::<Hits>(bullet).unwrap().0.is_empty());
    }
    assert_eq!(y(&app), 128.0, "not stopped: the pass found no hit");
    let error = app.world().resource::<CollidePass>().error();
    assert!(error.is_some(), "the pair limit was passed");
    let previous = app.world().get::<PreviousPosition>(bullet).unwrap().0;
    assert_eq!(previous, Some(Vec2::new(0.0, 128.0)));
}
