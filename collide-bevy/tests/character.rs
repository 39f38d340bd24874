//! A character falls onto a tile map's floor, lands, and walks along it across the seams
//! between tiles without catching on them; a coin on its way is reported as it passes.

#[path = "support/common.rs"]
mod common;

use bevy::prelude::*;
use collide_bevy::prelude::*;

const CELL: f32 = 16.0;
const WALK: f32 = 120.0;
const GRAVITY: f32 = -900.0;

/// A floor of 40 tiles (each its own cell, so 39 seams) with walls at both ends; y up.
fn level() -> TileMapCollider {
    let floor = format!("#{}#", "#".repeat(38));
    let air = format!("#{}#", ".".repeat(38));
    let rows: Vec<&str> = vec![
        air.as_str(),
        air.as_str(),
        air.as_str(),
        air.as_str(),
        floor.as_str(),
    ];
    TileMapCollider::from_rows(&rows, Vec2::splat(CELL), Vec2::ZERO).expect("a valid map")
}

fn gravity_and_walk(time: Res<Time>, mut characters: Query<&mut Character>) {
    for mut c in &mut characters {
        c.velocity.x = WALK;
        c.velocity.y += GRAVITY * time.delta_secs();
    }
}

#[test]
fn a_character_lands_on_the_floor_and_walks_without_catching() {
    let mut app = common::app();
    app.add_systems(FixedUpdate, gravity_and_walk);
    let map = app.world_mut().spawn(level()).id();
    // Its feet 20 units above the floor's top (y = 16), near the left wall.
    let player = app
        .world_mut()
        .spawn((
            Character::with_up(Vec2::Y, 4.0),
            Collider::rect(Vec2::new(6.0, 12.0)),
            Hits::default(),
            Transform::from_xyz(40.0, 16.0 + 12.0 + 20.0, 0.0),
        ))
        .id();
    let coin = app
        .world_mut()
        .spawn((
            Collider::circle(4.0),
            Sensor,
            Hits::default(),
            Transform::from_xyz(200.0, 28.0, 0.0),
        ))
        .id();
    let step = common::step_secs(&app);
    let mut landed = None;
    let (mut coin_hits, mut over_coin) = (0, 0);
    let mut last_x = 0.0;
    for frame in 0..400 {
        app.update();
        let c = app.world().get::<Character>(player).unwrap();
        let t = app.world().get::<Transform>(player).unwrap().translation;
        coin_hits += app.world().get::<Hits>(coin).unwrap().0.len();
        // A body whose path overlaps the coin, at the start or the end of a step, hits it then.
        let over = |x: f32| (x - 200.0).abs() < 6.0 + 4.0;
        over_coin += usize::from(over(t.x) || over(last_x));
        let Some(moved) = c.last_move() else { continue };
        if landed.is_none() && c.on_floor() {
            landed = Some(frame);
            assert!((t.y - 28.0).abs() < 0.05, "landed at {t}");
        }
        if landed.is_some() && t.x < 600.0 {
            // On the floor every step, at its height, a full step further: no seam stops it.
            assert!(c.on_floor() && !moved.on_wall, "frame {frame}: {moved:?}");
            assert!((t.y - 28.0).abs() < 0.05, "frame {frame}: {t}");
            assert!(
                (t.x - last_x - WALK * step).abs() < 1e-3,
                "frame {frame}: {} → {}",
                last_x,
                t.x
            );
            assert!(c.velocity.y.abs() < 1e-3, "the landing ended the fall");
        }
        last_x = t.x;
    }
    assert!(landed.is_some_and(|f| f < 30), "never landed");
    // It walked to the right wall (inner face at x = 624) and stands against it.
    let t = app.world().get::<Transform>(player).unwrap().translation;
    assert!((t.x - (624.0 - 6.0)).abs() < 0.05, "{t}");
    // The pass reports the coin in every step the character overlaps it (entering and leaving
    // once each is what touching pairs will report).
    assert!(over_coin > 5);
    assert_eq!(coin_hits, over_coin);
    // The level's contacts are the character's own, never hits of the pass.
    let player_hits = &app.world().get::<Hits>(player).unwrap().0;
    assert!(player_hits
        .iter()
        .all(|h| h.other != HitTarget::Tile { map, x: 0, y: 0 }));
}

/// A move collide refuses (a velocity that is not finite) moves nothing and changes nothing
/// the game set: the velocity stays as it was and a drop asked for is kept for the next move,
/// which, with a finite velocity again, drops through the one-way platform it stands on.
#[test]
fn a_refused_move_keeps_the_velocity_and_the_drop_asked_for() {
    let mut app = common::app();
    let rows = [
        "..........",
        "..........",
        "..====....",
        "..........",
        "##########",
    ];
    let map = TileMapCollider::from_rows(&rows, Vec2::splat(CELL), Vec2::ZERO).unwrap();
    app.world_mut().spawn(map);
    // Standing on the one-way platform (its top at y = 48).
    let player = app
        .world_mut()
        .spawn((
            Character::with_up(Vec2::Y, 4.0),
            Collider::rect(Vec2::new(6.0, 12.0)),
            Transform::from_xyz(56.0, 48.0 + 12.0 + 0.01, 0.0),
        ))
        .id();
    let character = |app: &App| app.world().get::<Character>(player).unwrap().clone();
    let at = |app: &App| app.world().get::<Transform>(player).unwrap().translation;
    // The first update runs no fixed step.
    app.update();
    app.update();
    assert!(
        character(&app).on_floor(),
        "{:?}",
        character(&app).last_move()
    );
    let stood = at(&app);
    {
        let mut c = app.world_mut().get_mut::<Character>(player).unwrap();
        c.velocity = Vec2::new(f32::NAN, -1.0);
        c.drop_through = true;
    }
    app.update();
    let c = character(&app);
    assert!(c.last_move().is_some_and(|m| m.invalid_input));
    assert!(c.velocity.x.is_nan() && c.velocity.y == -1.0);
    assert!(c.drop_through);
    assert_eq!(at(&app), stood);
    app.world_mut()
        .get_mut::<Character>(player)
        .unwrap()
        .velocity = Vec2::new(0.0, -60.0);
    app.update();
    let c = character(&app);
    assert!(!c.drop_through && !c.on_floor(), "{:?}", c.last_move());
    assert!(at(&app).y < stood.y - 0.5, "{} → {}", stood, at(&app));
}
