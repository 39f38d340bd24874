//! Guard rails: crowds of bodies at one point. Bodies on layers that never interact cost the
//! broad phases no test per pair (a game parks its pooled objects at the origin), and a crowd
//! that does interact stops at the pass's pair limit with an error instead of exhausting
//! memory.

use collide::broad::Error;
use collide::pass::DEFAULT_MAX_PAIRS;
use collide::{
    Body, BroadPhase, BroadPhaseKind, BruteForce, CollisionPass, PassSettings, Proxy, Response,
};
use collide_core::{Aabb, Circle, Layers};
use collide_testkit::SplitMix64;
use glam::Vec2;

/// Three layer settings of which no two interact, nor any with itself: each one's mask misses
/// the next one's layer or the next one's mask misses its own.
const NEVER: [Layers; 3] = [
    Layers::on(1).with_mask(2),
    Layers::on(2).with_mask(4),
    Layers::on(4).with_mask(1),
];

/// `n` boxes at one point, on the layers of [`NEVER`] in turn.
fn parked(n: usize) -> Vec<Proxy> {
    let at = Aabb::new(Vec2::ZERO, Vec2::splat(4.0));
    (0..n)
        .map(|i| Proxy::new(i as u32, at, NEVER[i % 3]))
        .collect()
}

fn sorted_pairs(broad: &mut impl BroadPhase, proxies: &[Proxy]) -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    broad.update_pairs(proxies, &mut pairs);
    pairs.sort_unstable();
    pairs
}

/// A hundred thousand parked boxes that never interact give no pairs. Tested pair by pair this
/// is five billion tests (minutes in a debug build); skipped by layers, it is a few per box.
#[test]
fn a_hundred_thousand_parked_bodies_that_never_interact_give_no_pairs() {
    let proxies = parked(100_000);
    for kind in [
        BroadPhaseKind::Grid,
        BroadPhaseKind::SortAndSweep,
        BroadPhaseKind::QuadTree,
    ] {
        let mut broad = kind.build();
        assert_eq!(sorted_pairs(&mut broad, &proxies), [], "{kind}");
        // And through the pass, as bodies.
        let circle = Circle { radius: 4.0 };
        let bodies: Vec<Body<'_>> = proxies
            .iter()
            .map(|p| Body::stationary(circle, Vec2::ZERO).with_layers(p.layers))
            .collect();
        let stats = CollisionPass::new(broad)
            .run(&bodies, &(), |_| Response::CARRY)
            .unwrap();
        assert_eq!((stats.proxies, stats.pairs), (100_000, 0), "{kind}");
    }
}

/// Parked crowds among an ordinary scene, with bodies that do interact with the crowd passing
/// through it: every broad phase finds exactly the pairs of the brute-force oracle.
#[test]
fn crowds_among_a_scene_give_the_oracles_pairs() {
    let mut rng = SplitMix64::new(0xC0_0D);
    let mut proxies = parked(1_500);
    // Shots (layer 8, hitting layers 1 and 8) and their targets, some passing the crowd.
    for i in 0..1_500_u32 {
        let centre = if i % 10 == 0 {
            rng.in_box(Vec2::splat(-6.0), Vec2::splat(6.0))
        } else {
            rng.in_box(Vec2::splat(-800.0), Vec2::splat(800.0))
        };
        let half = Vec2::new(rng.range(0.5, 12.0), rng.range(0.5, 12.0));
        let layers = Layers::on(if i % 2 == 0 { 8 } else { 1 }).with_mask(8 | 1);
        proxies.push(Proxy::new(10_000 + i, Aabb::new(centre, half), layers));
    }
    // A second crowd elsewhere, big boxes (a higher grid level, near the tree's root) of one
    // setting that never interacts with itself, over a crowd of small ones that it does
    // interact with.
    for i in 0..200 {
        let (half, layers) = if i % 2 == 0 {
            (50.0, Layers::on(16).with_mask(32))
        } else {
            (1.0, Layers::on(32).with_mask(16))
        };
        let at = Aabb::new(Vec2::new(300.0, -200.0), Vec2::splat(half));
        proxies.push(Proxy::new(20_000 + i, at, layers));
    }
    let want = sorted_pairs(&mut BruteForce::new(), &proxies);
    assert!(want.len() > 10_000, "{}", want.len());
    for kind in BroadPhaseKind::ALL {
        let mut broad = kind.build();
        assert_eq!(sorted_pairs(&mut broad, &proxies), want, "{kind}");
        // Again, with the crowd in another order.
        proxies.reverse();
        assert_eq!(sorted_pairs(&mut broad, &proxies), want, "{kind}: reversed");
    }
}

/// Twenty thousand bodies at one point that all interact: two hundred million pairs, more than
/// the pass accepts. Every broad phase stops at the limit and the pass reports it.
#[test]
fn twenty_thousand_interacting_bodies_at_one_point_stop_at_the_pair_limit() {
    let circle = Circle { radius: 1.0 };
    let bodies = vec![Body::stationary(circle, Vec2::ZERO); 20_000];
    for kind in BroadPhaseKind::ALL {
        let mut pass = CollisionPass::new(kind.build());
        assert_eq!(pass.settings().max_pairs, DEFAULT_MAX_PAIRS);
        let mut resolved = 0;
        let error = pass
            .run(&bodies, &(), |_| {
                resolved += 1;
                Response::CARRY
            })
            .unwrap_err();
        assert!(
            matches!(error, collide::Error::Broad(Error::TooManyPairs { limit, .. }) if limit == DEFAULT_MAX_PAIRS),
            "{kind}: {error:?}"
        );
        let message = error.to_string();
        assert!(
            message.contains(&DEFAULT_MAX_PAIRS.to_string()),
            "{message}"
        );
        assert!(message.contains("set_max_pairs"), "{message}");
        assert_eq!(resolved, 0, "{kind}: nothing resolved");
        assert!(pass.hits().is_empty(), "{kind}");
        let stats = pass.stats();
        assert_eq!(
            (
                stats.proxies,
                stats.pairs,
                stats.hits_resolved,
                stats.sweeps
            ),
            (20_000, DEFAULT_MAX_PAIRS, 0, 0),
            "{kind}"
        );
    }
}

/// The limit is exact: a frame with as many pairs as the limit passes, one fewer fails, and the
/// broad phase stops with the limit's worth of pairs.
#[test]
fn the_pair_limit_is_exact_for_every_broad_phase() {
    let mut rng = SplitMix64::new(5);
    let proxies: Vec<Proxy> = (0..800)
        .map(|i| {
            let centre = rng.in_box(Vec2::splat(-300.0), Vec2::splat(300.0));
            Proxy::new(i, Aabb::new(centre, Vec2::splat(9.0)), Layers::ALL)
        })
        .collect();
    let all = sorted_pairs(&mut BruteForce::new(), &proxies);
    let n = all.len();
    assert!(n > 100, "{n}");
    for kind in BroadPhaseKind::ALL {
        let mut broad = kind.build();
        broad.update(&proxies);
        let mut pairs = Vec::new();
        assert_eq!(broad.pairs_at_most(n, &mut pairs), Ok(()), "{kind}");
        assert_eq!(pairs.len(), n, "{kind}");
        for limit in [n - 1, n / 2, 0] {
            let found = broad.pairs_at_most(limit, &mut pairs);
            assert!(
                matches!(found, Err(Error::TooManyPairs { limit: l, .. }) if l == limit),
                "{kind}: {found:?}"
            );
            assert_eq!(pairs.len(), limit, "{kind}");
            assert!(pairs.iter().all(|p| all.binary_search(p).is_ok()), "{kind}");
        }
    }
}

#[test]
fn a_pass_that_hit_the_limit_runs_the_next_frame_normally() {
    let circle = Circle { radius: 1.0 };
    let crowd = vec![Body::stationary(circle, Vec2::ZERO); 100];
    let few = [
        Body::stationary(circle, Vec2::ZERO),
        Body::stationary(circle, Vec2::new(1.0, 0.0)),
    ];
    for kind in BroadPhaseKind::ALL {
        let mut pass = CollisionPass::new(kind.build())
            .with_settings(PassSettings::default().with_max_pairs(1_000));
        assert!(
            pass.run(&crowd, &(), |_| Response::CARRY).is_err(),
            "{kind}"
        );
        let stats = pass.run(&few, &(), |_| Response::CARRY).unwrap();
        assert_eq!((stats.pairs, stats.hits_resolved), (1, 1), "{kind}");
        pass.set_settings(pass.settings().with_max_pairs(100 * 99 / 2));
        let stats = pass.run(&crowd, &(), |_| Response::CARRY).unwrap();
        assert_eq!(stats.hits_resolved, 100 * 99 / 2, "{kind}");
    }
}
