//! A concave polygon object (a U, its opening 8 pixels wide) becomes one object with a body
//! per convex piece, and a box walks over its top from one piece to the next without catching
//! on the seam, and lands on it when dropped, with y up and y down.

mod common;

use collide_core::{Rect, Rot};
use collide_levels::{TiledMap, TiledOptions, YAxis};
use collide_world::{move_and_slide, SlideSettings, Surface};
use common::{data, solid_at};
use glam::Vec2;

/// The U's top, in the editor: y = 48, its left arm from x = 16 to 56, its right from 64 to
/// 104; its opening goes down to y = 72, its bottom is at y = 88.
const TOP: f32 = 48.0;

fn load(axis: YAxis) -> TiledMap {
    let options = TiledOptions::new().with_y_axis(axis);
    TiledMap::load(data("tiled/concave.tmj"), &options).unwrap()
}

#[test]
fn a_concave_polygon_is_one_object_with_a_body_per_convex_piece() {
    for axis in [YAxis::Down, YAxis::Up] {
        let map = load(axis);
        let p = |x: f32, y: f32| axis.point(Vec2::new(x, y));
        assert_eq!(map.objects.len(), 1);
        let cup = &map.objects[0];
        assert!(cup.bodies.len() >= 2, "{axis:?}: {:?}", cup.bodies);
        assert_eq!(cup.bodies.len(), map.bodies.len());
        // Both arms and the bottom are solid; the opening and above the top are not.
        for (x, y) in [(20.0, 52.0), (100.0, 52.0), (60.0, 84.0), (36.0, 70.0)] {
            assert!(solid_at(&map.bodies, p(x, y)), "{axis:?}: ({x}, {y})");
        }
        for (x, y) in [(60.0, 60.0), (60.0, 44.0), (10.0, 60.0)] {
            assert!(!solid_at(&map.bodies, p(x, y)), "{axis:?}: ({x}, {y})");
        }
    }
}

fn walk_across_the_opening(axis: YAxis) {
    let map = load(axis);
    let settings = SlideSettings::new(axis.up());
    let body = Rect {
        half_extents: Vec2::new(6.0, 6.0),
    };
    // Standing on the left arm, a skin above it; 4 pixels right and 1 down each frame. No
    // convex piece holds both arms' tops (it would hold the opening), so the walk crosses a seam.
    let mut position = axis.point(Vec2::new(26.0, TOP - 6.0 - settings.skin));
    let step = axis.point(Vec2::new(4.0, 1.0));
    for frame in 0..15 {
        let slide = move_and_slide(body, Rot::IDENTITY, position, step, &map.bodies, &settings);
        let floors_only = slide.contacts().iter().all(|c| c.surface == Surface::Floor);
        assert!(
            slide.on_floor && floors_only,
            "{axis:?} frame {frame}: {slide:?}"
        );
        assert!(
            (slide.position.x - position.x - 4.0).abs() < 1e-3,
            "{axis:?} frame {frame}: from {position} to {}",
            slide.position
        );
        position = slide.position;
        let bottom = axis.point(position).y + 6.0;
        assert!(
            bottom <= TOP && bottom > TOP - 2.0 * settings.skin,
            "{axis:?} {frame}"
        );
    }
    // Over the right arm now.
    assert!((position.x - 86.0).abs() < 1e-2, "{axis:?}: {position}");
}

#[test]
fn a_box_walks_over_the_seam_between_pieces_with_y_down() {
    walk_across_the_opening(YAxis::Down);
}

#[test]
fn a_box_walks_over_the_seam_between_pieces_with_y_up() {
    walk_across_the_opening(YAxis::Up);
}

#[test]
fn a_dropped_box_lands_on_the_top() {
    for axis in [YAxis::Down, YAxis::Up] {
        let map = load(axis);
        let settings = SlideSettings::new(axis.up());
        let body = Rect {
            half_extents: Vec2::new(6.0, 6.0),
        };
        for x in [30.0, 60.0, 90.0] {
            let start = axis.point(Vec2::new(x, 10.0));
            let fall = axis.point(Vec2::new(0.0, 60.0));
            let slide = move_and_slide(body, Rot::IDENTITY, start, fall, &map.bodies, &settings);
            let bottom = axis.point(slide.position).y + 6.0;
            assert!(slide.on_floor, "{axis:?} at {x}: {slide:?}");
            assert!(
                bottom <= TOP && bottom > TOP - 2.0 * settings.skin,
                "{axis:?} at {x}: lands at {bottom}"
            );
        }
    }
}
