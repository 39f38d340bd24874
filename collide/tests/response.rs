//! The pass's responses: hits carry the impact apart from the end-of-frame contact, a body put
//! at its impact and moving away is not hit again, a ball bounces in a box at any speed and
//! travels exactly its speed, two balls bounce at their time of impact, nothing passes
//! through or ends inside a wall, the cap on turns, and the same hits for every broad phase.

use collide::{
    Body, BroadPhaseKind, CollisionPass, PassHit, PassSettings, PassStats, Reaction, Response, Turn,
};
use collide_core::{
    contact, time_of_impact, time_of_impact_with_skin, Circle, Motion, Pose, Rect, DEFAULT_SKIN,
};
use collide_testkit::SplitMix64;
use glam::Vec2;

mod common;
use common::{passes, rect};

/// A circle that passes most of the way through a thin slab in one frame: the pass's hit
/// carries the impact (the top face, where it came in) and, apart, the end-of-frame contact
/// (the bottom face, which it is nearer at the end).
#[test]
fn a_pass_hit_carries_the_impact_and_the_end_of_frame_contact_apart() {
    let ball = Circle { radius: 4.0 };
    let slab = rect(32.0, 4.0);
    let (from, to) = (Vec2::new(170.0, 50.0), Vec2::new(148.44154, 16.306786));
    let bodies = [
        Body::new(ball, from, to),
        Body::stationary(slab, Vec2::new(160.0, 24.0)),
    ];
    let impact = time_of_impact(
        ball,
        &Motion::linear(from, to),
        slab,
        &Motion::stationary(Vec2::new(160.0, 24.0)),
    )
    .unwrap();
    for mut pass in passes() {
        pass.run(&bodies, &(), |_| Response::CARRY).unwrap();
        let found = pass.hits()[0];
        let hit = found.impact;
        assert_eq!(
            (hit.t, hit.point, hit.normal),
            (impact.t, impact.point, impact.normal)
        );
        assert!((hit.normal - Vec2::NEG_Y).length() < 1e-6, "{hit:?}");
        assert!(
            (hit.point - Vec2::new(158.5, 28.0)).length() < 0.1,
            "{hit:?}"
        );
        let end = found.contact.expect("they overlap at the end of the frame");
        assert!((end.normal - Vec2::Y).length() < 1e-6, "{end:?}");
        assert!(!found.by_sweep);
    }
}

/// A tall box lands on a tile; put at its exact time of impact it overlaps the tile by a few
/// µm, so a sweep from there that moves up and away used to hit at `t = 0`. Stopped by the
/// pass (a skin short), and by the skin sweep, it moves away clean.
#[test]
fn a_body_stopped_at_its_impact_and_moving_away_is_not_hit_again() {
    let (body, tile) = (rect(8.0, 12.0), rect(8.0, 8.0));
    let tile_at = Vec2::new(-8.292007, -8.0);
    let start = Vec2::new(-27.221848, 56.47899);
    let fall = Motion::linear(start, start + Vec2::new(7.957903, -77.70026));
    let still = Motion::stationary(tile_at);
    let stop = time_of_impact_with_skin(body, &fall, tile, &still, DEFAULT_SKIN).unwrap();
    let rest = fall.position_at(stop.t);
    let away = Motion::linear(rest, rest + Vec2::new(3.0, 1.0));
    assert_eq!(time_of_impact(body, &away, tile, &still), None);

    for mut pass in passes() {
        let frame = [
            Body::new(body, fall.start, fall.end),
            Body::stationary(tile, tile_at),
        ];
        pass.run(&frame, &(), |_| Response::a(Reaction::Stop))
            .unwrap();
        let turn = pass.turns()[0];
        assert!(
            turn.end().y > 12.0,
            "{turn:?}: stopped clear of the tile's top"
        );
        let next = [
            Body::new(body, turn.end(), turn.end() + Vec2::new(3.0, 1.0)),
            Body::stationary(tile, tile_at),
        ];
        let stats = pass
            .run(&next, &(), |_| Response::a(Reaction::Stop))
            .unwrap();
        assert_eq!(stats.hits_resolved, 0, "{:?}", pass.hits());
    }
}

/// Four walls around a 320 × 240 field, as static bodies 100 units thick that meet edge to
/// edge at the corners (so they do not overlap one another).
fn walls() -> [(Rect, Vec2); 4] {
    let (w, h, t) = (320.0, 240.0, 100.0);
    [
        (rect(w / 2.0, t / 2.0), Vec2::new(w / 2.0, -t / 2.0)),
        (rect(w / 2.0, t / 2.0), Vec2::new(w / 2.0, h + t / 2.0)),
        (rect(t / 2.0, h / 2.0 + t), Vec2::new(-t / 2.0, h / 2.0)),
        (rect(t / 2.0, h / 2.0 + t), Vec2::new(w + t / 2.0, h / 2.0)),
    ]
}

/// Where a body with this frame's `start` and `velocity` ends, and its velocity for the next
/// frame, from the pass's turns; and the length of its path through the frame.
fn follow(turns: &[Turn], body: usize, start: Vec2, velocity: Vec2) -> (Vec2, Vec2, f32) {
    let (mut at, mut v, mut length) = (start, velocity, 0.0);
    for turn in turns.iter().filter(|turn| turn.body == body) {
        length += (turn.position - at).length();
        (at, v) = (turn.position, turn.velocity);
    }
    let end = turns
        .iter()
        .rfind(|turn| turn.body == body)
        .map_or(start + velocity, Turn::end);
    (end, v, length + (end - at).length())
}

/// A ball of radius 4 bouncing with restitution 1 in a closed 320 × 240 box at 40 to 4 000
/// units per frame: it stays inside for 100 000 frames in all, and travels exactly its speed
/// every frame (the length of its path through the frame's turns, within 1e-3).
#[test]
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn a_ball_in_a_box_stays_in_and_travels_its_speed_every_frame() {
    let ball = Circle { radius: 4.0 };
    let walls = walls();
    let mut rng = SplitMix64::new(0xBA11);
    let mut pass =
        CollisionPass::default().with_settings(PassSettings::default().with_max_turns(64));
    let (mut frames, mut most_turns) = (0, 0);
    for speed in [40.0, 400.0, 1_000.0, 4_000.0] {
        let angle = rng.unit() * core::f32::consts::TAU;
        let mut velocity = Vec2::from_angle(angle) * speed;
        let mut at = Vec2::new(160.0, 120.0);
        for _ in 0..25_000 {
            let mut bodies = vec![Body::new(ball, at, at + velocity)];
            bodies.extend(walls.iter().map(|&(r, p)| Body::stationary(r, p)));
            let stats = pass
                .run(&bodies, &(), |h| {
                    assert_eq!(h.a, 0, "only the ball moves");
                    Response::a(Reaction::Bounce { restitution: 1.0 })
                })
                .unwrap();
            assert_eq!(stats.capped, 0);
            let (end, next, length) = follow(pass.turns(), 0, at, velocity);
            assert!(
                (length - speed).abs() <= 1e-3 * speed,
                "at {speed}: travelled {length} from {at} by {velocity}"
            );
            let inside =
                end.cmpge(Vec2::splat(4.0)).all() && end.cmple(Vec2::new(316.0, 236.0)).all();
            assert!(
                inside,
                "at {speed}: left the box at {end} from {at} by {velocity}"
            );
            most_turns = most_turns.max(stats.turns);
            (at, velocity) = (end, next);
            frames += 1;
        }
        assert!((velocity.length() - speed).abs() <= 1e-3 * speed);
    }
    assert_eq!(frames, 100_000);
    assert!(
        most_turns >= 15,
        "{most_turns}: at 4 000 it bounces many times a frame"
    );
}

/// Two balls moving into each other both bounce at their time of impact (`t = 0.8`).
#[test]
fn two_balls_moving_into_each_other_bounce_at_their_time_of_impact() {
    let ball = Circle { radius: 2.0 };
    let bodies = [
        Body::new(ball, Vec2::new(-10.0, 0.0), Vec2::new(0.0, 0.0)),
        Body::new(ball, Vec2::new(10.0, 0.0), Vec2::new(0.0, 0.0)),
    ];
    for mut pass in passes() {
        let bounce = Reaction::Bounce { restitution: 1.0 };
        let stats = pass.run(&bodies, &(), |_| Response::both(bounce)).unwrap();
        assert_eq!((stats.hits_resolved, stats.turns), (1, 2));
        let [a, b] = [pass.turns()[0], pass.turns()[1]];
        assert_eq!((a.body, b.body), (0, 1));
        for turn in [a, b] {
            assert!((turn.t - 0.8).abs() < 1e-3, "{turn:?}");
        }
        assert!((a.end() - Vec2::new(-4.0, 0.0)).length() < 0.02, "{a:?}");
        assert!((b.end() - Vec2::new(4.0, 0.0)).length() < 0.02, "{b:?}");
        assert_eq!(
            (a.velocity, b.velocity),
            (Vec2::new(-10.0, 0.0), Vec2::new(10.0, 0.0))
        );
    }
}

/// One random frame of balls among blocks, each ball answering every hit with a random
/// reaction; returns the bodies, the hits handed over and the pass's turns.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn random_frame(
    pass: &mut CollisionPass,
    rng: &mut SplitMix64,
) -> (Vec<Body<'static>>, Vec<PassHit>, Vec<Turn>, PassStats) {
    const BALL: Circle = Circle { radius: 3.0 };
    const BLOCK: Rect = Rect {
        half_extents: Vec2::new(12.0, 6.0),
    };
    let mut bodies = Vec::new();
    for _ in 0..12 {
        let at = Vec2::new(rng.unit() * 400.0, rng.unit() * 400.0);
        bodies.push(Body::stationary(BLOCK, at));
    }
    let balls = bodies.len();
    while bodies.len() < balls + 16 {
        let at = Vec2::new(rng.unit() * 400.0, rng.unit() * 400.0);
        let travel = Vec2::from_angle(rng.unit() * 6.3) * (rng.unit() * 3_000.0);
        // Balls start clear of the blocks: one that starts inside cannot be moved out.
        let clear = bodies[..balls].iter().all(|block| {
            contact(
                BALL,
                &Pose::from_position(at),
                BLOCK,
                &Pose::from_position(block.start),
            )
            .is_none()
        });
        if clear {
            bodies.push(Body::new(BALL, at, at + travel));
        }
    }
    let mut handed = Vec::new();
    let mut choices = SplitMix64::new(rng.index(1 << 30) as u64);
    let stats = pass
        .run(&bodies, &(), |h| {
            handed.push(*h);
            let react = |choices: &mut SplitMix64| match choices.index(4) {
                0 => Reaction::Stop,
                1 => Reaction::Slide,
                2 => Reaction::Bounce { restitution: 0.7 },
                _ => Reaction::Velocity(Vec2::new(50.0, -20.0)),
            };
            let a = if h.a >= balls {
                react(&mut choices)
            } else {
                Reaction::Carry
            };
            let b = if h.b.body().is_some_and(|b| b >= balls) {
                react(&mut choices)
            } else {
                Reaction::Carry
            };
            Response { a, b }
        })
        .unwrap();
    (bodies, handed, pass.turns().to_vec(), stats)
}

/// Balls that stop, slide, bounce or change velocity at every hit, among blocks: no ball
/// ends a frame inside a block or passes through one (dense sub-steps of every leg of its
/// path, each leg before its block's turn), and hits are handed over in time order.
#[test]
fn a_turning_ball_never_passes_through_or_ends_inside_a_block() {
    let mut rng = SplitMix64::new(0x7E57);
    let mut pass = CollisionPass::default();
    let mut turned = 0;
    for _ in 0..150 {
        let (bodies, handed, turns, stats) = random_frame(&mut pass, &mut rng);
        assert!(
            handed.windows(2).all(|w| w[0].impact.t <= w[1].impact.t),
            "{handed:?}"
        );
        turned += stats.turns;
        for (i, ball) in bodies.iter().enumerate().filter(|(_, b)| b.start != b.end) {
            let mut legs = vec![(0.0, ball.start, ball.end - ball.start)];
            legs.extend(
                turns
                    .iter()
                    .filter(|t| t.body == i)
                    .map(|t| (t.t, t.position, t.velocity)),
            );
            legs.push((1.0, Vec2::ZERO, Vec2::ZERO));
            for leg in legs.windows(2) {
                let ((t0, p0, v), (t1, _, _)) = (leg[0], leg[1]);
                for k in 0..=64 {
                    let at = p0 + v * ((t1 - t0) * k as f32 / 64.0);
                    for block in bodies.iter().filter(|b| b.start == b.end) {
                        let (here, there) =
                            (Pose::from_position(at), Pose::from_position(block.start));
                        let deep = contact(ball.shape, &here, block.shape, &there)
                            .is_some_and(|c| c.depth > 1e-3);
                        assert!(!deep, "ball {i} inside a block at {at}, leg {leg:?}");
                    }
                }
            }
        }
    }
    assert!(turned > 500, "{turned}: the frames should turn balls often");
}

/// The same frames give bit-for-bit the same hits, in the same order, and the same turns,
/// whichever broad phase the pass runs on.
#[test]
fn every_broad_phase_gives_the_same_hits_and_turns() {
    let runs: Vec<_> = BroadPhaseKind::ALL
        .into_iter()
        .map(|kind| {
            let mut pass = CollisionPass::new(kind.build());
            let mut rng = SplitMix64::new(0xD1CE);
            (0..40)
                .map(|_| {
                    let (_, handed, turns, _) = random_frame(&mut pass, &mut rng);
                    (handed, turns)
                })
                .collect::<Vec<_>>()
        })
        .collect();
    for run in &runs[1..] {
        assert!(run == &runs[0]);
    }
}

/// A ball between two walls 20 units apart, at 5 000 units per frame with a cap of 4 turns:
/// it reaches the cap, stops at its last safe position, stays between the walls, and the stats
/// count it.
#[test]
fn a_body_at_the_cap_keeps_its_last_safe_position() {
    let ball = Circle { radius: 2.0 };
    let wall = rect(5.0, 100.0);
    let bodies = [
        Body::new(ball, Vec2::ZERO, Vec2::new(5_000.0, 1.0)),
        Body::stationary(wall, Vec2::new(-15.0, 0.0)),
        Body::stationary(wall, Vec2::new(15.0, 0.0)),
    ];
    for mut pass in passes() {
        pass.set_settings(pass.settings().with_max_turns(4));
        let stats = pass
            .run(&bodies, &(), |_| {
                Response::a(Reaction::Bounce { restitution: 1.0 })
            })
            .unwrap();
        assert_eq!((stats.turns, stats.capped), (5, 1), "{stats:?}");
        let last = *pass.turns().last().unwrap();
        // It stands still for the rest of the frame, and keeps the velocity the bounce gave.
        assert!(last.capped && last.moving() == Vec2::ZERO && last.velocity.x.abs() > 4_000.0);
        assert!(last.end().x.abs() < 8.0, "{last:?}");
        let end = pass.outcomes()[0];
        assert_eq!((end.position, end.velocity), (last.end(), last.velocity));
        assert!(end.capped && end.turns == 5 && !end.used, "{end:?}");
    }
}

/// With no turns allowed, a ball that bounces off a wall stops a skin short of it for the rest
/// of the frame but keeps the bounce's velocity, so the game's loop carries it on next frame
/// (it used to come back with velocity zero and stop for good).
#[test]
fn a_capped_bounce_keeps_its_velocity_for_the_next_frame() {
    let ball = Circle { radius: 2.0 };
    let wall = rect(5.0, 100.0);
    for mut pass in passes() {
        pass.set_settings(pass.settings().with_max_turns(0));
        let bodies = [
            Body::new(ball, Vec2::ZERO, Vec2::new(40.0, 0.0)),
            Body::stationary(wall, Vec2::new(30.0, 0.0)),
        ];
        let bounce = Reaction::Bounce { restitution: 1.0 };
        pass.run(&bodies, &(), |_| Response::a(bounce)).unwrap();
        let end = pass.outcomes()[0];
        assert!(end.capped && end.turns == 1, "{end:?}");
        assert_eq!(end.velocity, Vec2::new(-40.0, 0.0));
        assert!((end.position.x - 23.0).abs() < 0.02, "{end:?}");
        // The next frame moves it away from the wall.
        let next = [
            Body::new(ball, end.position, end.position + end.velocity),
            bodies[1],
        ];
        pass.run(&next, &(), |_| Response::a(bounce)).unwrap();
        let after = pass.outcomes()[0];
        assert_eq!(
            (after.turns, after.position),
            (0, end.position + end.velocity)
        );
    }
}

/// Each body's outcome is where its path ends and its velocity: a body no hit turned ends where
/// it said, a used-up body is marked, and a turned body ends where its last turn takes it.
#[test]
fn outcomes_give_every_body_its_end_in_body_order() {
    let ball = Circle { radius: 2.0 };
    let bodies = [
        Body::new(ball, Vec2::ZERO, Vec2::new(40.0, 0.0)),
        Body::stationary(rect(5.0, 100.0), Vec2::new(30.0, 0.0)),
        Body::new(ball, Vec2::new(0.0, 300.0), Vec2::new(10.0, 300.0)),
        Body::new(ball, Vec2::new(0.0, -300.0), Vec2::new(40.0, -300.0)),
        Body::stationary(rect(5.0, 5.0), Vec2::new(30.0, -300.0)),
    ];
    for mut pass in passes() {
        pass.run(&bodies, &(), |hit| match hit.a {
            0 => Response::a(Reaction::Stop),
            _ => Response::a(Reaction::Used),
        })
        .unwrap();
        let ends = pass.outcomes();
        assert_eq!(ends.len(), bodies.len());
        assert!((ends[0].position.x - 23.0).abs() < 0.02 && ends[0].velocity == Vec2::ZERO);
        assert_eq!((ends[0].turns, ends[0].used), (1, false));
        assert_eq!(
            (ends[2].position, ends[2].velocity),
            (bodies[2].end, Vec2::new(10.0, 0.0))
        );
        assert!(ends[3].used && ends[3].turns == 0, "{:?}", ends[3]);
        assert_eq!(ends[1].position, bodies[1].end);
    }
}

/// A hexagon resting on a floor slides along it: its vertices are irrational, so it rests a few
/// ulps inside, which only the end of the frame's test sees (`t = 1`). Answered by sliding, it
/// turns once and goes on; it used to be handed the same hit again after each turn, until the
/// cap stopped it and put it back at the start of the frame.
#[test]
fn a_body_resting_within_rounding_of_a_floor_turns_once() {
    let hexagon = collide_core::Hull::regular(6, 2.4791813).unwrap();
    let bottom = hexagon
        .vertices()
        .iter()
        .fold(f32::INFINITY, |low, v| low.min(v.y));
    let floor = rect(1_000.0, 8.0);
    let start = Vec2::new(887.43835, 16.0 - bottom);
    let end = Vec2::new(556.4213, start.y);
    let bodies = [
        Body::new(&hexagon, start, end),
        Body::stationary(floor, Vec2::new(500.0, 8.0)),
    ];
    for mut pass in passes() {
        let stats = pass
            .run(&bodies, &(), |_| Response::a(Reaction::Slide))
            .unwrap();
        assert_eq!(pass.hits().len(), 1, "{:?}", pass.hits());
        assert_eq!(pass.hits()[0].impact.t, 1.0, "{:?}", pass.hits());
        assert_eq!((stats.turns, stats.capped), (1, 0), "{stats:?}");
        let turn = pass.turns()[0];
        assert!((turn.end() - end).length() < 1e-3, "{turn:?}");
    }
}

/// A moving wall that carries on into a bullet stopped against it: the stopped bullet is not
/// pushed and ends inside the wall, as `Reaction::Stop` says; answered with the wall's
/// velocity instead, it is carried along a skin in front of it.
#[test]
fn a_stopped_body_is_not_pushed_and_one_given_the_walls_velocity_is() {
    let bullet = Body::new(Circle { radius: 1.0 }, Vec2::ZERO, Vec2::new(10.0, 0.0));
    let wall = Body::new(rect(2.0, 8.0), Vec2::new(14.0, 0.0), Vec2::new(10.0, 0.0));
    let wall_velocity = Vec2::new(-4.0, 0.0);
    for (bullet_reaction, pushed) in [
        (Reaction::Stop, false),
        (Reaction::Velocity(wall_velocity), true),
    ] {
        for mut pass in passes() {
            pass.run(&[bullet, wall], &(), |_| Response {
                a: bullet_reaction,
                b: Reaction::Carry,
            })
            .unwrap();
            let (b, w) = (pass.outcomes()[0].position, pass.outcomes()[1].position);
            assert_eq!(w, wall.end);
            let gap = (w.x - 2.0) - (b.x + 1.0);
            if pushed {
                assert!((0.0..=DEFAULT_SKIN * 1.01).contains(&gap), "{gap}");
            } else {
                assert!(gap < -0.5, "{gap}");
            }
        }
    }
}
