//! Sensors allocate nothing in steady state: a character walking and jumping back and forth
//! through coin tiles and a sensor body, its moves filtered by a predicate, and
//! `move_and_slide` across them, allocate nothing once warmed up.
//!
//! The counting allocator counts per thread, so the test harness's other threads do not
//! disturb the counts.

use collide_core::{Layers, Pose, Rect, Rot};
use collide_testkit::alloc::{thread_snapshot, CountingAllocator};
use collide_world::{
    move_and_slide_filtered, Character, CharacterSettings, QueryFilter, SlideSettings, StaticWorld,
    TileMap,
};
use glam::Vec2;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[test]
fn sensors_and_filters_allocate_nothing_in_steady_state() {
    let rows = ["5.5.5.5.5.5.5.5.5.5", "###################"];
    let mut tiles = TileMap::from_rows(&rows, Vec2::splat(16.0), Vec2::ZERO).unwrap();
    tiles.set_sensor_value(5, true);
    let mut world = StaticWorld::new(tiles);
    let zone = Rect {
        half_extents: Vec2::new(40.0, 30.0),
    };
    let h = world
        .bodies
        .add(
            zone,
            Pose::from_position(Vec2::new(150.0, 30.0)),
            Layers::ALL,
        )
        .unwrap();
    world.bodies.set_sensor(h, true);
    world.bodies.refresh();
    let body = Rect {
        half_extents: Vec2::new(4.0, 7.0),
    };
    let settings = CharacterSettings::new(Vec2::Y).with_snap_length(4.0);
    let mut c = Character::new(body, Vec2::new(8.0, 23.01), settings).unwrap();
    let odd = |id: u32| id % 2 == 1;
    let filter = QueryFilter::default().with_predicate(&odd);
    let slide = SlideSettings::new(Vec2::Y);
    let mut seen = 0;
    let mut frame = |i: usize, seen: &mut usize| {
        let walk = if (i / 90) % 2 == 0 { 3.0 } else { -3.0 };
        let jump = if i % 40 == 0 { 6.0 } else { -1.0 };
        c.move_by_filtered(Vec2::new(walk, jump), &world, &QueryFilter::default());
        *seen += c.sensors().len();
        let at = Vec2::new(8.0 + (i % 200) as f32, 40.0);
        let s = move_and_slide_filtered(
            body,
            Rot::IDENTITY,
            at,
            Vec2::new(90.0, -20.0),
            &world,
            &slide,
            &filter,
        );
        *seen += s.sensors().len();
    };
    for i in 0..200 {
        frame(i, &mut seen);
    }
    let before = thread_snapshot();
    for i in 200..800 {
        frame(i, &mut seen);
    }
    let used = thread_snapshot().since(before);
    assert_eq!((used.bytes, used.allocations), (0, 0));
    assert!(seen > 1000, "the moves met only {seen} sensors");
}
