//! Point and area queries over a frame's bodies: collide's `Hitscan` (through each of its
//! broad phases) and parry2d's `Bvh` (`intersect_aabb`, then each leaf's real shape), on the
//! same bodies of the benchmark scene and the same probes, their answers checked against each
//! other before any timing.
//!
//! Ids: `points/<who>/<size>` and `areas/<who>/<size>`, e.g. `points/grid/10k`,
//! `areas/parry2d_bvh/10k`. One iteration is one probe (cycling through 256 seeded ones). The
//! index is built once, outside the timing: the bench times the queries a frame makes after
//! its broad phase has run.

use std::hint::black_box;

use collide::{BroadPhaseKind, CollisionPass, Hitscan};
use collide_bench::intersections::{scene_areas, scene_points, PeerIntersections, PROBES};
use collide_bench::peer::{peer_pose, PeerShape};
use collide_bench::rays::{scene_bodies, LASER};
use criterion::{criterion_group, criterion_main, Criterion};

fn label(n: usize) -> String {
    format!("{}k", n / 1_000)
}

fn bench_intersections(c: &mut Criterion) {
    for objects in [1_000, 10_000] {
        let (bodies, field) = scene_bodies(objects);
        let points = scene_points(&bodies, field);
        let areas = scene_areas(field);
        let peer = PeerIntersections::new(&bodies);
        let peer_areas: Vec<_> = areas
            .iter()
            .map(|(s, p)| (PeerShape::from_shape(s).expect("a hull"), peer_pose(p)))
            .collect();
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for kind in BroadPhaseKind::ALL {
            if kind == BroadPhaseKind::BruteForce {
                continue;
            }
            let mut pass = CollisionPass::new(kind.build());
            pass.detect(&bodies, &())
                .expect("the scene's pairs fit the limit");
            let broad = pass.broad_phase();
            let mut hitscan = Hitscan::new();
            for &p in &points {
                hitscan.bodies_at_point(broad, &bodies, p, LASER, &mut ours);
                peer.at_point(p, &mut theirs);
                assert_eq!(ours, theirs, "{kind}: at {p}");
            }
            for ((s, p), (ps, pp)) in areas.iter().zip(&peer_areas) {
                hitscan.bodies_overlapping(broad, &bodies, s, p, LASER, &mut ours);
                peer.overlapping(ps, pp, &mut theirs);
                assert_eq!(ours, theirs, "{kind}: {s:?} at {p:?}");
            }
            let mut k = 0;
            let id = format!("{}/{}", kind.name(), label(objects));
            c.bench_function(&format!("points/{id}"), |b| {
                b.iter(|| {
                    k = (k + 1) % PROBES;
                    hitscan.bodies_at_point(broad, &bodies, black_box(points[k]), LASER, &mut ours);
                    black_box(ours.len())
                });
            });
            c.bench_function(&format!("areas/{id}"), |b| {
                b.iter(|| {
                    k = (k + 1) % PROBES;
                    let (shape, pose) = &areas[k];
                    hitscan.bodies_overlapping(
                        broad,
                        &bodies,
                        shape,
                        black_box(pose),
                        LASER,
                        &mut ours,
                    );
                    black_box(ours.len())
                });
            });
        }
        let id = format!("parry2d_bvh/{}", label(objects));
        let mut k = 0;
        c.bench_function(&format!("points/{id}"), |b| {
            b.iter(|| {
                k = (k + 1) % PROBES;
                peer.at_point(black_box(points[k]), &mut theirs);
                black_box(theirs.len())
            });
        });
        c.bench_function(&format!("areas/{id}"), |b| {
            b.iter(|| {
                k = (k + 1) % PROBES;
                let (shape, pose) = &peer_areas[k];
                peer.overlapping(shape, black_box(pose), &mut theirs);
                black_box(theirs.len())
            });
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = bench_intersections
}
criterion_main!(benches);
