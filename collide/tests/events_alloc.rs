//! Contact events allocate nothing in steady state: after a warm-up, frames of a moving,
//! wrapping scene of keyed bodies (bullets through enemies, some of them sensors, and sensor
//! obstacles) run through [`ContactEvents`] without an allocation, for every broad phase, with
//! the bodies kept in one order and with the slice turned round every frame (so the tracker
//! must look its keys up).
//!
//! The counting allocator counts per thread, so the test harness's other threads do not
//! disturb the counts.

use collide::{Body, BroadPhaseKind, CollisionPass, ContactEvents, Obstacle, Response};
use collide_core::{Circle, Layers, Pose, Rect};
use collide_testkit::alloc::{thread_snapshot, CountingAllocator};
use collide_testkit::SplitMix64;
use glam::Vec2;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

const FIELD: Vec2 = Vec2::new(900.0, 500.0);

/// `n` bodies: bullets (radius 2, 7.5 units a frame up) and enemies (16×16, slower, one in
/// ten a sensor), each keyed, wrapping around the field.
fn scene(n: usize) -> (Vec<Body<'static>>, Vec<Vec2>) {
    let mut rng = SplitMix64::new(0xE0E0);
    let (shot, enemy) = (Layers::on(1).with_mask(2 | 4), Layers::on(2).with_mask(1));
    let bodies = (0..n)
        .map(|i| {
            let at = rng.in_box(Vec2::ZERO, FIELD);
            let key = (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let body = if i % 2 == 0 {
                Body::stationary(Circle { radius: 2.0 }, at).with_layers(shot)
            } else {
                let square = Rect {
                    half_extents: Vec2::splat(8.0),
                };
                Body::stationary(square, at)
                    .with_layers(enemy)
                    .with_sensor(i % 20 == 1)
            };
            body.with_key(key)
        })
        .collect();
    let velocities = (0..n)
        .map(|i| {
            if i % 2 == 0 {
                Vec2::new(0.0, 7.5)
            } else {
                rng.direction() * 1.5
            }
        })
        .collect();
    (bodies, velocities)
}

/// Moves every body on by its velocity, wrapping it (its motion then starts where it
/// reappears).
fn step(bodies: &mut [Body<'_>], velocities: &[Vec2]) {
    for (b, v) in bodies.iter_mut().zip(velocities) {
        let end = b.end + *v;
        if (0.0..FIELD.x).contains(&end.x) && (0.0..FIELD.y).contains(&end.y) {
            b.start = b.end;
            b.end = end;
        } else {
            b.end = end.rem_euclid(FIELD);
            b.start = b.end;
        }
    }
}

fn check(shuffled: bool) {
    // The counter sees allocations at all (else the zeros below would prove nothing).
    let before = thread_snapshot();
    drop(std::hint::black_box(vec![0_u8; 100]));
    assert!(thread_snapshot().since(before).bytes >= 100);
    let zone = Rect {
        half_extents: Vec2::new(60.0, 20.0),
    };
    let world: Vec<Obstacle<'_>> = (0..6)
        .map(|id| {
            let at = Vec2::new(150.0 * id as f32 + 75.0, 250.0);
            Obstacle::new(id, zone, Pose::from_position(at))
                .with_sensor(true)
                .with_layers(Layers::on(4).with_mask(1))
        })
        .collect();
    for kind in BroadPhaseKind::ALL {
        let (mut bodies, mut velocities) = scene(1_000);
        let mut pass = CollisionPass::new(kind.build());
        let mut events = ContactEvents::default();
        let mut frame = |bodies: &mut Vec<Body<'static>>, velocities: &mut Vec<Vec2>| {
            step(bodies, velocities);
            if shuffled {
                bodies.rotate_left(7);
                velocities.rotate_left(7);
            }
            events
                .run(&mut pass, bodies, &world[..], |_| Response::CARRY)
                .unwrap();
            events.events().len()
        };
        for _ in 0..60 {
            frame(&mut bodies, &mut velocities);
        }
        let before = thread_snapshot();
        let reported: usize = (0..200).map(|_| frame(&mut bodies, &mut velocities)).sum();
        let used = thread_snapshot().since(before);
        assert!(reported > 1_000, "{kind}: {reported} events");
        assert_eq!(
            (used.bytes, used.allocations),
            (0, 0),
            "{kind}, shuffled {shuffled}: allocated in steady state"
        );
    }
}

#[test]
fn steady_frames_with_events_allocate_nothing() {
    check(false);
}

#[test]
fn steady_frames_with_the_slice_turned_round_allocate_nothing() {
    check(true);
}
