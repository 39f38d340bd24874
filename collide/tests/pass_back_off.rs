//! Back-offs in the pass: a body that turns with no room on its path to keep a skin from
//! what it hit is moved off it, but never into (or deeper into) another body or obstacle, and
//! a turn put back to the start of its path goes back no further than the turns of bodies it
//! would then be inside. Each case is a tester's, in wedges of bodies closer than a skin.

use collide::{Body, PassSettings, Reaction, Response};
use collide_core::{Circle, Pose, DEFAULT_SKIN};
use glam::Vec2;

mod common;
use common::{passes, rect};

/// The tester's case: a box sliding in a gap narrower than the skin, between a block and a
/// triangle, both bodies of the pass. Backed off the block along its normal by a skin, it went
/// into the triangle, and stayed there, capped (8.8 mm deep with the default skin). The back
/// off now halves until it goes into no other body either, as for static obstacles.
#[test]
fn a_slide_in_a_gap_narrower_than_the_skin_backs_off_into_no_other_body() {
    let mover = rect(0.44840783, 0.24580649);
    let travel = Vec2::new(0.00022205622, -0.00053217815);
    let block = rect(0.49276486, 0.5049337);
    let triangle = collide_core::Hull::new(&[
        Vec2::new(0.6595947, -0.50340885),
        Vec2::new(0.10616751, 0.8229302),
        Vec2::new(-0.7657622, -0.31952134),
    ])
    .unwrap();
    // Far out and near the origin, with a skin for metres and the default one.
    for (shift, skin) in [
        (0.0, 1e-4),
        (0.0, DEFAULT_SKIN),
        (996.0, 1e-4),
        (996.0, DEFAULT_SKIN),
    ] {
        let start = Vec2::new(996.9496 - shift, 0.67966294);
        let tri_at = Vec2::new(995.995 - shift, 0.5685786);
        let bodies = [
            Body::new(mover, start, start + travel),
            Body::stationary(block, Vec2::new(997.8908 - shift, 0.51394004)),
            Body::stationary(&triangle, tri_at),
        ];
        for mut pass in passes() {
            pass = pass.with_settings(PassSettings::default().with_skin(skin));
            pass.run(&bodies, &(), |_| Response::a(Reaction::Slide))
                .unwrap();
            let end = pass.outcomes()[0];
            let inside = collide_core::overlaps(
                mover,
                &Pose::from_position(end.position),
                &triangle,
                &Pose::from_position(tri_at),
            );
            assert!(
                !inside && !end.capped,
                "shift {shift}, skin {skin}: {end:?}"
            );
        }
    }
}

/// The tester's wedge: a box closer than a skin to a static hull moves into it, and a ball
/// closer than a skin behind the box follows it. The ball stops first, on a hull body beside
/// it, where the box had moved on by then. The box's stop, found later, puts it back at its
/// start (its path left no room for a skin): that is inside the ball where it stopped. A turn
/// that goes back in time now goes back no further than the turns of bodies it would be in.
#[test]
fn a_turn_back_in_time_ends_inside_no_body_that_turned_since() {
    let wall = collide_core::Hull::new(&[
        Vec2::new(7.077247, 22.948334),
        Vec2::new(-19.638172, 13.822287),
        Vec2::new(-19.214306, -14.40569),
        Vec2::new(7.7630787, -22.725492),
        Vec2::new(24.012152, 0.3605629),
    ])
    .unwrap();
    let mut statics = collide::StaticBodies::new();
    let wall_at = Pose::from_position(Vec2::new(-57.31116, -71.58695));
    statics.add(wall, wall_at, collide::Layers::ALL).unwrap();
    statics.refresh();
    let (boxed, ball) = (rect(7.8257585, 12.400719), Circle { radius: 4.550244 });
    let hull = collide_core::Hull::new(&[
        Vec2::new(5.881856, -0.75374585),
        Vec2::new(2.5344484, 5.361057),
        Vec2::new(-4.3154807, 4.0670614),
        Vec2::new(-5.201562, -2.8474748),
        Vec2::new(1.1007385, -5.8268976),
    ])
    .unwrap();
    let (box_at, ball_at) = (
        Vec2::new(-25.463753, -65.25923),
        Vec2::new(-13.079988, -64.13264),
    );
    let hull_at = Vec2::new(-2.664823, -64.13264);
    let bodies = [
        Body::new(boxed, box_at, box_at + Vec2::new(-0.4344879, 0.1998691)),
        Body::new(ball, ball_at, ball_at + Vec2::new(-0.7276201, 0.22928904)),
        Body::new(&hull, hull_at, hull_at + Vec2::new(-5.649306, -7.462938))
            .with_rotation(collide_core::Rot::from_angle(-0.6491025)),
    ];
    let react = |body: usize| match body {
        2 => Reaction::Bounce { restitution: 1.0 },
        _ => Reaction::Stop,
    };
    for mut pass in passes() {
        pass = pass.with_settings(PassSettings::default().with_skin(0.01));
        pass.run(&bodies, &statics, |hit| Response {
            a: react(hit.a),
            b: hit.b.body().map_or(Reaction::Carry, react),
        })
        .unwrap();
        let (box_end, ball_end) = (pass.outcomes()[0], pass.outcomes()[1]);
        let inside = collide_core::overlaps(
            boxed,
            &Pose::from_position(box_end.position),
            ball,
            &Pose::from_position(ball_end.position),
        );
        assert!(!inside, "{box_end:?} inside {ball_end:?}");
    }
}

/// The tester's case: a hexagon exactly touching a block on its right, and a box sliding
/// into it from the left. Backed off the box by the skin, it went 0.005 into the block: the
/// back-off let a body into what it was in already, and touching counted as in. It now goes
/// no deeper into anything it touched or was in.
#[test]
fn a_back_off_goes_no_deeper_into_a_body_it_touches() {
    let block = rect(22.132772, 28.212553);
    let hexagon = collide_core::Hull::new(&[
        Vec2::new(-0.12901872, -3.4087543),
        Vec2::new(2.8875585, -1.8161106),
        Vec2::new(3.0165772, 1.5926436),
        Vec2::new(0.12901872, 3.4087543),
        Vec2::new(-2.8875585, 1.8161106),
        Vec2::new(-3.0165772, -1.5926436),
    ])
    .unwrap();
    let pusher = rect(10.713758, 5.2206745);
    let (block_at, hex_at, pusher_at) = (
        Vec2::new(30.006945, 4.636704),
        Vec2::new(4.8575945, 4.636704),
        Vec2::new(-8.872742, 0.020044643),
    );
    let bodies = [
        Body::stationary(block, block_at),
        Body::new(
            &hexagon,
            hex_at,
            hex_at + Vec2::new(-0.07689408, -0.055413827),
        ),
        Body::new(
            pusher,
            pusher_at,
            pusher_at + Vec2::new(8.050577, 1.2916384),
        ),
    ];
    let react = |body: usize| match body {
        2 => Reaction::Slide,
        _ => Reaction::Stop,
    };
    for mut pass in passes() {
        pass = pass.with_settings(PassSettings::default().with_skin(0.01));
        pass.run(&bodies, &(), |hit| Response {
            a: react(hit.a),
            b: hit.b.body().map_or(Reaction::Carry, react),
        })
        .unwrap();
        let end = pass.outcomes()[1].position;
        let depth = collide_core::contact(
            &hexagon,
            &Pose::from_position(end),
            block,
            &Pose::from_position(block_at),
        )
        .map_or(0.0, |c| c.depth);
        assert!(depth < 1e-4, "{depth} deep at {end:?}");
    }
}

/// The tester's case, 5 000 units out: a diamond standing exactly on a moving block slides
/// into a static block above it. Backed off the static block, down, it went 0.0045 into the
/// block it stood on: a depth that grew by less than eight ulps of the coordinates passed
/// as rounding. Only the size of the move decides now.
#[test]
fn a_back_off_far_out_goes_no_deeper_into_a_body_it_stands_on() {
    let diamond = collide_core::Hull::new(&[
        Vec2::new(-0.89350575, -7.0035906),
        Vec2::new(7.0035906, -0.89350575),
        Vec2::new(0.89350575, 7.0035906),
        Vec2::new(-7.0035906, 0.89350575),
    ])
    .unwrap();
    let turned = collide_core::Rot::from_angle(1.2718517);
    let mut statics = collide::StaticBodies::new();
    let above = Pose::from_position(Vec2::new(4944.531, 27.202967));
    statics
        .add(rect(14.376379, 31.037575), above, collide::Layers::ALL)
        .unwrap();
    statics.refresh();
    let block = rect(8.679197, 10.136394);
    let (block_at, diamond_at) = (
        Vec2::new(4947.937, -26.831722),
        Vec2::new(4944.531, -10.26551),
    );
    let bodies = [
        Body::new(block, block_at, block_at + Vec2::new(-0.50777656, 0.0)),
        Body::new(
            &diamond,
            diamond_at,
            diamond_at + Vec2::new(0.017698132, 0.58649933),
        )
        .with_rotation(turned),
    ];
    for mut pass in passes() {
        pass = pass.with_settings(PassSettings::default().with_skin(0.01));
        pass.run(&bodies, &statics, |_| Response::both(Reaction::Slide))
            .unwrap();
        let (block_end, end) = (pass.outcomes()[0].position, pass.outcomes()[1].position);
        let depth = collide_core::contact(
            &diamond,
            &Pose::new(end, turned),
            block,
            &Pose::from_position(block_end),
        )
        .map_or(0.0, |c| c.depth);
        assert!(depth < 1e-3, "{depth} deep at {end:?}");
    }
}
