//! A character and platforms that are static bodies moved each frame with
//! `StaticBodies::move_body`: a solid lift carries its rider; a one-way lift carries what
//! stands on it and rises through what it is inside of; the snap never lands a character on
//! a one-way platform it is partly inside; a platform id reused by another body, or a
//! platform put elsewhere, carries nothing.

mod character_common;

use character_common::*;
use collide_core::{Layers, Pose, Rect, Rot};
use collide_world::{Character, CharacterSettings, Obstacles, StaticBodies};
use glam::Vec2;

/// Whether the player box at `at` overlaps a body of `bodies` that blocks from every side.
fn inside_solid(bodies: &StaticBodies, at: Vec2) -> bool {
    let pose = Pose::new(at, Rot::IDENTITY);
    let mut inside = false;
    bodies.near(&PLAYER.aabb(&pose), Layers::ALL, &mut |o| {
        inside |= o.one_way.is_none() && collide_core::overlaps(PLAYER, &pose, o.shape, &o.pose);
    });
    inside
}

/// Ground (id 0) and a 40 × 4 lift (id 1) at `at`, one-way if `one_way`.
fn level_with_lift(at: Vec2, one_way: bool) -> (StaticBodies, collide_world::StaticHandle) {
    let mut bodies = StaticBodies::new();
    let ground = Rect {
        half_extents: Vec2::new(1000.0, 10.0),
    };
    bodies
        .add(
            ground,
            Pose::from_position(Vec2::new(0.0, -10.0)),
            Layers::ALL,
        )
        .unwrap();
    let lift = Rect {
        half_extents: Vec2::new(20.0, 2.0),
    };
    let handle = bodies
        .add(lift, Pose::from_position(at), Layers::ALL)
        .unwrap();
    if one_way {
        bodies.set_one_way(handle, Some(Vec2::Y));
    }
    bodies.refresh();
    (bodies, handle)
}

#[test]
fn a_lift_of_static_bodies_carries_its_rider_up_and_down() {
    for one_way in [false, true] {
        let mut at = Vec2::new(0.0, 30.0);
        let (mut bodies, lift) = level_with_lift(at, one_way);
        let mut player = player(
            at + Vec2::new(5.0, 2.0 + 8.01),
            CharacterSettings::new(Vec2::Y),
        );
        let mut vel = Vec2::ZERO;
        player.move_by(Vec2::new(0.0, -0.5), &bodies);
        assert_eq!(player.platform(), Some(1));
        for i in 0..120 {
            let v = if i < 60 {
                Vec2::new(0.5, 2.0)
            } else {
                Vec2::new(0.0, -2.5)
            };
            at += v;
            assert!(bodies.move_body(lift, Pose::from_position(at), v));
            vel.y -= GRAVITY;
            let m = *player.move_by(vel, &bodies);
            vel = player.clip_velocity(vel);
            assert!(
                m.on_floor && m.platform == Some(1),
                "{one_way} frame {i}: {m:?}"
            );
            assert_eq!(player.platform_velocity(), v);
            let off = player.position() - at;
            assert!(
                (off - Vec2::new(5.0, 10.01)).length() < 0.02,
                "{one_way} frame {i}: {off}"
            );
            assert!(!inside_solid(&bodies, player.position()));
        }
    }
}

#[test]
fn a_one_way_lift_rises_through_a_character_inside_it() {
    // The lift starts with its top at the player's knees and rises through it.
    let mut at = Vec2::new(0.0, 3.0);
    let (mut bodies, lift) = level_with_lift(at, true);
    let mut player = player(
        standing_at(0.0),
        CharacterSettings::new(Vec2::Y).with_snap_length(4.0),
    );
    let mut vel = Vec2::ZERO;
    for i in 0..30 {
        let v = Vec2::new(0.0, 1.0);
        at += v;
        assert!(bodies.move_body(lift, Pose::from_position(at), v));
        let m = frame_in(&mut player, &mut vel, 0.0, &bodies);
        assert!(m.on_floor && m.platform == Some(0), "frame {i}: {m:?}");
        assert!(
            (player.position() - standing_at(0.0)).length() < 1e-3,
            "frame {i}: {m:?}"
        );
    }
}

#[test]
fn the_snap_never_lands_on_a_one_way_platform_the_character_is_inside() {
    // A ledge ends at x = 0 with a floor 4 lower beyond; a one-way plank crosses the player's
    // waist there. Walking off the ledge, the snap goes through the plank to the floor.
    let level = Level::empty()
        .with_box(Vec2::new(-1000.0, -14.0), Vec2::new(1000.0, -4.0))
        .with_box(Vec2::new(-1000.0, -4.0), Vec2::new(0.0, 0.0));
    let mut bodies = StaticBodies::new();
    for (shape, pose) in &level.shapes {
        bodies.add(*shape, *pose, Layers::ALL).unwrap();
    }
    let plank = Rect {
        half_extents: Vec2::new(40.0, 1.0),
    };
    let h = bodies
        .add(plank, Pose::from_position(Vec2::new(0.0, 6.0)), Layers::ALL)
        .unwrap();
    bodies.set_one_way(h, Some(Vec2::Y));
    bodies.refresh();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(5.0);
    let mut player = player(standing_at(-20.0), settings);
    let mut vel = Vec2::ZERO;
    for i in 0..20 {
        let m = frame_in(&mut player, &mut vel, 2.0, &bodies);
        assert!(m.on_floor && m.platform != Some(2), "frame {i}: {m:?}");
        assert!(
            !inside_solid(&bodies, player.position()),
            "frame {i}: {m:?}"
        );
    }
    assert!(
        (player.position().y - 4.01).abs() < 0.02,
        "{}",
        player.position()
    );
}

#[test]
fn dropping_through_a_one_way_platform_takes_one_move_and_falls_clear() {
    let (bodies, _) = level_with_lift(Vec2::new(0.0, 30.0), true);
    let top = 32.0;
    let mut player = player(
        Vec2::new(0.0, top + 8.01),
        CharacterSettings::new(Vec2::Y).with_snap_length(4.0),
    );
    player.move_by(Vec2::new(0.0, -0.5), &bodies);
    assert!(player.on_floor() && player.platform() == Some(1));
    // Standing on it, a plain move down stays on it.
    player.move_by(Vec2::new(0.0, -3.0), &bodies);
    assert!(player.on_floor() && (player.position().y - (top + 8.0)).abs() < 0.1);
    // One move dropping through leaves it partly inside; the next moves fall clear of it.
    player.move_dropping_through(Vec2::new(0.0, -3.0), &bodies);
    assert!(
        player.position().y < top + 8.0 - 2.0,
        "{:?}",
        player.position()
    );
    assert!(!player.settings().slide.drop_through);
    let mut fall = -3.0;
    for _ in 0..10 {
        fall -= GRAVITY;
        player.move_by(Vec2::new(0.0, fall), &bodies);
    }
    assert!(
        player.position().y < 30.0 - 2.0 - 8.0,
        "{:?}",
        player.position()
    );
    assert!(!inside_solid(&bodies, player.position()));
}

#[test]
fn dropping_through_while_walking_drops() {
    let (bodies, _) = level_with_lift(Vec2::new(0.0, 30.0), true);
    let top = 32.0;
    for constant in [false, true] {
        let settings = CharacterSettings::new(Vec2::Y)
            .with_snap_length(4.0)
            .with_constant_speed_on_slopes(constant);
        let mut player = player(Vec2::new(-10.0, top + 8.01), settings);
        player.move_by(Vec2::new(0.0, -0.5), &bodies);
        assert!(player.on_floor() && player.platform() == Some(1));
        player.move_dropping_through(Vec2::new(3.0, -0.5), &bodies);
        assert!(
            !player.on_floor(),
            "constant speed {constant}: {:?}",
            player.last_move()
        );
        assert!(player.position().y < top + 8.0, "{:?}", player.position());
        let mut fall = -0.5;
        for _ in 0..12 {
            fall -= GRAVITY;
            player.move_by(Vec2::new(0.0, fall), &bodies);
        }
        assert!(
            player.position().y < 30.0 - 2.0 - 8.0,
            "{:?}",
            player.position()
        );
    }
}

/// Ground (id 0), a 4 × 0.5 plank (id 1) at (0, 5), and a 1 × 2 player standing on it.
fn standing_on_plank() -> (StaticBodies, collide_world::StaticHandle, Character) {
    let mut bodies = StaticBodies::new();
    let ground = Rect {
        half_extents: Vec2::new(100.0, 1.0),
    };
    let at = Pose::from_position(Vec2::new(0.0, -1.0));
    bodies.add(ground, at, Layers::ALL).unwrap();
    let plank = Rect {
        half_extents: Vec2::new(2.0, 0.25),
    };
    let at = Pose::from_position(Vec2::new(0.0, 5.0));
    let plank = bodies.add(plank, at, Layers::ALL).unwrap();
    bodies.refresh();
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(0.5);
    let body = Rect {
        half_extents: Vec2::new(0.5, 1.0),
    };
    let mut p = Character::new(body, Vec2::new(0.0, 6.3), settings).unwrap();
    p.move_by(Vec2::new(0.0, -0.1), &bodies);
    assert!(
        (p.position().y - 6.26).abs() < 1e-4 && p.platform() == Some(1),
        "{p:?}"
    );
    (bodies, plank, p)
}

/// The player `p` fell 0.1 from the plank's top where it stood, carried by nothing.
fn fell_uncarried(p: &Character) {
    let m = p.last_move();
    assert_eq!(m.carried, Vec2::ZERO, "{m:?}");
    assert!(
        (p.position() - Vec2::new(0.0, 6.16)).length() < 1e-4,
        "{m:?}"
    );
    assert!(!m.on_floor && m.platform.is_none(), "{m:?}");
}

#[test]
fn a_reused_platform_id_never_carries_the_character_by_another_body() {
    let (mut bodies, plank, mut p) = standing_on_plank();
    assert!(bodies.remove(plank));
    let block = Rect {
        half_extents: Vec2::ONE,
    };
    let far = Pose::from_position(Vec2::new(80.0, 20.0));
    let other = bodies.add(block, far, Layers::ALL).unwrap();
    assert_eq!(other.id(), 1, "the plank's id, reused");
    assert!(bodies.move_body(other, far, Vec2::new(30.0, 0.0)));
    bodies.refresh();
    p.move_by(Vec2::new(0.0, -0.1), &bodies);
    fell_uncarried(&p);
}

#[test]
fn a_platform_put_elsewhere_never_carries_the_character() {
    let (mut bodies, plank, mut p) = standing_on_plank();
    // Put 80 units away, and said to have moved by one.
    let far = Pose::from_position(Vec2::new(80.0, 20.0));
    assert!(bodies.move_body(plank, far, Vec2::new(1.0, 0.0)));
    p.move_by(Vec2::new(0.0, -0.1), &bodies);
    fell_uncarried(&p);
    // Moved as it says, it carries: put back, then moved by one.
    let (mut bodies, plank, mut p) = standing_on_plank();
    let next = Pose::from_position(Vec2::new(1.0, 5.0));
    assert!(bodies.move_body(plank, next, Vec2::new(1.0, 0.0)));
    p.move_by(Vec2::new(0.0, -0.1), &bodies);
    let m = p.last_move();
    assert!(m.carried == Vec2::X && m.platform == Some(1), "{m:?}");
    assert!(
        (p.position() - Vec2::new(1.0, 6.26)).length() < 1e-4,
        "{m:?}"
    );
}
