//! The game's level: the LDtk project loaded with collide-levels, its tiles drawn as coloured
//! meshes and given to the plugin as one tile-map collider, and its entities (player, coins,
//! enemy, turret) spawned where the editor put them, each with its collider and its look.

use std::collections::BTreeMap;

use bevy::asset::RenderAssetUsages;
use bevy::camera::ScalingMode;
use bevy::mesh::PrimitiveTopology;
use bevy::prelude::*;
use collide_bevy::collide::{TileMap, TileShape};
use collide_bevy::outline::outline;
use collide_bevy::prelude::*;
use collide_levels::{LdtkOptions, LdtkProject, YAxis};

/// One level of 40 × 8 cells of 16 units (IntGrid 1 ground, 2 stone, 3 a 45° slope rising to
/// the right, 4 platform), its bottom-left corner at the origin, y up.
const LEVEL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/level.ldtk");

/// Collision layers: who meets whom.
pub const PLAYER: u32 = 1;
pub const BULLET: u32 = 2;
pub const ENEMY: u32 = 4;
pub const COIN: u32 = 8;
pub const LEVEL_LAYER: u32 = 16;

#[derive(Component)]
pub struct Coin;

/// An enemy pacing its ledge.
#[derive(Component)]
pub struct Enemy;

/// A velocity in units per second, for what the game moves itself (bullets, the enemy).
#[derive(Component)]
pub struct Velocity(pub Vec2);

/// Where the turret fires from, and the fixed steps it has counted.
#[derive(Resource)]
pub struct Turret {
    pub at: Vec2,
    pub steps: u32,
}

/// A camera showing the whole level's width (640 units), whatever the window's size.
pub fn spawn_camera(mut commands: Commands) {
    let projection = OrthographicProjection {
        scaling_mode: ScalingMode::FixedHorizontal {
            viewport_width: 672.0,
        },
        ..OrthographicProjection::default_2d()
    };
    commands.spawn((
        Camera2d,
        Projection::Orthographic(projection),
        Transform::from_xyz(320.0, 64.0, 0.0),
    ));
}

pub fn spawn_level(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
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
    for (whole, mesh) in tile_meshes(&map) {
        commands.spawn((
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(materials.add(tile_color(whole))),
        ));
    }
    commands.spawn(TileMapCollider(map));
    let coin = (
        Mesh2d(meshes.add(Circle::new(4.0))),
        MeshMaterial2d(materials.add(Color::srgb(0.95, 0.55, 0.1))),
    );
    for entity in &level.entities {
        let at = Vec2::new(entity.center.x, entity.center.y);
        match entity.identifier.as_str() {
            "Player" => spawn_player(&mut commands, at),
            "Enemy" => spawn_enemy(&mut commands, at),
            "Coin" => spawn_coin(&mut commands, at, coin.clone()),
            "Turret" => commands.insert_resource(Turret { at, steps: 0 }),
            other => panic!("an entity the example does not know: {other}"),
        }
    }
}

/// The solid cells of `map` as triangles: one mesh of the whole cells (keyed `true`), one of
/// the others (slopes, halves).
fn tile_meshes(map: &TileMap) -> BTreeMap<bool, Mesh> {
    let mut triangles: BTreeMap<bool, Vec<[f32; 3]>> = BTreeMap::new();
    let mut corners = Vec::new();
    for (x, y) in (0..map.height()).flat_map(|y| (0..map.width()).map(move |x| (x, y))) {
        let Some((shape, pose)) = map.cell_shape(x, y) else {
            continue;
        };
        corners.clear();
        outline(shape, pose, &mut corners);
        // Drop the loop's closing point; every tile shape is convex, so a fan from its first
        // corner covers it.
        corners.pop();
        let whole = map.shape(x, y) == Some(TileShape::Solid);
        let out = triangles.entry(whole).or_default();
        for pair in corners.windows(2).skip(1) {
            out.extend([corners[0], pair[0], pair[1]].map(|p| [p.x, p.y, 0.0]));
        }
    }
    triangles
        .into_iter()
        .map(|(whole, points)| {
            let mesh = Mesh::new(
                PrimitiveTopology::TriangleList,
                RenderAssetUsages::default(),
            )
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, points);
            (whole, mesh)
        })
        .collect()
}

/// Earth for whole cells, grass for slopes and halves.
fn tile_color(whole: bool) -> Color {
    if whole {
        Color::srgb(0.35, 0.27, 0.2)
    } else {
        Color::srgb(0.4, 0.6, 0.3)
    }
}

fn spawn_player(commands: &mut Commands, at: Vec2) {
    let half = Vec2::new(6.0, 12.0);
    commands.spawn((
        Name::new("player"),
        Character::with_up(Vec2::Y, 4.0),
        Collider::rect(half),
        CollisionLayers(Layers::on(PLAYER).with_mask(COIN)),
        Sprite::from_color(Color::srgb(0.3, 0.7, 1.0), half * 2.0),
        Transform::from_translation(at.extend(2.0)),
    ));
}

fn spawn_enemy(commands: &mut Commands, at: Vec2) {
    commands.spawn((
        Enemy,
        Velocity(Vec2::new(40.0, 0.0)),
        Collider::rect(Vec2::splat(8.0)),
        CollisionLayers(Layers::on(ENEMY).with_mask(BULLET)),
        Sprite::from_color(Color::srgb(0.9, 0.3, 0.3), Vec2::splat(16.0)),
        Transform::from_translation(at.extend(2.0)),
    ));
}

/// A coin: a sensor, met by the player and stopping nothing.
fn spawn_coin(commands: &mut Commands, at: Vec2, look: (Mesh2d, MeshMaterial2d<ColorMaterial>)) {
    commands.spawn((
        Coin,
        Sensor,
        Collider::circle(4.0),
        CollisionLayers(Layers::on(COIN).with_mask(PLAYER)),
        look,
        Transform::from_translation(at.extend(1.0)),
    ));
}
