//! A tiny platformer level, loaded from an LDtk project (`examples/level.ldtk`, with
//! collide-levels), run headless under `MinimalPlugins`, printing what happens: a character
//! falls onto the level's floor and walks right, picking up coins (sensors); a turret fires
//! bullets at 2 000 units per second at an enemy pacing on a ledge, and the wall behind it.
//! The player, the coins, the enemy and the turret stand where the level's entities say. Ends
//! by itself after four seconds of game time.
//!
//! `cd collide-bevy && cargo run --example headless`

use bevy::app::{AppExit, ScheduleRunnerPlugin};
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use collide_bevy::collide::TileShape;
use collide_bevy::prelude::*;
use collide_levels::{LdtkOptions, LdtkProject, YAxis};

/// Steps of 1/64 s before the example ends: four seconds.
const STEPS: u32 = 256;
const GRAVITY: f32 = -900.0;
const PLAYER: u32 = 1;
const BULLET: u32 = 2;
const ENEMY: u32 = 4;
const COIN: u32 = 8;
const LEVEL_LAYER: u32 = 16;

/// The LDtk project: one level of 40 × 8 cells of 16 units (IntGrid value 1 solid, 3 a 45°
/// slope rising to the right), placed in the editor so that its bottom-left corner is the
/// world's origin with y up; its entities are `Player`, `Coin`, `Enemy` and `Turret`.
const LEVEL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/level.ldtk");

/// How high above the turret every other bullet flies (over the enemy, at the far wall).
const HIGH_SHOT: f32 = 14.0;

#[derive(Component)]
struct Coin;

#[derive(Component)]
struct Bullet;

#[derive(Component)]
struct Enemy {
    speed: f32,
}

/// A velocity in units per second, for what the game moves itself (bullets, the enemy).
#[derive(Component)]
struct Velocity(Vec2);

/// Where the turret fires from.
#[derive(Resource)]
struct Turret(Vec2);

#[derive(Resource, Default)]
struct Tally {
    steps: u32,
    coins: u32,
    fired: u32,
    on_enemy: u32,
    on_walls: u32,
}

fn main() {
    App::new()
        .add_plugins((
            MinimalPlugins.set(ScheduleRunnerPlugin::run_loop(std::time::Duration::ZERO)),
            CollidePlugin::default(),
        ))
        // Every frame runs exactly one fixed step, so the output is the same on every machine.
        .insert_resource(TimeUpdateStrategy::FixedTimesteps(1))
        .init_resource::<Tally>()
        .add_systems(Startup, spawn_level)
        .add_systems(FixedUpdate, (walk, fire, pace, move_by_velocity))
        .add_systems(
            FixedLast,
            (tell_hits, tell_player, stop_after_four_seconds).chain(),
        )
        .run();
}

fn spawn_level(mut commands: Commands) {
    let options = LdtkOptions::new()
        .with_y_axis(YAxis::Up)
        .with_shape(3, TileShape::Slope45UpRight);
    let project = LdtkProject::load(LEVEL, &options).expect("the example's level loads");
    let level = &project.levels[0];
    let mut map = level
        .int_grid("Collisions")
        .expect("a collision layer")
        .clone();
    map.set_layers(Layers::on(LEVEL_LAYER).with_mask(BULLET));
    commands.spawn(TileMapCollider(map));
    for entity in &level.entities {
        let at = Transform::from_xyz(entity.center.x, entity.center.y, 0.0);
        match entity.identifier.as_str() {
            "Player" => commands.spawn((
                Name::new("player"),
                Character::with_up(Vec2::Y, 4.0),
                Collider::rect(Vec2::new(6.0, 12.0)),
                CollisionLayers(Layers::on(PLAYER).with_mask(COIN)),
                at,
            )),
            "Coin" => commands.spawn((
                Coin,
                Sensor,
                Collider::circle(4.0),
                CollisionLayers(Layers::on(COIN).with_mask(PLAYER)),
                at,
            )),
            "Enemy" => commands.spawn((
                Name::new("enemy"),
                Enemy { speed: 40.0 },
                Collider::rect(Vec2::splat(8.0)),
                CollisionLayers(Layers::on(ENEMY).with_mask(BULLET)),
                at,
            )),
            "Turret" => {
                commands.insert_resource(Turret(Vec2::new(entity.center.x, entity.center.y)));
                continue;
            }
            other => panic!("an entity the example does not know: {other}"),
        };
    }
}

fn walk(time: Res<Time>, mut characters: Query<&mut Character>) {
    for mut c in &mut characters {
        c.velocity.x = 90.0;
        c.velocity.y += GRAVITY * time.delta_secs();
    }
}

/// The turret on the left wall fires every quarter second: at the enemy on its ledge, and
/// every other time above it, at the far wall.
fn fire(mut commands: Commands, turret: Res<Turret>, mut tally: ResMut<Tally>) {
    tally.steps += 1;
    if tally.steps % 16 != 1 {
        return;
    }
    tally.fired += 1;
    let y = if tally.fired.is_multiple_of(2) {
        turret.0.y + HIGH_SHOT
    } else {
        turret.0.y
    };
    commands.spawn((
        Bullet,
        Collider::circle(1.5),
        HitReaction(Reaction::Used),
        CollisionLayers(Layers::on(BULLET).with_mask(ENEMY | LEVEL_LAYER)),
        Velocity(Vec2::new(2_000.0, 0.0)),
        Transform::from_xyz(turret.0.x, y, 0.0),
    ));
}

/// The enemy paces its ledge, turning at the ends.
fn pace(time: Res<Time>, mut enemies: Query<(&mut Enemy, &mut Transform)>) {
    for (mut enemy, mut t) in &mut enemies {
        t.translation.x += enemy.speed * time.delta_secs();
        if !(440.0..=510.0).contains(&t.translation.x) {
            enemy.speed = -enemy.speed;
        }
    }
}

fn move_by_velocity(time: Res<Time>, mut bodies: Query<(&Velocity, &mut Transform)>) {
    for (v, mut t) in &mut bodies {
        t.translation += (v.0 * time.delta_secs()).extend(0.0);
    }
}

fn tell_hits(
    mut hits: MessageReader<CollisionHit>,
    coins: Query<(), With<Coin>>,
    bullets: Query<(), With<Bullet>>,
    mut tally: ResMut<Tally>,
    mut commands: Commands,
) {
    let step = tally.steps;
    for hit in hits.read() {
        let sides = [Some(*hit), hit.flipped()];
        for seen in sides.into_iter().flatten() {
            if coins.contains(seen.entity) {
                tally.coins += 1;
                println!(
                    "step {step:3}: the player picks up the coin at {:.0}",
                    seen.point
                );
                commands.entity(seen.entity).despawn();
            }
            if bullets.contains(seen.entity) {
                match seen.other {
                    HitTarget::Tile { x, y, .. } => {
                        tally.on_walls += 1;
                        println!(
                            "step {step:3}: a bullet hits the tile ({x}, {y}) at {:.1}",
                            seen.point
                        );
                    }
                    HitTarget::Entity(_) => {
                        tally.on_enemy += 1;
                        let how = if seen.by_sweep {
                            "passing through it in one step"
                        } else {
                            "overlapping it"
                        };
                        println!(
                            "step {step:3}: a bullet hits the enemy at {:.1}, {how}",
                            seen.point
                        );
                    }
                }
                commands.entity(seen.entity).despawn();
            }
        }
    }
}

fn tell_player(
    characters: Query<(&Character, &Transform)>,
    tally: Res<Tally>,
    mut was: Local<Option<bool>>,
) {
    for (c, t) in &characters {
        if *was != Some(c.on_floor()) {
            let what = if c.on_floor() {
                "lands"
            } else {
                "is in the air"
            };
            println!(
                "step {:3}: the player {what} at {:.1}",
                tally.steps,
                t.translation.truncate()
            );
            *was = Some(c.on_floor());
        }
    }
}

fn stop_after_four_seconds(
    tally: Res<Tally>,
    characters: Query<&Transform, With<Character>>,
    mut exit: MessageWriter<AppExit>,
) {
    if tally.steps < STEPS {
        return;
    }
    for t in &characters {
        println!("the player ends at {:.1}", t.translation.truncate());
    }
    println!(
        "{} steps: {} coins picked up, {} bullets fired, {} hit the enemy, {} hit the level",
        tally.steps, tally.coins, tally.fired, tally.on_enemy, tally.on_walls
    );
    exit.write(AppExit::Success);
}
