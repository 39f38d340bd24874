//! A `.collider.json` sprite's frames as a collider: the body is the hull of the frame the
//! game shows, so a blade swung wide hits what it reaches, held narrow misses it, and an
//! empty frame takes no part in the pass at all.

#[path = "support/common.rs"]
mod common;

use std::error::Error as _;
use std::path::PathBuf;

use bevy::prelude::*;
use collide_bevy::prelude::*;
use common::{app, Velocity};

/// A 40×4 sprite of three frames: a bar across the whole frame (40 wide), a 4-wide stub in its
/// middle, and nothing.
const WIDE: usize = 0;
const NARROW: usize = 1;
const EMPTY: usize = 2;

fn asset(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/assets")
        .join(name)
}

fn blade_frames() -> ColliderFrames {
    ColliderFrames::read(asset("blade.collider.json"), &ColliderFrames::SPRITE)
        .expect("the blade's collider file loads")
}

/// The hits a blade showing `frame` has when it flies up at 10 000 units per second past a
/// 4×4 target `target_x` to the side of its path (crossing it within one step); and where
/// the blade ends.
fn blade_hits(frame: usize, target_x: f32) -> (Vec<CollisionHit>, Vec3) {
    let mut app = app();
    app.world_mut().spawn((
        Collider::rect(Vec2::splat(2.0)),
        Transform::from_xyz(target_x, 200.0, 0.0),
    ));
    let mut collider = Collider::animated(blade_frames());
    collider
        .set_frame(frame)
        .expect("the blade has three frames");
    let blade = app
        .world_mut()
        .spawn((
            collider,
            Hits::default(),
            Velocity(Vec2::new(0.0, 10_000.0)),
        ))
        .id();
    let mut hits = Vec::new();
    for _ in 0..3 {
        app.update();
        hits.extend(app.world().get::<Hits>(blade).unwrap().0.iter().copied());
    }
    (
        hits,
        app.world().get::<Transform>(blade).unwrap().translation,
    )
}

#[test]
fn the_frame_shown_is_the_shape_that_hits() {
    // The wide bar spans x = -20..20: it reaches a target centred 12 to the side.
    let (hits, _) = blade_hits(WIDE, 12.0);
    assert_eq!(hits.len(), 1, "{hits:?}");
    assert!(hits[0].by_sweep, "crossed within one step: {hits:?}");
    // The stub spans x = -2..2: the same target, 10..14, is out of its reach...
    let (hits, _) = blade_hits(NARROW, 12.0);
    assert!(hits.is_empty(), "{hits:?}");
    // ...but not one in its path.
    let (hits, _) = blade_hits(NARROW, 0.0);
    assert_eq!(hits.len(), 1, "{hits:?}");
}

#[test]
fn an_empty_frame_takes_no_part_but_still_moves() {
    let (hits, end) = blade_hits(EMPTY, 0.0);
    assert!(hits.is_empty(), "{hits:?}");
    assert!(end.y > 200.0, "the blade flew on past the target to {end}");
}

#[test]
fn a_frame_changed_mid_flight_counts_from_the_next_step() {
    let mut app = app();
    // Two targets 12 to the side of the blade's path: in reach when wide, not when narrow.
    for y in [200.0, 420.0] {
        app.world_mut().spawn((
            Collider::rect(Vec2::splat(2.0)),
            Transform::from_xyz(12.0, y, 0.0),
        ));
    }
    let blade = app
        .world_mut()
        .spawn((
            Collider::animated(blade_frames()),
            Hits::default(),
            Velocity(Vec2::new(0.0, 40.0 * 64.0)),
        ))
        .id();
    let set_frame = |app: &mut App, frame| {
        let mut entity = app.world_mut().entity_mut(blade);
        let mut collider = entity.get_mut::<Collider>().unwrap();
        collider.set_frame(frame).unwrap();
    };
    let y = |app: &App| app.world().get::<Transform>(blade).unwrap().translation.y;
    // 40 units a step, from y = 0: shown wide, then narrow past the first target, then wide
    // again past the second.
    let mut hits_by_frame = [0; 3];
    for (frame, until) in [(WIDE, 160.0), (NARROW, 360.0), (WIDE, 440.0)] {
        set_frame(&mut app, frame);
        while y(&app) < until {
            app.update();
            hits_by_frame[frame] += app.world().get::<Hits>(blade).unwrap().0.len();
        }
    }
    assert_eq!(hits_by_frame, [1, 0, 0], "only the second target, met wide");
}

#[test]
fn a_static_collider_showing_an_empty_frame_is_out_of_the_level() {
    let mut app = app();
    let mut wall = Collider::animated(blade_frames());
    wall.set_frame(WIDE).unwrap();
    let wall = app
        .world_mut()
        .spawn((wall, Static, Transform::from_xyz(0.0, 200.0, 0.0)))
        .id();
    let shoot = |app: &mut App| {
        let bullet = app
            .world_mut()
            .spawn((
                Collider::circle(1.0),
                Hits::default(),
                HitReaction(Reaction::Used),
                Velocity(Vec2::new(0.0, 10_000.0)),
            ))
            .id();
        let mut hits = 0;
        // 156 units a step: across the wall at y = 200 in one step, used up there.
        for _ in 0..4 {
            app.update();
            hits += app.world().get::<Hits>(bullet).unwrap().0.len();
        }
        app.world_mut().despawn(bullet);
        hits
    };
    assert_eq!(shoot(&mut app), 1, "the wide frame is hit");
    let mut entity = app.world_mut().entity_mut(wall);
    entity
        .get_mut::<Collider>()
        .unwrap()
        .set_frame(EMPTY)
        .unwrap();
    assert_eq!(shoot(&mut app), 0, "the empty frame lets it through");
    let mut entity = app.world_mut().entity_mut(wall);
    entity
        .get_mut::<Collider>()
        .unwrap()
        .set_frame(NARROW)
        .unwrap();
    assert_eq!(shoot(&mut app), 1, "a hull again: back in the level");
}

#[test]
fn a_broken_file_is_an_error_naming_the_reason() {
    let err = ColliderFrames::read(asset("bent.collider.json"), &ColliderFrames::SPRITE)
        .expect_err("frame 1 is not convex");
    let message = err.to_string();
    assert!(
        message.contains("frame 1") && message.contains("not strictly convex"),
        "{message}"
    );
    let err = ColliderFrames::read(asset("missing.collider.json"), &ColliderFrames::SPRITE)
        .expect_err("there is no such file");
    assert!(err.to_string().contains("missing.collider.json"), "{err}");
    assert!(err.source().is_some(), "the system's reason is its source");
}
