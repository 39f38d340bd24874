//! The collision pass: the three-body tunnelling and time-order cases, agreement with an
//! all-pairs oracle, determinism across broad phases, layers, statistics, bad input, and
//! switching the broad phase.

use collide::{
    AnyBroadPhase, Body, BroadPhaseKind, CollisionPass, Other, PassHit, PassSettings, Reaction,
    Response,
};
use collide_core::{narrow_phase, Circle, Hull, Layers, Rot, SweepMode};
use collide_testkit::SplitMix64;
use glam::Vec2;

mod common;
use common::{passes, rect};

const T_TOL: f32 = 1e-4;

/// The bits of a hit, so two runs can be compared exactly.
fn bits(h: &PassHit) -> (usize, usize, u32, [u32; 4], bool) {
    (
        h.a,
        body(h.b),
        h.impact.t.to_bits(),
        [
            h.impact.point.x.to_bits(),
            h.impact.point.y.to_bits(),
            h.impact.normal.x.to_bits(),
            h.impact.normal.y.to_bits(),
        ],
        h.by_sweep,
    )
}

/// The body a hit's `a` met: these scenes have no static world.
fn body(b: Other) -> usize {
    b.body().expect("no obstacles here")
}

#[test]
fn bullet_tunnelling_through_a_hits_a_not_b_behind_it() {
    // The bullet passes through enemy A and ends the frame overlapping enemy B.
    // B has the lower index, so resolving in pair or index order would pick B.
    let bullet = Circle { radius: 2.0 };
    let bodies = [
        Body::new(bullet, Vec2::new(0.0, 0.0), Vec2::new(0.0, 100.0)),
        Body::stationary(rect(8.0, 8.0), Vec2::new(0.0, 104.0)), // B
        Body::stationary(rect(8.0, 8.0), Vec2::new(0.0, 50.0)),  // A
    ];
    for mut pass in passes() {
        let name = pass.broad_phase().kind().name();
        let mut resolved = Vec::new();
        let stats = pass
            .run(&bodies, &(), |h| {
                resolved.push((h.a, body(h.b)));
                Response::both(Reaction::Used) // the bullet destroys itself, and the enemy dies
            })
            .unwrap();
        assert_eq!(resolved, [(0, 2)], "{name}: A is hit, B is not");
        assert_eq!((stats.hits_resolved, stats.hits_dropped), (1, 1), "{name}");
        assert_eq!((stats.discrete_hits, stats.swept_hits), (1, 1), "{name}");
        let first = pass.hits()[0];
        // Bullet top (y + 2) reaches A's bottom (42) at y = 40: t = 0.4.
        assert!(
            (first.impact.t - 0.4).abs() < T_TOL,
            "{name}: t = {}",
            first.impact.t
        );
        assert!(first.by_sweep);
        // With the sweep off, the tunnelling bug is back: only B is hit.
        pass.set_settings(pass.settings().with_sweep_mode(SweepMode::Off));
        let mut off = Vec::new();
        pass.run(&bodies, &(), |h| {
            off.push(body(h.b));
            Response::both(Reaction::Used)
        })
        .unwrap();
        assert_eq!(off, [1], "{name}: sweep off");
    }
}

#[test]
fn contact_that_began_earlier_comes_first() {
    // The bullet overlaps enemy B at the end of the frame, but entered it at
    // t = 0.2; it tunnels through enemy A at t = 0.36. B must be resolved first.
    let bullet = Circle { radius: 1.0 };
    // Bullet centre goes from y = 0 to y = 100; its top is at 1 + 100 t. The enemies overlap
    // each other, but enemies do not collide with enemies.
    let (shot, enemy) = (Layers::on(1).with_mask(2), Layers::on(2).with_mask(1));
    let bodies = [
        Body::new(bullet, Vec2::ZERO, Vec2::new(0.0, 100.0)).with_layers(shot),
        // A: bottom edge at y = 37 (reached at t = 0.36), top at 47: passed by the end.
        Body::stationary(rect(6.0, 5.0), Vec2::new(2.0, 42.0)).with_layers(enemy),
        // B: bottom edge at y = 21 (reached at t = 0.2), reaching past the end position.
        Body::stationary(rect(10.0, 50.0), Vec2::new(-3.0, 71.0)).with_layers(enemy),
    ];
    for mut pass in passes() {
        let name = pass.broad_phase().kind().name();
        let mut resolved = Vec::new();
        let stats = pass
            .run(&bodies, &(), |h| {
                resolved.push((body(h.b), h.impact.t));
                Response::a(Reaction::Used) // the bullet is used up; enemies survive
            })
            .unwrap();
        assert_eq!(resolved.len(), 1, "{name}");
        let (target, t) = resolved[0];
        assert_eq!(target, 2, "{name}: B first");
        assert!((t - 0.2).abs() < T_TOL, "{name}: t = {t}");
        let hits = pass.hits();
        assert_eq!(hits.len(), 2, "{name}");
        assert!(!hits[0].by_sweep, "{name}: B is the end-of-frame hit");
        assert!((hits[1].impact.t - 0.36).abs() < T_TOL, "{name}: A at 0.36");
        assert!(hits[1].by_sweep, "{name}: A only the sweep finds");
        assert_eq!(stats.hits_dropped, 1, "{name}");
    }
}

/// A seeded scene of circles, rects and rotated hulls, some fast, on two layers.
fn scene<'a>(rng: &mut SplitMix64, hulls: &'a [Hull], n: usize) -> Vec<Body<'a>> {
    let side = 30.0 * (n as f32).sqrt();
    (0..n)
        .map(|i| {
            let start = Vec2::new(rng.range(-side, side), rng.range(-side, side));
            let speed = if i % 5 == 0 { 300.0 } else { 10.0 };
            let end = start + Vec2::new(rng.gaussian() * speed, rng.gaussian() * speed);
            let body = match i % 3 {
                0 => Body::new(
                    Circle {
                        radius: rng.range(0.5, 6.0),
                    },
                    start,
                    end,
                ),
                1 => Body::new(rect(rng.range(0.5, 15.0), rng.range(0.5, 15.0)), start, end),
                _ => Body::new(&hulls[i % hulls.len()], start, end)
                    .with_rotation(Rot::from_angle(rng.range(-3.0, 3.0))),
            };
            body.with_layers(Layers::on(1 << (i % 2)).with_mask(0b11))
        })
        .collect()
}

fn hulls() -> Vec<Hull> {
    vec![
        Hull::regular(6, 8.0).unwrap(),
        Hull::regular(3, 12.0).unwrap(),
        Hull::new(&[
            Vec2::new(-20.0, -1.0),
            Vec2::new(20.0, -1.0),
            Vec2::new(20.0, 1.0),
            Vec2::new(-20.0, 1.0),
        ])
        .unwrap(),
    ]
}

#[test]
fn finds_every_hit_of_the_all_pairs_oracle() {
    let hulls = hulls();
    let mut rng = SplitMix64::new(5);
    let bodies = scene(&mut rng, &hulls, 300);
    let mut oracle: Vec<(usize, usize, u32)> = Vec::new();
    for a in 0..bodies.len() {
        for b in a + 1..bodies.len() {
            let (ba, bb) = (&bodies[a], &bodies[b]);
            if !ba.layers.interacts(bb.layers) {
                continue;
            }
            let out = narrow_phase(
                ba.shape,
                &ba.motion(),
                bb.shape,
                &bb.motion(),
                SweepMode::Exact,
            );
            if let Some(hit) = out.hit {
                oracle.push((a, b, hit.impact.t.to_bits()));
            }
        }
    }
    assert!(oracle.len() > 20, "the scene should have hits");
    for mut pass in passes() {
        pass.detect(&bodies, &()).unwrap();
        let mut got: Vec<_> = pass
            .hits()
            .iter()
            .map(|h| (h.a, body(h.b), h.impact.t.to_bits()))
            .collect();
        got.sort_unstable();
        let mut want = oracle.clone();
        want.sort_unstable();
        assert_eq!(got, want, "{}", pass.broad_phase().kind().name());
        let s = pass.stats();
        assert_eq!(s.discrete_hits + s.swept_hits, got.len());
        assert!(s.swept_hits > 0 && s.sweeps > 0 && s.pairs >= got.len());
        assert_eq!(s.proxies, bodies.len());
    }
}

#[test]
fn hits_are_bit_identical_in_the_same_order_for_every_broad_phase_and_run() {
    let hulls = hulls();
    let mut rng = SplitMix64::new(11);
    let bodies = scene(&mut rng, &hulls, 400);
    let mut reference = None;
    for mut pass in passes() {
        for _ in 0..3 {
            pass.detect(&bodies, &()).unwrap();
            let hits: Vec<_> = pass.hits().iter().map(bits).collect();
            assert!(hits
                .windows(2)
                .all(|w| (w[0].2, w[0].0, w[0].1) != (w[1].2, w[1].0, w[1].1)));
            match &reference {
                None => reference = Some(hits),
                Some(r) => assert_eq!(&hits, r, "{}", pass.broad_phase().kind().name()),
            }
        }
    }
    let r = reference.unwrap();
    assert!(r.len() > 20);
    // Sorted by (t, a, b) with a < b.
    let keys: Vec<_> = r.iter().map(|h| (f32::from_bits(h.2), h.0, h.1)).collect();
    assert!(keys.iter().all(|k| k.1 < k.2));
    assert!(keys.windows(2).all(|w| w[0]
        .0
        .total_cmp(&w[1].0)
        .then(w[0].1.cmp(&w[1].1))
        .then(w[0].2.cmp(&w[1].2))
        .is_lt()));
}

#[test]
fn layers_that_do_not_interact_never_hit() {
    const SHOT: u32 = 1;
    const ALIEN: u32 = 2;
    let shot = Circle { radius: 2.0 };
    let bodies = [
        Body::new(shot, Vec2::ZERO, Vec2::new(0.0, 50.0))
            .with_layers(Layers::on(SHOT).with_mask(ALIEN)),
        Body::new(shot, Vec2::new(1.0, 0.0), Vec2::new(1.0, 50.0))
            .with_layers(Layers::on(SHOT).with_mask(ALIEN)),
        Body::stationary(rect(5.0, 5.0), Vec2::new(0.0, 25.0))
            .with_layers(Layers::on(ALIEN).with_mask(SHOT)),
        Body::stationary(rect(5.0, 5.0), Vec2::new(0.0, 26.0))
            .with_layers(Layers::on(ALIEN).with_mask(SHOT)),
    ];
    for mut pass in passes() {
        let stats = pass.detect(&bodies, &()).unwrap();
        let pairs: Vec<_> = pass.hits().iter().map(|h| (h.a, body(h.b))).collect();
        assert_eq!(stats.pairs, 4);
        assert!(pairs.iter().all(|&(a, b)| a < 2 && b >= 2), "{pairs:?}");
        assert_eq!(pairs.len(), 4);
    }
}

#[test]
fn used_neither_resolves_every_hit_and_disabled_bodies_are_ignored() {
    let bullet = Circle { radius: 2.0 };
    let mut bodies = vec![
        Body::new(bullet, Vec2::ZERO, Vec2::new(0.0, 100.0)),
        Body::stationary(rect(8.0, 8.0), Vec2::new(0.0, 30.0)),
        Body::stationary(rect(8.0, 8.0), Vec2::new(0.0, 60.0)),
    ];
    for mut pass in passes() {
        let s = pass.run(&bodies, &(), |_| Response::CARRY).unwrap();
        assert_eq!((s.hits_resolved, s.hits_dropped), (2, 0));
    }
    bodies[1].enabled = false;
    for mut pass in passes() {
        let s = pass.run(&bodies, &(), |_| Response::CARRY).unwrap();
        assert_eq!((s.proxies, s.skipped, s.hits_resolved), (2, 0, 1));
        assert_eq!((pass.hits()[0].a, body(pass.hits()[0].b)), (0, 2));
    }
}

#[test]
fn bad_input_is_skipped_and_counted_never_panics() {
    let c = Circle { radius: 3.0 };
    let bad_radius = Circle { radius: f32::NAN };
    let bodies = [
        Body::new(c, Vec2::new(f32::NAN, 0.0), Vec2::ZERO),
        Body::new(c, Vec2::ZERO, Vec2::new(0.0, f32::INFINITY)),
        Body::stationary(c, Vec2::splat(f32::NEG_INFINITY)),
        Body::stationary(bad_radius, Vec2::ZERO),
        Body::stationary(c, Vec2::ZERO),
        Body::new(c, Vec2::new(10.0, 0.0), Vec2::new(-10.0, 0.0)),
    ];
    for mut pass in passes() {
        let s = pass
            .run(&bodies, &(), |_| Response::both(Reaction::Used))
            .unwrap();
        assert_eq!((s.skipped, s.proxies), (4, 2));
        let pairs: Vec<_> = pass.hits().iter().map(|h| (h.a, body(h.b))).collect();
        assert_eq!(pairs, [(4, 5)]);
        // An empty world and a single body.
        let s = pass
            .run(&[], &(), |_| Response::both(Reaction::Used))
            .unwrap();
        assert_eq!(s, Default::default());
        assert!(pass.hits().is_empty());
        let s = pass
            .run(&bodies[4..5], &(), |_| Response::both(Reaction::Used))
            .unwrap();
        assert_eq!((s.proxies, s.pairs, s.hits_resolved), (1, 0, 0));
    }
}

#[test]
fn a_pass_is_reusable_across_scenes_of_different_sizes() {
    let hulls = hulls();
    let mut rng = SplitMix64::new(3);
    let big = scene(&mut rng, &hulls, 500);
    let small = scene(&mut rng, &hulls, 20);
    let mut fresh = CollisionPass::new(AnyBroadPhase::new(BroadPhaseKind::BruteForce));
    for mut pass in passes() {
        for bodies in [&big, &small, &big] {
            pass.detect(bodies, &()).unwrap();
            fresh.detect(bodies, &()).unwrap();
            let got: Vec<_> = pass.hits().iter().map(bits).collect();
            let want: Vec<_> = fresh.hits().iter().map(bits).collect();
            assert_eq!(got, want);
        }
    }
}

#[test]
fn an_animated_collider_uses_its_active_frame_and_switches_off_as_one() {
    use collide_core::AnimatedHull;
    // Frame 0 is a narrow sliver, frame 1 a wide bar: only the wide one reaches the bullet.
    let frames = [
        Hull::new(&[
            Vec2::new(-1.0, -1.0),
            Vec2::new(1.0, -1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(-1.0, 1.0),
        ])
        .unwrap(),
        Hull::new(&[
            Vec2::new(-30.0, -1.0),
            Vec2::new(30.0, -1.0),
            Vec2::new(30.0, 1.0),
            Vec2::new(-30.0, 1.0),
        ])
        .unwrap(),
    ];
    let mut ship = AnimatedHull::new(&frames[..]).unwrap();
    let bullet = Body::new(
        Circle { radius: 1.0 },
        Vec2::new(20.0, -50.0),
        Vec2::new(20.0, 50.0),
    );
    let mut pass = CollisionPass::default();
    let hits_with = |ship: &AnimatedHull<&[Hull]>, pass: &mut CollisionPass| {
        let bodies = [bullet, Body::animated(ship, Vec2::ZERO, Vec2::ZERO)];
        pass.run(&bodies, &(), |_| Response::both(Reaction::Used))
            .unwrap()
            .hits_resolved
    };
    assert_eq!(hits_with(&ship, &mut pass), 0);
    ship.set_frame(1).unwrap();
    assert_eq!(hits_with(&ship, &mut pass), 1);
    assert!((pass.hits()[0].impact.t - 0.48).abs() < T_TOL); // y = -2 of -50..50
    ship.set_enabled(false);
    assert_eq!(hits_with(&ship, &mut pass), 0);
    assert_eq!(pass.stats().proxies, 1);
}

/// A body's swept bounds cover its shape at the start and at the end of the frame (up to a few
/// ulps of rounding, which the broad phases' widening absorbs), for every kind of shape.
#[test]
fn swept_bounds_cover_both_end_boxes() {
    let hull = Hull::regular(5, 3.0).unwrap();
    let mut rng = SplitMix64::new(0x5EB7);
    for _ in 0..2_000 {
        let start = Vec2::new(rng.range(-1e4, 1e4), rng.range(-1e4, 1e4));
        let end = start + Vec2::new(rng.range(-50.0, 50.0), rng.range(-50.0, 50.0));
        let rotation = Rot::from_angle(rng.range(-3.0, 3.0));
        for body in [
            Body::new(Circle { radius: 2.0 }, start, end),
            Body::new(rect(16.0, 4.0), start, end),
            Body::new(&hull, start, end).with_rotation(rotation),
        ] {
            let swept = body.swept_bounds();
            let slack = Vec2::splat(start.abs().max(end.abs()).max_element() * 4.0 * f32::EPSILON);
            for at in [body.start, body.end] {
                let b = body.shape.aabb(&collide_core::Pose::new(at, body.rotation));
                assert!(
                    (swept.min() - slack).cmple(b.min()).all()
                        && (swept.max() + slack).cmpge(b.max()).all(),
                    "{body:?}: {swept:?} does not cover {b:?}"
                );
            }
        }
    }
}

#[test]
fn switching_the_broad_phase_keeps_the_settings_and_finds_the_same_hits() {
    let hulls = hulls();
    let mut rng = SplitMix64::new(17);
    let bodies = scene(&mut rng, &hulls, 300);
    let settings = PassSettings::default()
        .with_sweep_mode(SweepMode::Off)
        .with_max_pairs(1 << 20);
    let mut pass = CollisionPass::default().with_settings(settings);
    let first = pass.detect(&bodies, &()).unwrap();
    let want: Vec<_> = pass.hits().iter().map(bits).collect();
    assert!(!want.is_empty());
    for kind in [
        BroadPhaseKind::SortAndSweep,
        BroadPhaseKind::QuadTree,
        BroadPhaseKind::BruteForce,
        BroadPhaseKind::Grid,
    ] {
        let before = pass.broad_phase().kind();
        let old = pass.set_broad_phase(kind.build());
        assert_eq!(old.kind(), before);
        assert_eq!(pass.broad_phase().kind(), kind);
        assert_eq!(
            (pass.settings().sweep_mode, pass.settings().max_pairs),
            (SweepMode::Off, 1 << 20),
            "{kind}"
        );
        let stats = pass.detect(&bodies, &()).unwrap();
        assert_eq!(stats, first, "{kind}");
        let got: Vec<_> = pass.hits().iter().map(bits).collect();
        assert_eq!(got, want, "{kind}");
    }
}
