//! A character on a level loaded from an LDtk project (y up, as Bevy draws): it lands on the
//! floor and walks across the seams between its cells without catching.

#[path = "support/common.rs"]
mod common;

use bevy::prelude::*;
use collide_bevy::prelude::*;
use collide_levels::{LdtkOptions, LdtkProject, YAxis};

const WALK: f32 = 96.0;
const GRAVITY: f32 = -900.0;

fn gravity_and_walk(time: Res<Time>, mut characters: Query<&mut Character>) {
    for mut c in &mut characters {
        c.velocity.x = WALK;
        c.velocity.y += GRAVITY * time.delta_secs();
    }
}

#[test]
fn a_character_lands_on_an_ldtk_floor_and_walks_without_catching() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../collide-levels/tests/data/ldtk/platforms.ldtk"
    );
    let options = LdtkOptions::new().with_y_axis(YAxis::Up);
    let project = LdtkProject::load(path, &options).expect("the test level loads");
    let floor = project.levels[0]
        .int_grid("Collisions")
        .expect("its collision layer")
        .clone();
    let mut app = common::app();
    app.add_systems(FixedUpdate, gravity_and_walk);
    app.world_mut().spawn(TileMapCollider(floor));
    // Dropped from the editor's (20, 40): y up, that is (20, -40). The floor's top is the
    // editor's y = 112, so a body 7 high rests at -105.
    let player = app
        .world_mut()
        .spawn((
            Character::with_up(Vec2::Y, 4.0),
            Collider::rect(Vec2::new(5.0, 7.0)),
            Transform::from_xyz(20.0, -40.0, 0.0),
        ))
        .id();
    let step = common::step_secs(&app);
    let (mut landed, mut last_x) = (false, 20.0);
    for frame in 0..200 {
        app.update();
        let c = app.world().get::<Character>(player).unwrap();
        let t = app.world().get::<Transform>(player).unwrap().translation;
        if !landed {
            landed = c.on_floor();
        } else {
            // On the floor every step, at its height, a full step further: no seam stops it.
            assert!(c.on_floor(), "frame {frame}: {:?}", c.last_move());
            assert!((t.y + 105.0).abs() < 0.05, "frame {frame}: {t}");
            assert!(
                (t.x - last_x - WALK * step).abs() < 1e-3,
                "frame {frame}: {last_x} → {t}"
            );
            if t.x > 140.0 {
                return;
            }
        }
        last_x = t.x;
    }
    panic!("landed: {landed}, ended at {last_x}");
}
