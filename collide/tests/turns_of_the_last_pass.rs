//! `turns()` lists the turns of the last pass alone: after a pass that failed at the pair
//! limit, or after `detect`, it is empty, as a fresh pass's is. It kept the turns of the
//! last frame that ran, so a pass rebuilt from the same inputs (a rollback peer that does not
//! clone) answered differently, and a game replaying the turns moved bodies of another slice.

use collide::{Body, CollisionPass, Reaction, Response};
use collide_core::Circle;
use glam::Vec2;

const BALL: Circle = Circle { radius: 1.0 };

/// A pass that has run one frame in which a ball stopped against another.
fn pass_after_a_turn() -> CollisionPass {
    let frame = [
        Body::new(BALL, Vec2::ZERO, Vec2::new(10.0, 0.0)),
        Body::stationary(BALL, Vec2::new(5.0, 0.0)),
    ];
    let mut pass = CollisionPass::default();
    pass.run(&frame, &(), |_| Response::a(Reaction::Stop))
        .unwrap();
    assert_eq!(pass.turns().len(), 1, "the first frame turns the ball");
    pass
}

#[test]
fn a_pass_that_fails_at_the_pair_limit_lists_no_turns() {
    let mut pass = pass_after_a_turn();
    pass.set_settings(pass.settings().with_max_pairs(1));
    let mut fresh = CollisionPass::default().with_settings(*pass.settings());
    // Three overlapping balls: three candidate pairs, over the limit of one.
    let crowd = [100.0, 100.5, 101.0].map(|x| Body::stationary(BALL, Vec2::new(x, 0.0)));
    assert!(pass.run(&crowd, &(), |_| Response::CARRY).is_err());
    assert!(fresh.run(&crowd, &(), |_| Response::CARRY).is_err());
    assert_eq!(pass.turns(), fresh.turns());
    assert!(pass.turns().is_empty() && pass.outcomes().is_empty());
}

#[test]
fn detect_lists_no_turns() {
    let mut pass = pass_after_a_turn();
    let frame = [
        Body::new(BALL, Vec2::ZERO, Vec2::new(10.0, 0.0)),
        Body::stationary(BALL, Vec2::new(5.0, 0.0)),
    ];
    pass.detect(&frame, &()).unwrap();
    assert_eq!(pass.hits().len(), 1, "detect finds the hit");
    assert!(pass.turns().is_empty(), "{:?}", pass.turns());
    // The next frame that runs turns again.
    pass.run(&frame, &(), |_| Response::a(Reaction::Stop))
        .unwrap();
    assert_eq!(pass.turns().len(), 1);
}
