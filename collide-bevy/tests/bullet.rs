//! A bullet at 10 000 units per second crosses an enemy 16 units thick in less than a step:
//! the plugin's sweep from where it stood finds the hit a test of end positions misses.

#[path = "support/common.rs"]
mod common;

use bevy::prelude::*;
use collide_bevy::prelude::*;
use common::{app, Velocity};

const BULLET_SPEED: f32 = 10_000.0;

/// Spawns an enemy above a bullet flying up at it; returns (bullet, enemy).
fn bullet_and_enemy(app: &mut App) -> (Entity, Entity) {
    let enemy = app
        .world_mut()
        .spawn((
            Collider::rect(Vec2::splat(8.0)),
            Transform::from_xyz(0.0, 200.0, 0.0),
        ))
        .id();
    let bullet = app
        .world_mut()
        .spawn((
            Collider::circle(2.0),
            Hits::default(),
            HitReaction(Reaction::Used),
            Velocity(Vec2::new(0.0, BULLET_SPEED)),
        ))
        .id();
    (bullet, enemy)
}

#[derive(Resource, Default)]
struct Heard(Vec<CollisionHit>);

fn listen(mut reader: MessageReader<CollisionHit>, mut heard: ResMut<Heard>) {
    heard.0.extend(reader.read().copied());
}

#[test]
fn a_bullet_at_ten_thousand_units_per_second_hits_its_enemy() {
    let mut app = app();
    app.init_resource::<Heard>().add_systems(FixedLast, listen);
    let (bullet, enemy) = bullet_and_enemy(&mut app);
    let step = common::step_secs(&app);
    // Each step the bullet moves 156 units: from y = 0 to 156 (short of the enemy's 192..208),
    // then to 312, past it, never overlapping it at the end of a step.
    assert!(BULLET_SPEED * step > 16.0 + 4.0);
    for _ in 0..4 {
        app.update();
    }
    let heard = &app.world().resource::<Heard>().0;
    assert_eq!(heard.len(), 1, "{heard:?}");
    let hit = heard[0];
    let (seen_from, other) = if hit.entity == bullet {
        (bullet, HitTarget::Entity(enemy))
    } else {
        (enemy, HitTarget::Entity(bullet))
    };
    assert_eq!((hit.entity, hit.other), (seen_from, other));
    assert!(hit.by_sweep);
    // It touched the enemy's bottom face, at y = 192, with its top at 194 - 2.
    assert!((hit.point.y - 192.0).abs() < 1e-2, "{hit:?}");
    // The hit stays in the bullet's components until the next pass: seen in exactly one step.
    let mut app = common::app();
    let (bullet, _) = bullet_and_enemy(&mut app);
    let mut seen = Vec::new();
    for _ in 0..4 {
        app.update();
        let hits = &app.world().get::<Hits>(bullet).unwrap().0;
        let used = app.world().get::<LastPass>(bullet).unwrap().used;
        assert_eq!(used, !hits.is_empty());
        seen.extend(hits.iter().copied());
    }
    assert_eq!(seen.len(), 1);
    assert_eq!((seen[0].entity, seen[0].normal), (bullet, Vec2::Y));
}

/// The same flight without a path (the previous position forgotten each step, as a plugin
/// that only read `Transform`s would): no step ends overlapping, so no hit. What the test
/// above proves is the plugin's doing.
#[test]
fn without_the_previous_position_the_bullet_tunnels() {
    let mut app = app();
    app.init_resource::<Heard>().add_systems(FixedLast, listen);
    app.add_systems(FixedUpdate, forget_paths.after(common::move_by_velocity));
    bullet_and_enemy(&mut app);
    for _ in 0..4 {
        app.update();
    }
    assert!(app.world().resource::<Heard>().0.is_empty());
}

fn forget_paths(mut previous: Query<&mut PreviousPosition>) {
    for mut p in &mut previous {
        p.0 = None;
    }
}

#[test]
fn observers_hear_each_side_of_a_hit_once() {
    #[derive(Resource, Default)]
    struct Heard(Vec<(Entity, HitTarget)>);
    let mut app = app();
    app.init_resource::<Heard>();
    let (bullet, enemy) = bullet_and_enemy(&mut app);
    app.world_mut()
        .entity_mut(enemy)
        .observe(|hit: On<CollisionHit>, mut heard: ResMut<Heard>| {
            heard.0.push((hit.entity, hit.other));
        });
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Heard>().0,
        vec![(enemy, HitTarget::Entity(bullet))]
    );
}

/// A global observer hears every hit from both sides; with none, nothing is triggered.
#[test]
fn a_global_observer_hears_both_sides() {
    #[derive(Resource, Default)]
    struct Heard(Vec<Entity>);
    let mut app = app();
    app.init_resource::<Heard>()
        .add_observer(|hit: On<CollisionHit>, mut heard: ResMut<Heard>| {
            heard.0.push(hit.entity);
        });
    let (bullet, enemy) = bullet_and_enemy(&mut app);
    for _ in 0..4 {
        app.update();
    }
    let mut heard = app.world().resource::<Heard>().0.clone();
    heard.sort();
    let mut both = vec![bullet, enemy];
    both.sort();
    assert_eq!(heard, both);
}

/// A body whose `Transform` was not finite for a step (a game's division by zero), then put
/// back, is met where it stands from the next step on: its path from nowhere is forgotten,
/// as a teleport's, not swept (a sweep from a non-finite start finds nothing).
#[test]
fn a_body_put_back_after_a_non_finite_step_is_met_where_it_stands() {
    let mut app = app();
    app.init_resource::<Heard>().add_systems(FixedLast, listen);
    let (bullet, _) = bullet_and_enemy(&mut app);
    app.world_mut().entity_mut(bullet).remove::<Velocity>();
    app.update();
    let mut transform = app.world_mut().get_mut::<Transform>(bullet).unwrap();
    transform.translation = Vec3::new(f32::NAN, 0.0, 0.0);
    app.update();
    assert!(app.world().resource::<Heard>().0.is_empty());
    // Back, inside the enemy (whose box spans y 192..208).
    let mut transform = app.world_mut().get_mut::<Transform>(bullet).unwrap();
    transform.translation = Vec3::new(0.0, 200.0, 0.0);
    app.update();
    let heard = &app.world().resource::<Heard>().0;
    assert_eq!(heard.len(), 1, "{heard:?}");
}
