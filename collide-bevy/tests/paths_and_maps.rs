//! Where a body's next path starts, and what the contact reports name, after the game changes
//! things between steps: cases a tester's round as a Bevy game found wrong.
//!
//! - A static collider that stops being static swept from where it was spawned (the pass never
//!   moved it while it was static), through whatever lay between.
//! - A collider taken off and put back on later swept from where it was taken off.
//! - A character moved by its `Transform` (a teleport) was swept by the pass along the way.
//! - Pairs with a tile map's cells never stopped when the map was despawned, and named the new
//!   map (or the wrong cell) when it was replaced.
//! - A character's contacts with the level's solid parts were reported now and then (riding a
//!   platform, dropping through a one-way one), where its hits with them never are.

#[path = "support/common.rs"]
mod common;

use bevy::ecs::message::Messages;
use bevy::prelude::*;
use collide_bevy::prelude::*;

/// Runs one step and drains its hits and contact messages: (hits, started, stopped).
fn step(app: &mut App) -> (Vec<CollisionHit>, Vec<ContactStarted>, Vec<ContactStopped>) {
    app.update();
    let world = app.world_mut();
    let hits = world
        .resource_mut::<Messages<CollisionHit>>()
        .drain()
        .collect();
    let started = world
        .resource_mut::<Messages<ContactStarted>>()
        .drain()
        .collect();
    let stopped = world
        .resource_mut::<Messages<ContactStopped>>()
        .drain()
        .collect();
    (hits, started, stopped)
}

fn at(app: &App, entity: Entity) -> Vec2 {
    app.world()
        .get::<Transform>(entity)
        .unwrap()
        .translation
        .truncate()
}

fn place(app: &mut App, entity: Entity, to: Vec2) {
    app.world_mut()
        .get_mut::<Transform>(entity)
        .unwrap()
        .translation = to.extend(0.0);
}

#[test]
fn a_static_collider_that_starts_moving_starts_where_it_stands() {
    let mut app = common::app();
    let wall = (
        Collider::rect(Vec2::new(1.0, 5.0)),
        Static,
        Transform::from_xyz(50.0, 10.0, 0.0),
    );
    app.world_mut().spawn(wall);
    let lift = app
        .world_mut()
        .spawn((
            Collider::rect(Vec2::new(4.0, 1.0)),
            Static,
            HitReaction(Reaction::Stop),
            Transform::from_xyz(0.0, 0.0, 0.0),
        ))
        .id();
    step(&mut app);
    // Moved as a lift, over the wall.
    for i in 1..=10 {
        let y = if i < 10 { 40.0 } else { 20.0 };
        place(&mut app, lift, Vec2::new(10.0 * i as f32, y));
        step(&mut app);
    }
    app.world_mut().entity_mut(lift).remove::<Static>();
    for _ in 0..3 {
        let (hits, _, _) = step(&mut app);
        assert!(hits.is_empty(), "{hits:?}");
        assert_eq!(at(&app, lift), Vec2::new(100.0, 20.0));
    }
}

#[test]
fn a_collider_put_back_on_starts_where_it_is_then() {
    let mut app = common::app();
    app.world_mut().spawn((
        Collider::rect(Vec2::new(1.0, 20.0)),
        Static,
        Transform::from_xyz(50.0, 0.0, 0.0),
    ));
    let body = app
        .world_mut()
        .spawn((
            Collider::circle(2.0),
            HitReaction(Reaction::Stop),
            Transform::from_xyz(0.0, 0.0, 0.0),
        ))
        .id();
    step(&mut app);
    step(&mut app);
    app.world_mut().entity_mut(body).remove::<Collider>();
    step(&mut app);
    place(&mut app, body, Vec2::new(100.0, 0.0));
    step(&mut app);
    app.world_mut()
        .entity_mut(body)
        .insert(Collider::circle(2.0));
    for _ in 0..2 {
        let (hits, _, _) = step(&mut app);
        assert!(hits.is_empty(), "{hits:?}");
        assert_eq!(at(&app, body), Vec2::new(100.0, 0.0));
    }
}

#[test]
fn a_teleported_character_is_not_swept_along_the_way() {
    let mut app = common::app();
    let coin = (
        Collider::circle(3.0),
        Sensor,
        Transform::from_xyz(100.0, 0.0, 0.0),
    );
    app.world_mut().spawn(coin);
    let player = app
        .world_mut()
        .spawn((
            Character::with_up(Vec2::Y, 0.0),
            Collider::rect(Vec2::new(5.0, 7.0)),
            Transform::from_xyz(0.0, 0.0, 0.0),
        ))
        .id();
    step(&mut app);
    step(&mut app);
    place(&mut app, player, Vec2::new(200.0, 0.0));
    let (hits, started, _) = step(&mut app);
    assert!(
        hits.is_empty() && started.is_empty(),
        "{hits:?} {started:?}"
    );
    assert_eq!(at(&app, player), Vec2::new(200.0, 0.0));
}

/// A box resting on the tile at `cell` of a map of 16-unit tiles, its contact started.
fn resting_on_a_tile(rows: &[&str], cell: (u32, u32)) -> (App, Entity, Entity) {
    let mut app = common::app();
    let tiles = TileMapCollider::from_rows(rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    let map = app.world_mut().spawn(tiles).id();
    let above = Vec2::new(cell.0 as f32 * 16.0 + 8.0, cell.1 as f32 * 16.0 + 21.0);
    let body = app
        .world_mut()
        .spawn((
            Collider::rect(Vec2::splat(4.0)),
            HitReaction(Reaction::Stop),
            Transform::from_translation(above.extend(0.0)),
        ))
        .id();
    let mut started = Vec::new();
    for _ in 0..6 {
        started.extend(press(&mut app, body).1);
    }
    let tile = HitTarget::Tile {
        map,
        x: cell.0,
        y: cell.1,
    };
    assert!(started.iter().any(|s| s.other == tile), "{started:?}");
    (app, map, body)
}

/// Presses `body` down by a unit for a step.
fn press(
    app: &mut App,
    body: Entity,
) -> (Vec<CollisionHit>, Vec<ContactStarted>, Vec<ContactStopped>) {
    let down = at(app, body) - Vec2::Y;
    place(app, body, down);
    step(app)
}

/// Presses `body` down for a few steps and gathers the pairs that stopped.
fn press_down(app: &mut App, body: Entity) -> Vec<(Entity, HitTarget)> {
    let mut stopped = Vec::new();
    for _ in 0..3 {
        stopped.extend(press(app, body).2.iter().map(|s| (s.entity, s.other)));
    }
    stopped
}

#[test]
fn pairs_with_a_tile_map_stop_when_it_goes_and_name_it() {
    let (mut app, map, body) = resting_on_a_tile(&["####"], (1, 0));
    app.world_mut().despawn(map);
    let tile = HitTarget::Tile { map, x: 1, y: 0 };
    assert_eq!(press_down(&mut app, body), [(body, tile)]);
    // Taken off its entity, the same.
    let (mut app, map, body) = resting_on_a_tile(&["####"], (1, 0));
    app.world_mut().entity_mut(map).remove::<TileMapCollider>();
    let tile = HitTarget::Tile { map, x: 1, y: 0 };
    assert_eq!(press_down(&mut app, body), [(body, tile)]);
    // Replaced by another map's entity with no tile there: the old map's tile.
    let (mut app, map, body) = resting_on_a_tile(&["####"], (1, 0));
    let empty = TileMapCollider::from_rows(&["....", "...."], Vec2::splat(16.0), Vec2::ZERO);
    app.world_mut().spawn(empty.unwrap());
    let tile = HitTarget::Tile { map, x: 1, y: 0 };
    assert_eq!(press_down(&mut app, body), [(body, tile)]);
    // The same map made wider, that tile gone: numbered as the map had it (index 6 of a map
    // 4 wide is (2, 1); of one 8 wide, (6, 0)).
    let (mut app, map, body) = resting_on_a_tile(&["....", "..#.", "####"], (2, 1));
    let rows = ["........", "........", "########"];
    let wider = TileMapCollider::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO);
    *app.world_mut().get_mut::<TileMapCollider>(map).unwrap() = wider.unwrap();
    let tile = HitTarget::Tile { map, x: 2, y: 1 };
    assert_eq!(press_down(&mut app, body), [(body, tile)]);
}

fn fall(time: Res<Time>, mut characters: Query<&mut Character>) {
    for mut character in &mut characters {
        character.velocity.y -= 900.0 * time.delta_secs();
    }
}

#[test]
fn a_characters_contacts_with_the_solid_level_are_its_moves() {
    let mut app = common::app();
    app.add_systems(FixedUpdate, fall);
    let rows = [
        "#..........#",
        "#..====....#",
        "#..........#",
        "############",
    ];
    let tiles = TileMapCollider::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    app.world_mut().spawn(tiles);
    let lift = app
        .world_mut()
        .spawn((
            Collider::rect(Vec2::new(20.0, 4.0)),
            Static,
            Transform::from_xyz(140.0, 30.0, 0.0),
        ))
        .id();
    let walker = (
        Character::with_up(Vec2::Y, 4.0),
        Collider::rect(Vec2::new(5.0, 7.0)),
        Transform::from_xyz(72.0, 60.0, 0.0),
    );
    let rider = (
        Character::with_up(Vec2::Y, 4.0),
        Collider::rect(Vec2::new(5.0, 7.0)),
        Transform::from_xyz(140.0, 41.5, 0.0),
    );
    let player = app.world_mut().spawn(walker).id();
    app.world_mut().spawn(rider);
    let mut seen = Vec::new();
    for frame in 0..120 {
        if frame == 60 {
            app.world_mut()
                .get_mut::<Character>(player)
                .unwrap()
                .drop_through = true;
        }
        // To and fro, a unit a step, 15 each way.
        let x = 125.0 + (30.0 - ((frame % 60) as f32 - 30.0).abs());
        place(&mut app, lift, Vec2::new(x, 30.0));
        let (_, started, stopped) = step(&mut app);
        seen.extend(started.iter().map(|s| (frame, s.entity, s.other)));
        seen.extend(stopped.iter().map(|s| (frame, s.entity, s.other)));
    }
    assert!(seen.is_empty(), "{seen:?}");
    assert!(at(&app, player).y < 30.0, "it dropped through the platform");
}
