//! Started and stopped touching with entities: a sensor walked through reports each once, a
//! fast body through a sensor within one step reports both, a body resting on a floor does
//! not flicker, and despawning an entity ends its pairs.

#[path = "support/common.rs"]
mod common;

use bevy::ecs::message::Messages;
use bevy::prelude::*;
use collide_bevy::prelude::*;
use collide_bevy::CollideLevel;
use common::Velocity;

/// What one step sent: started pairs, then stopped pairs, as (entity, other).
#[derive(Debug, Default, PartialEq)]
struct Step {
    started: Vec<(Entity, HitTarget)>,
    stopped: Vec<(Entity, HitTarget)>,
}

/// Runs one step and reads the contact messages it sent.
fn step(app: &mut App) -> Step {
    app.update();
    let world = app.world_mut();
    let started = world
        .resource_mut::<Messages<ContactStarted>>()
        .drain()
        .map(|c| (c.entity, c.other))
        .collect();
    let stopped = world
        .resource_mut::<Messages<ContactStopped>>()
        .drain()
        .map(|c| (c.entity, c.other))
        .collect();
    Step { started, stopped }
}

/// A static sensor (a pressure plate's zone, 16 wide) and a body walking through it at
/// `speed` units a second from x = 0.
fn plate_and_walker(speed: f32) -> (App, Entity, Entity) {
    let mut app = common::app();
    let plate = app
        .world_mut()
        .spawn((
            Collider::rect(Vec2::new(8.0, 8.0)),
            Static,
            Sensor,
            Transform::from_xyz(40.0, 0.0, 0.0),
        ))
        .id();
    let walker = app
        .world_mut()
        .spawn((
            Collider::circle(3.0),
            Velocity(Vec2::new(speed, 0.0)),
            Transform::from_xyz(0.0, 0.0, 0.0),
        ))
        .id();
    (app, plate, walker)
}

#[test]
fn a_sensor_walked_through_reports_started_and_stopped_once_each() {
    // 64 units a second: one unit a step, about 22 steps inside the 16 + 6 wide zone.
    let (mut app, plate, walker) = plate_and_walker(64.0);
    let (mut started, mut stopped) = (Vec::new(), Vec::new());
    for i in 0..90 {
        let s = step(&mut app);
        started.extend(s.started.into_iter().map(|p| (i, p)));
        stopped.extend(s.stopped.into_iter().map(|p| (i, p)));
    }
    let pair = (walker, HitTarget::Entity(plate));
    assert_eq!(started.len(), 1, "{started:?}");
    assert_eq!(stopped.len(), 1, "{stopped:?}");
    assert_eq!((started[0].1, stopped[0].1), (pair, pair));
    let inside = stopped[0].0 - started[0].0;
    assert!((20..=24).contains(&inside), "touched for {inside} steps");
    // The sensor stopped nothing: a unit a step all the way (the first update's step aside).
    let x = app.world().get::<Transform>(walker).unwrap().translation.x;
    assert!((88.99..=90.01).contains(&x), "{x}");
}

#[test]
fn a_fast_body_through_a_sensor_reports_both_in_one_step() {
    // 6 400 units a second: 100 a step, across the zone within the first step.
    let (mut app, plate, walker) = plate_and_walker(6_400.0);
    step(&mut app); // the pass records where it stood
    let s = step(&mut app);
    let pair = (walker, HitTarget::Entity(plate));
    assert_eq!(s.started, [pair]);
    assert_eq!(s.stopped, [pair]);
    assert_eq!(step(&mut app), Step::default());
}

#[test]
fn a_body_resting_on_a_floor_touches_without_flickering() {
    let mut app = common::app();
    let floor = app
        .world_mut()
        .spawn((
            Collider::rect(Vec2::new(100.0, 8.0)),
            Static,
            Transform::from_xyz(0.0, -8.0, 0.0),
        ))
        .id();
    let crate_ = app
        .world_mut()
        .spawn((
            Collider::rect(Vec2::splat(4.0)),
            HitReaction(collide_bevy::collide::Reaction::Stop),
            Velocity(Vec2::new(0.0, -64.0)),
            Transform::from_xyz(0.0, 10.0, 0.0),
        ))
        .id();
    let mut steps = Vec::new();
    for _ in 0..40 {
        steps.push(step(&mut app));
    }
    let started: Vec<_> = steps.iter().flat_map(|s| s.started.clone()).collect();
    let stopped: Vec<_> = steps.iter().flat_map(|s| s.stopped.clone()).collect();
    assert_eq!(started, [(crate_, HitTarget::Entity(floor))]);
    assert!(stopped.is_empty(), "{stopped:?}");
}

#[test]
fn despawning_an_entity_ends_its_pairs() {
    // A walker standing in the zone (it stops there) touches it until it is despawned.
    let (mut app, plate, walker) = plate_and_walker(64.0);
    let mut started = 0;
    for _ in 0..45 {
        started += step(&mut app).started.len();
        let x = app.world().get::<Transform>(walker).unwrap().translation.x;
        if x >= 40.0 {
            app.world_mut().entity_mut(walker).remove::<Velocity>();
        }
    }
    assert_eq!(started, 1);
    assert!(step(&mut app).stopped.is_empty(), "it still stands in it");
    app.world_mut().entity_mut(walker).despawn();
    let s = step(&mut app);
    assert_eq!(s.stopped, [(walker, HitTarget::Entity(plate))]);
    assert_eq!(step(&mut app), Step::default());
}

/// A walker standing in the plate's zone, touching it (as in
/// `despawning_an_entity_ends_its_pairs`).
fn standing_in_the_plate() -> (App, Entity, Entity) {
    let (mut app, plate, walker) = plate_and_walker(64.0);
    for _ in 0..45 {
        step(&mut app);
        let x = app.world().get::<Transform>(walker).unwrap().translation.x;
        if x >= 40.0 {
            app.world_mut().entity_mut(walker).remove::<Velocity>();
        }
    }
    assert!(step(&mut app).stopped.is_empty(), "it stands in it");
    (app, plate, walker)
}

/// A newcomer's case: despawning the static side of a pair (a coin, a zone) ended it without
/// a word, and the next static entity spawned (which took its obstacle id) got the stop.
#[test]
fn despawning_a_static_entity_ends_its_pairs_naming_it() {
    let (mut app, plate, walker) = standing_in_the_plate();
    app.world_mut().entity_mut(plate).despawn();
    let s = step(&mut app);
    assert_eq!(s.stopped, [(walker, HitTarget::Entity(plate))]);
    assert_eq!(step(&mut app), Step::default());

    let (mut app, plate, walker) = standing_in_the_plate();
    app.world_mut().entity_mut(plate).despawn();
    let elsewhere = app
        .world_mut()
        .spawn((
            Collider::rect(Vec2::new(8.0, 8.0)),
            Static,
            Sensor,
            Transform::from_xyz(500.0, 0.0, 0.0),
        ))
        .id();
    let s = step(&mut app);
    assert_eq!(
        s.stopped,
        [(walker, HitTarget::Entity(plate))],
        "not {elsewhere}"
    );
    assert_eq!(step(&mut app), Step::default());

    // Losing its collider ends its pairs too.
    let (mut app, plate, walker) = standing_in_the_plate();
    app.world_mut().entity_mut(plate).remove::<Collider>();
    assert_eq!(step(&mut app).stopped, [(walker, HitTarget::Entity(plate))]);
}

/// A static collider that stops being a sensor is solid again in the level (the sync saw
/// only a sensor added), and one that becomes one is a sensor.
#[test]
fn a_static_collider_that_loses_its_sensor_is_solid_again() {
    let (mut app, plate, _) = plate_and_walker(64.0);
    let is_sensor = |app: &App| {
        let level = app.world().resource::<CollideLevel>();
        let id = (0..8).find(|&id| level.target(id) == Some(HitTarget::Entity(plate)));
        level.is_sensor(id.expect("the plate is in the level"))
    };
    // The first update runs no fixed step.
    step(&mut app);
    step(&mut app);
    assert!(is_sensor(&app));
    app.world_mut().entity_mut(plate).remove::<Sensor>();
    step(&mut app);
    assert!(!is_sensor(&app));
    app.world_mut().entity_mut(plate).insert(Sensor);
    step(&mut app);
    assert!(is_sensor(&app));
}

#[test]
fn observers_hear_both_sides_of_a_contact() {
    let (mut app, plate, walker) = plate_and_walker(6_400.0);
    let heard = app.world_mut().spawn_empty().id();
    app.world_mut().spawn(Observer::new(
        move |event: On<ContactStarted>, mut commands: Commands| {
            let (entity, other) = (event.entity, event.other);
            commands
                .entity(heard)
                .insert(Name::new(format!("{entity} {other:?}")));
        },
    ));
    step(&mut app);
    step(&mut app);
    // Each side was triggered; the last trigger is the plate's side.
    let name = app.world().get::<Name>(heard).expect("an observer ran");
    assert_eq!(
        name.as_str(),
        format!("{plate} {:?}", HitTarget::Entity(walker))
    );
}

#[test]
fn contact_events_can_be_turned_off() {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        CollidePlugin::default().with_contact_events(false),
    ))
    .insert_resource(bevy::time::TimeUpdateStrategy::FixedTimesteps(1))
    .add_systems(FixedUpdate, common::move_by_velocity);
    app.world_mut().spawn((
        Collider::rect(Vec2::new(8.0, 8.0)),
        Static,
        Sensor,
        Transform::from_xyz(40.0, 0.0, 0.0),
    ));
    let walker = app
        .world_mut()
        .spawn((
            Collider::circle(3.0),
            Hits::default(),
            Velocity(Vec2::new(6_400.0, 0.0)),
            Transform::default(),
        ))
        .id();
    step(&mut app);
    assert_eq!(step(&mut app), Step::default());
    // The hit itself is still reported.
    assert_eq!(app.world().get::<Hits>(walker).unwrap().0.len(), 1);
}

/// A static collider that stops being static while something touches it (a platform set
/// moving) is the same entity, still touching: no stop and no start between the two.
#[test]
fn a_touching_collider_that_stops_being_static_keeps_touching() {
    let (mut app, plate, walker) = standing_in_the_plate();
    app.world_mut().entity_mut(plate).remove::<Static>();
    assert_eq!(step(&mut app), Step::default());
    assert_eq!(step(&mut app), Step::default());
    // And back: a moving collider made static.
    app.world_mut().entity_mut(plate).insert(Static);
    assert_eq!(step(&mut app), Step::default());
    assert_eq!(step(&mut app), Step::default());
    // Moved apart, the pair stops once.
    app.world_mut()
        .entity_mut(plate)
        .get_mut::<Transform>()
        .unwrap()
        .translation
        .x = 500.0;
    assert_eq!(step(&mut app).stopped, [(walker, HitTarget::Entity(plate))]);
}
