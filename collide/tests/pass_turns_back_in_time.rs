//! A turn put back in time, before the turns other bodies made since, meets those bodies on
//! the paths they had before their turns. The sweeps after a turn take each pair from the
//! later of the two turns, so that part of the frame went unchecked: a slow body backed off
//! to the start of the frame ran into a box that turned later, or came within the skin of a
//! hull and then slid into it. Such a turn now goes back no further than those turns. Each
//! case is a tester's, on every broad phase.

use collide::{Body, Reaction, Response, Turn};
use collide_core::{overlaps, Circle, Hull, Pose, Rot};
use glam::Vec2;

mod common;
use common::{passes, rect};

/// A thin box hull of half extents `(hx, hy)`.
fn plank(hx: f32, hy: f32) -> Hull {
    Hull::from_half_extents(Vec2::new(hx, hy)).unwrap()
}

/// Where `body` is at time `t` of the frame, given the pass's turns.
fn position_at(bodies: &[Body<'_>], turns: &[Turn], body: usize, t: f32) -> Vec2 {
    let b = &bodies[body];
    turns
        .iter()
        .rfind(|turn| turn.body == body && turn.t <= t)
        .map_or(b.start + (b.end - b.start) * t, |turn| turn.position_at(t))
}

/// The tester's first case: body 3, a slow ball, hits the hull at t = 0.993 and its slide
/// goes back to t = 0, where its new path runs into box 0's path from before box 0 turned
/// (t = 0.849): 0.029 deep at t = 0.22.
#[test]
fn a_turn_back_to_the_start_never_runs_into_a_path_from_before_a_later_turn() {
    let hull = plank(2.309_031_5, 0.157_805_37);
    let boxed = rect(1.688_100_7, 2.696_993_4);
    let ball = Circle {
        radius: 1.092_731_6,
    };
    let bodies = [
        Body::new(
            boxed,
            Vec2::new(-3.138_460_6, 8.433_943),
            Vec2::new(-3.138_460_6, 7.748_604),
        ),
        Body::new(
            Circle { radius: 1.921_509 },
            Vec2::new(-1.130_985_4, 2.667_683),
            Vec2::new(-0.556_829_63, 3.530_579_3),
        ),
        Body::new(
            &hull,
            Vec2::new(2.829_628_5, 7.422_693_7),
            Vec2::new(2.777_970_8, 7.271_566),
        )
        .with_rotation(Rot::from_angle(2.973_001_5)),
        Body::new(
            ball,
            Vec2::new(-0.347_628_33, 8.563_969),
            Vec2::new(-0.347_628_33, 8.467_977),
        ),
    ];
    for mut pass in passes() {
        pass.run(&bodies, &(), |_| Response::both(Reaction::Slide))
            .unwrap();
        for step in 0..=1000 {
            let t = step as f32 / 1000.0;
            let (b, c) = (
                position_at(&bodies, pass.turns(), 0, t),
                position_at(&bodies, pass.turns(), 3, t),
            );
            let inside = overlaps(
                boxed,
                &Pose::from_position(b),
                ball,
                &Pose::from_position(c),
            );
            assert!(!inside, "at t = {t}: {:?}", pass.turns());
        }
    }
}

/// The tester's second case: box 3, barely moving, turned at t = 0 off a still hull; backed
/// off by the skin, its new path came within the skin of hull 0's path from before hull 0
/// turned (t = 0.184), and then into it. The two slid on, 0.00034 inside each other, to the
/// end of the frame.
#[test]
fn a_turn_back_to_the_start_ends_inside_no_body_that_turned_later() {
    let (h0, h2) = (
        plank(2.772_02, 0.102_447_8),
        plank(2.723_761_6, 0.148_414_22),
    );
    let r0 = Rot::from_angle(-2.030_444_4);
    let box3 = rect(1.630_111_2, 2.331_527_5);
    let bodies = [
        Body::new(
            &h0,
            Vec2::new(0.131_629_03, 10.658_187),
            Vec2::new(0.132_067_58, 10.659_073),
        )
        .with_rotation(r0),
        Body::new(
            rect(1.471_679_8, 1.086_359),
            Vec2::new(-2.554_217_6, 9.615_746_5),
            Vec2::new(-2.311_831_2, 9.722_928),
        ),
        Body::stationary(&h2, Vec2::new(4.080_192_6, 10.460_238))
            .with_rotation(Rot::from_angle(1.616_198_9)),
        Body::new(
            box3,
            Vec2::new(2.257_237_4, 9.087_277),
            Vec2::new(2.259_869_6, 9.092_595),
        ),
    ];
    for mut pass in passes() {
        pass.run(&bodies, &(), |_| Response::both(Reaction::Slide))
            .unwrap();
        let o = pass.outcomes();
        let inside = overlaps(
            &h0,
            &Pose::new(o[0].position, r0),
            box3,
            &Pose::from_position(o[3].position),
        );
        assert!(!inside, "{:?}", pass.turns());
    }
}
