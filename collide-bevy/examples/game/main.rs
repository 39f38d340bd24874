//! A small windowed platformer on Bevy's 2D renderer: the LDtk level of the headless example
//! (`examples/level.ldtk`) drawn in colour, a player to steer (arrow keys or A / D, Space to
//! jump), coins (sensors) that vanish when touched, a turret firing bullets at 2 000 units per
//! second at an enemy pacing on a ledge, and every collider's outline drawn by the plugin's
//! debug drawing. The window's title counts the coins left.
//!
//! `cd collide-bevy && cargo run --example game --features render`
//!
//! With `COLLIDE_GAME_FRAMES=N` it plays by itself (walking right, jumping now and then, one
//! fixed step per frame so that every run is the same), saves a screenshot of frame N to
//! `COLLIDE_GAME_SCREENSHOT` (default `bevy-game.png`), says what happened, and exits: a check
//! that runs under a virtual X display.

mod level;

use bevy::prelude::*;
use bevy::render::view::screenshot::{save_to_disk, Screenshot, ScreenshotCaptured};
use bevy::time::TimeUpdateStrategy;
use collide_bevy::prelude::*;
use collide_bevy::CollideDebugDrawPlugin;

use level::{Coin, Enemy, Turret, Velocity, BULLET, ENEMY, LEVEL_LAYER};

const GRAVITY: f32 = -900.0;
const RUN_SPEED: f32 = 110.0;
const JUMP_SPEED: f32 = 320.0;
/// Frames the auto-play waits for its screenshot before it gives up.
const SCREENSHOT_PATIENCE: u32 = 120;

#[derive(Component)]
struct Bullet;

/// A flash where a bullet hit, gone when its timer ends.
#[derive(Component)]
struct Spark(Timer);

/// What the player asks for: a run direction (-1 to 1) and a jump kept until a step uses it.
#[derive(Resource, Default)]
struct Intent {
    run: f32,
    jump: bool,
}

/// Playing by itself for `frames` frames, then a screenshot to `path` and the exit.
#[derive(Resource)]
struct AutoPlay {
    frames: u32,
    path: String,
    frame: u32,
}

fn main() {
    let window = Window {
        title: "collide: a Bevy game".into(),
        resolution: (1280, 480).into(),
        ..default()
    };
    let mut app = App::new();
    app.add_plugins((
        DefaultPlugins.set(WindowPlugin {
            primary_window: Some(window),
            ..default()
        }),
        CollidePlugin::default(),
        CollideDebugDrawPlugin,
    ))
    .insert_resource(ClearColor(Color::srgb(0.16, 0.17, 0.22)))
    .init_resource::<Intent>()
    .add_systems(Startup, (level::spawn_camera, level::spawn_level))
    .add_systems(
        Update,
        (
            read_keys.run_if(not(resource_exists::<AutoPlay>)),
            auto_play.run_if(resource_exists::<AutoPlay>),
            fade_sparks,
            count_coins,
        ),
    )
    .add_systems(FixedUpdate, (steer_player, fire, pace, move_by_velocity))
    .add_systems(FixedLast, handle_hits);
    if let Some(auto) = auto_play_from_env() {
        // One fixed step per frame, however slow the renderer: the same run every time.
        app.insert_resource(TimeUpdateStrategy::FixedTimesteps(1))
            .insert_resource(auto);
    }
    app.run();
}

fn auto_play_from_env() -> Option<AutoPlay> {
    let frames = std::env::var("COLLIDE_GAME_FRAMES").ok()?.parse().ok()?;
    let path = std::env::var("COLLIDE_GAME_SCREENSHOT").unwrap_or_else(|_| "bevy-game.png".into());
    Some(AutoPlay {
        frames,
        path,
        frame: 0,
    })
}

fn read_keys(keys: Res<ButtonInput<KeyCode>>, mut intent: ResMut<Intent>) {
    let held = |a, b| keys.pressed(a) || keys.pressed(b);
    let right = f32::from(u8::from(held(KeyCode::ArrowRight, KeyCode::KeyD)));
    let left = f32::from(u8::from(held(KeyCode::ArrowLeft, KeyCode::KeyA)));
    intent.run = right - left;
    intent.jump |= keys.just_pressed(KeyCode::Space);
}

/// Walks right and jumps every 96 frames (the first time past the second coin); at the last
/// frame asks for the screenshot, whose capture ends the game.
fn auto_play(
    mut auto: ResMut<AutoPlay>,
    mut intent: ResMut<Intent>,
    coins: Query<(), With<Coin>>,
    players: Query<&Transform, With<Character>>,
    mut commands: Commands,
) {
    auto.frame += 1;
    intent.run = 1.0;
    intent.jump |= auto.frame % 96 == 4;
    if auto.frame == auto.frames {
        for t in &players {
            let (left, at) = (coins.iter().count(), t.translation.truncate());
            info!(
                "frame {}: {left} coins left, the player at {at:.1}",
                auto.frame
            );
        }
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(auto.path.clone()))
            .observe(
                |_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
                    exit.write(AppExit::Success);
                },
            );
    } else if auto.frame == auto.frames + SCREENSHOT_PATIENCE {
        error!("no screenshot came in {SCREENSHOT_PATIENCE} frames");
        commands.write_message(AppExit::error());
    }
}

fn steer_player(time: Res<Time>, mut intent: ResMut<Intent>, mut players: Query<&mut Character>) {
    for mut c in &mut players {
        c.velocity.x = intent.run * RUN_SPEED;
        c.velocity.y += GRAVITY * time.delta_secs();
        if intent.jump && c.on_floor() {
            c.velocity.y = JUMP_SPEED;
        }
    }
    intent.jump = false;
}

/// The turret on the left wall fires every quarter second, every other shot above the enemy
/// at the far wall.
fn fire(mut commands: Commands, mut turret: ResMut<Turret>) {
    turret.steps += 1;
    if turret.steps % 16 != 1 {
        return;
    }
    let high = if turret.steps % 32 == 17 { 14.0 } else { 0.0 };
    commands.spawn((
        Bullet,
        Collider::circle(1.5),
        HitReaction(Reaction::Used),
        CollisionLayers(Layers::on(BULLET).with_mask(ENEMY | LEVEL_LAYER)),
        Velocity(Vec2::new(2_000.0, 0.0)),
        Sprite::from_color(Color::WHITE, Vec2::splat(3.0)),
        Transform::from_xyz(turret.at.x, turret.at.y + high, 3.0),
    ));
}

/// The enemy paces its ledge, turning at the ends.
fn pace(mut enemies: Query<(&mut Velocity, &Transform), With<Enemy>>) {
    for (mut v, t) in &mut enemies {
        let x = t.translation.x;
        if (x < 440.0 && v.0.x < 0.0) || (x > 510.0 && v.0.x > 0.0) {
            v.0.x = -v.0.x;
        }
    }
}

fn move_by_velocity(time: Res<Time>, mut bodies: Query<(&Velocity, &mut Transform)>) {
    for (v, mut t) in &mut bodies {
        t.translation += (v.0 * time.delta_secs()).extend(0.0);
    }
}

/// Coins touched vanish; bullets that hit the enemy or a wall vanish in a spark.
fn handle_hits(
    mut hits: MessageReader<CollisionHit>,
    coins: Query<(), With<Coin>>,
    bullets: Query<(), With<Bullet>>,
    mut commands: Commands,
) {
    for hit in hits.read() {
        for seen in [Some(*hit), hit.flipped()].into_iter().flatten() {
            if coins.contains(seen.entity) {
                commands.entity(seen.entity).despawn();
            } else if bullets.contains(seen.entity) {
                commands.entity(seen.entity).despawn();
                commands.spawn((
                    Spark(Timer::from_seconds(0.25, TimerMode::Once)),
                    Sprite::from_color(Color::srgb(1.0, 0.85, 0.3), Vec2::splat(8.0)),
                    Transform::from_translation(seen.point.extend(4.0)),
                ));
            }
        }
    }
}

fn fade_sparks(time: Res<Time>, mut sparks: Query<(Entity, &mut Spark)>, mut commands: Commands) {
    for (entity, mut spark) in &mut sparks {
        if spark.0.tick(time.delta()).is_finished() {
            commands.entity(entity).despawn();
        }
    }
}

/// The window's title says how many coins are left.
fn count_coins(coins: Query<(), With<Coin>>, mut windows: Query<&mut Window>) {
    let title = format!("collide: a Bevy game ({} coins left)", coins.iter().count());
    for mut window in &mut windows {
        if window.title != title {
            window.title = title.clone();
        }
    }
}
