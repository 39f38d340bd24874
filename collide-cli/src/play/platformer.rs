//! Scene 3, a platformer: a box that walks, jumps, lands, stops at walls and bumps its head,
//! moved by `collide::move_and_slide` through a `collide::TileMap` of 16-unit
//! tiles, on whose seams nothing catches. The normals of the surfaces it touched this frame
//! are drawn.

use collide::{move_and_slide, SlideContact, SlideSettings, Surface, TileMap};
use collide_core::{Rect, Rot};
use glam::Vec2;

use super::input::{pressed, Held, InputEvent, Key};
use super::{colour, Scene, PLAY_TOP};
use crate::raster::Canvas;

/// A tile's side, in units (one unit is one pixel).
pub const TILE: f32 = 16.0;
/// The level, top row first (screen coordinates, y down): `#` is a tile.
pub const LEVEL: [&str; 19] = [
    "########################################",
    "#......................................#",
    "#......................................#",
    "#...........########...................#",
    "#......................................#",
    "#......................................#",
    "#..................................#####",
    "#..........................#...........#",
    "#......####................#...........#",
    "#..........................#...........#",
    "#...................########...........#",
    "#......................................#",
    "#.............#####....................#",
    "#......................................#",
    "#......................................#",
    "#...######.............................#",
    "#..........................#...........#",
    "#..........................#...........#",
    "########################################",
];
/// The body's half size: 10 × 14 units.
const BODY: Rect = Rect {
    half_extents: Vec2::new(5.0, 7.0),
};
/// Where the body starts: in the air above the floor, left of the low ceiling.
const START: Vec2 = Vec2::new(28.0, 200.0);
/// Units per frame: walking speed, gravity's pull each frame, and a jump's upward speed.
const WALK: f32 = 3.0;
const GRAVITY: f32 = 0.5;
const JUMP: f32 = 9.0;
/// The fastest fall, units per frame (the sweep would catch a faster one; this keeps it playable).
const MAX_FALL: f32 = 20.0;

/// The level, the body and what it touched last.
pub struct Platformer {
    level: TileMap,
    position: Vec2,
    velocity: Vec2,
    on_floor: bool,
    held: Held,
    contacts: Vec<SlideContact>,
}

impl Platformer {
    /// The level built and the body at its start.
    ///
    /// # Errors
    /// When the map cannot be built (never, for the rows of [`LEVEL`]).
    pub fn new() -> Result<Self, collide::Error> {
        Ok(Self {
            level: level()?,
            position: START,
            velocity: Vec2::ZERO,
            on_floor: false,
            held: Held::default(),
            contacts: Vec::new(),
        })
    }

    #[cfg(test)]
    /// Where the body is (its centre).
    pub fn position(&self) -> Vec2 {
        self.position
    }

    #[cfg(test)]
    /// Whether it stood on a floor after the last frame.
    pub fn on_floor(&self) -> bool {
        self.on_floor
    }

    #[cfg(test)]
    /// The surfaces it touched in the last frame.
    pub fn contacts(&self) -> &[SlideContact] {
        &self.contacts
    }
}

/// [`LEVEL`] as a tile map in screen coordinates: cell `(x, y)` is column `x` of text row
/// `y`, covering `(x, y) · TILE` to `(x + 1, y + 1) · TILE`, so row 0 is the top. (The map's
/// own text reader, `TileMap::from_rows`, is for y up: its first row is the highest `y`.)
fn level() -> Result<TileMap, collide::Error> {
    let rows: Vec<&[u8]> = LEVEL.iter().map(|row| row.as_bytes()).collect();
    let (width, height) = (rows[0].len() as u32, rows.len() as u32);
    let map = TileMap::from_fn(width, height, Vec2::splat(TILE), Vec2::ZERO, |x, y| {
        u8::from(rows[y as usize].get(x as usize) == Some(&b'#'))
    })?;
    Ok(map)
}

/// How many solid tiles [`LEVEL`] has.
pub fn tile_count() -> usize {
    LEVEL.iter().map(|row| row.matches('#').count()).sum()
}

impl Scene for Platformer {
    fn title(&self) -> &'static str {
        "PLATFORMER"
    }

    fn keys(&self) -> &'static [&'static str] {
        &[
            "LEFT/RIGHT WALK   SPACE/UP JUMP   R START AGAIN",
            "GREEN: THE NORMALS OF THE SURFACES TOUCHED THIS FRAME",
        ]
    }

    fn status(&self) -> Vec<String> {
        let touching: Vec<&str> = self
            .contacts
            .iter()
            .map(|c| match c.surface {
                Surface::Floor => "FLOOR",
                Surface::Wall => "WALL",
                Surface::Ceiling => "CEILING",
            })
            .collect();
        vec![
            format!(
                "AT ({:.2}, {:.2})   VELOCITY ({:.2}, {:.2}) PER FRAME   MOVE_AND_SLIDE ON A {} X {} TILE MAP",
                self.position.x,
                self.position.y,
                self.velocity.x,
                self.velocity.y,
                self.level.width(),
                self.level.height()
            ),
            format!(
                "TOUCHING {}",
                if touching.is_empty() {
                    "NOTHING".to_string()
                } else {
                    touching.join(", ")
                }
            ),
        ]
    }

    fn step(&mut self, input: &[InputEvent]) {
        self.held.update(input);
        if pressed(input, Key::R) {
            self.position = START;
            self.velocity = Vec2::ZERO;
        }
        let wants_jump = pressed(input, Key::Space) || pressed(input, Key::Up);
        self.velocity.x = self.held.direction() * WALK;
        self.velocity.y = (self.velocity.y + GRAVITY).min(MAX_FALL);
        if wants_jump && self.on_floor {
            self.velocity.y = -JUMP;
        }
        // Screen coordinates: up is −y.
        let settings = SlideSettings::new(Vec2::NEG_Y);
        let step = move_and_slide(
            BODY,
            Rot::IDENTITY,
            self.position,
            self.velocity,
            &self.level,
            &settings,
        );
        self.velocity = step.clip_velocity(self.velocity);
        self.position = step.position;
        self.on_floor = step.on_floor;
        self.contacts.clear();
        self.contacts.extend_from_slice(step.contacts());
    }

    fn draw(&self, canvas: &mut Canvas) {
        canvas.set_view(Vec2::ZERO, 1.0, Vec2::new(0.0, PLAY_TOP + 2.0));
        for y in 0..self.level.height() {
            for x in (0..self.level.width()).filter(|&x| self.level.is_solid(x, y)) {
                let cell = self.level.cell_bounds(x, y);
                canvas.fill_box(cell.min(), cell.max(), colour::SOLID);
            }
        }
        let half = BODY.half_extents;
        canvas.fill_box(self.position - half, self.position + half, colour::PLAYER);
        for c in &self.contacts {
            // The normal points from the body into the surface; drawn out of the surface.
            canvas.line(c.point, c.point - c.normal * 16.0, 2.0, colour::NORMAL);
            canvas.disc(c.point, 0.0, 2.0, colour::HIT);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(p: &mut Platformer, frames: usize, input: &[InputEvent]) {
        p.step(input);
        for _ in 1..frames {
            p.step(&[]);
        }
    }

    /// The floor's top: the last row of tiles starts there.
    const FLOOR_TOP: f32 = (LEVEL.len() - 1) as f32 * TILE;

    #[test]
    fn the_body_falls_lands_and_stays_on_the_floor() {
        let mut p = Platformer::new().unwrap();
        run(&mut p, 120, &[]);
        assert!(p.on_floor());
        let rest = FLOOR_TOP - BODY.half_extents.y;
        let y = p.position().y;
        assert!(y < rest && y > rest - 0.05, "{y}");
        assert!(p
            .contacts()
            .iter()
            .any(|c| c.surface == Surface::Floor && c.normal == Vec2::Y));
        run(&mut p, 60, &[]);
        assert_eq!(p.position().y, y, "resting, not sinking or bouncing");
    }

    #[test]
    fn walking_right_it_stops_at_the_wall() {
        let mut p = Platformer::new().unwrap();
        run(&mut p, 60, &[]);
        run(&mut p, 240, &[InputEvent::Press(Key::Right)]);
        // The two-tile wall in column 27 of the bottom rows: its left face is at 27 tiles.
        let face = 27.0 * TILE - BODY.half_extents.x;
        let x = p.position().x;
        assert!(x < face && x > face - 0.05, "{x}");
        assert!(p.on_floor());
        assert!(p
            .contacts()
            .iter()
            .any(|c| c.surface == Surface::Wall && c.normal == Vec2::X));
        assert_eq!(p.velocity.x, 0.0);
    }

    #[test]
    fn walking_the_floor_it_crosses_every_seam_without_catching() {
        let mut p = Platformer::new().unwrap();
        run(&mut p, 60, &[]);
        p.step(&[InputEvent::Press(Key::Right)]);
        // From the start to the wall in column 27 the floor is 25 tiles, and 25 seams.
        let face = 27.0 * TILE - BODY.half_extents.x;
        let mut seams = 0;
        while p.position().x + WALK < face {
            let x = p.position().x;
            p.step(&[]);
            assert!((p.position().x - x - WALK).abs() < 1e-3, "caught at {x}");
            assert!(p.on_floor());
            assert!(p.contacts().iter().all(|c| c.surface == Surface::Floor));
            seams += usize::from((x / TILE).floor() != (p.position().x / TILE).floor());
        }
        assert!(seams >= 24, "{seams} seams crossed");
    }

    /// The oracle for move_and_slide on the map: through a scripted run of walks and jumps,
    /// under the platforms and into the walls, the body never overlaps a solid tile.
    #[test]
    fn through_walks_and_jumps_the_body_never_enters_a_tile() {
        let mut p = Platformer::new().unwrap();
        let mut touched: Vec<Surface> = Vec::new();
        for frame in 0..900 {
            let mut input = Vec::new();
            match frame % 300 {
                0 => input.push(InputEvent::Press(Key::Right)),
                150 => input.extend([
                    InputEvent::Release(Key::Right),
                    InputEvent::Press(Key::Left),
                ]),
                299 => input.push(InputEvent::Release(Key::Left)),
                _ => {}
            }
            if frame % 37 == 0 {
                input.push(InputEvent::Press(Key::Space));
            }
            p.step(&input);
            let pose = collide_core::Pose::from_position(p.position());
            assert!(
                !p.level.overlaps(BODY, &pose),
                "frame {frame}: {}",
                p.position()
            );
            touched.extend(p.contacts().iter().map(|c| c.surface));
        }
        for surface in [Surface::Floor, Surface::Wall, Surface::Ceiling] {
            assert!(
                touched.contains(&surface),
                "the run never met a {surface:?}"
            );
        }
    }

    #[test]
    fn a_jump_under_the_low_platform_bumps_the_head_and_lands_again() {
        let mut p = Platformer::new().unwrap();
        run(&mut p, 60, &[]);
        // Walk under the platform of row 15 (columns 4 to 9), then jump.
        run(&mut p, 15, &[InputEvent::Press(Key::Right)]);
        p.step(&[InputEvent::Release(Key::Right)]);
        assert!(p.position().x > 4.0 * TILE + BODY.half_extents.x);
        p.step(&[InputEvent::Press(Key::Space)]);
        let mut bumped = false;
        for _ in 0..60 {
            p.step(&[]);
            bumped |= p.contacts().iter().any(|c| c.surface == Surface::Ceiling);
            // Never inside the platform, whose bottom is at the top of row 16.
            assert!(p.position().y - BODY.half_extents.y >= 16.0 * TILE - 0.05);
        }
        assert!(bumped);
        assert!(p.on_floor());
    }

    #[test]
    fn the_drawn_frame_shows_tiles_the_body_and_a_floor_normal() {
        let mut p = Platformer::new().unwrap();
        run(&mut p, 120, &[]);
        let mut canvas = super::super::App::canvas();
        p.draw(&mut canvas);
        let at = |w: Vec2| {
            let q = canvas.to_pixel(w);
            canvas.pixel(q.x as u32, q.y as u32)
        };
        assert_eq!(at(Vec2::splat(TILE * 0.5)), Some(colour::SOLID));
        assert_eq!(
            at(p.position() + Vec2::new(3.0, -3.0)),
            Some(colour::PLAYER)
        );
        let contact = p.contacts()[0].point;
        // The floor normal rises from the contact point, through the body.
        assert_eq!(at(contact + Vec2::new(0.0, -8.0)), Some(colour::NORMAL));
        assert_eq!(at(Vec2::new(300.0, 100.0)), Some(colour::BACKGROUND));
    }
}
