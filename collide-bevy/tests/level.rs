//! The level: a tile map's cells named in hits, a tile changed in play, a static collider
//! moved as a platform that carries a character.

#[path = "support/common.rs"]
mod common;

use bevy::prelude::*;
use collide_bevy::prelude::*;
use collide_bevy::CollideLevel;
use common::Velocity;

/// A box of walls, 10 × 6 cells of 16 units, y up.
fn walls() -> TileMapCollider {
    TileMapCollider::from_rows(
        &[
            "##########",
            "#........#",
            "#........#",
            "#........#",
            "#........#",
            "##########",
        ],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .expect("a valid map")
}

/// A ball fired right at 6 000 units per second stops against the right wall's cell, named
/// by its column and row; with the wall's cell emptied in play, the next one passes it.
#[test]
fn a_hit_on_a_tile_names_its_cell_and_a_changed_tile_counts_at_once() {
    let mut app = common::app();
    let map = app.world_mut().spawn(walls()).id();
    let ball = app
        .world_mut()
        .spawn((
            Collider::circle(3.0),
            Hits::default(),
            HitReaction(Reaction::Stop),
            Velocity(Vec2::new(6_000.0, 0.0)),
            Transform::from_xyz(40.0, 40.0, 0.0),
        ))
        .id();
    let mut seen = Vec::new();
    for _ in 0..3 {
        app.update();
        seen.extend(app.world().get::<Hits>(ball).unwrap().0.iter().copied());
    }
    let first = seen.first().copied().expect("the ball hit the wall");
    assert_eq!(first.other, HitTarget::Tile { map, x: 9, y: 2 });
    assert_eq!(first.normal, Vec2::X);
    // Stopped a skin short of the wall's face at x = 144, its radius 3 away.
    let x = app.world().get::<Transform>(ball).unwrap().translation.x;
    assert!(x < 141.0 && x > 140.9, "{x}");

    // Open the wall's cell, in play: the ball flies through where the wall was.
    app.world_mut()
        .get_mut::<TileMapCollider>(map)
        .unwrap()
        .0
        .set(9, 2, 0)
        .unwrap();
    app.world_mut()
        .get_mut::<Transform>(ball)
        .unwrap()
        .translation
        .x = 40.0;
    app.world_mut().get_mut::<PreviousPosition>(ball).unwrap().0 = None;
    app.update();
    app.update();
    let x = app.world().get::<Transform>(ball).unwrap().translation.x;
    assert!(x > 160.0, "{x}: the opened cell still stopped it");
    assert_eq!(
        app.world().resource::<CollideLevel>().map_entity(),
        Some(map)
    );
}

/// A static platform the game moves right carries the character standing on it.
#[test]
fn a_moving_static_carries_a_character() {
    let mut app = common::app();
    app.add_systems(FixedUpdate, |mut c: Query<&mut Character>| {
        for mut c in &mut c {
            c.velocity.y -= 20.0;
        }
    });
    let platform = app
        .world_mut()
        .spawn((
            Collider::rect(Vec2::new(40.0, 4.0)),
            Static,
            Velocity(Vec2::new(64.0, 0.0)),
            Transform::from_xyz(0.0, 0.0, 0.0),
        ))
        .id();
    let player = app
        .world_mut()
        .spawn((
            Character::with_up(Vec2::Y, 2.0),
            Collider::rect(Vec2::new(4.0, 8.0)),
            Transform::from_xyz(0.0, 12.5, 0.0),
        ))
        .id();
    let at = |app: &App| {
        let x = |e| app.world().get::<Transform>(e).unwrap().translation;
        (x(player), x(platform))
    };
    for _ in 0..54 {
        app.update();
    }
    let (p0, q0) = at(&app);
    for _ in 0..10 {
        app.update();
    }
    let (p, q) = at(&app);
    assert!(app.world().get::<Character>(player).unwrap().on_floor());
    // Carried: over the last ten steps it moved as far as the platform, standing on it.
    assert!(q.x - q0.x > 9.0, "the platform moved: {q0} → {q}");
    assert!(
        ((p.x - p0.x) - (q.x - q0.x)).abs() < 1e-3,
        "player {p0} → {p}, platform {q0} → {q}"
    );
    assert!((p.y - 12.0).abs() < 0.1, "{p}");
}

/// A static sensor (a coin laid in the level) is reported when a body meets it, and stops
/// nothing: neither a ball that stops at what it hits nor a walking character.
#[test]
fn a_static_sensor_is_met_and_stops_nothing() {
    let mut app = common::app();
    app.world_mut().spawn(walls());
    let coin = app
        .world_mut()
        .spawn((
            Collider::circle(4.0),
            Static,
            Sensor,
            Hits::default(),
            Transform::from_xyz(80.0, 40.0, 0.0),
        ))
        .id();
    let ball = app
        .world_mut()
        .spawn((
            Collider::circle(3.0),
            Hits::default(),
            HitReaction(Reaction::Stop),
            Velocity(Vec2::new(3_000.0, 0.0)),
            Transform::from_xyz(40.0, 40.0, 0.0),
        ))
        .id();
    let mut met = Vec::new();
    for _ in 0..5 {
        app.update();
        met.extend(
            app.world()
                .get::<Hits>(ball)
                .unwrap()
                .0
                .iter()
                .map(|h| h.other),
        );
    }
    assert_eq!(met.first(), Some(&HitTarget::Entity(coin)), "{met:?}");
    // It flew on through the coin to the wall (its face at x = 144).
    let x = app.world().get::<Transform>(ball).unwrap().translation.x;
    assert!(x > 140.9 && x < 141.0, "{x}: the sensor stopped it");
    assert!(
        matches!(met.last(), Some(HitTarget::Tile { .. })),
        "{met:?}"
    );
    assert!(app.world().resource::<CollideLevel>().is_sensor(0));
}
