//! Static rects follow the face rule only where a neighbour goes on flush with a face: where a
//! ramp (a hull) meets a tile's corner, the corner is a crest and keeps its own normal, so a
//! body walking up the ramp rolls over it.

use collide_core::{Circle, Hull, Layers, Pose, Rect, Rot, DEFAULT_SKIN};
use collide_world::{move_and_slide, SlideSettings, StaticBodies};
use glam::Vec2;

/// A 26.6° ramp rising right onto a 16 × 16 tile whose top-left corner is (64, 32), and a 45°
/// ramp rising left onto a half tile whose top-right corner is (352, 32); a floor under both.
fn level() -> StaticBodies {
    let mut bodies = StaticBodies::new();
    let floor = Rect {
        half_extents: Vec2::new(400.0, 8.0),
    };
    let tile = Rect {
        half_extents: Vec2::splat(8.0),
    };
    let half = Rect {
        half_extents: Vec2::new(8.0, 4.0),
    };
    let gentle = Hull::new(&[
        Vec2::new(32.0, 16.0),
        Vec2::new(64.0, 16.0),
        Vec2::new(64.0, 32.0),
    ])
    .unwrap();
    let steep = Hull::new(&[
        Vec2::new(352.0, 16.0),
        Vec2::new(368.0, 16.0),
        Vec2::new(352.0, 32.0),
    ])
    .unwrap();
    let at = Pose::from_position;
    bodies
        .add(floor, at(Vec2::new(200.0, 8.0)), Layers::ALL)
        .unwrap();
    bodies
        .add(tile, at(Vec2::new(72.0, 24.0)), Layers::ALL)
        .unwrap();
    bodies
        .add(half, at(Vec2::new(344.0, 28.0)), Layers::ALL)
        .unwrap();
    bodies
        .add(half, at(Vec2::new(344.0, 20.0)), Layers::ALL)
        .unwrap();
    bodies.add(gentle, Pose::IDENTITY, Layers::ALL).unwrap();
    bodies.add(steep, Pose::IDENTITY, Layers::ALL).unwrap();
    bodies.refresh();
    bodies
}

#[test]
fn a_circle_rolls_over_the_crests_where_ramps_meet_tiles() {
    let bodies = level();
    let settings = SlideSettings::new(Vec2::Y);
    let circle = Circle { radius: 6.0 };
    let gap = 6.0 + DEFAULT_SKIN;
    let up_left = Vec2::new(64.0, 32.0) + Vec2::new(-1.0, 2.0).normalize() * gap;
    let up_right = Vec2::new(352.0, 32.0) + Vec2::new(1.0, 1.0).normalize() * gap;
    for (start, travel) in [
        (up_left, Vec2::new(1.0, -0.5)),
        (up_right, Vec2::new(-1.0, -0.5)),
    ] {
        let slide = move_and_slide(circle, Rot::IDENTITY, start, travel, &bodies, &settings);
        // Sliding up the ramp takes 0.6 of the gentle one along x, 0.25 of the steep one;
        // stopped dead at the corner, none.
        let moved = (slide.position.x - start.x) * travel.x.signum();
        assert!(moved > 0.2, "{start} by {travel}: {slide:?}");
    }
}

/// Two tiles side by side still make one flat top: a ball rolling along it meets no corner.
#[test]
fn tiles_side_by_side_still_have_no_seam() {
    let mut bodies = StaticBodies::new();
    let tile = Rect {
        half_extents: Vec2::splat(8.0),
    };
    for x in [8.0, 24.0, 40.0] {
        bodies
            .add(tile, Pose::from_position(Vec2::new(x, 8.0)), Layers::ALL)
            .unwrap();
    }
    bodies.refresh();
    let settings = SlideSettings::new(Vec2::Y);
    let circle = Circle { radius: 3.0 };
    let mut at = Vec2::new(4.0, 16.0 + 3.0 + DEFAULT_SKIN);
    for _ in 0..30 {
        let slide = move_and_slide(
            circle,
            Rot::IDENTITY,
            at,
            Vec2::new(1.0, -0.5),
            &bodies,
            &settings,
        );
        for c in slide.contacts() {
            assert_eq!(c.normal, Vec2::NEG_Y, "{slide:?}");
        }
        assert!((slide.position.x - at.x - 1.0).abs() < 1e-4, "{slide:?}");
        at = slide.position;
    }
}
