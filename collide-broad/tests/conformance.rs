//! One suite, generic over [`BroadPhase`], run for every implementation, [`BruteForce`]
//! included: the same pairs, the same query results and the same segment hits as an oracle
//! written out in this file (plain loops over the proxies), scene by scene.

mod common;

use collide_broad::{segment_entry, BroadPhase, BruteForce, Grid, Proxy, QuadTree, SortAndSweep};
use collide_core::{Aabb, Layers};
use common::{clustered, random_layers, sparse_id, uneven, uniform, SplitMix64};
use glam::Vec2;

/// The scenes every broad phase must agree on, by name.
fn scenes() -> Vec<(String, Vec<Proxy>)> {
    let mut rng = SplitMix64::new(0x0C01_11DE);
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
            let c = Vec2::new(rng.index(20) as f32, rng.index(20) as f32);
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
    s.extend(crowds(&mut rng));
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

/// Crowds, as of pooled objects parked at one point: sorted by layers in every broad phase.
fn crowds(rng: &mut SplitMix64) -> Vec<(String, Vec<Proxy>)> {
    let mut s: Vec<(String, Vec<Proxy>)> = Vec::new();
    let at = Aabb::new(Vec2::new(5.0, -2.0), Vec2::new(3.0, 1.5));
    s.push((
        "crowd on random layers".into(),
        (0..500)
            .map(|i| Proxy::new(sparse_id(i), at, random_layers(rng)))
            .collect(),
    ));
    let mut crowded = uniform(rng, 1000, Vec2::ZERO);
    crowded.extend((0..300).map(|i| {
        let at = if i % 3 == 0 {
            at
        } else {
            Aabb::new(Vec2::ZERO, Vec2::splat(2.0))
        };
        Proxy::new(sparse_id(2000 + i), at, random_layers(rng))
    }));
    s.push(("crowds among a scene".into(), crowded));
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

fn queries(rng: &mut SplitMix64, proxies: &[Proxy]) -> Vec<Aabb> {
    let mut q: Vec<Aabb> = proxies
        .iter()
        .take(40)
        .map(|p| {
            let c = p.bounds.center + Vec2::new(rng.gaussian() * 20.0, rng.gaussian() * 20.0);
            Aabb::new(c, Vec2::new(rng.range(0.0, 60.0), rng.range(0.0, 60.0)))
        })
        .collect();
    q.extend(proxies.iter().take(5).map(|p| p.bounds));
    q.push(Aabb::new(Vec2::ZERO, Vec2::splat(1.0e8)));
    q
}

fn segments(rng: &mut SplitMix64, proxies: &[Proxy]) -> Vec<(Vec2, Vec2)> {
    let mut s: Vec<(Vec2, Vec2)> = proxies
        .iter()
        .take(30)
        .map(|p| {
            let from = p.bounds.center + Vec2::new(rng.gaussian() * 200.0, rng.gaussian() * 200.0);
            let to = from + Vec2::new(rng.gaussian() * 500.0, rng.gaussian() * 500.0);
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

/// Whether the broad phases index `p`: finite bounds, no negative half-extent.
fn indexed(p: &Proxy) -> bool {
    p.bounds.center.is_finite()
        && p.bounds.half_extents.is_finite()
        && p.bounds.half_extents.x >= 0.0
        && p.bounds.half_extents.y >= 0.0
}

/// The oracle's pairs: every two indexed proxies with distinct ids whose layers interact
/// (each one's mask holds a layer of the other) and whose boxes overlap strictly (the
/// centres closer than the half-extents' sum on both axes), as sorted `(lo, hi)`.
fn oracle_pairs(proxies: &[Proxy]) -> Vec<(u32, u32)> {
    let mut pairs = Vec::new();
    for (i, a) in proxies.iter().enumerate() {
        for b in &proxies[i + 1..] {
            let layers = a.layers.mask & b.layers.layer != 0 && b.layers.mask & a.layers.layer != 0;
            let d = (a.bounds.center - b.bounds.center).abs();
            let r = a.bounds.half_extents + b.bounds.half_extents;
            if indexed(a) && indexed(b) && a.id != b.id && layers && d.x < r.x && d.y < r.y {
                pairs.push((a.id.min(b.id), a.id.max(b.id)));
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

/// The oracle's answer to a box query: the indexed proxies overlapping `area` strictly, sorted.
fn oracle_query(proxies: &[Proxy], area: &Aabb) -> Vec<u32> {
    let mut ids: Vec<u32> = if area.is_finite() {
        proxies
            .iter()
            .filter(|p| indexed(p) && p.bounds.overlaps(area))
            .map(|p| p.id)
            .collect()
    } else {
        Vec::new()
    };
    ids.sort_unstable();
    ids
}

/// The oracle's segment hits: `(t, id)` for every indexed proxy the segment enters, by `t`
/// then id, without repeats.
fn oracle_segment(proxies: &[Proxy], from: Vec2, to: Vec2) -> Vec<(f32, u32)> {
    let mut hits: Vec<(f32, u32)> = proxies
        .iter()
        .filter(|p| indexed(p))
        .filter_map(|p| segment_entry(from, to, &p.bounds).map(|t| (t, p.id)))
        .collect();
    hits.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    hits.dedup();
    hits
}

/// The whole suite for one broad phase, made fresh by `make` (and reused across scenes too).
fn conformance<B: BroadPhase>(make: impl Fn() -> B) {
    let mut reused = make();
    let mut rng = SplitMix64::new(42);
    let mut got = Vec::new();
    let mut got_s = Vec::new();
    for (name, proxies) in scenes() {
        let expected = oracle_pairs(&proxies);
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
            got.sort_unstable();
            assert_eq!(got, oracle_query(&proxies, &area), "{name}: query {area:?}");
        }
        for (from, to) in segments(&mut rng, &proxies) {
            reused.cast_segment(from, to, &mut got_s);
            assert_eq!(
                got_s,
                oracle_segment(&proxies, from, to),
                "{name}: segment {from} -> {to}"
            );
        }
    }
}

/// Frames of a moving scene through one instance: temporal coherence must not go stale.
fn moving<B: BroadPhase>(mut b: B) {
    let mut rng = SplitMix64::new(7);
    let mut proxies = uniform(&mut rng, 1500, Vec2::ZERO);
    let velocities: Vec<Vec2> = (0..proxies.len())
        .map(|_| Vec2::new(rng.gaussian() * 6.0, rng.gaussian() * 6.0))
        .collect();
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
            oracle_pairs(&proxies[..n]),
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
    conformance(BruteForce::new);
    moving(BruteForce::new());
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
    let mut rng = SplitMix64::new(99);
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
    // A shot never pairs with another shot, only with the alien.
    const SHOT: u32 = 1 << 1;
    const ALIEN: u32 = 1 << 2;
    let shot = Layers::on(SHOT).with_mask(ALIEN);
    let both = [
        Proxy::new(1, Aabb::new(Vec2::ZERO, Vec2::ONE), shot),
        Proxy::new(2, Aabb::new(Vec2::ZERO, Vec2::ONE), shot),
        Proxy::new(
            3,
            Aabb::new(Vec2::ZERO, Vec2::ONE),
            Layers::on(ALIEN).with_mask(SHOT),
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
