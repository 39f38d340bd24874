//! Rollback: a [`FrameRunner`]'s state saved into a reused [`FrameState`] and restored, the
//! frames after it run again to the same scene, and neither saving nor restoring allocates
//! once the buffers have their size.
//!
//! The counting allocator counts per thread, so the test harness's other threads do not
//! disturb the counts.

use collide::BroadPhaseKind;
use collide_scene::{FrameRunner, SceneConfig};
use collide_testkit::alloc::{thread_snapshot, CountingAllocator};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[test]
fn saving_and_restoring_every_few_frames_replays_them_and_allocates_nothing() {
    let config = SceneConfig::uniform(1_000).with_hull_enemies(0.3);
    let mut runner = FrameRunner::new(&config, BroadPhaseKind::Grid, true).with_bounces(true);
    for _ in 0..1_000 {
        runner.frame().expect("within the pair limit");
    }
    let (mut before_frames, mut after_frames) = (runner.save(), runner.save());
    let start = thread_snapshot();
    let mut turns = 0;
    for _ in 0..100 {
        runner.save_into(&mut before_frames);
        for _ in 0..3 {
            turns += runner.frame().expect("within the pair limit").turns;
        }
        runner.save_into(&mut after_frames);
        runner.restore(&before_frames);
        assert_eq!(runner.scene(), before_frames.scene());
        for _ in 0..3 {
            runner.frame().expect("within the pair limit");
        }
        assert!(
            runner.scene() == after_frames.scene(),
            "a replayed frame differs"
        );
    }
    let used = thread_snapshot().since(start);
    assert!(
        turns > 500,
        "{turns} turns: the frames should bounce bullets"
    );
    assert_eq!(after_frames.frame(), 1_300);
    assert_eq!((used.bytes, used.allocations), (0, 0));
}
