//! One suite, generic over [`BroadPhase`], run for every implementation: the same pairs, the
//! same query results and the same segment hits as the brute-force oracle, scene by scene.

mod common;

use collide_broad::{BroadPhase, BruteForce, Grid, Proxy, QuadTree, SortAndSweep};
use collide_core::{Aabb, Layers};
use common::{clustered, random_layers, sparse_id, uneven, uniform, Rng};
use glam::Vec2;

/// The scenes every broad phase must agree on, by name.
fn scenes() -> Vec<(String, Vec<Proxy>)> {
    let mut rng = Rng::new(0x0C01_11DE);
    let mut s: Vec<(String, Vec<Proxy>)> = Vec::new();
    for n in [1, 2, 3, 10, 100, 1000, 5000] {
        s.push((format!("uniform {n}"), uniform(&mut rng, n, Vec2::ZERO)));
    }
    for n in [50, 1000, 5000] {
        s.push((format!("clustered {n}"), clustered(&mut rng, n)));
    }
    s.push((
        "negative".into(),
        uniform(&mut rng, 800, Vec2::splat(-5.0e4)),
    ));
    s.push((
        "huge +1e7".into(),
        uniform(&mut rng, 800, Vec2::splat(1.0e7)),
    ));
    s.push((
        "huge -1e7".into(),
        uniform(&mut rng, 800, Vec2::new(-1.0e7, 1.0e7)),
    ));
    let mut spread = uniform(&mut rng, 300, Vec2::ZERO);
    spread.extend(
        uniform(&mut rng, 300, Vec2::splat(1.0e7))
            .into_iter()
            .map(|mut p| {
                p.id = p.id.wrapping_add(1);
                p
            }),
    );
    spread.push(Proxy::new(
        7,
        Aabb::from_min_max(Vec2::splat(-1.0e7), Vec2::splat(1.0e7)),
        Layers::ALL,
    ));
    s.push(("from -1e7 to +1e7".into(), spread));
    s.push(("uneven sizes".into(), uneven(&mut rng, 1500)));
    // Zero-size boxes on a lattice: points coincide with each other and with box edges.
    let zero: Vec<Proxy> = (0..600)
        .map(|i| {
            let c = Vec2::new(rng.below(20) as f32, rng.below(20) as f32);
            let h = match i % 4 {
                0 => Vec2::ZERO,
                1 => Vec2::new(0.0, 1.0),
                2 => Vec2::new(1.5, 0.0),
                _ => Vec2::splat(0.5),
            };
            Proxy::new(sparse_id(i), Aabb::new(c, h), random_layers(&mut rng))
        })
        .collect();
    s.push(("zero-size".into(), zero));
    let same = Aabb::new(Vec2::new(-3.5, 8.25), Vec2::new(2.0, 1.0));
    s.push((
        "all at one point".into(),
        (0..300)
            .map(|i| Proxy::new(sparse_id(i), same, Layers::ALL))
            .collect(),
    ));
    s.push((
        "all points at one point".into(),
        (0..300)
            .map(|i| Proxy::new(i as u32, Aabb::new(Vec2::ONE, Vec2::ZERO), Layers::ALL))
            .collect(),
    ));
    // Edge-to-edge tiles: strict overlap means no pairs at all.
    let tiles: Vec<Proxy> = (0..400)
        .map(|i| {
            let c = Vec2::new((i % 20) as f32 * 2.0 + 1.0, (i / 20) as f32 * 2.0 + 1.0);
            Proxy::new(i as u32, Aabb::new(c, Vec2::ONE), Layers::ALL)
        })
        .collect();
    s.push(("tiles edge to edge".into(), tiles));
    // A long thin swept box across the whole world, each way, among an ordinary scene.
    let mut thin = uniform(&mut rng, 2000, Vec2::ZERO);
    let side = 40.0 * 2000f32.sqrt();
    let shot =
        Aabb::new(Vec2::new(-side, 3.0), Vec2::splat(1.0)).expanded(Vec2::new(2.0 * side, 0.0));
    thin.push(Proxy::new(u32::MAX, shot, Layers::ALL));
    let shot =
        Aabb::new(Vec2::new(-7.0, -side), Vec2::splat(0.5)).expanded(Vec2::new(0.0, 2.0 * side));
    thin.push(Proxy::new(u32::MAX - 1, shot, Layers::ALL));
    let shot = Aabb::new(Vec2::splat(-side), Vec2::splat(0.5)).expanded(Vec2::splat(2.0 * side));
    thin.push(Proxy::new(u32::MAX - 2, shot, Layers::ALL));
    s.push(("long thin swept boxes".into(), thin));
    // Bad proxies are ignored by everyone.
    let mut bad = uniform(&mut rng, 200, Vec2::ZERO);
    bad[3].bounds.center.x = f32::NAN;
    bad[5].bounds.half_extents.y = f32::INFINITY;
    bad[8].bounds.half_extents.x = -2.0;
    bad[9].bounds.center = Vec2::splat(f32::NEG_INFINITY);
    s.push(("non-finite and negative".into(), bad));
    s
}

fn sorted_pairs(b: &mut impl BroadPhase, proxies: &[Proxy]) -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    b.update_pairs(proxies, &mut pairs);
    for &(lo, hi) in &pairs {
        assert!(lo < hi, "pair ({lo}, {hi}) not ordered");
    }
    let n = pairs.len();
    pairs.sort_unstable();
    pairs.dedup();
    assert_eq!(pairs.len(), n, "duplicate pairs");
    pairs
}

fn queries(rng: &mut Rng, proxies: &[Proxy]) -> Vec<Aabb> {
    let mut q: Vec<Aabb> = proxies
        .iter()
        .take(40)
        .map(|p| {
            let c = p.bounds.center + Vec2::new(rng.gauss(20.0), rng.gauss(20.0));
            Aabb::new(c, Vec2::new(rng.range(0.0, 60.0), rng.range(0.0, 60.0)))
        })
        .collect();
    q.extend(proxies.iter().take(5).map(|p| p.bounds));
    q.push(Aabb::new(Vec2::ZERO, Vec2::splat(1.0e8)));
    q
}

fn segments(rng: &mut Rng, proxies: &[Proxy]) -> Vec<(Vec2, Vec2)> {
    let mut s: Vec<(Vec2, Vec2)> = proxies
        .iter()
        .take(30)
        .map(|p| {
            let from = p.bounds.center + Vec2::new(rng.gauss(200.0), rng.gauss(200.0));
            let to = from + Vec2::new(rng.gauss(500.0), rng.gauss(500.0));
            (from, to)
        })
        .collect();
    if let (Some(a), Some(b)) = (proxies.first(), proxies.last()) {
        s.push((a.bounds.center, b.bounds.center));
        s.push((a.bounds.min(), a.bounds.min() + Vec2::new(0.0, 3000.0)));
        s.push((a.bounds.center, a.bounds.center));
    }
    s
}

/// The whole suite for one broad phase, made fresh by `make` (and reused across scenes too).
fn conformance<B: BroadPhase>(make: impl Fn() -> B) {
    let mut oracle = BruteForce::new();
    let mut reused = make();
    let mut rng = Rng::new(42);
    let (mut got, mut want) = (Vec::new(), Vec::new());
    let (mut got_s, mut want_s) = (Vec::new(), Vec::new());
    for (name, proxies) in scenes() {
        let expected = sorted_pairs(&mut oracle, &proxies);
        assert_eq!(
            sorted_pairs(&mut make(), &proxies),
            expected,
            "{name}: fresh"
        );
        assert_eq!(
            sorted_pairs(&mut reused, &proxies),
            expected,
            "{name}: reused"
        );
        for area in queries(&mut rng, &proxies) {
            reused.query_aabb(&area, &mut got);
            oracle.query_aabb(&area, &mut want);
            got.sort_unstable();
            want.sort_unstable();
            assert_eq!(got, want, "{name}: query {area:?}");
        }
        for (from, to) in segments(&mut rng, &proxies) {
            reused.cast_segment(from, to, &mut got_s);
            oracle.cast_segment(from, to, &mut want_s);
            assert_eq!(got_s, want_s, "{name}: segment {from} -> {to}");
        }
    }
}

/// Frames of a moving scene through one instance: temporal coherence must not go stale.
fn moving<B: BroadPhase>(mut b: B) {
    let mut rng = Rng::new(7);
    let mut proxies = uniform(&mut rng, 1500, Vec2::ZERO);
    let velocities: Vec<Vec2> = (0..proxies.len())
        .map(|_| Vec2::new(rng.gauss(6.0), rng.gauss(6.0)))
        .collect();
    let mut oracle = BruteForce::new();
    for frame in 0..12 {
        for (p, v) in proxies.iter_mut().zip(&velocities) {
            p.bounds.center += *v;
        }
        if frame == 6 {
            proxies.reverse(); // everything out of order at once
        }
        let n = if frame == 9 { 700 } else { proxies.len() };
        assert_eq!(
            sorted_pairs(&mut b, &proxies[..n]),
            sorted_pairs(&mut oracle, &proxies[..n]),
            "frame {frame}"
        );
    }
}

#[test]
fn grid_conforms() {
    conformance(Grid::new);
    moving(Grid::new());
}

#[test]
fn grid_with_extreme_settings_conforms() {
    // Tiny cells send most boxes to the side list; huge cells put everything in one cell.
    conformance(|| Grid::with_cell_size(0.75).with_max_cells_per_proxy(4));
    conformance(|| Grid::with_cell_size(1.0e6));
}

#[test]
fn sort_and_sweep_conforms() {
    conformance(SortAndSweep::new);
    moving(SortAndSweep::new());
}

#[test]
fn quadtree_conforms() {
    conformance(QuadTree::new);
    conformance(|| QuadTree::with_max_depth(0));
    conformance(|| QuadTree::with_max_depth(99));
    moving(QuadTree::new());
}

#[test]
fn brute_force_conforms() {
    // The oracle against itself still checks ordering, duplicates, queries and segments.
    conformance(BruteForce::new);
}

#[test]
fn any_broad_phase_and_boxed_dyn_conform() {
    for kind in collide_broad::BroadPhaseKind::ALL {
        moving(kind.build());
    }
    let boxed: [Box<dyn BroadPhase>; 3] = [
        Box::new(Grid::new()),
        Box::new(SortAndSweep::new()),
        Box::new(QuadTree::new()),
    ];
    for b in boxed {
        moving(b);
    }
}

#[test]
fn layer_filtering_never_reports_non_interacting_pairs() {
    let mut rng = Rng::new(99);
    let proxies = uniform(&mut rng, 1500, Vec2::ZERO);
    let all: Vec<Proxy> = proxies
        .iter()
        .map(|p| Proxy {
            layers: Layers::ALL,
            ..*p
        })
        .collect();
    let layers_of = |id: u32| proxies.iter().find(|p| p.id == id).unwrap().layers;
    for kind in collide_broad::BroadPhaseKind::ALL {
        let mut b = kind.build();
        let filtered = sorted_pairs(&mut b, &proxies);
        let unfiltered = sorted_pairs(&mut b, &all);
        assert!(
            !filtered.is_empty() && filtered.len() < unfiltered.len(),
            "{kind}"
        );
        for &(x, y) in &filtered {
            assert!(layers_of(x).interacts(layers_of(y)), "{kind}: ({x}, {y})");
        }
        let expected: Vec<_> = unfiltered
            .iter()
            .copied()
            .filter(|&(x, y)| layers_of(x).interacts(layers_of(y)))
            .collect();
        assert_eq!(filtered, expected, "{kind}");
    }
    // Seed 001's exercise: a shot never tests against another shot.
    const SHOT: u32 = 1 << 1;
    const ALIEN: u32 = 1 << 2;
    let shot = Layers::new(SHOT, ALIEN);
    let both = [
        Proxy::new(1, Aabb::new(Vec2::ZERO, Vec2::ONE), shot),
        Proxy::new(2, Aabb::new(Vec2::ZERO, Vec2::ONE), shot),
        Proxy::new(
            3,
            Aabb::new(Vec2::ZERO, Vec2::ONE),
            Layers::new(ALIEN, SHOT),
        ),
    ];
    for kind in collide_broad::BroadPhaseKind::ALL {
        assert_eq!(
            sorted_pairs(&mut kind.build(), &both),
            [(1, 3), (2, 3)],
            "{kind}"
        );
    }
}

#[test]
fn names_round_trip() {
    use collide_broad::BroadPhaseKind;
    let names: Vec<&str> = BroadPhaseKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(names, ["grid", "sort_and_sweep", "quadtree", "brute_force"]);
    for k in BroadPhaseKind::ALL {
        assert_eq!(k.name().parse::<BroadPhaseKind>(), Ok(k));
        assert_eq!(k.build().kind(), k);
    }
    assert_eq!("sort-and-sweep".parse(), Ok(BroadPhaseKind::SortAndSweep));
    assert!("bvh".parse::<BroadPhaseKind>().is_err());
    let _ = random_layers; // shared helper, used by the scenes above
}
