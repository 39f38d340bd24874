//! How the platformer looks: the level's world (y up) turned onto the canvas (y down), tiles
//! and ramps in one colour, one-way platforms as planks in another, the lift in a third.

use collide::{ShapeRef, SlideContact};
use glam::Vec2;

use super::super::{colour, PLAY_TOP};
use super::level::{Level, LEVEL, TILE};
use crate::raster::Canvas;

/// The level's height in units: world `y` is drawn `HEIGHT - y` from the play area's top.
const HEIGHT: f32 = LEVEL.len() as f32 * TILE;
/// How thick a one-way platform's plank is drawn, in units (it blocks only at its top).
const PLANK: f32 = 4.0;

/// Where world point `p` (y up) lies in the canvas's world (y down).
pub fn screen(p: Vec2) -> Vec2 {
    Vec2::new(p.x, HEIGHT - p.y)
}

/// The tiles, the static bodies and the lift, and the view that puts them in the play area.
pub fn level(canvas: &mut Canvas, level: &Level) {
    canvas.set_view(Vec2::ZERO, 1.0, Vec2::new(0.0, PLAY_TOP + 2.0));
    let tiles = &level.world.tiles;
    for y in 0..tiles.height() {
        for x in (0..tiles.width()).filter(|&x| tiles.is_solid(x, y)) {
            let cell = tiles.cell_bounds(x, y);
            canvas.fill_box(screen(cell.min()), screen(cell.max()), colour::SOLID);
        }
    }
    for &handle in &level.shapes {
        let Some(o) = level.world.bodies.get(handle) else {
            continue;
        };
        let ShapeRef::Hull(hull) = o.shape else {
            continue;
        };
        let points: Vec<Vec2> = hull
            .vertices()
            .iter()
            .map(|&v| screen(o.pose.transform_point(v)))
            .collect();
        if o.one_way.is_some() {
            let b = o.bounds();
            let top = b.max().y;
            let (min, max) = (Vec2::new(b.min().x, top - PLANK), b.max());
            canvas.fill_box(screen(min), screen(max), colour::ONE_WAY);
        } else {
            canvas.fill_convex(&points, colour::SOLID);
        }
    }
    let lift = level.lift_position();
    let half = super::level::LIFT.half_extents;
    canvas.fill_box(screen(lift - half), screen(lift + half), colour::LIFT);
}

/// The character's box.
pub fn body(canvas: &mut Canvas, position: Vec2, half: Vec2) {
    canvas.fill_box(
        screen(position - half),
        screen(position + half),
        colour::PLAYER,
    );
}

/// The surfaces touched: each contact's point, and its normal drawn out of the surface.
pub fn contacts(canvas: &mut Canvas, contacts: &[SlideContact]) {
    for c in contacts {
        // The normal points from the body into the surface.
        let (at, out) = (screen(c.point), screen(c.point - c.normal * 16.0));
        canvas.line(at, out, 2.0, colour::NORMAL);
        canvas.disc(at, 0.0, 2.0, colour::HIT);
    }
}
