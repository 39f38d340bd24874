//! `move_and_slide`: a kinematic body moved by a travel vector through static obstacles,
//! stopping at what it hits and sliding along it.

use collide_core::{clip_motion, Aabb, Layers, Motion, Pose, Rot, ShapeRef, DEFAULT_SKIN};
use glam::Vec2;

use crate::skin::working_skin;
use crate::{Obstacles, QueryFilter};

mod clear_place;
mod one_way;
mod outcome;
mod push;
mod search;
pub(crate) mod sensors;
mod settings;
pub(crate) mod solid;
mod stop;

pub use outcome::{Slide, SlideContact, MAX_SLIDES};
pub(crate) use push::least_way_out;
use push::{back_off_to_skin, push_out, settle};
use search::{sweep_all, BodyBox, Found};
use sensors::{Mover, Path, SensorList};
pub use sensors::{SensorHit, MAX_SLIDE_SENSORS};
pub use settings::{SlideSettings, Surface};
use solid::Solid;
use stop::{choose_stop, Choice};

/// How much later than the earliest stop (as a fraction of the step) another stop still counts
/// as the same moment, so that both surfaces clip the rest of the motion (a floor and a wall
/// reached together in an inside corner).
const SAME_MOMENT: f32 = 1e-5;

/// How long a travel one call of [`move_and_slide`] (or one move of a
/// [`Character`](crate::Character)) takes, at most, as a multiple of the body's reach where
/// it starts (the largest coordinate or the size of its box, and at least one unit); a longer
/// one is refused as non-finite input is ([`Slide::invalid_input`]). The gap a call keeps
/// grows with the largest coordinate its travel could reach ([`working_skin`]): a body 30
/// units from the origin asked to fall a hundred million units would keep tens of units from
/// the floor it lands on, and be backed off it against its travel.
pub const MAX_TRAVEL_RATIO: f32 = 1.0e5;

/// Whether `travel` from a body whose box is `from` is longer than [`MAX_TRAVEL_RATIO`]
/// allows (or not finite).
pub(crate) fn travel_too_long(from: &Aabb, travel: Vec2) -> bool {
    // Squared in f64, which no f32 overflows: no root to take.
    let (x, y) = (f64::from(travel.x), f64::from(travel.y));
    let longest = f64::from(longest_travel(from));
    let square = x * x + y * y;
    !square.is_finite() || square > longest * longest
}

/// The longest travel [`MAX_TRAVEL_RATIO`] allows a body whose box is `from`.
pub(crate) fn longest_travel(from: &Aabb) -> f32 {
    MAX_TRAVEL_RATIO * travel_scale(from)
}

/// The scale [`MAX_TRAVEL_RATIO`] is a ratio of, for a body whose box is `from`: its largest
/// coordinate, its size, or one unit, whichever is largest.
pub(crate) fn travel_scale(from: &Aabb) -> f32 {
    let coordinate = from.min().abs().max(from.max().abs()).max_element();
    coordinate
        .max(2.0 * from.half_extents.max_element())
        .max(1.0)
}

/// Moves a body of `shape` (turned by `rotation`) from `position` by `travel` through
/// `obstacles`: sweep, stop a skin short of the first obstacle in the way, remove from the
/// rest of the travel what goes into every surface touched so far, and go on, at most
/// [`max_slides`](SlideSettings::max_slides) times. A rest that would go against `travel`
/// (an inside corner whose walls are not square turns it so) ends the call: the body stops
/// in the corner. Only a hull turns: a [`Rect`](collide_core::Rect) ignores `rotation` (a
/// turned box is [`Hull::from_half_extents`](collide_core::Hull::from_half_extents)).
///
/// **Top-down games** (no gravity) slide the same way: give any unit `up` (`Vec2::Y`); it
/// only names the surfaces met (floor, wall, ceiling) and the way one-way platforms face.
/// [`Character`](crate::Character) is a controller for games with gravity (floors, snap,
/// steps), not for top-down ones.
///
/// The body never ends inside an obstacle it started outside of, and never passes through
/// one, at any speed. One that starts inside an obstacle is first pushed out along the
/// shortest way: out of the deepest, a skin beyond, a few times, or the nearest place a skin
/// clear of everything where that is nearer (pushed out of one tile of a floor along the side
/// it shares with the next, the rounds go the long way round) or the rounds go back and forth
/// (a door shut on a body in a narrow corridor, a body pressed into the corner of a floor and
/// a wall). That place is looked for within 16 half sizes of the body, and the straight way
/// there passes through nothing the body was not in or joined to: tiles side by side are
/// crossed; a tile it was pressed against, or a platform it touches by less than a skin,
/// never. A body with no such place near stays where it is least deep. A step whose path
/// passed within rounding of an obstacle it did not stop at
/// (a body a game put closer to a surface than the skin, sliding along it far from the
/// origin) is checked where it ends, and pushed out a skin if rounding put it inside; if it
/// cannot be, the body stays where that step began. Non-finite input, or a travel longer
/// than [`MAX_TRAVEL_RATIO`] allows, leaves the body where it is, with all its travel remaining, and so
/// does a shape that every query treats as "no hit" (a negative or non-finite radius or
/// extent), and settings whose `up` is not a unit vector or whose floor angle is outside
/// `0..=π/2` (see [`SlideSettings`]): each sets [`Slide::invalid_input`]. Allocation-free.
///
/// A one-way platform ([`Obstacle::one_way`](crate::Obstacle::one_way)) stops a step only
/// where [`Obstacle::stops_from`](crate::Obstacle::stops_from) says so: landing on its solid
/// side, moving against its `up`, from above it where the step starts (not overlapping it,
/// nor reaching below a flat top's level). A body partly inside one, however it got there,
/// passes through it and through the pieces flush beside it, and is never pushed out of one.
/// [`SlideSettings::drop_through`] ignores them for the call.
///
/// A sensor ([`Obstacle::sensor`](crate::Obstacle::sensor)) never stops, turns or pushes the
/// body: it is reported in [`Slide::sensors`], every one the body's path touched (the path
/// bends where the body stops and slides), once each, in the order the path meets them.
/// [`move_and_slide_filtered`] leaves out obstacles by id or by a predicate too.
///
/// ```
/// use collide_world::{move_and_slide, Obstacle, SlideSettings};
/// use collide_core::{Pose, Rect, Rot};
/// use glam::Vec2;
///
/// // A floor of two tiles whose tops are at y = 0 (y up), and a box resting on it.
/// let tile = Rect { half_extents: Vec2::splat(8.0) };
/// let floor = [
///     Obstacle::new(0, tile, Pose::from_position(Vec2::new(8.0, -8.0))),
///     Obstacle::new(1, tile, Pose::from_position(Vec2::new(24.0, -8.0))),
/// ];
/// let body = Rect { half_extents: Vec2::new(4.0, 6.0) };
/// let settings = SlideSettings::new(Vec2::Y);
/// // Walk right 10 units while gravity pulls 3 down: it lands and slides across the seam.
/// let step = move_and_slide(body, Rot::IDENTITY, Vec2::new(4.0, 8.0), Vec2::new(10.0, -3.0), &floor[..], &settings);
/// assert!(step.on_floor && !step.on_wall);
/// assert!((step.position.x - 14.0).abs() < 1e-4);
/// assert!(step.position.y > 6.0 && step.position.y < 6.0 + 2.0 * settings.skin);
/// ```
#[must_use]
pub fn move_and_slide<'a, O: Obstacles + ?Sized>(
    shape: impl Into<ShapeRef<'a>>,
    rotation: Rot,
    position: Vec2,
    travel: Vec2,
    obstacles: &O,
    settings: &SlideSettings,
) -> Slide {
    let filter = QueryFilter::new(Layers::ALL);
    move_and_slide_filtered(
        shape, rotation, position, travel, obstacles, settings, &filter,
    )
}

/// [`move_and_slide`] through only the obstacles `filter` allows: those on
/// [`SlideSettings::layers`] that [`QueryFilter::allows`] too (its layers, the ids it leaves
/// out, its predicate), everywhere the slide looks (the sweeps, the push out of what it
/// starts inside, the sensors it reports). A wall left out is walked through.
///
/// ```
/// use collide_world::{move_and_slide_filtered, Obstacle, QueryFilter, SlideSettings};
/// use collide_core::{Layers, Pose, Rect, Rot};
/// use glam::Vec2;
///
/// let wall = Rect { half_extents: Vec2::new(1.0, 10.0) };
/// let walls = [Obstacle::new(7, wall, Pose::from_position(Vec2::new(5.0, 0.0)))];
/// let body = Rect { half_extents: Vec2::ONE };
/// let settings = SlideSettings::new(Vec2::Y);
/// let open = [7];
/// let filter = QueryFilter::new(Layers::ALL).excluding(&open);
/// let step = move_and_slide_filtered(body, Rot::IDENTITY, Vec2::ZERO, Vec2::new(10.0, 0.0), &walls[..], &settings, &filter);
/// assert_eq!(step.position, Vec2::new(10.0, 0.0));
/// ```
#[must_use]
pub fn move_and_slide_filtered<'a, O: Obstacles + ?Sized>(
    shape: impl Into<ShapeRef<'a>>,
    rotation: Rot,
    position: Vec2,
    travel: Vec2,
    obstacles: &O,
    settings: &SlideSettings,
    filter: &QueryFilter<'_>,
) -> Slide {
    let shape = shape.into();
    // A character's settings are checked once, when it is given them; a call's here.
    if !settings.is_usable() {
        let mut out = Slide::at(position, travel);
        out.invalid_input = true;
        return out;
    }
    let solid = Solid::new(obstacles, *filter);
    let mover = Mover {
        shape,
        rotation,
        layers: settings.layers,
        filter: *filter,
    };
    let sense = |path: &[Vec2], sensors: &mut _| mover.sensors_along(path, obstacles, sensors);
    let mut out = Slide::at(position, travel);
    slide_through::<_, _, SLIDE_PATH, MAX_SLIDE_SENSORS>(
        shape, rotation, position, travel, &solid, settings, sense, &mut out,
    );
    out
}

/// How many points the path of one [`move_and_slide`] call keeps: its start, where it is
/// pushed out, and two a slide (where the step ends, where rounding settles it).
const SLIDE_PATH: usize = 2 * MAX_SLIDES as usize + 2;

/// [`move_and_slide`] through `obstacles` as they are (sensors and filters already left out
/// by the caller), written to `out` (whatever it held before); `sense` is given the points
/// the body passed through (at most `N`) and the slide's room for sensors. Not called for
/// input the call refuses.
///
/// The slide is filled in where the caller keeps it: a `Slide` returned by value from here
/// was built on this function's stack and copied out whole (over 500 bytes) on every call.
#[allow(clippy::too_many_arguments)]
pub(crate) fn slide_through<O, F, const N: usize, const S: usize>(
    shape: ShapeRef<'_>,
    rotation: Rot,
    position: Vec2,
    travel: Vec2,
    obstacles: &O,
    settings: &SlideSettings,
    sense: F,
    out: &mut Slide<S>,
) where
    O: Obstacles + ?Sized,
    F: FnOnce(&[Vec2], &mut SensorList<S>),
{
    let mut path = Path::<N>::from(position);
    out.reset(position, travel);
    let finite =
        position.is_finite() && travel.is_finite() && Pose::new(position, rotation).is_finite();
    if !(finite && shape.is_valid()) {
        out.invalid_input = true;
        return;
    }
    let body_box = BodyBox::new(shape, rotation);
    // The skin is kept above the rounding of every coordinate the body can reach this call
    // (never below zero, nor NaN): every step of the call reads it from these settings.
    let from = body_box.at(position);
    if travel_too_long(&from, travel) {
        out.invalid_input = true;
        return;
    }
    let to = Aabb::new(from.center + travel, from.half_extents);
    let asked = if settings.skin.is_finite() {
        settings.skin
    } else {
        DEFAULT_SKIN
    };
    let settings = &settings.with_skin(working_skin(asked, &[from, to]));
    let slides = settings.max_slides.min(MAX_SLIDES);
    // The first slide's sweep lists everything the body's box touches at the start, and asks
    // those whether the body starts inside them: only then does pushing out make a query of
    // its own (and the first slide is swept again, from where it ends).
    let mut found = Found::default();
    let mut first_swept = false;
    if slides > 0 && travel != Vec2::ZERO {
        let motion = Motion::new(position, position + travel, rotation);
        sweep_all(
            &body_box, &motion, travel, obstacles, settings, true, &mut found,
        );
        first_swept = !found.inside;
    }
    let mut pos = position;
    if !first_swept {
        let pushes;
        (pos, pushes) = push_out(shape, rotation, position, obstacles, settings);
        for c in pushes.into_iter().flatten() {
            out.record(c);
        }
        path.pass(pos);
    }
    let mut planes = Planes::default();
    out.contacts().iter().for_each(|c| planes.add(c.normal));
    // Pushed out a skin from a surface, the body is on it: the travel into it goes, or a
    // slight pull (less than the skin) would carry it back within rounding of the surface.
    let mut remaining = clip_motion(travel, planes.normals());
    for slide in 0..slides {
        if remaining == Vec2::ZERO {
            break;
        }
        let motion = Motion::new(pos, pos + remaining, rotation);
        if !core::mem::take(&mut first_swept) {
            found.clear();
            sweep_all(
                &body_box,
                &motion,
                remaining,
                obstacles,
                settings,
                slide == 0,
                &mut found,
            );
        }
        let Choice {
            step,
            chosen,
            back_off,
            inside,
        } = match found.first_touch() {
            Some(touch) => choose_stop(settings, &motion, &found, touch),
            None => Choice::NONE,
        };
        if inside {
            // Inside within rounding where the check on boxes saw no overlap: out as at the
            // start of a call, and the next slide sweeps on from there.
            let (pushed, pushes) = push_out(shape, rotation, motion.start, obstacles, settings);
            if pushes[0].is_some() {
                pos = pushed;
                path.pass(pos);
                for c in pushes.into_iter().flatten() {
                    out.record(c);
                    planes.add(c.normal);
                }
                remaining = clip_motion(remaining, planes.normals());
                continue;
            }
        }
        pos = if step == 1.0 {
            motion.end
        } else if back_off != Vec2::ZERO {
            back_off_to_skin(shape, rotation, motion.start, back_off, obstacles, settings)
        } else {
            motion.position_at(step)
        };
        path.pass(pos);
        let mut pushes = None;
        if step > 0.0 && found.may_round_inside(step) {
            // Nowhere safe near where the step ends: it stays where the slide started.
            let Some((settled, pushed)) = settle(shape, rotation, pos, obstacles, settings) else {
                // It stays where the slide started, and says what it stopped at there.
                pos = motion.start;
                path.pass(pos);
                if let Some(c) = chosen {
                    out.record(SlideContact { position: pos, ..c });
                }
                break;
            };
            (pos, pushes) = (settled, Some(pushed));
            path.pass(pos);
        }
        if let Some(c) = chosen {
            out.record(SlideContact { position: pos, ..c });
            planes.add(c.normal);
        }
        if let Some(pushes) = pushes {
            for c in pushes.into_iter().flatten() {
                out.record(c);
                planes.add(c.normal);
            }
        }
        let Some(stopped) = chosen else {
            remaining = Vec2::ZERO;
            break;
        };
        // What goes into the surface just stopped at goes, however little: `clip_motion` lets
        // a sliver of a long travel through as rounding, and the next slide would stop at
        // the same surface again (a hull walking fast, pulled down by a hair).
        let rest = remaining * (1.0 - step);
        let rest = rest - stopped.normal * rest.dot(stopped.normal).max(0.0);
        remaining = clip_motion(rest, planes.normals());
        // In an inside corner whose walls are not square, each slide along one turns the rest
        // against the other: a walk into a wall and a 45° slope went up the wall, then crept
        // back down, over and over. A rest that goes against the travel asked for is none.
        if remaining.dot(travel) < 0.0 {
            remaining = Vec2::ZERO;
            break;
        }
    }
    out.position = pos;
    out.remaining = remaining;
    sense(path.points(), &mut out.sensors);
}

/// The surfaces the body stopped at in one call, by their normals: what clips the rest of
/// its travel.
#[derive(Default)]
struct Planes {
    normals: [Vec2; MAX_SLIDES as usize],
    used: usize,
}

impl Planes {
    fn add(&mut self, normal: Vec2) {
        if self.used < self.normals.len() {
            self.normals[self.used] = normal;
            self.used += 1;
        }
    }

    fn normals(&self) -> &[Vec2] {
        &self.normals[..self.used]
    }
}
