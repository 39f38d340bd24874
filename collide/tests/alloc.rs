//! Zero allocations per frame in steady state, for every broad phase: after a short warm-up,
//! the frames of a moving, wrapping scene allocate nothing, even when its layout changes in a
//! way the warm-up never saw (a formation of large bodies drifting across the wrap seam, so
//! the grid's level of large cells spreads over the whole field and stops being compact).
//! World queries (ray and shape casts over bodies and static bodies) allocate nothing either.
//!
//! The counting allocator counts per thread, so the test harness's other threads do not
//! disturb the counts.

use collide::{Body, BroadPhaseKind, CollisionPass, Response};
use collide_core::{Circle, Hull, Layers, Rect, Rot};
use collide_testkit::alloc::{thread_snapshot, CountingAllocator};
use collide_testkit::SplitMix64;
use glam::Vec2;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Bytes and allocation calls made on this thread while `f` runs (the test harness's other
/// threads may allocate meanwhile).
fn counted(f: impl FnOnce()) -> (u64, u64) {
    let before = thread_snapshot();
    f();
    let used = thread_snapshot().since(before);
    (used.bytes, used.allocations)
}

/// The benchmark's scene: bullets (radius 2, 7.5 units a frame, straight up) and enemies
/// (32×32, 1.5 units a frame), a few of them rotating hulls, wrapping around the field; then
/// `bosses` large boxes (200×200) in a tight formation that drifts diagonally, starting near
/// the top right corner of the field.
struct Scene {
    field: Vec2,
    positions: Vec<Vec2>,
    velocities: Vec<Vec2>,
}

impl Scene {
    fn new(n: usize, bosses: usize) -> Self {
        let k = (n as f32 / 100.0).sqrt();
        let field = Vec2::new(640.0 * k, 360.0 * k);
        let mut rng = SplitMix64::new(0x5EED);
        let mut positions: Vec<Vec2> = (0..n).map(|_| rng.in_box(Vec2::ZERO, field)).collect();
        let mut velocities: Vec<Vec2> = (0..n)
            .map(|i| {
                if i % 2 == 0 {
                    Vec2::new(0.0, 7.5)
                } else {
                    rng.direction() * 1.5
                }
            })
            .collect();
        // Three to a row, 210 apart, the formation's far corner 600 × 500 short of the field's.
        for b in 0..bosses {
            let slot = Vec2::new((b % 3) as f32, (b / 3) as f32) * 210.0;
            positions.push(field - Vec2::new(600.0, 500.0) + slot);
            velocities.push(Vec2::new(4.0, 3.0));
        }
        Self {
            field,
            positions,
            velocities,
        }
    }

    fn step(&mut self, bodies: &mut [Body<'_>]) {
        for ((p, v), b) in self
            .positions
            .iter_mut()
            .zip(&self.velocities)
            .zip(bodies.iter_mut())
        {
            let start = *p;
            let mut end = start + *v;
            // Wrap around: the body reappears, so its motion this frame starts there too.
            if !(0.0..self.field.x).contains(&end.x) || !(0.0..self.field.y).contains(&end.y) {
                end = end.rem_euclid(self.field);
                b.start = end;
            } else {
                b.start = start;
            }
            b.end = end;
            *p = end;
        }
    }
}

/// Runs `frames` counted frames of the scene after `warm_up` uncounted ones, for every broad
/// phase, and checks that the counted ones allocated nothing.
fn check_steady_state(n: usize, bosses: usize, warm_up: usize, frames: usize) {
    const SHOT: u32 = 1;
    const ENEMY: u32 = 2;
    let hull = Hull::regular(8, 16.0).unwrap();
    let bullet = Circle { radius: 2.0 };
    let enemy = Rect {
        half_extents: Vec2::splat(16.0),
    };
    let boss = Rect {
        half_extents: Vec2::splat(100.0),
    };
    // The counter sees allocations at all (else the zeros below would prove nothing).
    let (bytes, calls) = counted(|| drop(std::hint::black_box(vec![0_u8; 100])));
    assert!(bytes >= 100 && calls >= 1);
    for kind in BroadPhaseKind::ALL {
        let mut scene = Scene::new(n, bosses);
        let mut bodies: Vec<Body<'_>> = (0..n + bosses)
            .map(|i| {
                let p = scene.positions[i];
                if i >= n {
                    Body::stationary(boss, p).with_layers(Layers::on(ENEMY).with_mask(SHOT))
                } else if i % 2 == 0 {
                    Body::stationary(bullet, p).with_layers(Layers::on(SHOT).with_mask(ENEMY))
                } else if i % 20 == 1 {
                    Body::stationary(&hull, p)
                        .with_rotation(Rot::from_angle(i as f32))
                        .with_layers(Layers::on(ENEMY).with_mask(SHOT))
                } else {
                    Body::stationary(enemy, p).with_layers(Layers::on(ENEMY).with_mask(SHOT))
                }
            })
            .collect();
        let mut pass = CollisionPass::new(kind.build());
        let mut hits = 0_usize;
        for _ in 0..warm_up {
            // Buffers grow here.
            scene.step(&mut bodies);
            pass.run(&bodies, &(), |_| Response::CARRY).unwrap();
        }
        let (bytes, calls) = counted(|| {
            for _ in 0..frames {
                scene.step(&mut bodies);
                let stats = pass.run(&bodies, &(), |_| Response::CARRY).unwrap();
                hits += stats.hits_resolved;
            }
        });
        assert!(hits > 0, "{kind}: the scene should produce hits");
        assert_eq!((bytes, calls), (0, 0), "{kind}: allocated in steady state");
    }
}

#[test]
fn steady_state_frames_allocate_nothing_for_every_broad_phase() {
    check_steady_state(1000, 0, 1, 100);
}

#[test]
fn a_formation_drifting_across_the_wrap_seam_allocates_nothing() {
    // 300 frames carry the formation 1 200 × 900 units: across the top right corner of the
    // 2 024 × 1 138 field, so for a while its boxes sit at all four corners at once.
    check_steady_state(1000, 6, 20, 300);
}

#[test]
fn a_frame_with_more_hits_than_before_allocates_nothing() {
    // 100 circles in a row, 10 units apart; a frame puts `pairs` odd ones on their even
    // neighbours. The first frames have few hits, sorted one way; the counted one has more than
    // the pass ranks (32), and sorts them another way, with buffers it must already have.
    let circle = Circle { radius: 2.0 };
    let frame = |pairs: usize| -> Vec<Body<'static>> {
        (0..100)
            .map(|i| {
                let slot = if i % 2 == 1 && i / 2 < pairs {
                    i - 1
                } else {
                    i
                };
                Body::stationary(circle, Vec2::new(slot as f32 * 10.0, 0.0))
            })
            .collect()
    };
    let (few, many) = (frame(10), frame(45));
    for kind in BroadPhaseKind::ALL {
        let mut pass = CollisionPass::new(kind.build());
        for _ in 0..5 {
            assert_eq!(
                pass.run(&few, &(), |_| Response::CARRY)
                    .unwrap()
                    .hits_resolved,
                10
            );
        }
        let mut hits = 0;
        let (bytes, calls) = counted(|| {
            hits = pass
                .run(&many, &(), |_| Response::CARRY)
                .unwrap()
                .hits_resolved
        });
        assert_eq!(hits, 45, "{kind}");
        assert_eq!((bytes, calls), (0, 0), "{kind}: allocated for more hits");
    }
}

#[test]
fn tile_map_queries_allocate_nothing() {
    let mut rng = SplitMix64::new(0x711E);
    let map = collide::TileMap::from_fn(256, 256, Vec2::splat(16.0), Vec2::ZERO, |x, y| {
        u8::from(y == 0 || x % 7 == 0 && y % 5 < 2)
    })
    .unwrap();
    let hexagon = Hull::regular(6, 8.0).unwrap();
    let shapes: [collide_core::ShapeRef<'_>; 3] = [
        Circle { radius: 6.0 }.into(),
        Rect {
            half_extents: Vec2::new(6.0, 10.0),
        }
        .into(),
        (&hexagon).into(),
    ];
    let cases: Vec<(Vec2, Vec2)> = (0..300)
        .map(|_| {
            let from = rng.in_box(Vec2::ZERO, Vec2::splat(4096.0));
            (from, from + rng.direction() * rng.range(1.0, 800.0))
        })
        .collect();
    let mut found = 0usize;
    let (bytes, calls) = counted(|| {
        for &(from, to) in &cases {
            found += usize::from(map.cast_segment(from, to).is_some());
            for &shape in &shapes {
                let motion = collide_core::Motion::new(from, to, Rot::from_angle(0.3));
                found += usize::from(map.time_of_impact(shape, &motion).is_some());
                let pose = collide_core::Pose::from_position(to);
                found += usize::from(map.overlaps(shape, &pose));
                found += map.contacts(shape, &pose, |_, _| ());
            }
        }
    });
    assert!(
        found > 100,
        "only {found} hits: the queries did too little to count"
    );
    assert_eq!((bytes, calls), (0, 0), "tile map queries allocated");
}

/// World queries allocate nothing once their buffers have grown: a `Hitscan` and the caller's
/// hit list, warmed up on one round of rays and shape casts, then counted on the next.
#[test]
fn world_queries_allocate_nothing_in_steady_state() {
    use collide::{cast_ray_static, cast_ray_static_all, cast_shape_static, Hitscan, StaticBodies};
    use collide_core::{Motion, Pose};
    let mut rng = SplitMix64::new(0x0A11_0C8A);
    let hull = Hull::regular(7, 6.0).unwrap();
    let bodies: Vec<Body<'_>> = (0..2000)
        .map(|i| {
            let at = rng.in_box(Vec2::ZERO, Vec2::splat(1500.0));
            match i % 3 {
                0 => Body::new(Circle { radius: 4.0 }, at, at + Vec2::new(0.0, 5.0)),
                1 => Body::stationary(
                    Rect {
                        half_extents: Vec2::splat(9.0),
                    },
                    at,
                ),
                _ => Body::stationary(&hull, at).with_rotation(Rot::from_angle(at.x)),
            }
        })
        .collect();
    let mut level = StaticBodies::new();
    for b in &bodies {
        level
            .add(b.shape.to_shape(), Pose::from_position(b.end), Layers::ALL)
            .unwrap();
    }
    level.refresh();
    let rays: Vec<(Vec2, Vec2)> = (0..200)
        .map(|_| {
            let from = rng.in_box(Vec2::ZERO, Vec2::splat(1500.0));
            (from, from + rng.direction() * 800.0)
        })
        .collect();
    for kind in BroadPhaseKind::ALL {
        let mut pass = CollisionPass::new(kind.build());
        pass.detect(&bodies, &()).unwrap();
        let (mut hitscan, mut hits) = (Hitscan::new(), Vec::new());
        let round = |hitscan: &mut Hitscan, hits: &mut Vec<_>| {
            let mut found = 0;
            for &(from, to) in &rays {
                let broad = pass.broad_phase();
                found += usize::from(
                    hitscan
                        .cast_ray(broad, &bodies, from, to, Layers::ALL)
                        .is_some(),
                );
                hitscan.cast_ray_all(broad, &bodies, from, to, Layers::ALL, hits);
                let motion = Motion::linear(from, from + (to - from) * 0.05);
                let ball = Circle { radius: 3.0 };
                found += usize::from(
                    hitscan
                        .cast_shape(broad, &bodies, ball, &motion, Layers::ALL)
                        .is_some(),
                );
                hitscan.cast_shape_all(broad, &bodies, ball, &motion, Layers::ALL, hits);
                found += usize::from(cast_ray_static(&level, from, to, Layers::ALL).is_some());
                cast_ray_static_all(&level, from, to, Layers::ALL, hits);
                found +=
                    usize::from(cast_shape_static(&level, ball, &motion, Layers::ALL).is_some());
            }
            found
        };
        let warm = round(&mut hitscan, &mut hits);
        let mut again = 0;
        let (bytes, calls) = counted(|| again = round(&mut hitscan, &mut hits));
        assert!(warm > 200 && again == warm, "{kind}: {warm} then {again}");
        assert_eq!((bytes, calls), (0, 0), "{kind}");
    }
}
