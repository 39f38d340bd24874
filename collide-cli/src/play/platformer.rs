//! Scene 3, a platformer: a box that walks, jumps, lands, stops at walls and bumps its head,
//! moved by `collide_broad::move_and_slide` through a level of 16-unit tiles (one
//! `StaticBody` per tile, as `collide-broad/examples/platformer.rs` builds its level). The
//! normals of the surfaces it touched this frame are drawn.

use collide_broad::{
    move_and_slide, SlideContact, SlideSettings, StaticBodies, StaticBody, Surface,
};
use collide_core::{Pose, Rect, Rot};
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
    level: StaticBodies,
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
    /// When a tile cannot be added (never, for the finite tiles of [`LEVEL`]).
    pub fn new() -> Result<Self, collide_broad::Error> {
        let mut level = StaticBodies::new();
        for (centre, half) in tiles() {
            level.add(StaticBody::new(
                Rect { half_extents: half },
                Pose::from_position(centre),
            ))?;
        }
        level.refresh();
        Ok(Self {
            level,
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

/// How many tiles [`LEVEL`] has.
pub fn tile_count() -> usize {
    tiles().count()
}

/// Every tile of [`LEVEL`]: centre and half size.
fn tiles() -> impl Iterator<Item = (Vec2, Vec2)> {
    LEVEL.iter().enumerate().flat_map(|(row, line)| {
        line.chars()
            .enumerate()
            .filter(|&(_, cell)| cell == '#')
            .map(move |(column, _)| {
                let centre = (Vec2::new(column as f32, row as f32) + 0.5) * TILE;
                (centre, Vec2::splat(TILE / 2.0))
            })
    })
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
                "AT ({:.2}, {:.2})   VELOCITY ({:.2}, {:.2}) PER FRAME   MOVE_AND_SLIDE ON {} TILES",
                self.position.x,
                self.position.y,
                self.velocity.x,
                self.velocity.y,
                self.level.len()
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
        for (centre, half) in tiles() {
            canvas.fill_box(centre - half, centre + half, colour::SOLID);
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
