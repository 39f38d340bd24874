//! Moving static bodies and one-way bodies in `StaticBodies`: a moved body is found where it
//! went and not where it was, by every kind of index level, as a scan of every body finds it
//! (seeded random moves); bad moves are refused; the obstacles handed out carry the one-way
//! side and the frame's velocity, through `StaticWorld` too; `move_and_slide` lands on a
//! platform where it was moved.

use collide_core::{Aabb, Circle, Hull, Layers, Pose, Rect, Rot, Shape};
use collide_testkit::proptest_config as config;
use collide_world::{
    move_and_slide, Obstacle, Obstacles, SlideSettings, StaticBodies, StaticHandle, StaticWorld,
    TileMap,
};
use glam::Vec2;
use proptest::prelude::*;

/// What a query hands out of an obstacle, to compare: id, pose, one-way side and velocity.
type Seen = (u32, Vec2, [u32; 2], Option<[u32; 2]>, [u32; 2]);

fn seen(o: &Obstacle<'_>) -> Seen {
    let bits = |v: Vec2| [v.x.to_bits(), v.y.to_bits()];
    let turn = o.pose.rotation.apply(Vec2::X);
    (
        o.id,
        o.pose.position,
        bits(turn),
        o.one_way.map(bits),
        bits(o.velocity),
    )
}

fn listed<O: Obstacles + ?Sized>(set: &O, area: &Aabb, layers: Layers) -> Vec<Seen> {
    let mut out = Vec::new();
    set.near(area, layers, &mut |o| out.push(seen(&o)));
    out.sort_unstable_by_key(|s| s.0);
    out
}

/// What a scan of every body of the set (by its handles; a slice checks each obstacle) lists
/// near `area`: the oracle a query of the index is checked against.
fn oracle(
    bodies: &StaticBodies,
    handles: &[StaticHandle],
    area: &Aabb,
    layers: Layers,
) -> Vec<Seen> {
    let every: Vec<Obstacle<'_>> = handles.iter().filter_map(|h| bodies.get(*h)).collect();
    listed(&every[..], area, layers)
}

/// The three kinds of index level: bodies close together (a dense table), along a floor and a
/// wall across a large level (rows and columns), and far apart (a hash of occupied cells).
fn layout(kind: u8, i: usize) -> Vec2 {
    let k = i as f32;
    match kind {
        0 => Vec2::new((k * 37.0) % 500.0, (k * 53.0) % 400.0) - 200.0,
        1 if i % 2 == 0 => Vec2::new(16.0 * k, 0.0),
        1 => Vec2::new(0.0, 16.0 * k),
        _ => Vec2::new(
            ((k * 7919.0) % 1000.0) * 1e6,
            ((k * 104_729.0) % 1000.0) * -1e6,
        ),
    }
}

fn shape(i: usize) -> Shape {
    match i % 3 {
        0 => Circle {
            radius: 3.0 + (i % 5) as f32,
        }
        .into(),
        1 => Rect {
            half_extents: Vec2::new(8.0, 4.0 + (i % 7) as f32),
        }
        .into(),
        _ => Hull::new(&[
            Vec2::new(-6.0, -3.0),
            Vec2::new(9.0, -2.0),
            Vec2::new(1.0, 7.0),
        ])
        .unwrap()
        .into(),
    }
}

/// One step of a random run: which body, how far, and what to do.
#[derive(Clone, Copy, Debug)]
struct Op {
    body: usize,
    by: Vec2,
    turn: f32,
    kind: u8,
}

fn op() -> impl Strategy<Value = Op> {
    (
        0usize..10_000,
        -1.0f32..1.0,
        -1.0f32..1.0,
        -3.0f32..3.0,
        0u8..12,
    )
        .prop_map(|(body, x, y, turn, kind)| Op {
            body,
            by: Vec2::new(x, y),
            turn,
            kind,
        })
}

/// Applies `op` to `bodies`; returns the box to query around the body's old place and its new
/// one.
fn apply(bodies: &mut StaticBodies, handles: &[StaticHandle], op: Op) -> [Aabb; 2] {
    let h = handles[op.body % handles.len()];
    let (old, was) = bodies
        .get(h)
        .map(|o| (o.bounds(), o.pose.position))
        .unwrap();
    let pose = |by: Vec2, turn: f32| Pose::new(was + by, Rot::from_angle(turn));
    match op.kind {
        // Small moves, mostly within a cell; a turn changes a hull's box.
        0..=4 => assert!(bodies.move_body(h, pose(op.by * 3.0, op.turn), op.by)),
        // Jumps to other cells, near and far.
        5..=6 => assert!(bodies.move_body(h, pose(op.by * 200.0, 0.0), op.by * 200.0)),
        7 => assert!(bodies.move_body(h, pose(op.by * 3e6, op.turn), Vec2::ZERO)),
        8 => assert!(bodies.set_one_way(h, Some(op.by + Vec2::Y * 2.0))),
        9 => assert!(bodies.set_one_way(h, None)),
        10 => bodies.refresh(),
        _ => assert!(!bodies.move_body(h, pose(Vec2::NAN, 0.0), op.by), "refused"),
    }
    [old, bodies.get(h).unwrap().bounds()]
}

fn run(kind: u8, count: usize, ops: &[Op]) -> Result<(), TestCaseError> {
    let mut bodies = StaticBodies::new();
    let handles: Vec<StaticHandle> = (0..count)
        .map(|i| {
            let layers = Layers::on(1 << (i % 3)).with_mask(u32::MAX);
            let at = Pose::from_position(layout(kind, i));
            bodies.add(shape(i), at, layers).unwrap()
        })
        .collect();
    bodies.refresh();
    for (n, op) in ops.iter().enumerate() {
        let [old, new] = apply(&mut bodies, &handles, *op);
        let grown = |b: Aabb, by: f32| Aabb::new(b.center, b.half_extents + by);
        let wide = Aabb::new(new.center + op.by * 100.0, Vec2::splat(300.0));
        // The new box's corner furthest along the move: beyond where the body was, which a
        // query there must not miss (its cell's bitmap and runs grow with it).
        let ahead = Aabb::new(new.center + new.half_extents * op.by.signum(), Vec2::ZERO);
        for area in [old, new, ahead, grown(old, 2.0), grown(new, 40.0), wide] {
            for layers in [Layers::ALL, Layers::on(u32::MAX).with_mask(2)] {
                let want = oracle(&bodies, &handles, &area, layers);
                prop_assert_eq!(listed(&bodies, &area, layers), want, "op {}: {:?}", n, op);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(48, 0x0B0D_01E5))]

    /// Seeded runs of moves (within a cell, to another cell, far away, turned), one-way
    /// changes, refused moves and refreshes, on every kind of index level: after each, queries
    /// around the body's old and new place list what a scan of every body lists.
    #[test]
    fn moved_bodies_are_listed_as_a_scan_of_every_body_lists_them(
        kind in 0u8..3, count in 1usize..400, ops in prop::collection::vec(op(), 1..120),
    ) {
        run(kind, count, &ops)?;
    }
}

/// A floor strip of 3 000 tiles (its level keeps rows and columns) where many bodies move: a
/// query finds each where it went, never where it was, and refreshing after many have left
/// their cells (a rebuild) changes no answer.
#[test]
fn a_moved_body_is_found_where_it_went_and_not_where_it_was() {
    let tile = Rect {
        half_extents: Vec2::splat(8.0),
    };
    let mut bodies = StaticBodies::new();
    let handles: Vec<StaticHandle> = (0..3_000)
        .map(|k| {
            let at = Pose::from_position(Vec2::new(16.0 * k as f32 + 8.0, -8.0));
            bodies.add(tile, at, Layers::ALL).unwrap()
        })
        .collect();
    bodies.refresh();
    let probe = |at: Vec2| Aabb::new(at, Vec2::splat(1.0));
    let strip = |k: usize| Aabb::new(Vec2::new(80.0 * k as f32, 20.0), Vec2::new(40.0, 30.0));
    for (n, &h) in handles.iter().enumerate().step_by(7) {
        let was = bodies.get(h).unwrap().pose.position;
        // Within its cell of the index, or out of it.
        let by = Vec2::new(3.0, [40.0, 90.0][n % 2] + (n % 5) as f32);
        assert!(bodies.move_body(h, Pose::from_position(was + by), by));
        let ids = |bodies: &StaticBodies, at: Vec2| {
            let found = listed(bodies, &probe(at), Layers::ALL);
            found.iter().map(|s| s.0).collect::<Vec<_>>()
        };
        assert!(
            ids(&bodies, was + by).contains(&h.id()),
            "body {n} not where it went"
        );
        assert!(
            !ids(&bodies, was).contains(&h.id()),
            "body {n} still where it was"
        );
        // Moved again within its new cell.
        assert!(bodies.move_body(h, Pose::from_position(was + by * 1.01), by * 0.01));
        assert!(ids(&bodies, was + by * 1.01).contains(&h.id()));
    }
    let before: Vec<Vec<Seen>> = (0..600)
        .map(|k| listed(&bodies, &strip(k), Layers::ALL))
        .collect();
    bodies.refresh();
    for (k, want) in before.iter().enumerate() {
        assert_eq!(
            &listed(&bodies, &strip(k), Layers::ALL),
            want,
            "after the rebuild, {k}"
        );
    }
    assert!(before.iter().map(Vec::len).sum::<usize>() > 100);
}

/// A move with a non-finite position, rotation or velocity, or with a stale handle, is
/// refused: `false`, the body unchanged (and no panic). So is a one-way side with no
/// direction.
#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let mut bodies = StaticBodies::new();
    let h = bodies
        .add(
            Rect {
                half_extents: Vec2::splat(4.0),
            },
            Pose::IDENTITY,
            Layers::ALL,
        )
        .unwrap();
    let gone = bodies
        .add(Circle { radius: 1.0 }, Pose::IDENTITY, Layers::ALL)
        .unwrap();
    assert!(bodies.remove(gone));
    for indexed in [false, true] {
        if indexed {
            bodies.refresh();
        }
        let before = seen(&bodies.get(h).unwrap());
        for (pose, velocity) in [
            (Pose::from_position(Vec2::new(f32::NAN, 0.0)), Vec2::ZERO),
            (
                Pose::from_position(Vec2::new(0.0, f32::INFINITY)),
                Vec2::ZERO,
            ),
            (Pose::new(Vec2::ONE, Rot::from_angle(f32::NAN)), Vec2::ZERO),
            (
                Pose::from_position(Vec2::new(1e38, 0.0)),
                Vec2::new(f32::NAN, 1.0),
            ),
            (
                Pose::from_position(Vec2::ONE),
                Vec2::new(0.0, f32::NEG_INFINITY),
            ),
        ] {
            assert!(
                !bodies.move_body(h, pose, velocity),
                "{pose:?} by {velocity}"
            );
            assert_eq!(bodies.get(h).map(|o| seen(&o)), Some(before));
        }
        assert!(!bodies.move_body(gone, Pose::IDENTITY, Vec2::ZERO), "stale");
        for up in [Vec2::ZERO, Vec2::NAN, Vec2::new(f32::INFINITY, 1.0)] {
            assert!(!bodies.set_one_way(h, Some(up)), "{up}");
        }
        assert!(!bodies.set_one_way(gone, Some(Vec2::Y)), "stale");
        assert_eq!(bodies.get(h).map(|o| seen(&o)), Some(before));
        let area = Aabb::new(Vec2::ZERO, Vec2::ONE);
        assert_eq!(listed(&bodies, &area, Layers::ALL), [before]);
    }
}

/// The obstacles a set hands out (by query, by id, by handle, and through a `StaticWorld`)
/// carry a body's one-way side (normalized) and its velocity; the velocity stays until the
/// next move, and a platform that stops is moved with velocity zero.
#[test]
fn obstacles_carry_the_one_way_side_and_the_velocity() {
    let mut world =
        StaticWorld::new(TileMap::from_rows(&["...."], Vec2::splat(16.0), Vec2::ZERO).unwrap());
    let lift = Rect {
        half_extents: Vec2::new(24.0, 4.0),
    };
    let h = world
        .bodies
        .add(
            lift,
            Pose::from_position(Vec2::new(100.0, 0.0)),
            Layers::ALL,
        )
        .unwrap();
    world.bodies.refresh();
    assert!(world.bodies.set_one_way(h, Some(Vec2::new(0.0, 3.0))));
    let up = Vec2::new(0.0, 2.5);
    assert!(world
        .bodies
        .move_body(h, Pose::from_position(Vec2::new(100.0, 2.5)), up));
    let area = Aabb::new(Vec2::new(100.0, 0.0), Vec2::splat(8.0));
    let every = |world: &StaticWorld| {
        let mut all = vec![
            seen(&world.bodies.get(h).unwrap()),
            seen(&world.obstacle(h.id()).unwrap()),
        ];
        all.extend(listed(&world.bodies, &area, Layers::ALL));
        all.extend(listed(world, &area, Layers::ALL));
        all
    };
    for (frame, s) in every(&world).iter().enumerate() {
        assert_eq!(s.3, Some([0.0f32.to_bits(), 1.0f32.to_bits()]), "{frame}");
        assert_eq!(s.4, [0.0f32.to_bits(), 2.5f32.to_bits()], "{frame}");
    }
    world.bodies.refresh();
    assert!(
        every(&world).iter().all(|s| s.4 == [0, 2.5f32.to_bits()]),
        "kept"
    );
    assert!(world
        .bodies
        .move_body(h, Pose::from_position(Vec2::new(100.0, 2.5)), Vec2::ZERO));
    assert!(world.bodies.set_one_way(h, None));
    assert!(every(&world).iter().all(|s| s.3.is_none() && s.4 == [0, 0]));
}

/// A platform moved under a falling box stops it where it went; where it was, the box falls
/// on. One-way, it still holds what lands on it from above, and lets through what jumps up.
#[test]
fn move_and_slide_meets_a_platform_where_it_was_moved() {
    let mut bodies = StaticBodies::new();
    let lift = Rect {
        half_extents: Vec2::new(24.0, 4.0),
    };
    let h = bodies
        .add(lift, Pose::from_position(Vec2::new(0.0, -4.0)), Layers::ALL)
        .unwrap();
    bodies.refresh();
    let player = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let settings = SlideSettings::new(Vec2::Y);
    let fall = |bodies: &StaticBodies, x: f32| {
        move_and_slide(
            player,
            Rot::IDENTITY,
            Vec2::new(x, 30.0),
            Vec2::new(0.0, -60.0),
            bodies,
            &settings,
        )
    };
    assert!(fall(&bodies, 0.0).on_floor);
    assert!(bodies.move_body(
        h,
        Pose::from_position(Vec2::new(200.0, 6.0)),
        Vec2::new(200.0, 10.0)
    ));
    let at_old = fall(&bodies, 0.0);
    assert!(
        !at_old.on_floor && at_old.contacts().is_empty(),
        "{at_old:?}"
    );
    let at_new = fall(&bodies, 200.0);
    assert!(at_new.on_floor, "{at_new:?}");
    assert!((at_new.position.y - 17.0).abs() < 0.02, "{at_new:?}");
    assert!(bodies.set_one_way(h, Some(Vec2::Y)));
    assert_eq!(fall(&bodies, 200.0), at_new);
    let jump = move_and_slide(
        player,
        Rot::IDENTITY,
        Vec2::new(200.0, -10.0),
        Vec2::new(0.0, 40.0),
        &bodies,
        &settings,
    );
    assert!(
        jump.contacts().is_empty() && jump.position.y == 30.0,
        "{jump:?}"
    );
}

/// A box standing on a rising one-way lift: carried by the lift's velocity each frame (one
/// `move_and_slide` by it, then gravity), it stays on it, at a steady height above it; not
/// carried, the lift rises into it and it falls through, as `move_body` documents.
#[test]
fn a_body_carried_by_a_rising_one_way_lift_stays_on_it() {
    let mut bodies = StaticBodies::new();
    let lift = Rect {
        half_extents: Vec2::new(24.0, 4.0),
    };
    let h = bodies
        .add(lift, Pose::from_position(Vec2::new(0.0, -4.0)), Layers::ALL)
        .unwrap();
    bodies.refresh();
    assert!(bodies.set_one_way(h, Some(Vec2::Y)));
    let player = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let settings = SlideSettings::new(Vec2::Y);
    let step = |bodies: &StaticBodies, at: Vec2, by: Vec2| {
        move_and_slide(player, Rot::IDENTITY, at, by, bodies, &settings)
    };
    let gravity = Vec2::new(0.0, -1.0);
    for carried in [true, false] {
        let mut lift_y = -4.0;
        assert!(bodies.move_body(h, Pose::from_position(Vec2::new(0.0, lift_y)), Vec2::ZERO));
        let mut at = step(&bodies, Vec2::new(0.0, 7.5), gravity).position;
        let mut fell = false;
        for frame in 0..200 {
            let velocity = Vec2::new(0.0, 1.5);
            lift_y += velocity.y;
            assert!(bodies.move_body(h, Pose::from_position(Vec2::new(0.0, lift_y)), velocity));
            if carried {
                at = step(&bodies, at, bodies.get(h).unwrap().velocity).position;
            }
            let moved = step(&bodies, at, gravity);
            at = moved.position;
            let above = at.y - 7.0 - (lift_y + 4.0);
            if carried {
                assert!(moved.on_floor, "frame {frame}: {moved:?}");
                assert!((0.0..0.02).contains(&above), "frame {frame}: {above} above");
            }
            fell |= above < -8.0;
        }
        assert_eq!(fell, !carried, "carried: {carried}");
    }
}
