//! Despawning entities mid-run: the plugin keeps nothing of them (no hit names them later,
//! a static one leaves the level at once), and the rest go on.

#[path = "support/common.rs"]
mod common;

use bevy::prelude::*;
use collide_bevy::prelude::*;
use collide_bevy::CollideLevel;
use common::Velocity;

const BULLET: u32 = 1;
const ENEMY: u32 = 2;

#[derive(Resource, Default)]
struct Heard(Vec<CollisionHit>);

fn listen(mut reader: MessageReader<CollisionHit>, mut heard: ResMut<Heard>) {
    heard.0.extend(reader.read().copied());
}

/// Bullets that despawn on their first hit (an observer on each), fired through a row of
/// enemies every step: later bullets hit what earlier ones left, and every hit reported names
/// entities alive when it was sent.
#[test]
fn bullets_despawned_on_hit_leave_nothing_behind() {
    let mut app = common::app();
    app.init_resource::<Heard>().add_systems(FixedLast, listen);
    let enemies: Vec<Entity> = (0..5)
        .map(|i| {
            let y = 100.0 + 40.0 * i as f32;
            app.world_mut()
                .spawn((
                    Collider::rect(Vec2::new(40.0, 4.0)),
                    CollisionLayers(Layers::on(ENEMY).with_mask(BULLET)),
                    Transform::from_xyz(0.0, y, 0.0),
                ))
                .id()
        })
        .collect();
    let mut fired = Vec::new();
    for step in 0..40 {
        let bullet = app
            .world_mut()
            .spawn((
                Collider::circle(1.0),
                HitReaction(Reaction::Used),
                CollisionLayers(Layers::on(BULLET).with_mask(ENEMY)),
                Velocity(Vec2::new(0.0, 5_000.0)),
                Transform::from_xyz(step as f32 - 20.0, 0.0, 0.0),
            ))
            .observe(|hit: On<CollisionHit>, mut commands: Commands| {
                commands.entity(hit.entity).despawn();
            })
            .id();
        fired.push(bullet);
        app.update();
        for hit in &app.world().resource::<Heard>().0 {
            // Each hit was sent while its entities stood; a bullet is gone right after.
            assert!(fired.contains(&hit.entity) || enemies.contains(&hit.entity));
        }
        let alive: Vec<Entity> = fired
            .iter()
            .copied()
            .filter(|&b| app.world().get_entity(b).is_ok())
            .collect();
        assert!(
            alive.len() <= 2,
            "step {step}: bullets live on after their hit"
        );
    }
    let heard = &app.world().resource::<Heard>().0;
    assert!(heard.len() >= 30, "{} hits", heard.len());
    // Each bullet was used up by the first enemy it reached, and heard only there.
    let mut per_bullet = std::collections::HashMap::new();
    for h in heard {
        let bullet = if fired.contains(&h.entity) {
            h.entity
        } else {
            h.other.entity().unwrap()
        };
        *per_bullet.entry(bullet).or_insert(0) += 1;
        assert!(
            h.other == HitTarget::Entity(enemies[0]) || h.entity == enemies[0],
            "{h:?} {enemies:?}"
        );
    }
    assert!(per_bullet.values().all(|&n| n == 1));
    // The last bullets reach the first enemy; then the pass holds the enemies alone.
    for _ in 0..3 {
        app.update();
    }
    assert!(fired.iter().all(|&b| app.world().get_entity(b).is_err()));
    let pass = app.world().resource::<collide_bevy::CollidePass>();
    assert_eq!(pass.entities(), enemies.as_slice());
}

/// A static wall despawned between two steps is out of the level at once: the next bullet
/// passes where it stood, and its id names no entity.
#[test]
fn a_despawned_static_wall_is_gone_from_the_level() {
    let mut app = common::app();
    app.init_resource::<Heard>().add_systems(FixedLast, listen);
    let wall = app
        .world_mut()
        .spawn((
            Collider::rect(Vec2::new(50.0, 2.0)),
            Static,
            Transform::from_xyz(0.0, 100.0, 0.0),
        ))
        .id();
    let fire = |app: &mut App| {
        app.world_mut().spawn((
            Collider::circle(1.0),
            HitReaction(Reaction::Used),
            Velocity(Vec2::new(0.0, 10_000.0)),
        ));
        for _ in 0..4 {
            app.update();
        }
        std::mem::take(&mut app.world_mut().resource_mut::<Heard>().0)
    };
    let first = fire(&mut app);
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].other, HitTarget::Entity(wall));
    assert_eq!(
        app.world().resource::<CollideLevel>().world().bodies.len(),
        1
    );
    app.world_mut().despawn(wall);
    assert!(app
        .world()
        .resource::<CollideLevel>()
        .world()
        .bodies
        .is_empty());
    assert_eq!(app.world().resource::<CollideLevel>().target(0), None);
    assert!(fire(&mut app).is_empty(), "a bullet hit the despawned wall");
}
