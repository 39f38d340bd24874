//! A step whose end cannot be settled (pushed out of what rounding may have put it in) leaves
//! the body where the step began, and says what the step stopped at: it never stands still
//! without a word.

use collide_core::{Aabb, Circle, Layers, Pose, Rect, Rot};
use collide_world::{move_and_slide, Obstacle, Obstacles, SlideSettings};
use glam::Vec2;

/// A wall ahead, a box the path grazes within rounding (so the step's end is checked), and,
/// around any box that does not hold the start, a box too deep to be pushed out of: a world
/// where the end of every step is buried, as no real set is, to reach the body's last resort.
struct Buried {
    start: Vec2,
    wall: Obstacle<'static>,
    grazed: Obstacle<'static>,
}

impl Obstacles for Buried {
    fn near<'s>(&'s self, area: &Aabb, _: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        visit(self.wall);
        visit(self.grazed);
        if !area.contains_point(self.start) {
            let deep = Rect {
                half_extents: Vec2::splat(1e3),
            };
            visit(Obstacle::new(7, deep, Pose::from_position(area.center)));
        }
    }

    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>> {
        [self.wall, self.grazed].into_iter().find(|o| o.id == id)
    }
}

#[test]
fn a_step_that_cannot_settle_stays_and_reports_its_stop() {
    let wall = Rect {
        half_extents: Vec2::new(0.5, 5.0),
    };
    let above = Rect {
        half_extents: Vec2::splat(1.0),
    };
    let world = Buried {
        start: Vec2::ZERO,
        wall: Obstacle::new(1, wall, Pose::from_position(Vec2::new(8.5, 0.0))),
        // Its bottom half a millionth above the circle's top: the boxes meet within the
        // rounding margin, the shapes never do.
        grazed: Obstacle::new(2, above, Pose::from_position(Vec2::new(3.0, 2.0 + 5e-7))),
    };
    let ball = Circle { radius: 1.0 };
    let settings = SlideSettings::new(Vec2::Y);
    let moved = move_and_slide(
        ball,
        Rot::IDENTITY,
        Vec2::ZERO,
        Vec2::new(10.0, 0.0),
        &world,
        &settings,
    );
    assert_eq!(moved.position, Vec2::ZERO, "{moved:?}");
    assert!(moved.on_wall, "{moved:?}");
    let stop = moved.contacts()[0];
    assert_eq!((stop.obstacle, stop.normal), (1, Vec2::X), "{moved:?}");
    assert_eq!(stop.position, Vec2::ZERO, "{moved:?}");
}
