//! Contact events for compounds, skipped bodies and layers turned off, and nearest queries
//! with no limit: cases a tester's round over sensors, events and filters found wrong.
//!
//! - A compound (two bodies sharing a key) with one part resting in a sensor and another
//!   crossing it was reported as having left the sensor, every frame: the pair was judged
//!   only on the bodies of its latest hit, the crossing part, which had left.
//! - A keyed body whose start is not finite (which the pass skips) kept its contacts.
//! - A touching pair whose layers stop interacting (a trigger turned off) never stopped.
//! - `nearest_body` and `nearest_obstacle` found nothing with `f32::MAX` ("no limit") as the
//!   distance: the query box overflowed.

use collide::{
    nearest_obstacle, Body, CollisionPass, ContactEvents, Hitscan, Layers, Obstacle, OtherKey,
    Response,
};
use collide_core::{Circle, Pose, Rect};
use glam::Vec2;

/// The events of one frame of `bodies` among `obstacles`, as `(started, a, b)`.
fn frame(
    events: &mut ContactEvents,
    pass: &mut CollisionPass,
    bodies: &[Body<'_>],
    obstacles: &[Obstacle<'_>],
) -> Vec<(bool, u64, OtherKey)> {
    events
        .run(pass, bodies, obstacles, |_| Response::CARRY)
        .unwrap();
    events
        .events()
        .iter()
        .map(|e| (e.is_started(), e.pair().0, e.pair().1))
        .collect()
}

#[test]
fn a_compound_part_resting_in_a_sensor_holds_the_pair_while_another_crosses_it() {
    let ball = Circle { radius: 3.0 };
    let zone = Rect {
        half_extents: Vec2::new(20.0, 20.0),
    };
    let resting = Body::stationary(ball, Vec2::ZERO).with_key(1);
    let crossing = Body::new(ball, Vec2::new(-60.0, 10.0), Vec2::new(60.0, 10.0)).with_key(1);
    let sensor = Body::stationary(zone, Vec2::ZERO)
        .with_key(2)
        .with_sensor(true);
    for bodies in [[resting, crossing, sensor], [crossing, resting, sensor]] {
        let (mut pass, mut events) = (CollisionPass::default(), ContactEvents::default());
        let first = frame(&mut events, &mut pass, &bodies, &[]);
        assert_eq!(first, [(true, 1, OtherKey::Body(2))]);
        for _ in 0..5 {
            assert_eq!(frame(&mut events, &mut pass, &bodies, &[]), []);
            assert!(events.is_touching(1, OtherKey::Body(2)));
        }
    }
}

#[test]
fn a_body_the_pass_skips_for_a_non_finite_start_stops_touching() {
    let square = Rect {
        half_extents: Vec2::new(5.0, 5.0),
    };
    let ball = Circle { radius: 3.0 };
    let (mut pass, mut events) = (CollisionPass::default(), ContactEvents::default());
    let other = Body::stationary(ball, Vec2::new(6.0, 0.0)).with_key(2);
    let before = [Body::stationary(square, Vec2::ZERO).with_key(1), other];
    assert_eq!(
        frame(&mut events, &mut pass, &before, &[]),
        [(true, 1, OtherKey::Body(2))]
    );
    let skipped = Body::new(square, Vec2::NAN, Vec2::ZERO).with_key(1);
    assert_eq!(
        frame(&mut events, &mut pass, &[skipped, other], &[]),
        [(false, 1, OtherKey::Body(2))]
    );
    assert_eq!(pass.stats().skipped, 1);
}

#[test]
fn a_pair_whose_layers_stop_interacting_stops_touching() {
    let square = Rect {
        half_extents: Vec2::new(5.0, 5.0),
    };
    let ball = Circle { radius: 3.0 };
    let (mut pass, mut events) = (CollisionPass::default(), ContactEvents::default());
    let a = Body::stationary(square, Vec2::ZERO).with_key(1);
    let b = Body::stationary(ball, Vec2::new(6.0, 0.0)).with_key(2);
    let trigger =
        Obstacle::new(9, square, Pose::from_position(Vec2::new(-4.0, 0.0))).with_sensor(true);
    assert_eq!(frame(&mut events, &mut pass, &[a, b], &[trigger]).len(), 2);
    // Both turned off through their layers, still overlapping.
    let apart = [
        a.with_layers(Layers::on(1).with_mask(1 << 1)),
        b.with_layers(Layers::on(2).with_mask(1 << 2)),
    ];
    let off = trigger.with_layers(Layers::on(3).with_mask(1 << 3));
    let mut seen = frame(&mut events, &mut pass, &apart, &[off]);
    seen.sort_unstable();
    assert_eq!(
        seen,
        [
            (false, 1, OtherKey::Body(2)),
            (false, 1, OtherKey::Obstacle(9))
        ]
    );
    assert_eq!(events.touching().count(), 0);
}

#[test]
fn nearest_queries_with_no_limit_find_the_nearest() {
    let square = Rect {
        half_extents: Vec2::new(5.0, 5.0),
    };
    let bodies = [Body::stationary(square, Vec2::ZERO)];
    let mut pass = CollisionPass::default();
    pass.detect(&bodies, &()).unwrap();
    let far = Vec2::new(1.0e30, -3.0e29);
    for (point, distance) in [(Vec2::new(1.0, 1.0), 0.0), (far, far.length())] {
        let near = Hitscan::new()
            .nearest_body(pass.broad_phase(), &bodies, point, f32::MAX, Layers::ALL)
            .expect("the body is within any distance");
        assert_eq!(near.id, 0);
        assert!(
            (near.distance - distance).abs() <= distance * 1e-3,
            "{near:?}"
        );
        let obstacles = [Obstacle::new(4, square, Pose::IDENTITY)];
        let near = nearest_obstacle(&obstacles[..], point, f32::MAX, Layers::ALL)
            .expect("the obstacle is within any distance");
        assert_eq!(near.id, 4);
    }
    // A distance that is not finite still finds nothing.
    let none = Hitscan::new().nearest_body(
        pass.broad_phase(),
        &bodies,
        Vec2::ONE,
        f32::INFINITY,
        Layers::ALL,
    );
    assert!(none.is_none());
}
