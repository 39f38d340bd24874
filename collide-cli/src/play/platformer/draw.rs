//! How the platformer looks: the level's world (y up) turned onto the canvas (y down), tiles
//! and slopes in one colour, one-way platforms as planks in another, the lift in a third, the
//! coins as discs, the door (filled while shut) and its plate.

use collide::{SlideContact, TileShape};
use glam::Vec2;

use super::super::{colour, PLAY_TOP};
use super::level::{Level, COIN, DOOR, DOOR_AT, LEVEL, PLATE, PLATE_AT, TILE};
use crate::raster::Canvas;

/// The level's height in units: world `y` is drawn `HEIGHT - y` from the play area's top.
const HEIGHT: f32 = LEVEL.len() as f32 * TILE;
/// How thick a one-way platform's plank is drawn, in units (it blocks only at its top).
const PLANK: f32 = 4.0;

/// Where world point `p` (y up) lies in the canvas's world (y down).
pub fn screen(p: Vec2) -> Vec2 {
    Vec2::new(p.x, HEIGHT - p.y)
}

/// The tiles, the coins, the lift, the door and its plate, and the view that puts them in
/// the play area.
pub fn level(canvas: &mut Canvas, level: &Level, door_open: bool) {
    canvas.set_view(Vec2::ZERO, 1.0, Vec2::new(0.0, PLAY_TOP + 2.0));
    let tiles = &level.world.tiles;
    for y in 0..tiles.height() {
        for x in 0..tiles.width() {
            if let Some(shape) = tiles.shape(x, y) {
                let cell = tiles.cell_bounds(x, y);
                tile(canvas, shape, cell.min(), cell.max());
            }
            if tiles.sensor(x, y) == Some(COIN) {
                let centre = tiles.cell_bounds(x, y).center;
                canvas.disc(screen(centre), 5.0, 2.0, colour::HIGHLIGHT);
            }
        }
    }
    let lift = level.lift_position();
    let half = super::level::LIFT.half_extents;
    canvas.fill_box(screen(lift - half), screen(lift + half), colour::LIFT);
    let (lo, hi) = (
        screen(DOOR_AT - DOOR.half_extents),
        screen(DOOR_AT + DOOR.half_extents),
    );
    if door_open {
        canvas.box_outline(lo, hi, 1.0, colour::TARGET);
    } else {
        canvas.fill_box(lo, hi, colour::TARGET);
    }
    let plate = (PLATE_AT - PLATE.half_extents, PLATE_AT + PLATE.half_extents);
    canvas.fill_box(screen(plate.0), screen(plate.1), colour::PASSED);
}

/// One cell of `shape` from `min` to `max`: its solid part, or a one-way platform's plank.
fn tile(canvas: &mut Canvas, shape: TileShape, min: Vec2, max: Vec2) {
    match shape {
        TileShape::Solid => canvas.fill_box(screen(min), screen(max), colour::SOLID),
        TileShape::OneWayTop => {
            let plank = Vec2::new(min.x, max.y - PLANK);
            canvas.fill_box(screen(plank), screen(max), colour::ONE_WAY);
        }
        _ => {
            let Some(outline) = shape.outline() else {
                return;
            };
            let points: Vec<Vec2> = outline
                .iter()
                .map(|&u| screen(min + u * (max - min)))
                .collect();
            canvas.fill_convex(&points, colour::SOLID);
        }
    }
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
