//! Contact events and sensors in the pass: what a game sees frame after frame of a body
//! resting on a floor, standing in a sensor, passing through one, leaving the slice or being
//! disabled, with keys in any order or shared; and sensors never turning a body.

use collide::{
    Body, BroadPhaseKind, CollisionPass, ContactEvent, ContactEvents, Obstacle, OtherKey, Reaction,
    Response,
};
use collide_core::{Circle, Pose, Rect};
use glam::Vec2;

fn floor(id: u32) -> Obstacle<'static> {
    let slab = Rect {
        half_extents: Vec2::new(200.0, 10.0),
    };
    Obstacle::new(id, slab, Pose::from_position(Vec2::new(0.0, -10.0)))
}

fn sensor(id: u32, x: f32) -> Obstacle<'static> {
    Obstacle::new(
        id,
        Circle { radius: 5.0 },
        Pose::from_position(Vec2::new(x, 0.0)),
    )
    .with_sensor(true)
}

/// An event as `(started, a, b)`.
type Seen = (bool, u64, OtherKey);

/// A frame's bodies and the events they should give.
type Frame<'a> = (Vec<Body<'static>>, &'a [Seen]);

/// The events of the last frame as `(started, a, b)`.
fn seen(events: &ContactEvents) -> Vec<Seen> {
    events
        .events()
        .iter()
        .map(|e| (e.is_started(), e.pair().0, e.pair().1))
        .collect()
}

/// A ball falling onto a floor and stopping there, pulled down every frame (so it is pressed
/// into the floor and stopped a skin short) or left standing still: it starts touching once and
/// touches every frame after, never flickering; lifted away, it stops.
#[test]
fn a_body_resting_on_a_floor_touches_every_frame_until_lifted() {
    let world = [floor(3)];
    let ball = Circle { radius: 4.0 };
    for gravity in [-2.0, 0.0] {
        let mut pass = CollisionPass::default();
        let mut events = ContactEvents::default();
        let mut at = Vec2::new(0.0, 30.0);
        let mut velocity = Vec2::new(0.0, -10.0);
        let mut frames_touching = 0;
        for frame in 0..40 {
            let body = Body::new(ball, at, at + velocity).with_key(9);
            events
                .run(&mut pass, &[body], &world[..], |_| {
                    Response::a(Reaction::Stop)
                })
                .unwrap();
            let outcome = pass.outcomes()[0];
            at = outcome.position;
            velocity = outcome.velocity + Vec2::new(0.0, gravity);
            let started = events.events().iter().filter(|e| e.is_started()).count();
            assert!(
                events.events().iter().all(ContactEvent::is_started),
                "{gravity}, frame {frame}: {:?}",
                events.events()
            );
            if frame < 2 {
                assert_eq!(started, 0, "frame {frame}: lands on the third");
            } else if frame == 2 {
                assert_eq!(seen(&events), [(true, 9, OtherKey::Obstacle(3))]);
            } else {
                assert_eq!(started, 0, "{gravity}, frame {frame}");
            }
            frames_touching += usize::from(events.is_touching(9, OtherKey::Obstacle(3)));
        }
        assert_eq!(frames_touching, 38, "gravity {gravity}");
        let lifted = Body::new(ball, at, at + Vec2::new(0.0, 1.0)).with_key(9);
        events
            .run(&mut pass, &[lifted], &world[..], |_| Response::CARRY)
            .unwrap();
        assert_eq!(seen(&events), [(false, 9, OtherKey::Obstacle(3))]);
        assert_eq!(events.touching().count(), 0);
    }
}

/// A body standing in a sensor body touches it every frame; leaving the slice, or disabled,
/// it stops touching; back, it starts again.
#[test]
fn a_body_in_a_sensor_touches_until_it_leaves_the_slice_or_is_disabled() {
    let zone = Rect {
        half_extents: Vec2::splat(20.0),
    };
    let ball = Circle { radius: 3.0 };
    let water = Body::stationary(zone, Vec2::ZERO)
        .with_key(100)
        .with_sensor(true);
    let swimmer = |x: f32| Body::new(ball, Vec2::new(x, 0.0), Vec2::new(x + 0.5, 0.0)).with_key(4);
    let mut pass = CollisionPass::default();
    let mut events = ContactEvents::default();
    let want_start = [(true, 4, OtherKey::Body(100))];
    let want_stop = [(false, 4, OtherKey::Body(100))];
    let frames: [Frame<'_>; 7] = [
        (vec![water, swimmer(0.0)], &want_start),
        (vec![swimmer(0.5), water], &[]),
        (vec![water, swimmer(1.0)], &[]),
        (vec![water], &want_stop),
        (vec![water, swimmer(1.0)], &want_start),
        (vec![water, swimmer(1.5).with_enabled(false)], &want_stop),
        (vec![swimmer(2.0), water], &want_start),
    ];
    for (i, (bodies, want)) in frames.iter().enumerate() {
        events
            .run(&mut pass, bodies, &(), |_| Response::a(Reaction::Stop))
            .unwrap();
        assert_eq!(seen(&events), *want, "frame {i}");
        // The sensor turned nobody: the swimmer went on to where its body said.
        for (b, o) in bodies.iter().zip(pass.outcomes()) {
            assert_eq!((o.position, o.turns), (b.end, 0), "frame {i}");
        }
    }
    let touching: Vec<_> = events.touching().collect();
    assert_eq!(touching.len(), 1);
    assert!(touching[0].sensor && touching[0].started && touching[0].a == 4);
}

/// A bullet crossing two coins and a wall's sensor in one frame: every hit is handed over in
/// time order, marked a sensor hit, turns nothing whatever the response; the events are the
/// three starts in time order, then the three stops.
#[test]
fn a_fast_body_through_sensors_starts_and_stops_each_in_time_order() {
    let world = [sensor(1, 100.0), sensor(2, 300.0), sensor(0, 600.0)];
    let bullet = Body::new(Circle { radius: 1.0 }, Vec2::ZERO, Vec2::new(1_000.0, 0.0)).with_key(5);
    for kind in BroadPhaseKind::ALL {
        let mut pass = CollisionPass::new(kind.build());
        let mut events = ContactEvents::default();
        let mut handed = Vec::new();
        events
            .run(&mut pass, &[bullet], &world[..], |hit| {
                assert!(hit.sensor);
                handed.push(hit.b.obstacle().unwrap());
                Response::a(Reaction::Bounce { restitution: 1.0 })
            })
            .unwrap();
        assert_eq!(handed, [1, 2, 0], "{kind}");
        assert_eq!(pass.outcomes()[0].position, bullet.end, "{kind}");
        assert_eq!(pass.turns(), [], "{kind}");
        let keys: Vec<_> = [1, 2, 0, 1, 2, 0]
            .iter()
            .zip([true, true, true, false, false, false])
            .map(|(&id, started)| (started, 5, OtherKey::Obstacle(id)))
            .collect();
        assert_eq!(seen(&events), keys, "{kind}");
        let times: Vec<f32> = events
            .events()
            .iter()
            .filter_map(|e| match e {
                ContactEvent::Started { impact, .. } => Some(impact.t),
                ContactEvent::Stopped { .. } => None,
            })
            .collect();
        assert!(times.windows(2).all(|w| w[0] < w[1]), "{times:?}");
    }
}

/// A sensor body in the way of a ball that would bounce off anything: the ball goes through,
/// and a sensor that is used up (a coin collected) drops its later hits, as any body would.
#[test]
fn a_sensor_body_never_turns_but_can_be_used_up() {
    let coin = Body::stationary(Circle { radius: 4.0 }, Vec2::new(50.0, 0.0))
        .with_sensor(true)
        .with_key(2);
    let wall = Body::stationary(
        Rect {
            half_extents: Vec2::new(5.0, 50.0),
        },
        Vec2::new(100.0, 0.0),
    )
    .with_key(3);
    let ball = Body::new(Circle { radius: 2.0 }, Vec2::ZERO, Vec2::new(200.0, 0.0)).with_key(1);
    let mut pass = CollisionPass::default();
    let mut events = ContactEvents::default();
    let mut sensor_hits = 0;
    events
        .run(&mut pass, &[ball, coin, wall], &(), |hit| {
            sensor_hits += usize::from(hit.sensor);
            if hit.sensor {
                Response {
                    a: Reaction::Stop,
                    b: Reaction::Used,
                }
            } else {
                Response::a(Reaction::Bounce { restitution: 1.0 })
            }
        })
        .unwrap();
    assert_eq!(sensor_hits, 1);
    let out = pass.outcomes();
    assert!(out[1].used && out[1].turns == 0);
    // The ball passed the coin and bounced off the wall's face at x = 95 - 2.
    assert_eq!(out[0].turns, 1);
    assert!((out[0].position.x - (93.0 - 107.0)).abs() < 0.05, "{out:?}");
    assert_eq!(
        seen(&events),
        [
            (true, 1, OtherKey::Body(2)),
            (true, 1, OtherKey::Body(3)),
            (false, 1, OtherKey::Body(2)),
            (false, 1, OtherKey::Body(3)),
        ]
    );
}

/// Two sensors overlapping are a pair like any other.
#[test]
fn two_sensors_meet_like_any_pair() {
    let zone = Circle { radius: 10.0 };
    let bodies = [
        Body::stationary(zone, Vec2::ZERO)
            .with_sensor(true)
            .with_key(8),
        Body::stationary(zone, Vec2::new(5.0, 0.0))
            .with_sensor(true)
            .with_key(7),
    ];
    let mut pass = CollisionPass::default();
    let mut events = ContactEvents::default();
    events
        .run(&mut pass, &bodies, &(), |_| Response::CARRY)
        .unwrap();
    let [ContactEvent::Started {
        a,
        b,
        impact,
        sensor,
    }] = events.events()
    else {
        panic!("{:?}", events.events());
    };
    // Body 8 is `a` of the pass's hit, but the smaller key leads: the normal turns round.
    assert_eq!((*a, *b, *sensor), (7, OtherKey::Body(8), true));
    assert_eq!(pass.hits()[0].impact.normal, -impact.normal);
}

/// Bodies in a new order every frame, some without keys: the pairs are followed by key, and no
/// event comes from the shuffling.
#[test]
fn keys_follow_their_bodies_in_any_order_and_keyless_bodies_give_no_event() {
    let square = Rect {
        half_extents: Vec2::splat(6.0),
    };
    let mut bodies: Vec<Body<'_>> = (0..6)
        .map(|i| {
            let at = Vec2::new((i / 2) as f32 * 40.0 + (i % 2) as f32 * 10.0, 0.0);
            let body = Body::stationary(square, at);
            if i == 5 {
                body
            } else {
                body.with_key(1_000 + i)
            }
        })
        .collect();
    let mut pass = CollisionPass::default();
    let mut events = ContactEvents::default();
    events
        .run(&mut pass, &bodies, &(), |_| Response::CARRY)
        .unwrap();
    let mut pairs: Vec<_> = events.events().iter().map(ContactEvent::pair).collect();
    pairs.sort_unstable();
    assert_eq!(
        pairs,
        [
            (1_000, OtherKey::Body(1_001)),
            (1_002, OtherKey::Body(1_003))
        ]
    );
    for frame in 0..12 {
        bodies.rotate_left(1 + frame % 5);
        bodies.swap(0, frame % 6);
        events
            .run(&mut pass, &bodies, &(), |_| Response::CARRY)
            .unwrap();
        assert_eq!(events.events(), [], "frame {frame}");
        assert_eq!(events.touching().count(), 2);
    }
}

/// Bodies sharing a key (the parts of one entity, or a game's mistake): one pair per pair of
/// keys, started once and stopped once when the last part leaves; two parts touching each
/// other are no pair. Nothing panics.
#[test]
fn bodies_sharing_a_key_are_one_entity_to_the_events() {
    let part = Circle { radius: 5.0 };
    let world = [floor(0)];
    let at = |x: f32, y: f32| Body::stationary(part, Vec2::new(x, y)).with_key(42);
    let mut pass = CollisionPass::default();
    let mut events = ContactEvents::default();
    let on_floor = [(true, 42, OtherKey::Obstacle(0))];
    let frames: [Frame<'_>; 5] = [
        (vec![at(0.0, 4.0), at(6.0, 4.0)], &on_floor),
        (vec![at(0.0, 4.0), at(6.0, 30.0)], &[]),
        (vec![at(0.0, 30.0), at(6.0, 4.0)], &[]),
        (vec![at(6.0, 4.0)], &[]),
        (
            vec![at(0.0, 30.0), at(6.0, 30.0)],
            &[(false, 42, OtherKey::Obstacle(0))],
        ),
    ];
    for (i, (bodies, want)) in frames.iter().enumerate() {
        events
            .run(&mut pass, bodies, &world[..], |_| Response::CARRY)
            .unwrap();
        assert_eq!(seen(&events), *want, "frame {i}");
    }
}

/// Non-finite bodies are skipped by the pass: a keyed body that touched and turns NaN stops
/// touching, and the tracker never panics on it; a frame over the pair limit leaves the
/// tracker as it was, with no events.
#[test]
fn bad_frames_stop_contacts_or_leave_the_tracker_as_it_was() {
    let square = Rect {
        half_extents: Vec2::splat(6.0),
    };
    let a = Body::stationary(square, Vec2::ZERO).with_key(1);
    let b = Body::stationary(square, Vec2::new(8.0, 0.0)).with_key(2);
    let mut pass = CollisionPass::default();
    let mut events = ContactEvents::default().with_margin(f32::NAN);
    events
        .run(&mut pass, &[a, b], &(), |_| Response::CARRY)
        .unwrap();
    assert_eq!(seen(&events), [(true, 1, OtherKey::Body(2))]);
    let crowd = vec![a; 10];
    let mut small =
        CollisionPass::default().with_settings(collide::PassSettings::default().with_max_pairs(4));
    std::mem::swap(&mut small, &mut pass);
    let before = events.touching().collect::<Vec<_>>();
    assert!(events
        .run(&mut pass, &crowd, &(), |_| Response::CARRY)
        .is_err());
    assert_eq!(events.events(), []);
    assert!(events.is_touching(2, OtherKey::Body(1)));
    // Left as after the last frame: the pair still started then (a tester saw the failed
    // frame count as one, and `started` turn false).
    assert_eq!(events.touching().collect::<Vec<_>>(), before);
    std::mem::swap(&mut small, &mut pass);
    let lost = Body::stationary(square, Vec2::NAN).with_key(2);
    events
        .run(&mut pass, &[a, lost], &(), |_| Response::CARRY)
        .unwrap();
    assert_eq!(seen(&events), [(false, 1, OtherKey::Body(2))]);
}

/// A body is one cache line: the pass reads every body every frame, and the key and the sensor
/// flag fit beside the rest.
#[test]
fn a_body_is_one_cache_line_and_a_missing_key_is_none() {
    assert_eq!(std::mem::size_of::<Body<'_>>(), 64);
    let body = Body::stationary(Circle { radius: 1.0 }, Vec2::ZERO);
    assert_eq!((body.key, body.keyed()), (Body::NO_KEY, None));
    assert_eq!(body.with_key(0).keyed(), Some(0));
    assert_eq!(body.with_key(Body::NO_KEY).keyed(), None);
}

/// Sensor tiles in the pass: a ball dropped through a coin cell onto a tiled floor stops on the
/// floor only; the coin starts and stops touching as the ball passes, then the floor starts and
/// goes on touching.
#[test]
fn a_sensor_tile_reports_and_never_stops_the_pass() {
    let mut map = collide::TileMap::from_rows(
        &["..........", "..........", "..........", "##########"],
        Vec2::splat(16.0),
        Vec2::ZERO,
    )
    .unwrap();
    map.set(4, 2, b'C').unwrap();
    assert!(map.set_sensor_value(b'C', true));
    let coin = OtherKey::Obstacle(map.cell_index(4, 2));
    let floor = OtherKey::Obstacle(map.cell_index(4, 0));
    let ball = Circle { radius: 3.0 };
    let mut pass = CollisionPass::default();
    let mut events = ContactEvents::default();
    let mut at = Vec2::new(72.0, 60.0);
    let mut log = Vec::new();
    for _ in 0..8 {
        let body = Body::new(ball, at, at - Vec2::new(0.0, 12.0)).with_key(1);
        events
            .run(&mut pass, &[body], &map, |_| Response::a(Reaction::Stop))
            .unwrap();
        log.extend(seen(&events));
        at = pass.outcomes()[0].position;
    }
    assert_eq!(
        log,
        [(true, 1, coin), (false, 1, coin), (true, 1, floor)],
        "{log:?}"
    );
    assert!((at.y - 19.0).abs() < 0.05, "resting on the floor: {at}");
    assert!(events.is_touching(1, floor));
}
