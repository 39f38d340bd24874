//! Contact events against a brute-force oracle: seeded scenes of keyed bodies (circles, boxes,
//! hulls; some sensors, some without a key) among obstacles (some sensors), moving over many
//! frames, the slice shuffled, bodies dropped from it or disabled now and then. The oracle
//! tests every pair with the narrow phase, diffs the frames' touching pairs by the documented
//! rule, and every broad phase must report exactly its events, in its order.

use std::collections::BTreeMap;

use collide::pass::DEFAULT_MARGIN;
use collide::{
    Body, BroadPhaseKind, CollisionPass, ContactEvent, ContactEvents, Obstacle, Other, OtherKey,
    Response,
};
use collide_core::{
    distance, narrow_phase, overlaps, Circle, Hull, Impact, Layers, Motion, Pose, Rect, Rot,
    ShapeRef, SweepMode,
};
use collide_testkit::proptest_config as config;
use collide_testkit::SplitMix64;
use glam::Vec2;
use proptest::prelude::*;

/// One mover of the scene: its shape, key, layers, sensor flag, where it is and how it moves.
struct Mover {
    shape: ShapeRef<'static>,
    key: Option<u64>,
    layers: Layers,
    sensor: bool,
    at: Vec2,
    velocity: Vec2,
}

/// A pair of keys as the events name it.
type Pair = (u64, OtherKey);

/// The oracle's memory: the pairs touching at the end of the last frame, in the order they
/// started.
#[derive(Default)]
struct Oracle {
    touching: Vec<Pair>,
}

/// Shapes the movers take: leaked once, so bodies can borrow them for the whole test.
fn shapes() -> &'static [ShapeRef<'static>] {
    let hull: &'static Hull = Box::leak(Box::new(
        Hull::new(&[
            Vec2::new(-6.0, -4.0),
            Vec2::new(6.0, -5.0),
            Vec2::new(8.0, 3.0),
            Vec2::new(-2.0, 7.0),
        ])
        .unwrap(),
    ));
    Box::leak(Box::new([
        ShapeRef::Circle(Circle { radius: 3.0 }),
        ShapeRef::Circle(Circle { radius: 9.0 }),
        ShapeRef::Rect(Rect {
            half_extents: Vec2::new(8.0, 4.0),
        }),
        ShapeRef::Hull(hull),
    ]))
}

fn movers(rng: &mut SplitMix64, n: usize) -> Vec<Mover> {
    let layers = [
        Layers::ALL,
        Layers::on(1).with_mask(2),
        Layers::on(2).with_mask(1),
    ];
    (0..n)
        .map(|i| Mover {
            shape: shapes()[rng.index(4)],
            // Keys far apart and out of body order; one body in seven has none.
            key: (i % 7 != 3).then(|| rng.next_u64() >> 8),
            layers: layers[rng.index(3)],
            sensor: rng.index(5) == 0,
            at: rng.in_box(Vec2::splat(-60.0), Vec2::splat(60.0)),
            velocity: if rng.index(6) == 0 {
                rng.direction() * 90.0
            } else {
                rng.direction() * rng.range(0.0, 8.0)
            },
        })
        .collect()
}

fn obstacles(rng: &mut SplitMix64) -> Vec<Obstacle<'static>> {
    (0..5)
        .map(|id| {
            let at = Pose::new(
                rng.in_box(Vec2::splat(-50.0), Vec2::splat(50.0)),
                Rot::IDENTITY,
            );
            Obstacle::new(id, shapes()[rng.index(4)], at)
                .with_sensor(id % 2 == 0)
                .with_layers([Layers::ALL, Layers::on(1).with_mask(1)][rng.index(2)])
        })
        .collect()
}

/// This frame's bodies: every mover not dropped, in a shuffled order, some disabled.
fn frame_bodies(rng: &mut SplitMix64, movers: &[Mover]) -> Vec<Body<'static>> {
    let mut order: Vec<usize> = (0..movers.len()).filter(|_| rng.index(8) != 0).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.index(i + 1));
    }
    order
        .into_iter()
        .map(|m| {
            let m = &movers[m];
            let body = Body::new(m.shape, m.at, m.at + m.velocity)
                .with_layers(m.layers)
                .with_sensor(m.sensor)
                .with_enabled(rng.index(10) != 0);
            m.key.map_or(body, |k| body.with_key(k))
        })
        .collect()
}

/// The pair `a` (body index) meets `b` as, and the impact turned to run from the pair's first
/// side; `None` without keys or with one key on both.
fn keyed(bodies: &[Body<'_>], a: usize, b: Other, impact: Impact) -> Option<(Pair, Impact)> {
    let ka = bodies[a].keyed()?;
    match b {
        Other::Obstacle(id) => Some(((ka, OtherKey::Obstacle(id)), impact)),
        Other::Body(j) => {
            let kb = bodies[j].keyed()?;
            let flipped = Impact {
                normal: -impact.normal,
                ..impact
            };
            let pair = if ka < kb {
                ((ka, OtherKey::Body(kb)), impact)
            } else {
                ((kb, OtherKey::Body(ka)), flipped)
            };
            (ka != kb).then_some(pair)
        }
    }
}

/// Where the body with `key` ends the frame, if an enabled one is there.
fn placed(bodies: &[Body<'static>], key: u64) -> Option<(ShapeRef<'static>, Pose)> {
    let b = bodies
        .iter()
        .find(|b| b.enabled && b.keyed() == Some(key))?;
    Some((b.shape, Pose::new(b.end, b.rotation)))
}

impl Oracle {
    /// The events of one frame whose every hit is answered `Carry`: every pair of enabled
    /// bodies (and body and obstacle) whose layers interact, through the narrow phase.
    fn frame(
        &mut self,
        bodies: &[Body<'static>],
        world: &[Obstacle<'static>],
    ) -> Vec<ContactEvent> {
        let mut met: Vec<(f32, usize, Other, Pair, Impact, bool)> = Vec::new();
        for (i, a) in bodies.iter().enumerate().filter(|(_, b)| b.enabled) {
            let others = bodies
                .iter()
                .enumerate()
                .skip(i + 1)
                .filter(|(_, b)| b.enabled);
            for (j, b) in others.filter(|(_, b)| a.layers.interacts(b.layers)) {
                let hit =
                    narrow_phase(a.shape, &a.motion(), b.shape, &b.motion(), SweepMode::Exact);
                if let Some((pair, impact)) = hit
                    .hit
                    .and_then(|h| keyed(bodies, i, Other::Body(j), h.impact))
                {
                    met.push((
                        impact.t,
                        i,
                        Other::Body(j),
                        pair,
                        impact,
                        a.sensor || b.sensor,
                    ));
                }
            }
            for o in world.iter().filter(|o| a.layers.interacts(o.layers)) {
                let still = Motion::new(o.pose.position, o.pose.position, o.pose.rotation);
                let hit = narrow_phase(a.shape, &a.motion(), o.shape, &still, SweepMode::Exact);
                let b = Other::Obstacle(o.id);
                if let Some((pair, impact)) = hit.hit.and_then(|h| keyed(bodies, i, b, h.impact)) {
                    met.push((impact.t, i, b, pair, impact, a.sensor || o.sensor));
                }
            }
        }
        met.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)).then(x.2.cmp(&y.2)));
        let mut events = Vec::new();
        let mut sensor: BTreeMap<Pair, bool> = BTreeMap::new();
        let mut candidates = self.touching.clone();
        for &(_, _, _, pair, impact, is_sensor) in &met {
            sensor.insert(pair, is_sensor);
            if !candidates.contains(&pair) {
                candidates.push(pair);
                events.push(ContactEvent::Started {
                    a: pair.0,
                    b: pair.1,
                    impact,
                    sensor: is_sensor,
                });
            }
        }
        let ends = |pair: &Pair| -> bool {
            let Some(a) = placed(bodies, pair.0) else {
                return false;
            };
            let b = match pair.1 {
                OtherKey::Body(k) => placed(bodies, k),
                OtherKey::Obstacle(id) => {
                    world.iter().find(|o| o.id == id).map(|o| (o.shape, o.pose))
                }
            };
            b.is_some_and(|b| {
                overlaps(a.0, &a.1, b.0, &b.1)
                    || distance(a.0, &a.1, b.0, &b.1).is_some_and(|d| d.distance <= DEFAULT_MARGIN)
            })
        };
        self.touching.clear();
        for pair in candidates {
            if ends(&pair) {
                self.touching.push(pair);
            } else {
                let was = sensor.get(&pair).copied();
                events.push(ContactEvent::Stopped {
                    a: pair.0,
                    b: pair.1,
                    sensor: was.unwrap_or(false),
                });
            }
        }
        events
    }
}

/// Events compared with the oracle's; a stopped pair's sensor flag is compared only where
/// the oracle knows it (a hit this frame).
fn same(got: &[ContactEvent], want: &[ContactEvent]) -> bool {
    got.len() == want.len()
        && got.iter().zip(want).all(|(g, w)| match (g, w) {
            (ContactEvent::Stopped { a, b, .. }, ContactEvent::Stopped { a: wa, b: wb, .. }) => {
                (a, b) == (wa, wb)
            }
            _ => g == w,
        })
}

proptest! {
    #![proptest_config(config(48, 0xE7E7))]

    /// Over 16 frames of a seeded scene, every broad phase reports the oracle's events in the
    /// oracle's order.
    #[test]
    fn every_broad_phase_reports_the_oracles_events(seed in any::<u64>(), n in 6usize..40) {
        let mut rng = SplitMix64::new(seed);
        let mut movers = movers(&mut rng, n);
        let world = obstacles(&mut rng);
        let mut sides: Vec<(CollisionPass, ContactEvents)> = BroadPhaseKind::ALL
            .into_iter()
            .map(|k| (CollisionPass::new(k.build()), ContactEvents::default()))
            .collect();
        let mut oracle = Oracle::default();
        let (mut started, mut stopped) = (0, 0);
        for frame in 0..16 {
            let bodies = frame_bodies(&mut rng, &movers);
            let want = oracle.frame(&bodies, &world);
            for (pass, events) in &mut sides {
                events.run(pass, &bodies, &world[..], |_| Response::CARRY).unwrap();
                let kind = pass.broad_phase().kind();
                prop_assert!(
                    same(events.events(), &want),
                    "frame {frame}, {kind}:\n got {:?}\nwant {:?}", events.events(), want
                );
                let touching: Vec<Pair> = events.touching().map(|t| (t.a, t.b)).collect();
                prop_assert_eq!(&touching, &oracle.touching);
            }
            started += want.iter().filter(|e| e.is_started()).count();
            stopped += want.iter().filter(|e| !e.is_started()).count();
            for m in &mut movers {
                m.at += m.velocity;
                // Back towards the middle, so the bodies keep meeting.
                if m.at.length() > 80.0 {
                    m.velocity = -m.velocity;
                }
            }
        }
        prop_assert!(n < 12 || (started > 0 && stopped > 0), "{started} started, {stopped} stopped");
    }
}

/// The events as a set of pairs, to diff one frame's touching pairs with the next.
fn pairs_of(events: &ContactEvents) -> Vec<Pair> {
    let mut pairs: Vec<Pair> = events.touching().map(|t| (t.a, t.b)).collect();
    pairs.sort_unstable();
    pairs
}

proptest! {
    #![proptest_config(config(32, 0xB0B0))]

    /// With responses that turn bodies (solid hits bounce or stop them; sensor hits ask to stop
    /// them too, which the pass ignores), every broad phase reports the same events, and they
    /// are the diff of the frames' touching pairs: a pair starts only when it did not touch,
    /// stops only when it touched or started, and the touching pairs are last frame's, plus the
    /// started, less the stopped.
    #[test]
    fn with_turns_every_broad_phase_reports_one_consistent_diff(seed in any::<u64>(), n in 6usize..30) {
        let mut rng = SplitMix64::new(seed);
        let mut movers = movers(&mut rng, n);
        let world = obstacles(&mut rng);
        let mut sides: Vec<(CollisionPass, ContactEvents)> = BroadPhaseKind::ALL
            .into_iter()
            .map(|k| (CollisionPass::new(k.build()), ContactEvents::default()))
            .collect();
        let mut before: Vec<Pair> = Vec::new();
        let mut turns = 0;
        for frame in 0..12 {
            let bodies = frame_bodies(&mut rng, &movers);
            let resolve = |hit: &collide::PassHit| {
                let reaction = if hit.a % 2 == 0 {
                    collide::Reaction::Bounce { restitution: 1.0 }
                } else {
                    collide::Reaction::Stop
                };
                Response::both(reaction)
            };
            for (pass, events) in &mut sides {
                events.run(pass, &bodies, &world[..], resolve).unwrap();
            }
            let (first, rest) = sides.split_first().unwrap();
            for (pass, events) in rest {
                prop_assert_eq!(events.events(), first.1.events(), "frame {}, {}", frame, pass.broad_phase().kind());
                prop_assert_eq!(pass.outcomes(), first.0.outcomes());
            }
            let mut expected = before.clone();
            for e in first.1.events() {
                let pair = e.pair();
                if e.is_started() {
                    prop_assert!(!before.contains(&pair), "frame {frame}: {e:?} touched already");
                    expected.push(pair);
                } else {
                    prop_assert!(expected.contains(&pair), "frame {frame}: {e:?} never touched");
                    expected.retain(|&p| p != pair);
                }
            }
            expected.sort_unstable();
            let now = pairs_of(&first.1);
            prop_assert_eq!(&now, &expected, "frame {}", frame);
            before = now;
            turns += first.0.stats().turns;
            for m in &mut movers {
                // The scene's own motion: the bodies' turns are this frame's only.
                m.at += m.velocity;
                if m.at.length() > 80.0 {
                    m.velocity = -m.velocity;
                }
            }
        }
        prop_assert!(n < 12 || turns > 0, "no body turned");
    }
}
