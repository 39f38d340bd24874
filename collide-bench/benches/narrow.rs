//! Each query, collide and parry2d, on the same 1 024 seeded cases.
//!
//! Ids: `narrow/<query>/collide` and `narrow/<query>/parry2d`, e.g.
//! `narrow/toi_circle_rect/collide`. One iteration runs all 1 024 cases; the throughput is
//! reported per case (element). Each side keeps its whole answer (time, point and normal for
//! a time of impact); `narrow/<cast query>/collide_time_only` keeps only collide's time, which
//! lets the compiler drop the point and normal of the closed forms.

use collide_bench::cases::{Query, CASES, CASE_SEED};
use collide_bench::queries::QueryCases;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn narrow(c: &mut Criterion) {
    for query in Query::ALL {
        let cases = QueryCases::new(query, CASES, CASE_SEED);
        let mut group = c.benchmark_group(format!("narrow/{}", query.name()));
        group.throughput(Throughput::Elements(cases.len() as u64));
        let ours = cases.ours();
        group.bench_function("collide", |b| b.iter(|| ours.run()));
        group.bench_function("parry2d", |b| b.iter(|| cases.run_peer()));
        if query.is_cast() {
            group.bench_function("collide_time_only", |b| b.iter(|| ours.run_time_only()));
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(30)
        .warm_up_time(std::time::Duration::from_millis(500))
        .measurement_time(std::time::Duration::from_secs(2));
    targets = narrow
}
criterion_main!(benches);
