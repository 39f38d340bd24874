//! The shmup scene with bullets that bounce off enemies (the collision pass's responses:
//! turns, sweeps over the rest of the frame, hits found after them) allocates nothing per
//! frame in steady state, for every broad phase.
//!
//! The counting allocator counts per thread, so the test harness's other threads do not
//! disturb the counts.

use collide::BroadPhaseKind;
use collide_scene::{FrameRunner, SceneConfig};
use collide_testkit::alloc::{thread_snapshot, CountingAllocator};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[test]
fn bouncing_frames_allocate_nothing_in_steady_state() {
    for kind in BroadPhaseKind::ALL {
        let config = SceneConfig::uniform(1_000);
        let mut runner = FrameRunner::new(&config, kind, true).with_bounces(true);
        for _ in 0..1_000 {
            runner.frame().expect("within the pair limit");
        }
        let before = thread_snapshot();
        let mut turns = 0;
        for _ in 0..300 {
            turns += runner.frame().expect("within the pair limit").turns;
        }
        let used = thread_snapshot().since(before);
        assert!(
            turns > 1_000,
            "{kind}: {turns} turns: the frames should bounce bullets"
        );
        assert_eq!(
            (used.bytes, used.allocations),
            (0, 0),
            "{kind}: {:?}",
            runner.pass().stats()
        );
    }
}

/// A long game at 100 objects: small scenes swing most from frame to frame, and now and then a
/// frame busier than any before it comes along. Once the pass has turned a body, its buffers
/// keep room for a turn, a pair and a hit per body, so that such a frame allocates nothing
/// either. (Without that floor, the grid's 30 000 frames here grew a buffer three times.)
#[test]
fn a_long_bouncing_game_allocates_nothing_after_its_warm_up() {
    for kind in BroadPhaseKind::ALL {
        let config = SceneConfig::uniform(100);
        let mut runner = FrameRunner::new(&config, kind, true).with_bounces(true);
        for _ in 0..1_000 {
            runner.frame().expect("within the pair limit");
        }
        let before = thread_snapshot();
        let mut turns = 0;
        for _ in 0..30_000 {
            turns += runner.frame().expect("within the pair limit").turns;
        }
        let used = thread_snapshot().since(before);
        assert!(turns > 100_000, "{kind}: {turns} turns");
        assert_eq!((used.bytes, used.allocations), (0, 0), "{kind}");
    }
}
