//! No query allocates: every sweep, distance, ray cast and narrow-phase call on a spread of cases
//! (degenerate and bad input included) runs under a counting allocator.
//!
//! The count is this thread's alone (`thread_snapshot`): the test harness's own thread may
//! allocate while the test runs (it did, about one run in ten, when the count was global),
//! and its allocations are not the queries'.

mod common;

use collide_core::{
    cast_ray, distance, narrow_phase, time_of_impact, Circle, Motion, Rect, Rot, Shape, SweepMode,
};
use collide_testkit::alloc::{self as alloc_count, CountingAllocator};
use common::*;
use glam::Vec2;

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[test]
fn queries_never_allocate() {
    let mut rng = SplitMix64::new(0xA110C);
    let mut shapes: Vec<Shape> = (0..30)
        .map(|i| random_shape(&mut rng, i % 3, 0.5, 40.0))
        .collect();
    shapes.push(Shape::Circle(Circle { radius: 0.0 }));
    shapes.push(Shape::Rect(Rect {
        half_extents: Vec2::ZERO,
    }));
    shapes.push(Shape::Circle(Circle { radius: f32::NAN }));
    let mut motions: Vec<Motion> = (0..20)
        .map(|_| {
            let p = in_square(&mut rng, 50.0);
            Motion::new(
                p,
                p + in_square(&mut rng, 500.0),
                Rot::from_angle(rng.range(-3.0, 3.0)),
            )
        })
        .collect();
    motions.push(Motion::stationary(Vec2::ZERO));
    motions.push(Motion::linear(Vec2::new(f32::NAN, 0.0), Vec2::ZERO));
    motions.push(Motion::linear(Vec2::ZERO, Vec2::new(f32::INFINITY, 0.0)));
    assert!(alloc_count::is_installed());
    let mut answers = 0usize;
    let before = alloc_count::thread_snapshot();
    for a in &shapes {
        for b in &shapes {
            for ma in &motions {
                for mb in motions.iter().step_by(3) {
                    answers += usize::from(time_of_impact(a, ma, b, mb).is_some());
                    answers +=
                        usize::from(distance(a, &ma.end_pose(), b, &mb.end_pose()).is_some());
                    let (from, to) = (ma.start, ma.end);
                    answers += usize::from(cast_ray(b, &mb.end_pose(), from, to).is_some());
                    for mode in [SweepMode::Exact, SweepMode::ExpandedBox, SweepMode::Off] {
                        answers += usize::from(narrow_phase(a, ma, b, mb, mode).swept);
                    }
                }
            }
        }
    }
    let used = alloc_count::thread_snapshot().since(before);
    assert!(answers > 0);
    assert_eq!(used, alloc_count::AllocSnapshot::default());
}
