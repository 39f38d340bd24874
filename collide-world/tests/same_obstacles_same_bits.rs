//! Two sets holding the same obstacles give the same bits, whatever their history or the
//! order they list them in: a tester's character standing on the seam of two slabs stood on
//! one or the other by how the second slab had got there (added in place, or moved there by
//! `move_body`), and the next frames told them apart (a moving slab carried one, not the
//! other). A peer that rebuilds its level for rollback must get what the others get.

use collide_core::{Pose, Rect};
use collide_world::{
    move_and_slide, Character, CharacterSettings, Obstacle, SlideSettings, StaticBodies,
    StaticHandle,
};
use glam::Vec2;

const SLAB: Rect = Rect {
    half_extents: Vec2::new(16.0, 8.0),
};

/// Slab 0 at (-16, -8) and slab 1 at (16, -8): moved there from far away when `moved`; with
/// slab 1's handle.
fn slabs(moved: bool) -> (StaticBodies, StaticHandle) {
    let mut set = StaticBodies::new();
    set.add(
        SLAB,
        Pose::from_position(Vec2::new(-16.0, -8.0)),
        Default::default(),
    )
    .unwrap();
    let there = Pose::from_position(Vec2::new(16.0, -8.0));
    let handle = if moved {
        let far = Pose::from_position(Vec2::new(400.0, 300.0));
        let h = set.add(SLAB, far, Default::default()).unwrap();
        set.refresh();
        set.move_body(h, there, Vec2::ZERO);
        h
    } else {
        set.add(SLAB, there, Default::default()).unwrap()
    };
    set.refresh();
    (set, handle)
}

/// Where a character standing on the seam goes over four frames, slab 1 moving right 3 a
/// frame from the second on; with the platform it stood on each frame.
fn run((mut set, handle): (StaticBodies, StaticHandle)) -> Vec<(u32, u32, Option<u32>)> {
    let settings = CharacterSettings::new(Vec2::Y)
        .with_snap_length(4.0)
        .with_max_step_height(4.0);
    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let mut player = Character::new(body, Vec2::new(0.0, 7.5), settings).unwrap();
    (0..4)
        .map(|frame| {
            if frame > 0 {
                let at = Pose::from_position(Vec2::new(16.0 + 3.0 * frame as f32, -8.0));
                set.move_body(handle, at, Vec2::new(3.0, 0.0));
                set.refresh();
            }
            let m = player.move_by(Vec2::new(0.0, -1.0), &set);
            (m.position.x.to_bits(), m.position.y.to_bits(), m.platform)
        })
        .collect()
}

#[test]
fn a_character_on_a_seam_stands_on_the_same_slab_whatever_the_sets_history() {
    let (placed, moved) = (run(slabs(false)), run(slabs(true)));
    assert_eq!(placed, moved);
}

#[test]
fn move_and_slide_meets_the_same_obstacle_whatever_the_slices_order() {
    let a = Obstacle::new(0, SLAB, Pose::from_position(Vec2::new(-16.0, -8.0)));
    let b = Obstacle::new(1, SLAB, Pose::from_position(Vec2::new(16.0, -8.0)));
    let settings = SlideSettings::new(Vec2::Y);
    let body = Rect {
        half_extents: Vec2::new(5.0, 7.0),
    };
    let (at, down) = (Vec2::new(0.0, 7.5), Vec2::new(0.0, -1.0));
    let one = move_and_slide(body, Default::default(), at, down, &[a, b][..], &settings);
    let other = move_and_slide(body, Default::default(), at, down, &[b, a][..], &settings);
    assert_eq!(one.position, other.position);
    let ids =
        |s: &collide_world::Slide| s.contacts().iter().map(|c| c.obstacle).collect::<Vec<_>>();
    assert_eq!(ids(&one), ids(&other));
    assert!(!one.contacts().is_empty());
}
