//! The plugin gives `FrameRunner`'s results on the same scene: the same bodies end in the same
//! places with the same hits, frame after frame, bullets passing through or bouncing.

#[path = "support/shmup.rs"]
mod shmup;

use bevy::prelude::*;
use collide_bevy::collide::BroadPhaseKind;
use collide_bevy::convert::to_collide;
use collide_scene::{FrameRunner, SceneConfig};
use shmup::{pass, shmup_app, Frame, Shmup};

/// The first index at which two lists differ (a failure names one place, not two lists of
/// thousands).
fn first_apart<T: PartialEq>(a: &[T], b: &[T]) -> Option<usize> {
    let differs = a.iter().zip(b).position(|(x, y)| x != y);
    differs.or((a.len() != b.len()).then(|| a.len().min(b.len())))
}

fn same_frames(config: &SceneConfig, bounces: bool, frames: usize) {
    let mut runner = FrameRunner::new(config, BroadPhaseKind::Grid, true).with_bounces(bounces);
    let mut app = shmup_app(config, bounces, true);
    let (mut hits, mut turns) = (0, 0);
    for frame in 0..frames {
        let stats = runner.frame().expect("within the pair limit");
        app.world_mut().run_schedule(Frame);
        let ours = pass(&app);
        let shmup = app.world().resource::<Shmup>();
        assert_eq!(ours.entities(), shmup.entities.as_slice(), "body order");
        assert_eq!(ours.stats(), stats, "frame {frame}");
        let (hits_a, hits_b) = (ours.pass().hits(), runner.pass().hits());
        assert_eq!(first_apart(hits_a, hits_b), None, "frame {frame}: hit");
        let (ends_a, ends_b) = (ours.pass().outcomes(), runner.pass().outcomes());
        assert_eq!(first_apart(ends_a, ends_b), None, "frame {frame}: outcome");
        let (objects_a, objects_b) = (shmup.scene.objects(), runner.scene().objects());
        assert_eq!(
            first_apart(objects_a, objects_b),
            None,
            "frame {frame}: object"
        );
        for (end, &e) in runner.pass().outcomes().iter().zip(&shmup.entities) {
            let t = app.world().get::<Transform>(e).unwrap().translation;
            assert_eq!(to_collide(t.truncate()), end.position, "frame {frame}");
        }
        hits += stats.discrete_hits + stats.swept_hits;
        turns += stats.turns;
    }
    assert!(hits > 100, "{hits} hits");
    assert_eq!(turns > 0, bounces, "{turns} turns");
}

#[test]
fn bullets_passing_through_match_frame_runner() {
    same_frames(&SceneConfig::uniform(600), false, 40);
    same_frames(&SceneConfig::uneven(600), false, 40);
}

#[test]
fn bullets_bouncing_match_frame_runner() {
    same_frames(&SceneConfig::uniform(600), true, 40);
}
