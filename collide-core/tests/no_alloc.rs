//! No query allocates: every sweep, distance and narrow-phase call on a spread of cases
//! (degenerate and bad input included) runs under a counting allocator.
//!
//! The allocator counts only on the thread that asked to be counted: the test harness's own
//! thread may allocate while the test runs (it did, about one run in ten, when the count was
//! global), and its allocations are not the queries'.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use collide_core::{
    distance, narrow_phase_detailed, time_of_impact, Circle, Motion, Rect, Rot, Shape, SweepMode,
};
use common::*;
use glam::Vec2;

struct Counting;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// The one unsafe item the counting needs: forwarding to the system allocator unchanged.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // `try_with`: the thread-locals may already be gone while a thread shuts down.
        let _ = COUNTING.try_with(|on| {
            if on.get() {
                ALLOCATIONS.with(|n| n.set(n.get() + 1));
            }
        });
        // SAFETY: the caller's contract is passed through to `System` unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn queries_never_allocate() {
    let mut rng = Rng(0xA110C);
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
            let p = rng.vec(50.0);
            Motion::new(p, p + rng.vec(500.0), Rot::from_angle(rng.range(-3.0, 3.0)))
        })
        .collect();
    motions.push(Motion::stationary(Vec2::ZERO));
    motions.push(Motion::linear(Vec2::new(f32::NAN, 0.0), Vec2::ZERO));
    motions.push(Motion::linear(Vec2::ZERO, Vec2::new(f32::INFINITY, 0.0)));
    let mut answers = 0usize;
    COUNTING.with(|on| on.set(true));
    for a in &shapes {
        for b in &shapes {
            for ma in &motions {
                for mb in motions.iter().step_by(3) {
                    answers += usize::from(time_of_impact(a, ma, b, mb).is_some());
                    answers +=
                        usize::from(distance(a, &ma.end_pose(), b, &mb.end_pose()).is_some());
                    for mode in [SweepMode::Exact, SweepMode::ExpandedBox, SweepMode::Off] {
                        answers += usize::from(narrow_phase_detailed(a, ma, b, mb, mode).swept);
                    }
                }
            }
        }
    }
    COUNTING.with(|on| on.set(false));
    assert!(answers > 0);
    assert_eq!(ALLOCATIONS.with(Cell::get), 0);
}
