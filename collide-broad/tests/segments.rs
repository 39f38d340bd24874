//! Segment casts at every scale: each broad phase's `cast_segment`, `first_on_segment` and
//! `cast_segment_until` against a plain loop over the boxes ([`BruteForce`]), with boxes from
//! a tenth of a unit to near `f32::MAX`, far apart or nested, and segments that graze edges.

mod common;

use collide_broad::{segment_entry, BroadPhase, BroadPhaseKind, BruteForce, Proxy};
use collide_core::{Aabb, Layers};
use common::SplitMix64;
use glam::Vec2;

fn proxy(id: u32, center: Vec2, half: Vec2) -> Proxy {
    Proxy::new(id, Aabb::new(center, half), Layers::ALL)
}

/// Every broad phase's hits for `from → to` over `proxies` equal the brute-force loop's, and
/// so does its first hit.
fn assert_all_agree(proxies: &[Proxy], from: Vec2, to: Vec2, what: &str) -> Vec<(f32, u32)> {
    let mut oracle = BruteForce::new();
    oracle.update(proxies);
    let mut expected = Vec::new();
    oracle.cast_segment(from, to, &mut expected);
    let (mut got, mut scratch) = (Vec::new(), Vec::new());
    for kind in BroadPhaseKind::ALL {
        let mut broad = kind.build();
        broad.update(proxies);
        broad.cast_segment(from, to, &mut got);
        assert_eq!(got, expected, "{what}: {kind}, {from} -> {to}");
        let first = broad.first_on_segment(from, to, &mut scratch);
        assert_eq!(first, expected.first().copied(), "{what}: {kind} first");
        for stop_after in [0, 3, usize::MAX] {
            let what = format!("{what}: {kind} walk, cutoff after {stop_after}, {from} -> {to}");
            walk_and_check(&broad, from, to, &expected, stop_after, &what);
        }
    }
    expected
}

/// Runs `cast_segment_until` with a cutoff at the entry of the proxy visited after the first
/// `stop_after` ones, and checks it against `expected` (the whole list, nearest first): each
/// proxy visited once with its own entry, and every one entered at or before the cutoff
/// visited (ties included). Returns how many it visited.
fn walk_and_check(
    broad: &dyn BroadPhase,
    from: Vec2,
    to: Vec2,
    expected: &[(f32, u32)],
    stop_after: usize,
    what: &str,
) -> usize {
    let (mut seen, mut scratch, mut cutoff) = (Vec::new(), Vec::new(), f32::INFINITY);
    broad.cast_segment_until(from, to, &mut scratch, &mut |t, id| {
        seen.push((t, id));
        if seen.len() > stop_after {
            cutoff = cutoff.min(t);
        }
        cutoff
    });
    let visited = seen.len();
    seen.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    seen.dedup();
    assert_eq!(seen.len(), visited, "{what}: a proxy visited twice");
    for hit in &seen {
        assert!(
            expected.contains(hit),
            "{what}: {hit:?} is not on the segment"
        );
    }
    let due: Vec<(f32, u32)> = expected.iter().copied().filter(|h| h.0 <= cutoff).collect();
    assert!(
        due.iter().all(|h| seen.contains(h)),
        "{what}: {due:?} not all in {seen:?}"
    );
    visited
}

#[test]
fn the_walk_stops_soon_after_the_cutoff() {
    let mut rng = SplitMix64::new(0x0057_0BAD);
    // Small boxes over a field, and a few big ones (a higher level of the grid).
    let proxies: Vec<Proxy> = (0..3000)
        .map(|i| {
            let c = rng.in_box(Vec2::ZERO, Vec2::splat(2000.0));
            let h = Vec2::splat(if i % 50 == 0 {
                60.0
            } else {
                rng.range(4.0, 20.0)
            });
            proxy(i, c, h)
        })
        .collect();
    let mut oracle = BruteForce::new();
    oracle.update(&proxies);
    for kind in [BroadPhaseKind::Grid, BroadPhaseKind::QuadTree] {
        let mut broad = kind.build();
        broad.update(&proxies);
        let (mut listed, mut visited, mut expected) = (0, 0, Vec::new());
        for _ in 0..200 {
            let from = rng.in_box(Vec2::ZERO, Vec2::splat(2000.0));
            let to = from + rng.direction() * 2000.0;
            oracle.cast_segment(from, to, &mut expected);
            listed += expected.len();
            visited += walk_and_check(&broad, from, to, &expected, 0, &format!("{kind}"));
        }
        // A walk that listed everything along each segment would visit `listed`.
        assert!(
            listed > 20 * 200,
            "{kind}: {listed} boxes along the segments"
        );
        assert!(
            visited * 5 < listed,
            "{kind}: visited {visited} of {listed}"
        );
    }
}

#[test]
fn a_far_box_does_not_hide_a_segment_along_a_small_box_edge() {
    let proxies = [
        proxy(1, Vec2::ZERO, Vec2::splat(0.05)),
        proxy(2, Vec2::splat(1.0e4), Vec2::ONE),
    ];
    let from = Vec2::new(-1.0, -0.05);
    let hits = assert_all_agree(&proxies, from, Vec2::new(1.0, -0.05), "edge");
    assert_eq!(hits.len(), 1);
    assert_eq!(hits[0].1, 1);
    assert!((hits[0].0 - 0.475).abs() < 1e-6);
}

#[test]
fn a_box_1e8_away_does_not_hide_a_segment_through_a_unit_box() {
    let proxies = [
        proxy(1, Vec2::new(0.0, 0.5), Vec2::splat(0.5)),
        proxy(2, Vec2::splat(-1.0e8), Vec2::ONE),
    ];
    let hits = assert_all_agree(&proxies, Vec2::new(-2.0, 0.5), Vec2::new(2.0, 0.5), "far");
    assert_eq!(hits, [(0.375, 1)]);
}

#[test]
fn a_box_reaching_near_f32_max_does_not_empty_every_cast() {
    let proxies = [
        proxy(1, Vec2::ZERO, Vec2::splat(0.5)),
        proxy(2, Vec2::splat(1.0e38), Vec2::splat(2.0e38)),
        proxy(3, Vec2::splat(-3.0e38), Vec2::splat(3.0e38)),
    ];
    let hits = assert_all_agree(&proxies, Vec2::new(-2.0, 0.0), Vec2::new(2.0, 0.0), "huge");
    let ids: Vec<u32> = hits.iter().map(|h| h.1).collect();
    assert_eq!(ids, [2, 3, 1]); // the two huge boxes hold the start, t = 0
    assert_eq!(hits[2].0, 0.375);
}

#[test]
fn a_segment_leaving_an_edge_by_a_subnormal_step_touches_it() {
    let unit = Aabb::from_min_max(Vec2::new(0.0, -1.0), Vec2::new(1.0, 1.0));
    let tiny = f32::from_bits(1); // the smallest subnormal
    for to in [
        Vec2::new(-tiny, 0.0),
        Vec2::new(-tiny, tiny),
        Vec2::new(-tiny, 0.5),
    ] {
        assert_eq!(segment_entry(Vec2::ZERO, to, &unit), Some(0.0), "to {to}");
    }
    let other = Aabb::from_min_max(Vec2::new(-1.0, -1.0), Vec2::new(0.0, 1.0));
    assert_eq!(
        segment_entry(Vec2::ZERO, Vec2::new(tiny, 0.0), &other),
        Some(0.0)
    );
    // Arriving at the edge by a subnormal step touches it at the end.
    let t = segment_entry(Vec2::new(-tiny, 0.0), Vec2::ZERO, &unit);
    assert_eq!(t, Some(1.0));
    let proxies = [Proxy::new(4, unit, Layers::ALL)];
    assert_eq!(
        assert_all_agree(&proxies, Vec2::ZERO, Vec2::new(-tiny, 0.0), "subnormal"),
        [(0.0, 4)]
    );
}

/// The next `f32` after `x` towards `+∞` (`up`) or `-∞`.
fn next_float(x: f32, up: bool) -> f32 {
    if x == 0.0 {
        let tiny = f32::from_bits(1);
        return if up { tiny } else { -tiny };
    }
    let bits = x.to_bits();
    let away = (x > 0.0) == up;
    f32::from_bits(if away { bits + 1 } else { bits - 1 })
}

/// `10^e` for a uniform `e` in `lo..hi`.
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn magnitude(rng: &mut SplitMix64, lo: f32, hi: f32) -> f32 {
    10f32.powf(rng.range(lo, hi))
}

/// `1` or `-1`, evenly.
fn sign(rng: &mut SplitMix64) -> f32 {
    if rng.index(2) == 0 {
        1.0
    } else {
        -1.0
    }
}

/// A point whose coordinates have magnitudes `10^lo..10^hi`, either sign.
fn far_point(rng: &mut SplitMix64, lo: f32, hi: f32) -> Vec2 {
    let x = sign(rng) * magnitude(rng, lo, hi);
    Vec2::new(x, sign(rng) * magnitude(rng, lo, hi))
}

/// A scene at one scale: small boxes around `origin`, spread over `spread`, and a few boxes
/// far away (up to near `f32::MAX`), some of them huge.
fn multi_scale_scene(rng: &mut SplitMix64, origin: Vec2, spread: f32, size: f32) -> Vec<Proxy> {
    let mut proxies: Vec<Proxy> = (0..120)
        .map(|i| {
            let c = origin + Vec2::new(rng.range(-spread, spread), rng.range(-spread, spread));
            let h = Vec2::new(size * rng.range(0.0, 2.0), size * rng.range(0.0, 2.0));
            proxy(i, c, h)
        })
        .collect();
    for i in 0..4 {
        let far = far_point(rng, 0.0, 38.4);
        let h = Vec2::splat(magnitude(rng, -2.0, 38.0));
        proxies.push(proxy(1000 + i, far, h.min(Vec2::splat(f32::MAX))));
    }
    if rng.index(3) == 0 {
        let h = Vec2::splat(rng.range(1.0e38, f32::MAX));
        proxies.push(proxy(2000, Vec2::new(sign(rng) * 1.0e38, 0.0), h));
    }
    proxies
}

/// Segments for a scene: random ones at its scale, along and across its boxes' edges, from a
/// corner by the smallest step, of zero length.
fn multi_scale_segments(rng: &mut SplitMix64, proxies: &[Proxy], spread: f32) -> Vec<(Vec2, Vec2)> {
    let mut s = Vec::new();
    for p in proxies.iter().take(20) {
        let (lo, hi) = (p.bounds.min(), p.bounds.max());
        if !lo.is_finite() || !hi.is_finite() {
            continue;
        }
        let reach = spread + p.bounds.half_extents.max_element();
        let out = |rng: &mut SplitMix64| rng.range(0.0, 2.0 * reach);
        // Along each edge, starting outside it.
        s.push((
            Vec2::new(lo.x - out(rng), lo.y),
            Vec2::new(hi.x + out(rng), lo.y),
        ));
        s.push((
            Vec2::new(hi.x, hi.y + out(rng)),
            Vec2::new(hi.x, lo.y - out(rng)),
        ));
        // Just outside an edge, by one step of f32.
        let y = next_float(lo.y, false);
        s.push((Vec2::new(lo.x - out(rng), y), Vec2::new(hi.x, y)));
        // Leaving a corner by the smallest step, each way.
        let up = rng.index(2) == 0;
        s.push((lo, Vec2::new(next_float(lo.x, up), lo.y)));
        s.push((hi, Vec2::new(hi.x, next_float(hi.y, up))));
        // Zero length, on a corner and in the middle.
        s.push((lo, lo));
        s.push((p.bounds.center, p.bounds.center));
        // Across the box through random points, from far outside.
        let a = Vec2::new(sign(rng) * out(rng), sign(rng) * out(rng));
        let a = p.bounds.center + a;
        s.push((a, 2.0 * p.bounds.center - a));
    }
    for _ in 0..20 {
        let c = proxies[rng.index(proxies.len())].bounds.center;
        let a = c + Vec2::new(rng.gaussian(), rng.gaussian()) * spread;
        let b = a + Vec2::new(rng.gaussian(), rng.gaussian()) * spread * 4.0;
        s.push((a, b));
    }
    s
}

#[test]
fn every_broad_phase_casts_like_brute_force_at_every_scale() {
    let mut rng = SplitMix64::new(0x5E67_3E17);
    let (mut casts, mut hit) = (0, 0);
    for round in 0..48 {
        let origin = match round % 4 {
            0 => Vec2::ZERO,
            _ => far_point(&mut rng, -3.0, 37.0),
        };
        let size = magnitude(&mut rng, -3.0, 6.0);
        let spread = size * magnitude(&mut rng, 0.0, 3.0);
        let proxies = multi_scale_scene(&mut rng, origin, spread, size);
        for (from, to) in multi_scale_segments(&mut rng, &proxies, spread) {
            let what = format!("round {round}, origin {origin}, size {size}");
            casts += 1;
            hit += usize::from(!assert_all_agree(&proxies, from, to, &what).is_empty());
        }
    }
    // Most casts start on or run along a box: the comparison is not between empty answers.
    assert!(hit * 4 > casts * 3, "{hit} of {casts} casts hit");
}
