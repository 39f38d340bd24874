//! A character on a loaded LDtk level: it lands on the floor and walks across the seams
//! between its cells without catching, with y up and with y down.

mod common;

use collide_core::Rect;
use collide_levels::{LdtkOptions, LdtkProject, YAxis};
use collide_world::{Character, CharacterSettings};
use common::data;
use glam::Vec2;

fn walk(axis: YAxis) {
    let project = LdtkProject::load(
        data("ldtk/platforms.ldtk"),
        &LdtkOptions::new().with_y_axis(axis),
    )
    .unwrap();
    let floor = project.levels[0].int_grid("Collisions").unwrap();
    let up = axis.up();
    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let settings = CharacterSettings::new(up).with_snap_length(4.0);
    // Dropped from the editor's (20, 40) onto the floor, whose top is the editor's y = 112.
    let mut player = Character::new(body, axis.point(Vec2::new(20.0, 40.0)), settings).unwrap();
    let rest = axis.point(Vec2::new(0.0, 112.0 - 7.0)).y;
    let mut velocity = Vec2::ZERO;
    let mut landed = None;
    for frame in 0..200 {
        let walking = landed.is_some();
        velocity.x = if walking { 1.5 } else { 0.0 };
        velocity -= up * 0.4;
        let before = player.position();
        let m = *player.move_by(velocity, floor);
        velocity = player.clip_velocity(velocity);
        if !walking {
            if m.on_floor {
                landed = Some(frame);
            }
            continue;
        }
        // On the floor every frame, at its height, and a full step along it: a seam that
        // caught would stop or lift it.
        assert!(m.on_floor, "{axis:?} frame {frame}: {m:?}");
        assert!(
            (player.position().y - rest).abs() < 0.05,
            "{axis:?} frame {frame}: {}",
            player.position()
        );
        assert!(
            (player.position().x - before.x - 1.5).abs() < 1e-3,
            "{axis:?} frame {frame}: {before} → {}",
            player.position()
        );
        if player.position().x > 140.0 {
            return;
        }
    }
    panic!(
        "{axis:?}: landed at {landed:?}, ended at {}",
        player.position()
    );
}

#[test]
fn a_character_lands_and_walks_the_floor_with_y_up() {
    walk(YAxis::Up);
}

#[test]
fn a_character_lands_and_walks_the_floor_with_y_down() {
    walk(YAxis::Down);
}
