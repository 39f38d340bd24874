//! Looking below a character for a floor to stand on: the snap after a move, and the landing
//! of a step.

use collide_core::Pose;
use glam::Vec2;

use super::body::{across, Body};
use super::outcome::CharacterMove;
use super::view::{Left, Without};
use crate::slide::sensors::Path;
use crate::slide::travel_scale;
use crate::{Obstacles, Slide, SlideContact, SlideSettings, Surface, MAX_SLIDES, MAX_TRAVEL_RATIO};

/// Where a look below lands, on what, and the way down there.
pub(super) struct Landing {
    pub(super) end: Vec2,
    pub(super) floor: SlideContact,
    /// The points the way down ran through, from where it looked to `end`: two when it went
    /// straight down, more where it slid along a wall on the way.
    way: Path<WAY>,
}

impl Landing {
    /// Adds the way down to the move's path.
    pub(super) fn pass_into(&self, out: &mut CharacterMove) {
        for &point in self.way.points() {
            out.pass(point);
        }
    }
}

/// The most points a way down keeps (more cut the latest corner).
const WAY: usize = 12;

/// Moves `body` from `from` down by at most `distance`, and answers where it lands and the
/// floor it lands on; `None` (it stays at `from`) when it meets no floor within `distance`, or
/// meets a ceiling first.
///
/// It goes straight down until it meets something. A floor there is the landing. A wall
/// there (a round or slanted side meeting a ledge's edge, or a corner it touches at the same
/// time as a floor) does not stop the look: the body slides on down along it, away from it,
/// and on down from where that slide ends (a few times at most), to the first floor it
/// meets. So a round body that walked off a ledge lands on the floor below, and one standing
/// on a floor beside a corner is found on that floor.
///
/// One-way platforms the body is partly inside of at `from` are left out, so it never lands
/// on one it is passing through from below; one it rests on within rounding is kept, as a
/// slide keeps it (left out, a circle set exactly on a one-way top sank into it). A body that
/// the slide had to push out of something (it started inside) did not land: only a move down
/// counts, or one up by no more than the skin (a body closer to the floor than its skin keeps
/// the skin from it).
pub(super) fn land<O: Obstacles + ?Sized>(
    body: &Body<'_>,
    from: Vec2,
    distance: f32,
    obstacles: &O,
    settings: &SlideSettings,
) -> Option<Landing> {
    let (up, skin) = (settings.up, body.skin(from, settings));
    let inside = Left::OneWaySunkInto(body.shape, Pose::new(from, body.rotation), skin);
    let view = Without::new(obstacles, inside);
    // A slide meets only what it would overlap, and stops a skin short of it: one that ends
    // exactly touching a floor meets nothing. To find a floor `distance` below, it goes a
    // skin further (and, meeting it, still moves at most `distance`).
    let distance = distance + skin;
    let mut way = Path::from(from);
    // Straight down first: on a floor (the common case) one slide is all it takes. It looks
    // no further than the body's scale at first, where its skin stays what it is near `from`
    // (a slide's skin grows with the coordinates its travel could reach: a snap of 1e30 would
    // keep the body units off the floor it finds), then, if that met nothing, as far as a
    // slide may go.
    let (one, scale) = (settings.with_max_slides(1), travel_scale(&body.aabb(from)));
    let mut down = Slide::at(from, Vec2::ZERO);
    body.slide_into(from, -up * distance.min(scale), &view, &one, &mut down);
    if !down.invalid_input && down.contacts().is_empty() && distance > scale {
        let far = distance.min(MAX_TRAVEL_RATIO * scale);
        body.slide_into(from, -up * far, &view, &one, &mut down);
    }
    if down.invalid_input || down.contacts().is_empty() {
        return None;
    }
    if let Some(landed) = Descent::new(from, skin, up).follow(down.contacts(), &mut way)? {
        return Some(landed);
    }
    let wall = (down.position, down.contacts()[0].normal);
    let look = Look {
        body,
        from,
        distance,
        skin,
        obstacles: &view,
        settings,
    };
    look.along_walls(down.position, way)
        .or_else(|| look.off_the_corner(wall))
}

/// A look below for a floor, past a wall it met first.
struct Look<'a, 'b, O: ?Sized> {
    body: &'a Body<'b>,
    /// Where it looked from.
    from: Vec2,
    /// How far below `from` it may land.
    distance: f32,
    skin: f32,
    obstacles: &'a O,
    settings: &'a SlideSettings,
}

impl<O: Obstacles + ?Sized> Look<'_, '_, O> {
    /// From `at`, where the look straight down stopped at a wall, slides on down along it with
    /// what is left of the distance, and again from where that slide ends, while it gets
    /// lower. Sliding along a slanted side (a round body on a ledge's corner) goes down less
    /// than it goes along, so one slide may end in the air, past the corner, short of a floor
    /// the distance reaches.
    fn along_walls(&self, mut at: Vec2, mut way: Path<WAY>) -> Option<Landing> {
        let (body, from, distance, view) = (self.body, self.from, self.distance, self.obstacles);
        let (up, skin, settings) = (self.settings.up, self.skin, self.settings);
        for _ in 0..WAYS_DOWN {
            let left = distance + (at - from).dot(up);
            if left <= 0.0 {
                return None;
            }
            let on = body.slide(at, -up * left, view, settings);
            if on.invalid_input {
                return None;
            }
            if let Some(landed) = Descent::new(at, skin, up).follow(on.contacts(), &mut way)? {
                return Some(landed);
            }
            if (on.position - at).dot(up) >= 0.0 {
                return None;
            }
            at = on.position;
            way.pass(at);
        }
        None
    }

    /// Where the body lands when moved off the wall it met at `at` (its normal `wall`, from
    /// the body into it), away from it across `up`, by as little as lets it drop straight
    /// down past it to a floor within the distance: found by halving, up to half the body's
    /// width that way (a move that still meets the wall goes further, one that finds nothing
    /// within the distance goes less far). A round body on a ledge's corner, over a slope that
    /// falls away below the ledge, lands on the slope just past the corner.
    fn off_the_corner(&self, (at, wall): (Vec2, Vec2)) -> Option<Landing> {
        let up = self.settings.up;
        let away = -across(wall, up).normalize_or_zero();
        if away == Vec2::ZERO {
            return None;
        }
        let (mut near, mut far) = (0.0, self.body.aabb(at).half_extents.dot(away.abs()));
        let mut best = None;
        for _ in 0..HALVINGS {
            let mid = 0.5 * (near + far);
            match self.drop_beside(at, away * mid) {
                Drop::Landed(landed) => (best, far) = (Some(landed), mid),
                Drop::Wall => near = mid,
                Drop::Nothing => far = mid,
            }
        }
        best
    }

    /// The body moved from `at` by `aside` (stopping at nothing), then straight down within
    /// the distance: where it lands on a floor, if that is the first thing it meets.
    fn drop_beside(&self, at: Vec2, aside: Vec2) -> Drop {
        let (up, one) = (self.settings.up, self.settings.with_max_slides(1));
        let side = self.body.slide(at, aside, self.obstacles, &one);
        if side.invalid_input || !side.contacts().is_empty() {
            return Drop::Nothing;
        }
        let start = side.position;
        let left = self.distance + (start - self.from).dot(up);
        if left <= 0.0 {
            return Drop::Nothing;
        }
        let down = self.body.slide(start, -up * left, self.obstacles, &one);
        let Some(&floor) = down.contacts().first().filter(|_| !down.invalid_input) else {
            return Drop::Nothing;
        };
        if floor.surface != Surface::Floor {
            return Drop::Wall;
        }
        let mut way = Path::from(self.from);
        for point in [at, start, floor.position] {
            way.pass(point);
        }
        Drop::Landed(Landing {
            end: floor.position,
            floor,
            way,
        })
    }
}

/// What a drop beside a wall met.
enum Drop {
    Landed(Landing),
    /// A wall or ceiling first: still over the corner.
    Wall,
    /// Nothing within the distance, or something in the way of the move aside.
    Nothing,
}

/// How many times [`Look::off_the_corner`] halves the move off a corner.
const HALVINGS: usize = 8;

/// How many slides down along walls [`land`] makes after the first, straight one.
const WAYS_DOWN: usize = 4;

/// The way of a body going down to a floor: where it last stopped, and the walls it met.
struct Descent {
    at: Vec2,
    walls: [Vec2; 2 * MAX_SLIDES as usize],
    met: usize,
    /// How far a stop may lie up or aside and still count as straight down: the skin, and
    /// the rounding of the coordinates (a skin of a few ulps, pushed out, rounds to more).
    slack: f32,
    up: Vec2,
}

impl Descent {
    fn new(from: Vec2, skin: f32, up: Vec2) -> Self {
        Self {
            at: from,
            walls: [Vec2::ZERO; 2 * MAX_SLIDES as usize],
            met: 0,
            slack: skin + 2.0 * f32::EPSILON * from.abs().max_element(),
            up,
        }
    }

    /// Whether `aside`, how far the first stop of a slide down lies across `up`, is the skin
    /// the slide keeps from a side it met (one of `contacts`): a body over a ledge's edge by
    /// less than its skin slides down along the ledge's side, pushed off it by that hair and
    /// the skin, two skins at most. (Leaving that out, a character walking off a ledge with
    /// a hair of its bottom still over it found no floor, and fell, where a snap reaches.)
    fn kept_off_a_side(&self, aside: Vec2, contacts: &[SlideContact]) -> bool {
        let off = |c: &SlideContact| c.surface == Surface::Wall && aside.dot(c.normal) < 0.0;
        aside.length() <= 2.0 * self.slack && contacts.iter().any(off)
    }

    /// Follows the stops of a slide down, adding them to `way`: `Some(Some(landing))` at the
    /// first floor, `Some(None)` past walls only, `None` where the way is no landing: the
    /// first stop not straight down, a later one rising or back into a wall met before, or a
    /// ceiling.
    fn follow(
        &mut self,
        contacts: &[SlideContact],
        way: &mut Path<WAY>,
    ) -> Option<Option<Landing>> {
        for c in contacts {
            let moved = c.position - self.at;
            // A body closer to the floor than its skin keeps the skin: it stops that much
            // higher, and has landed all the same.
            let slack = self.slack;
            let landing = if self.met == 0 {
                let aside = across(moved, self.up);
                moved.dot(self.up) <= slack
                    && (aside.length() <= slack || self.kept_off_a_side(aside, contacts))
            } else {
                let walls = &self.walls[..self.met];
                moved.dot(self.up) <= slack && walls.iter().all(|w| moved.dot(*w) <= slack)
            };
            if !landing || self.met == self.walls.len() {
                return None;
            }
            way.pass(c.position);
            match c.surface {
                Surface::Floor => {
                    return Some(Some(Landing {
                        end: c.position,
                        floor: *c,
                        way: *way,
                    }))
                }
                Surface::Ceiling => return None,
                Surface::Wall => {
                    (self.walls[self.met], self.met, self.at) =
                        (c.normal, self.met + 1, c.position);
                }
            }
        }
        Some(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Obstacle;
    use collide_core::{Rect, Rot};

    const BODY: Rect = Rect {
        half_extents: Vec2::new(4.0, 8.0),
    };

    /// Ground with its top at y = 0 (id 0) and a one-way platform (id 1) from y = 3 to 5.
    fn level() -> [Obstacle<'static>; 2] {
        let ground = Rect {
            half_extents: Vec2::new(100.0, 10.0),
        };
        let plank = Rect {
            half_extents: Vec2::new(20.0, 1.0),
        };
        [
            Obstacle::new(0, ground, Pose::from_position(Vec2::new(0.0, -10.0))),
            Obstacle::new(1, plank, Pose::from_position(Vec2::new(0.0, 4.0))).with_one_way(Vec2::Y),
        ]
    }

    #[test]
    fn a_body_partly_inside_a_one_way_platform_lands_below_it() {
        let level = level();
        let body = Body {
            shape: BODY.into(),
            rotation: Rot::IDENTITY,
        };
        let settings = SlideSettings::new(Vec2::Y);
        // Its bottom at 4, inside the plank: it lands on the ground, 4 below.
        let l = land(&body, Vec2::new(0.0, 12.0), 5.0, &level[..], &settings).unwrap();
        let (at, floor) = (l.end, l.floor);
        assert_eq!(floor.obstacle, 0);
        assert!((at.y - 8.0).abs() < 0.02, "{at}");
        // Wholly above it, it lands on the plank.
        let l = land(&body, Vec2::new(0.0, 15.0), 5.0, &level[..], &settings).unwrap();
        let (at, floor) = (l.end, l.floor);
        assert_eq!(l.way.points(), [Vec2::new(0.0, 15.0), at], "straight down");
        assert_eq!(floor.obstacle, 1);
        assert!((at.y - 13.0).abs() < 0.02, "{at}");
        // Nothing within reach: no landing.
        assert!(land(&body, Vec2::new(0.0, 40.0), 5.0, &level[..], &settings).is_none());
    }

    fn contact(position: Vec2, normal: Vec2, surface: Surface) -> SlideContact {
        SlideContact {
            obstacle: 0,
            point: position + normal,
            normal,
            position,
            surface,
        }
    }

    /// Where the first floor on a way down by these stops from `from` lands, if it does.
    fn first_floor(contacts: &[SlideContact], from: Vec2) -> Option<(Vec2, SlideContact)> {
        let mut way = Path::from(from);
        let landed = Descent::new(from, 0.01, Vec2::Y)
            .follow(contacts, &mut way)
            .flatten()?;
        // The way runs through every stop to the landing.
        assert_eq!(landed.way.points().last(), Some(&landed.end));
        Some((landed.end, landed.floor))
    }

    #[test]
    fn the_way_to_a_floor_goes_down_and_away_from_each_wall() {
        let from = Vec2::new(0.0, 10.0);
        // Down to a corner under its left side (normal into it: down-left), then on down
        // and to the right to the floor.
        let corner = contact(Vec2::new(0.0, 9.0), Vec2::new(-0.8, -0.6), Surface::Wall);
        let floor = contact(Vec2::new(2.4, 6.0), Vec2::NEG_Y, Surface::Floor);
        let landed = first_floor(&[corner, floor], from);
        assert_eq!(landed.map(|l| l.0), Some(floor.position));
        // Back into the wall, up, or first sideways: no landing.
        let into = contact(Vec2::new(-1.0, 6.0), Vec2::NEG_Y, Surface::Floor);
        assert!(first_floor(&[corner, into], from).is_none());
        let rising = contact(Vec2::new(2.0, 9.5), Vec2::NEG_Y, Surface::Floor);
        assert!(first_floor(&[corner, rising], from).is_none());
        let aside = contact(Vec2::new(1.0, 9.0), Vec2::NEG_Y, Surface::Floor);
        assert!(first_floor(&[aside], from).is_none());
        // A ceiling on the way: no landing; a wall alone: none either.
        let ceiling = contact(Vec2::new(2.0, 6.0), Vec2::Y, Surface::Ceiling);
        assert!(first_floor(&[corner, ceiling, floor], from).is_none());
        assert!(first_floor(&[corner], from).is_none());
    }
}
