//! `move_and_slide`: a kinematic body moved by a travel vector through static obstacles,
//! stopping at what it hits and sliding along it.

use collide_core::{
    clip_motion, skin_tolerance, Aabb, Layers, Motion, Pose, Rot, ShapeRef, SkinImpact,
    DEFAULT_SKIN,
};
use glam::Vec2;

use crate::skin::working_skin;
use crate::Obstacles;

mod one_way;
mod push;
mod search;

use push::{back_off_to_skin, push_out, settle};
use search::{sweep_all, BodyBox, Found};

/// The most slides one call may take, whatever [`SlideSettings::max_slides`] asks for.
pub const MAX_SLIDES: u32 = 16;

/// How much later than the earliest stop (as a fraction of the step) another stop still counts
/// as the same moment, so that both surfaces clip the rest of the motion (a floor and a wall
/// reached together in an inside corner).
const SAME_MOMENT: f32 = 1e-5;

/// The steepest floor by default: 45°.
const DEFAULT_FLOOR_ANGLE: f32 = core::f32::consts::FRAC_PI_4;

/// How [`move_and_slide`] moves a body.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlideSettings {
    /// Unit vector pointing up, to tell floors from walls and ceilings: `Vec2::Y` when y
    /// grows upwards, `Vec2::NEG_Y` in screen coordinates (y down).
    pub up: Vec2,
    /// How many times the body may stop and slide on in one call (default 4, at most
    /// [`MAX_SLIDES`]).
    pub max_slides: u32,
    /// The steepest slope, in radians from flat, that counts as a floor (default 45°). A
    /// non-finite angle counts as the default (one set with
    /// [`with_max_floor_angle`](Self::with_max_floor_angle) is ignored): a NaN would make
    /// every surface a wall.
    pub max_floor_angle: f32,
    /// The gap left between the body and what it stops at (default [`DEFAULT_SKIN`]), so it
    /// never rests inside an obstacle through rounding; a body that starts touching a surface
    /// and moves into it is backed off to this gap too. A call keeps at least four ulps of the
    /// largest coordinate the body reaches (about `5e-6` at 10 units, `0.5` at a million),
    /// whatever this asks for: a smaller gap, zero, or a negative skin could not keep the
    /// rounding of the body's position out of what it stopped at. A skin that is not finite
    /// (NaN or infinite) counts as the default (one set with [`with_skin`](Self::with_skin) is
    /// ignored): no body can keep an infinite gap.
    pub skin: f32,
    /// The body's layers; only obstacles they interact with stop it.
    pub layers: Layers,
    /// Whether one-way platforms ([`Obstacle::one_way`](crate::Obstacle::one_way)) are
    /// ignored in this call (default `false`): a character dropping down through the platform
    /// it stands on.
    pub drop_through: bool,
}

impl SlideSettings {
    /// The defaults, with `up` as the up direction (normalized; `Vec2::Y` if it cannot be).
    #[must_use]
    pub fn new(up: Vec2) -> Self {
        Self {
            up: up.try_normalize().unwrap_or(Vec2::Y),
            max_slides: 4,
            max_floor_angle: DEFAULT_FLOOR_ANGLE,
            skin: DEFAULT_SKIN,
            layers: Layers::ALL,
            drop_through: false,
        }
    }

    /// The same settings with another slide count.
    #[must_use]
    pub fn with_max_slides(mut self, max_slides: u32) -> Self {
        self.max_slides = max_slides;
        self
    }

    /// The same settings with another floor angle (radians); a non-finite angle is ignored
    /// (the settings keep the one they had), as a NaN would make every surface a wall.
    #[must_use]
    pub fn with_max_floor_angle(mut self, radians: f32) -> Self {
        if radians.is_finite() {
            self.max_floor_angle = radians;
        }
        self
    }

    /// The same settings with another skin; a non-finite skin is ignored (the settings keep
    /// the one they had), as no body can keep an infinite gap.
    #[must_use]
    pub fn with_skin(mut self, skin: f32) -> Self {
        if skin.is_finite() {
            self.skin = skin;
        }
        self
    }

    /// The same settings with these layers.
    #[must_use]
    pub fn with_layers(mut self, layers: Layers) -> Self {
        self.layers = layers;
        self
    }

    /// The same settings, ignoring one-way platforms (`true`) or not.
    #[must_use]
    pub fn with_drop_through(mut self, drop_through: bool) -> Self {
        self.drop_through = drop_through;
        self
    }

    /// What kind of surface a contact with this `normal` (from the body into the obstacle) is.
    #[must_use]
    pub fn surface(&self, normal: Vec2) -> Surface {
        let angle = if self.max_floor_angle.is_finite() {
            self.max_floor_angle
        } else {
            DEFAULT_FLOOR_ANGLE
        };
        let flat = angle.cos();
        let facing = -normal; // the surface's own normal, out of the obstacle
        if facing.dot(self.up) >= flat {
            Surface::Floor
        } else if facing.dot(-self.up) >= flat {
            Surface::Ceiling
        } else {
            Surface::Wall
        }
    }
}

/// Which way a surface the body touched faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Surface {
    /// Within the floor angle of up: the body can stand on it.
    Floor,
    /// Steeper than a floor and than a ceiling.
    Wall,
    /// Within the floor angle of down.
    Ceiling,
}

/// One thing the body stopped at.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SlideContact {
    /// The obstacle's id ([`Obstacle::id`](crate::Obstacle::id)).
    pub obstacle: u32,
    /// Where they touch, in world coordinates.
    pub point: Vec2,
    /// Unit normal from the body into the obstacle.
    pub normal: Vec2,
    /// Where the body was when it stopped there.
    pub position: Vec2,
    /// What kind of surface it is.
    pub surface: Surface,
}

impl SlideContact {
    /// A placeholder for the unused room in [`Slide`].
    const BLANK: SlideContact = SlideContact {
        obstacle: 0,
        point: Vec2::ZERO,
        normal: Vec2::ZERO,
        position: Vec2::ZERO,
        surface: Surface::Floor,
    };
}

/// What [`move_and_slide`] did.
#[derive(Clone, Copy, PartialEq)]
pub struct Slide {
    /// Where the body ended.
    pub position: Vec2,
    /// The travel it did not get to make: zero unless it ran out of slides.
    pub remaining: Vec2,
    /// It touched a floor.
    pub on_floor: bool,
    /// It touched a wall.
    pub on_wall: bool,
    /// It touched a ceiling.
    pub on_ceiling: bool,
    /// The call refused its input and left the body where it was, with all its travel
    /// remaining: a position, travel or rotation not finite, or a shape that every query
    /// treats as "no hit" (a negative or non-finite radius or extent, which a struct literal
    /// can build; [`Circle::new`](collide_core::Circle::new) and
    /// [`Rect::new`](collide_core::Rect::new) refuse them), which would otherwise fall through
    /// every floor without a word.
    pub invalid_input: bool,
    contacts: [SlideContact; MAX_SLIDES as usize],
    count: usize,
}

impl core::fmt::Debug for Slide {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Slide")
            .field("position", &self.position)
            .field("remaining", &self.remaining)
            .field("on_floor", &self.on_floor)
            .field("on_wall", &self.on_wall)
            .field("on_ceiling", &self.on_ceiling)
            .field("invalid_input", &self.invalid_input)
            .field("contacts", &self.contacts())
            .finish()
    }
}

impl Slide {
    fn at(position: Vec2, remaining: Vec2) -> Self {
        Self {
            position,
            remaining,
            on_floor: false,
            on_wall: false,
            on_ceiling: false,
            invalid_input: false,
            contacts: [SlideContact::BLANK; MAX_SLIDES as usize],
            count: 0,
        }
    }

    /// Every surface the body stopped at, in order (at most [`MAX_SLIDES`]).
    #[must_use]
    pub fn contacts(&self) -> &[SlideContact] {
        &self.contacts[..self.count]
    }

    /// `velocity` less every part that goes into a surface the body touched: zero on the axis
    /// of a floor it landed on, along a wall it hit.
    #[must_use]
    pub fn clip_velocity(&self, velocity: Vec2) -> Vec2 {
        let mut normals = [Vec2::ZERO; MAX_SLIDES as usize];
        for (n, c) in normals.iter_mut().zip(self.contacts()) {
            *n = c.normal;
        }
        clip_motion(velocity, &normals[..self.count])
    }

    fn record(&mut self, contact: SlideContact) {
        match contact.surface {
            Surface::Floor => self.on_floor = true,
            Surface::Wall => self.on_wall = true,
            Surface::Ceiling => self.on_ceiling = true,
        }
        if self.count < self.contacts.len() {
            self.contacts[self.count] = contact;
            self.count += 1;
        }
    }
}

/// Moves a body of `shape` (turned by `rotation`) from `position` by `travel` through
/// `obstacles`: sweep, stop a skin short of the first obstacle in the way, remove from the
/// rest of the travel what goes into every surface touched so far, and go on, at most
/// [`max_slides`](SlideSettings::max_slides) times.
///
/// The body never ends inside an obstacle it started outside of, and never passes through
/// one, at any speed. One that starts inside an obstacle is first pushed out along the
/// shortest way. A step whose path passed within rounding of an obstacle it did not stop at
/// (a body a game put closer to a surface than the skin, sliding along it far from the
/// origin) is checked where it ends, and pushed out a skin if rounding put it inside; if it
/// cannot be, the body stays where that step began. Non-finite input leaves the body where
/// it is, with all its travel remaining, and so does a shape that every query treats as "no
/// hit" (a negative or non-finite radius or extent): both set
/// [`Slide::invalid_input`]. Allocation-free.
///
/// A one-way platform ([`Obstacle::one_way`](crate::Obstacle::one_way)) stops a step only
/// where [`Obstacle::stops`](crate::Obstacle::stops) says so (landing on its solid side,
/// moving against its `up`) and only when the body does not overlap it where the step starts:
/// a body partly inside one, however it got there, passes through, and is never pushed out of
/// one. [`SlideSettings::drop_through`] ignores them for the call.
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
    let shape = shape.into();
    // One `Slide`, returned on every path, so that it is built where the caller keeps it.
    let mut out = Slide::at(position, travel);
    let finite =
        position.is_finite() && travel.is_finite() && Pose::new(position, rotation).is_finite();
    if !(finite && queries_see(shape)) {
        out.invalid_input = true;
        return out;
    }
    let body_box = BodyBox::new(shape, rotation);
    // The skin is kept above the rounding of every coordinate the body can reach this call
    // (never below zero, nor NaN): every step of the call reads it from these settings.
    let from = body_box.at(position);
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
        sweep_all(&body_box, &motion, obstacles, settings, true, &mut found);
        first_swept = !found.inside;
    }
    let mut pos = position;
    if !first_swept {
        let pushes;
        (pos, pushes) = push_out(shape, rotation, position, obstacles, settings);
        for c in pushes.into_iter().flatten() {
            out.record(c);
        }
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
        let mut pushes = None;
        if step > 0.0 && found.may_round_inside(step) {
            // Nowhere safe near where the step ends: it stays where the slide started.
            let Some((settled, pushed)) = settle(shape, rotation, pos, obstacles, settings) else {
                // It stays where the slide started, and says what it stopped at there.
                pos = motion.start;
                if let Some(c) = chosen {
                    out.record(SlideContact { position: pos, ..c });
                }
                break;
            };
            (pos, pushes) = (settled, Some(pushed));
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
        if chosen.is_none() {
            remaining = Vec2::ZERO;
            break;
        }
        remaining = clip_motion(remaining * (1.0 - step), planes.normals());
    }
    out.position = pos;
    out.remaining = remaining;
    out
}

/// Whether queries see `shape` at all: a circle or rect with a negative or non-finite size is
/// "no hit" for every one of them (a hull is checked when it is built).
fn queries_see(shape: ShapeRef<'_>) -> bool {
    match shape {
        ShapeRef::Circle(c) => c.is_valid(),
        ShapeRef::Rect(r) => r.is_valid(),
        ShapeRef::Hull(_) => true,
    }
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

/// When in the step along `motion` the body stops (a skin short of every obstacle `found`
/// touches at the moment `touch`), the contact whose surface clips the rest of the travel, how
/// far to back the body off that surface when it stops at once touching it ([`back_off`]),
/// and whether a stop found it inside an obstacle.
///
/// One surface clips it: a face before a corner, then the one that takes the least of the
/// travel; the next slide meets the others again if they are still in the way. Over a seam a
/// circle meets a tile's corner within rounding of the next tile's face, and the corner's
/// slanted normal would deflect it: up when the corner is ahead (it takes more), down when it
/// is behind (it takes less, so only the face rule keeps it off).
fn choose_stop(settings: &SlideSettings, motion: &Motion, found: &Found, touch: f32) -> Choice {
    let mut step = touch;
    let mut inside = false;
    let mut chosen: Option<((bool, f32), SlideContact)> = None;
    for (obstacle, stop, on_face) in found.touching_at(touch) {
        inside |= stop.started_inside;
        let (contact, t) = stop_for(settings, motion, obstacle, stop);
        step = step.min(t);
        let rank = (!on_face, motion.travel().dot(contact.normal));
        if chosen.is_none_or(|(best, _)| rank < best) {
            chosen = Some((rank, contact));
        }
    }
    let chosen = chosen.map(|(_, c)| c);
    let back_off = match chosen {
        // Backing off is moving at once, so only a stop at once does it.
        Some(c) if step == 0.0 => back_off(settings.skin, motion, found, touch, c.normal),
        _ => Vec2::ZERO,
    };
    Choice {
        step,
        chosen,
        back_off,
        inside,
    }
}

/// What [`choose_stop`] picked for one slide.
struct Choice {
    /// When in the step the body stops (`1` for no stop).
    step: f32,
    /// The contact whose surface clips the rest of the travel.
    chosen: Option<SlideContact>,
    /// How far to back the body off that surface at once ([`back_off`]).
    back_off: Vec2,
    /// A stop found the body inside an obstacle where the step starts.
    inside: bool,
}

impl Choice {
    /// No stop: the whole step.
    const NONE: Choice = Choice {
        step: 1.0,
        chosen: None,
        back_off: Vec2::ZERO,
        inside: false,
    };
}

/// How far to back a body that stops at once off the surface with this `normal`, when it
/// starts within rounding of touching it (a spawn, a pixel-snapped or a teleported position):
/// out along the normal to the `skin`, so that it rests a skin away as after any other stop.
/// Zero when it starts farther: a body a game put closer than the skin but clear of the
/// surface, or one that kept a smaller skin nearer the origin, is left where it is.
///
/// The gap is the least of every stop at once along that normal: over a seam, the tile the
/// body touches need not be the one whose stop was chosen.
fn back_off(skin: f32, motion: &Motion, found: &Found, touch: f32, normal: Vec2) -> Vec2 {
    let ulp = motion.start.abs().max(motion.end.abs()).max_element() * f32::EPSILON;
    let least = found
        .touching_at(touch)
        .filter(|(_, stop, _)| stop.t == 0.0 && stop.impact.normal == normal)
        .map(|(_, stop, _)| stop.gap)
        .fold(f32::INFINITY, f32::min);
    if least <= ulp {
        -normal * (skin - least)
    } else {
        Vec2::ZERO
    }
}

/// The contact a stop makes, and the time to stop at for it: a skin short of it along its
/// normal.
///
/// Backing off along the normal, not by distance, is what keeps a body steady on a floor of
/// separate tiles: over a seam, the next tile's corner is farther than the skin while its face,
/// which the body is about to meet, is within it; stopping by the corner's distance would bring
/// the body a little closer to the floor every frame.
fn stop_for(
    settings: &SlideSettings,
    motion: &Motion,
    obstacle: u32,
    stop: SkinImpact,
) -> (SlideContact, f32) {
    let skin = settings.skin;
    let closing = motion.travel().dot(stop.impact.normal);
    let resting = skin + skin_tolerance(skin, &motion.start_pose(), &motion.end_pose());
    let along_normal = if closing.is_nan() || closing <= 0.0 {
        stop.t
    } else if stop.impact.t * closing <= resting {
        // Already within the skin of it along the normal (resting on it): stay put, or the
        // rounding of each frame's sweep would creep the body along the normal.
        0.0
    } else {
        (stop.impact.t - skin / closing).max(0.0)
    };
    let contact = SlideContact {
        obstacle,
        point: stop.impact.point,
        normal: stop.impact.normal,
        position: motion.position_at(stop.t),
        surface: settings.surface(stop.impact.normal),
    };
    (contact, along_normal.min(stop.t))
}
