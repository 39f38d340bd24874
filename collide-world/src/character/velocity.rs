//! What a character's last move takes from the velocity it keeps for the next frame.

use collide_core::clip_motion;
use glam::Vec2;

use super::body::{across, clip_apart};
use super::{Character, MAX_CHARACTER_CONTACTS};
use crate::Surface;

/// How far a velocity may go into a surface, as a fraction of its length, and still count as
/// along it: rounding in the clips, not a push into the surface.
const ALONG: f32 = 1e-4;

/// The normals of some of a move's contacts, and how many there are.
type Normals = ([Vec2; MAX_CHARACTER_CONTACTS], usize);

impl Character {
    /// `velocity` with what the last move's surfaces took from it, for the next frame.
    ///
    /// On a floor only the part that goes down is dropped: the horizontal speed is kept as
    /// it was, so landing on a slope never turns it round (clipping against the slope's
    /// normal, as [`Slide::clip_velocity`](crate::Slide::clip_velocity) does, can), and a
    /// standing character gains no speed down a slope. At a wall the part into it goes, and
    /// a velocity that did not go up does not start to; at a ceiling the part that goes up.
    /// Whatever the surfaces, the horizontal part never reverses: it is zero rather than
    /// turned round. Where the move met two or more walls and ceilings (a notch, a corner)
    /// and what is left goes into one of them, the velocity keeps only what goes into none of
    /// them, and nothing where only a turn back would.
    #[must_use]
    pub fn clip_velocity(&self, velocity: Vec2) -> Vec2 {
        let v = self.unturned(self.by_surface(velocity, velocity), velocity);
        let (sides, n) = self.normals(|s| s != Surface::Floor);
        let sides = &sides[..n];
        let into = |v: Vec2| {
            let slack = ALONG * v.length();
            sides.iter().any(|s| v.dot(*s) > slack)
        };
        // One surface met alone may keep a velocity into it: a fall down a steep slope slides
        // down it, a head grazing a ceiling's corner walks on. Two or more may wedge it.
        if n < 2 || !into(v) {
            return v;
        }
        // Clipped against all at once, it keeps what goes into none of them.
        let clipped = clip_motion(velocity, sides);
        let v = self.unturned(self.by_surface(clipped, velocity), velocity);
        if into(v) {
            Vec2::ZERO
        } else {
            v
        }
    }

    /// `v` with no horizontal part that turns round that of `velocity`.
    fn unturned(&self, v: Vec2, velocity: Vec2) -> Vec2 {
        let up = self.settings.slide.up;
        let (before, after) = (across(velocity, up), across(v, up));
        if before.dot(after) < 0.0 {
            v - after
        } else {
            v
        }
    }

    /// `v` less what each kind of surface the last move met takes from it, where the
    /// character was given `velocity` (one that did not go up does not start to at a wall).
    fn by_surface(&self, v: Vec2, velocity: Vec2) -> Vec2 {
        let up = self.settings.slide.up;
        let mut v = v;
        if self.last.on_floor && v.dot(up) < 0.0 {
            v = across(v, up);
        }
        let (walls, mut n) = self.normals(|s| s == Surface::Wall);
        let mut planes = [Vec2::ZERO; MAX_CHARACTER_CONTACTS + 1];
        planes[..n].copy_from_slice(&walls[..n]);
        if n > 0 && velocity.dot(up) <= 0.0 {
            planes[n] = up;
            n += 1;
        }
        v = clip_apart(v, up, &planes[..n]);
        if self.last.on_ceiling && v.dot(up) > 0.0 {
            v = across(v, up);
        }
        v
    }

    /// The normals of the last move's contacts with surfaces of the kinds `kind` keeps.
    fn normals(&self, kind: impl Fn(Surface) -> bool) -> Normals {
        let mut normals = [Vec2::ZERO; MAX_CHARACTER_CONTACTS];
        let mut n = 0;
        for c in self.last.contacts().iter().filter(|c| kind(c.surface)) {
            normals[n] = c.normal;
            n += 1;
        }
        (normals, n)
    }
}
