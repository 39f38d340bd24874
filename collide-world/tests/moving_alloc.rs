//! Moving platforms allocate nothing in steady state: a level whose lifts move every frame
//! (leaving their cells of the index, then moving among the items every query checks), with
//! a refresh, queries and `move_and_slide` each frame, allocates nothing once warmed up.
//!
//! The counting allocator counts per thread, so the test harness's other threads do not
//! disturb the counts.

use collide_core::{Aabb, Layers, Pose, Rect, Rot};
use collide_testkit::alloc::{thread_snapshot, CountingAllocator};
use collide_world::{move_and_slide, Obstacles, SlideSettings, StaticBodies};
use glam::Vec2;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[test]
#[allow(clippy::disallowed_methods)] // test input, not the library's arithmetic
fn moving_lifts_allocate_nothing_in_steady_state() {
    let tile = Rect {
        half_extents: Vec2::splat(8.0),
    };
    let mut level = StaticBodies::new();
    for k in 0..2_000 {
        let at = Vec2::new(16.0 * (k % 200) as f32, 160.0 * (k / 200) as f32);
        level
            .add(tile, Pose::from_position(at), Layers::ALL)
            .unwrap();
    }
    let lift = Rect {
        half_extents: Vec2::new(24.0, 4.0),
    };
    let lifts: Vec<_> = (0..6)
        .map(|i| {
            let at = Pose::from_position(Vec2::new(300.0 * i as f32 + 100.0, 80.0));
            let h = level.add(lift, at, Layers::ALL).unwrap();
            (h, at.position)
        })
        .collect();
    level.refresh();
    for &(h, _) in &lifts[..3] {
        assert!(level.set_one_way(h, Some(Vec2::Y)));
    }
    let player = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let settings = SlideSettings::new(Vec2::Y);
    let frame = |level: &mut StaticBodies, f: u32| {
        let mut found = 0;
        for &(h, home) in &lifts {
            let phase = f as f32 * 0.05;
            let at = home + Vec2::new(phase.cos(), phase.sin()) * 60.0;
            let was = level.get(h).unwrap().pose.position;
            assert!(level.move_body(h, Pose::from_position(at), at - was));
        }
        level.refresh();
        for &(_, home) in &lifts {
            let area = Aabb::new(home, Vec2::splat(70.0));
            level.near(&area, Layers::ALL, &mut |_| found += 1);
            let start = home + Vec2::new(0.0, 100.0);
            let step = move_and_slide(
                player,
                Rot::IDENTITY,
                start,
                Vec2::new(3.0, -200.0),
                &*level,
                &settings,
            );
            found += step.contacts().len();
        }
        found
    };
    let mut found = 0;
    for f in 0..300 {
        found += frame(&mut level, f);
    }
    assert!(level.is_indexed());
    let before = thread_snapshot();
    for f in 300..900 {
        found += frame(&mut level, f);
    }
    let used = thread_snapshot().since(before);
    assert_eq!((used.bytes, used.allocations), (0, 0));
    assert!(found > 900 * 6, "the queries found only {found}");
}
