//! A body pressed into an inside corner whose walls are not square stops there: a tester's
//! top-down walks into a wall beside a 45° or 22.5° slope went up the wall (each slide along
//! one wall turned the rest against the other), crept back down and went up again, frame after
//! frame. No move of a slide goes against the travel asked for.

use collide_core::{Circle, Hull, Pose, Rect, Rot, Shape};
use collide_world::{move_and_slide, Obstacles, SlideSettings, StaticBodies, TileMap};
use glam::Vec2;

/// Presses `body` from `start` by `travel` a frame into `level` for 200 frames; checks that no
/// frame moves it against the travel, nor back against the frame before (a body sliding on
/// along a surface its travel is all but square to may creep for long, but one way); answers
/// how many frames at the end it stood still.
fn press<O: Obstacles + ?Sized>(level: &O, body: Shape, start: Vec2, travel: Vec2) -> usize {
    let settings = SlideSettings::new(Vec2::Y);
    let (mut at, mut before, mut still) = (start, Vec2::ZERO, 0);
    for frame in 0..200 {
        let m = move_and_slide(
            body.as_shape_ref(),
            Rot::IDENTITY,
            at,
            travel,
            level,
            &settings,
        );
        let moved = m.position - at;
        let ctx = || format!("{body:?} by {travel}, frame {frame}: {at} → {}", m.position);
        assert!(moved.dot(travel) >= -1e-4, "{}", ctx());
        assert!(
            moved.dot(before) >= -1e-6 * before.length() * moved.length(),
            "{}",
            ctx()
        );
        still = if moved == Vec2::ZERO { still + 1 } else { 0 };
        (at, before) = (m.position, if moved == Vec2::ZERO { before } else { moved });
    }
    still
}

fn map(rows: &[&str]) -> TileMap {
    TileMap::from_rows(rows, Vec2::splat(16.0), Vec2::ZERO).unwrap()
}

#[test]
fn a_walk_into_a_wall_beside_a_45_degree_slope_stops() {
    let corner = map(&["#....", "#....", "#\\...", "#####"]);
    let ball = Circle { radius: 4.0 };
    let travel = Vec2::new(-2.992_692_2, -0.209_269_21);
    assert!(press(&corner, ball.into(), Vec2::new(20.01, 33.72189), travel) > 100);
    // The same corner of static bodies: a wall and a triangle.
    let mut bodies = StaticBodies::new();
    let wall = Rect {
        half_extents: Vec2::new(8.0, 40.0),
    };
    bodies
        .add(
            wall,
            Pose::from_position(Vec2::new(8.0, 40.0)),
            Default::default(),
        )
        .unwrap();
    let points = [
        Vec2::new(16.0, 0.0),
        Vec2::new(48.0, 0.0),
        Vec2::new(16.0, 32.0),
    ];
    let ramp = Hull::new(&points).unwrap();
    bodies
        .add(ramp, Pose::IDENTITY, Default::default())
        .unwrap();
    bodies.refresh();
    assert!(press(&bodies, ball.into(), Vec2::new(20.01, 33.72189), travel) > 100);
}

#[test]
fn a_box_in_an_acute_wedge_stops() {
    let wedge = map(&["#....", "###./", "#h...", "##...", "#....", "#####"]);
    let crate_ = Rect {
        half_extents: Vec2::new(3.031_767, 3.432_634_8),
    };
    let travel = Vec2::new(-27.53604, 6.698_440_6);
    press(
        &wedge,
        crate_.into(),
        Vec2::new(21.273_724, 53.67717),
        travel,
    );
}

#[test]
fn every_mover_into_every_corner_at_every_angle_never_turns_back() {
    let corners = [
        map(&["#....", "#....", "#\\...", "#####"]),
        map(&["#....", "#....", "#P...", "#####"]),
        map(&["#....", "#....", "#h...", "#####"]),
    ];
    let hexagon = Hull::regular(6, 4.0).unwrap();
    let movers: [Shape; 3] = [
        Circle { radius: 4.0 }.into(),
        Rect {
            half_extents: Vec2::splat(4.0),
        }
        .into(),
        Shape::Hull(hexagon),
    ];
    for corner in &corners {
        for body in movers {
            for k in 0..24 {
                // Down and to the left, into the corner, at 0.5 to 8 a frame.
                let angle = std::f32::consts::PI + 0.05 + 1.4 * k as f32 / 23.0;
                let speed = [0.5, 3.0, 8.0][k % 3];
                let travel = Rot::from_angle(angle).apply(Vec2::X) * speed;
                press(corner, body, Vec2::new(40.0, 40.0), travel);
            }
        }
    }
}
