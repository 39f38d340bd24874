//! [`Character`]: a body that remembers whether it stands on a floor, and on what, from one
//! move to the next, so that each move can snap to the floor, stop on slopes, climb steps and
//! ride moving platforms. Each slide under it is a [`move_and_slide`](crate::move_and_slide).

use collide_core::{Aabb, Layers, Pose, Rot, Shape, ShapeRef};
use glam::Vec2;

use crate::nearby::{Nearby, NearbyList};
use crate::slide::sensors::{Mover, SensorList};
use crate::slide::solid::Solid;
use crate::slide::travel_too_long;
use crate::{Error, Obstacle, Obstacles, QueryFilter, SensorHit, SlideContact};

mod body;
#[cfg(test)]
mod nearby_tests;
mod outcome;
mod platform;
mod settings;
mod snap;
mod step;
#[cfg(test)]
mod tests;
mod velocity;
mod view;
mod walk;

use body::{walks, Body};
use platform::{carry, finite, platform_velocity, push_by_movers, stands_on};
use snap::land;
use step::step_up;
use view::{Left, Without, MOST_IDS};
use walk::{walk, Stood, Walked};

pub use outcome::{CharacterMove, MAX_CHARACTER_CONTACTS};

/// The most sensors [`Character::sensors`] reports for one move (the latest along the path
/// are dropped, and [`Character::sensors_truncated`] says so).
pub const MAX_CHARACTER_SENSORS: usize = 32;
pub use settings::CharacterSettings;

/// A kinematic character that remembers, from one move to the next, whether it stands on a
/// floor, the floor's normal and the obstacle it stands on (a moving platform carries it).
///
/// Each frame, give [`move_by`](Self::move_by) the travel the character asks for (its
/// velocity times the frame's time step, gravity included), then keep the velocity that
/// [`clip_velocity`](Self::clip_velocity) leaves:
///
/// ```
/// use collide_core::{Pose, Rect};
/// use collide_world::{Character, CharacterSettings, Obstacle};
/// use glam::Vec2;
///
/// // A floor whose top is at y = 0 (y up), and a 8 × 16 box standing on it.
/// let ground = Rect { half_extents: Vec2::new(100.0, 10.0) };
/// let level = [Obstacle::new(0, ground, Pose::from_position(Vec2::new(0.0, -10.0)))];
/// let settings = CharacterSettings::new(Vec2::Y).with_snap_length(4.0);
/// let mut player = Character::new(Rect { half_extents: Vec2::new(4.0, 8.0) }, Vec2::new(0.0, 8.5), settings)?;
/// let mut velocity = Vec2::ZERO;
/// for _ in 0..30 {
///     velocity.x = 120.0; // walking right
///     velocity.y -= 600.0 / 60.0; // gravity
///     player.move_by(velocity / 60.0, &level[..]);
///     velocity = player.clip_velocity(velocity);
/// }
/// assert!(player.on_floor());
/// assert_eq!(player.platform(), Some(0));
/// assert!((player.position().x - 60.0).abs() < 1e-3);
/// # Ok::<(), collide_world::Error>(())
/// ```
///
/// **Moving platforms.** The obstacles given to `move_by` stand where they are at the end of
/// the frame, and a moving one's [`velocity`](crate::Obstacle::velocity) is how far it moved
/// to get there. A character that stood on one is first carried by that velocity, if it still
/// stands on it where it stood before it moved (ids are reused, and a game may put a platform
/// elsewhere: then it is not carried, and forgets it); one that a
/// moving obstacle's path met this frame is pushed along the obstacle's motion, by as much of
/// it as was left when they met (one fast enough to pass wholly through it in a frame pushes
/// it just as well: it is pushed, never passed through). One pushed into a wall
/// by a mover, or lifted into a ceiling by the platform it rides (crushed), stays out of the
/// wall and may be left inside the mover; the move
/// says which mover crushed it ([`CharacterMove::crushed`]), for a game that wants crushing
/// to hurt.
///
/// **Scale.** The slides under it ([`move_and_slide`](crate::move_and_slide)) never pass
/// through what they meet nor end inside it, and stop at what they start touching: tested for
/// every mover shape with coordinates up to 100 000 units and travels up to 10 000 units a
/// frame. Staying on the floor frame after frame is tested near the origin and, for a walk
/// down a slope into a wall, at 100 000 units: past about 20 000 units the rounding of a
/// position nears the skin (which then grows with it, see
/// [`working_skin`](crate::working_skin)), and a round character has been seen to leave the
/// floor for a frame at 100 000. Keep a level within 20 000 units of the origin for a
/// character some 10 units tall, and within about 2 000 times its height for any other: what
/// matters is the rounding of a position beside the character's size (a 0.1-unit character
/// on 0.05-unit tiles 20 000 units out has been seen in the air for a few frames).
///
/// **Rollback.** A character is plain data: a clone is a snapshot, and moves from equal
/// clones through equal obstacles give the same bits.
#[derive(Clone, Debug)]
pub struct Character {
    shape: Shape,
    rotation: Rot,
    position: Vec2,
    settings: CharacterSettings,
    on_floor: bool,
    floor_normal: Option<Vec2>,
    platform: Option<u32>,
    platform_velocity: Vec2,
    last: CharacterMove,
    /// The sensors the last move's path touched (kept here, not in the move: a move is
    /// copied as it is tried, and these are found once it is done).
    sensors: SensorList<MAX_CHARACTER_SENSORS>,
}

impl Character {
    /// A character of `shape` at `position`, in the air until its first move finds a floor.
    ///
    /// # Errors
    /// - [`Error::NonFinite`]: `position` not finite;
    /// - [`Error::InvalidShape`]: a circle or rect with a negative or non-finite size;
    /// - the errors of [`CharacterSettings::validate`].
    pub fn new(
        shape: impl Into<Shape>,
        position: Vec2,
        settings: CharacterSettings,
    ) -> Result<Self, Error> {
        let shape = shape.into();
        if !position.is_finite() {
            return Err(Error::NonFinite);
        }
        if !shape.is_valid() {
            return Err(Error::InvalidShape);
        }
        settings.validate()?;
        Ok(Self {
            shape,
            rotation: Rot::IDENTITY,
            position,
            settings,
            on_floor: false,
            floor_normal: None,
            platform: None,
            platform_velocity: Vec2::ZERO,
            last: CharacterMove::at(position),
            sensors: SensorList::EMPTY,
        })
    }

    /// Moves the character by `travel` (this frame's, gravity included) through `obstacles`,
    /// and answers what the move did (also kept: [`last_move`](Self::last_move)).
    ///
    /// In order: the platform it stood on carries it (unless the move leaves it: a jump that
    /// rises off it faster than it moves is not carried, and the platform is left out of that
    /// move; add [`platform_velocity`](Self::platform_velocity) to the jump to keep its
    /// motion); obstacles whose path met it push it along their motion; it walks its travel (see [`CharacterSettings`] for stopping on
    /// slopes and constant speed; a wall-steep slope is never climbed by walking into it); a
    /// ledge it walked into is climbed if no taller than
    /// [`max_step_height`](CharacterSettings::max_step_height); and one that was on the floor
    /// and is not moving up snaps down onto the floor within
    /// [`snap_length`](CharacterSettings::snap_length). It ends on a floor when the move, the
    /// step or the snap left it standing on one (a resting character is found on its floor
    /// even with the snap off). It never ends inside an obstacle it started outside of.
    ///
    /// A travel that is not finite, or longer than
    /// [`MAX_TRAVEL_RATIO`](crate::MAX_TRAVEL_RATIO) allows, is refused: the character stays
    /// where it is, its state unchanged, and the answer says
    /// [`invalid_input`](CharacterMove::invalid_input).
    ///
    /// Cost: the set's index is asked once for the obstacles near the whole move (its box at
    /// the start and the end, grown by the snap or step; up to 32 of them, else each slide
    /// asks the set itself). Each slide of the walk is a [`move_and_slide`](crate::move_and_slide)
    /// call of its own over those, the look below it one more (a walk along a level floor: one
    /// along it and the look a skin below; walked again the plain way where that finds no
    /// floor or it met something), a step three more when one is tried (three more again for
    /// a round body that must be carried onto the ledge's edge);
    /// and, unless the set says nothing in it moves ([`Obstacles::has_moving`]), one query for
    /// obstacles whose path met it ([`Obstacles::movers_near`]) and one or two lookups of the
    /// platform by id (a linear search in a slice of obstacles); and, unless the set says it holds no sensor
    /// ([`Obstacles::has_sensors`]), one query for the sensors along each leg of its path.
    /// Allocation-free.
    ///
    /// A sensor ([`Obstacle::sensor`](crate::Obstacle::sensor)) never stops, pushes, carries
    /// or holds up the character: it walks and falls through it, and the move reports it in
    /// [`sensors`](Self::sensors) (every one its path touched, in path order).
    pub fn move_by<O: Obstacles + ?Sized>(
        &mut self,
        travel: Vec2,
        obstacles: &O,
    ) -> &CharacterMove {
        self.move_by_filtered(travel, obstacles, &QueryFilter::new(Layers::ALL))
    }

    /// [`move_by`](Self::move_by) through only the obstacles `filter` allows (as well as the
    /// settings' layers): everywhere the move looks (its slides, the push out, the step, the
    /// snap, the platform it stands on, movers, the sensors it reports). A door left out by id
    /// is walked through; a platform left out neither carries nor holds it up.
    pub fn move_by_filtered<O: Obstacles + ?Sized>(
        &mut self,
        travel: Vec2,
        obstacles: &O,
        filter: &QueryFilter<'_>,
    ) -> &CharacterMove {
        let solid = Solid::new(obstacles, *filter);
        if solid.has_moving() {
            self.move_among_movers(travel, &solid);
        } else {
            self.move_through(travel, &solid);
        }
        self.sensors.clear();
        if !self.last.invalid_input {
            let mover = Mover {
                shape: self.shape.as_shape_ref(),
                rotation: self.rotation,
                layers: self.settings.slide.layers,
                filter: *filter,
            };
            mover.sensors_along(self.last.path(), obstacles, &mut self.sensors);
        }
        &self.last
    }

    /// Every sensor ([`Obstacle::sensor`](crate::Obstacle::sensor)) the path of the last
    /// move touched ([`CharacterMove::path`]), once each, in the order the path met them (by
    /// [`SensorHit::distance`], then id): a coin passed through at any speed is among them.
    /// At most [`MAX_CHARACTER_SENSORS`], the earliest. Each says whether the character was
    /// inside it at the start of the move ([`SensorHit::entered`] when not) and at its end
    /// ([`SensorHit::left`] when not): a pressure plate walked onto is entered once, reported
    /// with both flags set while the character stays on it, and left once. (A sensor taken
    /// out of the set, or a character put elsewhere with
    /// [`set_position`](Self::set_position), is simply not reported by the next move.)
    #[must_use]
    pub fn sensors(&self) -> &[SensorHit] {
        self.sensors.hits()
    }

    /// Whether the last move's path touched more sensors than [`sensors`](Self::sensors)
    /// holds.
    #[must_use]
    pub fn sensors_truncated(&self) -> bool {
        self.sensors.truncated()
    }

    /// The moving platform a move by `travel` leaves, if it does: it stood on it, and the
    /// travel rises and moves away from the platform's surface faster than the platform
    /// moves. That move is not carried by the platform, which is left out of it: the travel
    /// holds the platform's motion already when the game added
    /// [`platform_velocity`](Self::platform_velocity) to its jump, and carrying it too (or
    /// pushing it out of a rising lift) would count that motion twice.
    fn leaving<O: Obstacles + ?Sized>(&self, travel: Vec2, obstacles: &O) -> Option<u32> {
        let surface = self.floor_normal?;
        if travel.dot(self.settings.slide.up) <= 0.0 || !obstacles.has_moving() {
            return None;
        }
        let (id, velocity) = self.platform_under(obstacles)?;
        (velocity != Vec2::ZERO && (travel - velocity).dot(surface) > 0.0).then_some(id)
    }

    /// Its shape and rotation, for the steps of a move.
    fn body(&self) -> Body<'_> {
        Body {
            shape: self.shape.as_shape_ref(),
            rotation: self.rotation,
        }
    }

    /// The platform it stood on and that platform's velocity (zero when not finite), if it
    /// still stands on it at the start of this move (see [`stands_on`]): ids are reused, and
    /// a game may put a platform elsewhere.
    fn platform_under<O: Obstacles + ?Sized>(&self, obstacles: &O) -> Option<(u32, Vec2)> {
        let (true, Some(id), Some(floor)) = (self.on_floor, self.platform, self.floor_normal)
        else {
            return None;
        };
        let body = self.body();
        let o = obstacles.obstacle(id)?;
        stands_on(&body, self.position, floor, &o, &self.settings.slide)
            .then(|| (id, finite(o.velocity)))
    }

    /// The move of [`move_by`](Self::move_by) through `obstacles` as they are (seen through
    /// the filter, no sensor among them).
    fn move_through<O: Obstacles + ?Sized>(&mut self, travel: Vec2, obstacles: &O) {
        let mut out = CharacterMove::at(self.position);
        let from = self.shape.aabb(&Pose::new(self.position, self.rotation));
        if travel_too_long(&from, travel) {
            out.invalid_input = true;
            self.last = out;
            return;
        }
        let body = self.body();
        let (start, crushing) = self.ride(&body, obstacles, &mut out);
        out.crushed = crushing.into_iter().flatten().next();
        // A mover that crushed it against something is left out of the rest of the move: a
        // way out of it would go into what stopped the push.
        let uncrushed = Without::new(obstacles, Left::Ids(crushing));
        let obstacles = &uncrushed;
        // Every slide of the move looks near here: the set's index is walked once.
        let reach = self.reach(&body, start, travel);
        // A box no list is made for: every query asks the set (a test compares the two).
        #[cfg(test)]
        let reach = match nearby_tests::DIRECT.with(core::cell::Cell::get) {
            true => Aabb::new(Vec2::NAN, Vec2::NAN),
            false => reach,
        };
        let mut list = NearbyList::new();
        let nearby = Nearby::new(obstacles, reach, self.settings.slide.layers, &mut list);
        let obstacles = &nearby;
        let floor = if self.on_floor {
            self.floor_normal
        } else {
            None
        };
        let walked = self.walk(&body, start, travel, floor, obstacles, &mut out);
        let grounded = self.on_floor || walked.touched_floor;
        let not_rising = travel.dot(self.settings.slide.up) <= 0.0;
        let mut end = (walked.end, walked.floor);
        if walked.hit_wall && grounded && not_rising {
            if let Some((stepped, on)) = self.step(&body, start, travel, &walked, obstacles, &out) {
                (out, end) = (stepped, on);
            }
        }
        // A move of nothing looks too: a character set down resting on a floor is found on it.
        let looks = grounded || travel == Vec2::ZERO;
        if walked.floor.is_none() && !out.stepped && looks && not_rising {
            // Constant speed turns a walk up a slope along it: past a sharp crest the walk
            // rises into the air, and the snap reaches down as far again.
            let rose = if self.settings.constant_speed_on_slopes {
                (walked.end - start).dot(self.settings.slide.up).max(0.0)
            } else {
                0.0
            };
            end = self.snap(&body, walked.end, rose, obstacles, &mut out);
        }
        self.finish(end, obstacles, &mut out);
    }

    /// The box a move by `travel` from `start` keeps within, but for rare turns (a slide
    /// up a slope, a push out of an obstacle, a look below past a corner; their queries then
    /// ask the set itself): its boxes at the start and at the end of the travel, stretched
    /// up by the step and down by the snap (only along `up` do they reach that far), grown
    /// by a few skins. (Grown by the snap or step on every side, it held twice the tiles.)
    fn reach(&self, body: &Body<'_>, start: Vec2, travel: Vec2) -> Aabb {
        let settings = &self.settings;
        let (up, skin) = (settings.slide.up, body.skin(start, &settings.slide));
        let ends = body.aabb(start).union(&body.aabb(start + travel));
        let moved = |by: Vec2| Aabb::new(ends.center + by, ends.half_extents);
        let stepped = moved(up * settings.max_step_height);
        let snapped = moved(-up * settings.snap_length);
        ends.union(&stepped).union(&snapped).grown(4.0 * skin)
    }

    /// [`move_by`](Self::move_by) with one-way platforms ignored for this move only
    /// ([`SlideSettings::drop_through`](crate::SlideSettings::drop_through)): how a character
    /// drops through the platform it stands on, walking or not (it is not on a floor for this
    /// move when that floor is one-way). The next moves meet them again, and pass through the
    /// one it is still partly inside of. So that it is, a drop from a one-way platform goes
    /// at least two skins below the platform's top, however little `travel` goes down. A
    /// moving one-way platform neither carries nor pushes it in this move: add
    /// [`platform_velocity`](Self::platform_velocity) to `travel` to keep a lift's motion.
    pub fn move_dropping_through<O: Obstacles + ?Sized>(
        &mut self,
        travel: Vec2,
        obstacles: &O,
    ) -> &CharacterMove {
        let kept = self.settings.slide.drop_through;
        self.settings.slide.drop_through = true;
        // Standing on a one-way platform is standing on nothing for this move: a walk along
        // the floor would keep it on top, and the snap would put it back.
        let on_one_way = self
            .platform_under(obstacles)
            .and_then(|(id, _)| obstacles.obstacle(id))
            .filter(|o| o.one_way.is_some());
        let mut travel = travel;
        if let Some(platform) = on_one_way {
            self.on_floor = false;
            travel += self.sink_into(&platform, travel);
        }
        self.move_by(travel, obstacles);
        self.settings.slide.drop_through = kept;
        &self.last
    }

    /// What a drop by `travel` from the one-way platform `o` it stands on needs besides to
    /// end partly inside it, two skins below its top: a drop shorter than that (a small
    /// gravity) would meet the platform again from above on the next move and land on it.
    fn sink_into(&self, o: &Obstacle<'_>, travel: Vec2) -> Vec2 {
        let Some(side) = o.one_way else {
            return Vec2::ZERO;
        };
        let pose = Pose::new(self.position, self.rotation);
        let shape = self.shape.as_shape_ref();
        let skin = self.body().skin(self.position, &self.settings.slide);
        let lowest = -shape.reach(&pose, -side);
        let top = o.shape.reach(&o.pose, side);
        // Two skins, and the rounding of where the body ends (which may put it a hair short).
        let rounding = 4.0 * f32::EPSILON * lowest.abs().max(top.abs());
        let needed = lowest - top + 2.0 * skin + rounding;
        let short = needed + travel.dot(side);
        -side * short.max(0.0)
    }

    /// The walk of a move (see [`walk`]), along a level floor at once when it stands on one:
    /// kept when it met nothing and a look a skin below finds the floor still there (where
    /// the plain walk, a slide into the floor and one along it, ends too), else walked again
    /// the plain way.
    fn walk<O: Obstacles + ?Sized>(
        &self,
        body: &Body<'_>,
        start: Vec2,
        travel: Vec2,
        floor: Option<Vec2>,
        obstacles: &O,
        out: &mut CharacterMove,
    ) -> Walked {
        let settings = &self.settings;
        #[cfg(test)]
        let level_walk = !tests::PLAIN_WALK.with(core::cell::Cell::get);
        #[cfg(not(test))]
        let level_walk = true;
        let stood = Stood { floor, level_walk };
        let mut walked = walk(body, start, travel, stood, obstacles, settings, out);
        if !walked.level {
            return walked;
        }
        if out.len() == walked.before.contacts {
            let probe = 2.0 * body.skin(walked.end, &settings.slide);
            if let Some(on) = land(body, walked.end, probe, obstacles, &settings.slide) {
                out.record(on.floor);
                on.pass_into(out);
                (walked.end, walked.floor, walked.touched_floor) = (on.end, Some(on.floor), true);
                return walked;
            }
        }
        out.truncate(walked.before);
        let plain = Stood {
            level_walk: false,
            ..stood
        };
        walk(body, start, travel, plain, obstacles, settings, out)
    }

    /// Tries to climb onto the ledge that a walk by `travel` from `start` met (see
    /// [`step_up`]); answers the move with the step in place of the walk, where it ends and
    /// the floor it lands on, or `None` with stepping off or no step to take.
    fn step<O: Obstacles + ?Sized>(
        &self,
        body: &Body<'_>,
        start: Vec2,
        travel: Vec2,
        walked: &Walked,
        obstacles: &O,
        out: &CharacterMove,
    ) -> Option<(CharacterMove, (Vec2, Option<SlideContact>))> {
        if self.settings.max_step_height <= 0.0 || !walks(travel, self.settings.slide.up) {
            return None;
        }
        let mut stepped = *out;
        stepped.truncate(walked.before);
        let s = step_up(
            body,
            start,
            travel,
            walked.end,
            obstacles,
            &self.settings,
            &mut stepped,
        )?;
        stepped.stepped = true;
        Some((stepped, (s.end, Some(s.floor))))
    }

    /// The start of a move: carried by the platform it stood on, then pushed by obstacles
    /// that moved into it; and the movers it is still inside of (crushed).
    fn ride<O: Obstacles + ?Sized>(
        &self,
        body: &Body<'_>,
        obstacles: &O,
        out: &mut CharacterMove,
    ) -> (Vec2, [Option<u32>; MOST_IDS]) {
        let slide = &self.settings.slide;
        let mut start = self.position;
        // A set with nothing moving neither carries nor pushes: no lookup, no query.
        if !obstacles.has_moving() {
            return (start, [None; MOST_IDS]);
        }
        let platform = self.platform_under(obstacles);
        let mut carrier_crushed = false;
        if let Some(platform) = platform {
            let carried = carry(body, start, platform, obstacles, slide, out);
            (start, out.carried, carrier_crushed) = (carried.end, carried.by, carried.crushed);
        }
        let carrier = platform.map(|(id, _)| id);
        let (pushed, mut crushing) = push_by_movers(body, start, carrier, obstacles, slide);
        out.pushed = pushed - start;
        out.pass(pushed);
        if carrier_crushed {
            // Lifted into a ceiling by the platform it rode: crushed by the platform first.
            crushing.rotate_right(1);
            crushing[0] = carrier;
        }
        (pushed, crushing)
    }

    /// Looks for the floor below `end`, where a move that was on the floor, or touched one,
    /// ended in the air: as far as the snap reaches if it stood on the floor at the start,
    /// else only the skin's width (a resting character is found on its floor). Answers where
    /// it ends, and the floor it stands on.
    fn snap<O: Obstacles + ?Sized>(
        &self,
        body: &Body<'_>,
        end: Vec2,
        rose: f32,
        obstacles: &O,
        out: &mut CharacterMove,
    ) -> (Vec2, Option<SlideContact>) {
        let slide = &self.settings.slide;
        let probe = 2.0 * body.skin(end, slide);
        // A character stands a skin above its floor, and lands a skin above the next: the
        // snap's length is the drop between the two floors, with the skins on top.
        let reach = if self.on_floor {
            self.settings.snap_length + probe + rose
        } else {
            probe
        };
        match land(body, end, reach, obstacles, slide) {
            Some(landed) => {
                out.snapped = (landed.end - end).dot(slide.up) < -probe;
                out.record(landed.floor);
                landed.pass_into(out);
                (landed.end, Some(landed.floor))
            }
            None => (end, None),
        }
    }

    /// Keeps where the move ended and the floor it stands on, if any.
    fn finish<O: Obstacles + ?Sized>(
        &mut self,
        (end, floor): (Vec2, Option<SlideContact>),
        obstacles: &O,
        out: &mut CharacterMove,
    ) {
        out.position = end;
        out.pass(end);
        out.on_floor = floor.is_some();
        out.floor_normal = floor.map(|c| -c.normal);
        out.platform = floor.map(|c| c.obstacle);
        self.position = end;
        self.on_floor = out.on_floor;
        self.floor_normal = out.floor_normal;
        self.platform = out.platform;
        self.platform_velocity = match out.platform {
            Some(id) if obstacles.has_moving() => platform_velocity(obstacles, id),
            _ => Vec2::ZERO,
        };
        self.last = *out;
    }

    /// Where the character is.
    #[must_use]
    pub fn position(&self) -> Vec2 {
        self.position
    }

    /// Puts the character at `position` (a teleport): it forgets its floor and platform.
    /// A position that is not finite is ignored.
    pub fn set_position(&mut self, position: Vec2) {
        if position.is_finite() {
            self.position = position;
            self.forget_floor();
        }
    }

    /// Its rotation (only a hull turns).
    #[must_use]
    pub fn rotation(&self) -> Rot {
        self.rotation
    }

    /// Turns the character (only a hull turns); a rotation that is not finite is ignored.
    pub fn set_rotation(&mut self, rotation: Rot) {
        if rotation.cos().is_finite() && rotation.sin().is_finite() {
            self.rotation = rotation;
        }
    }

    /// Its shape.
    #[must_use]
    pub fn shape(&self) -> ShapeRef<'_> {
        self.shape.as_shape_ref()
    }

    /// Changes its shape (an animated sprite's next frame, a character crouching), keeping
    /// where it is, its floor and the platform it stands on: the next move is carried by that
    /// platform if the new shape still stands on it.
    ///
    /// The new shape is not checked against what is around it: a taller one (standing up
    /// under a low ceiling) may overlap the level, and the next move then pushes it out by
    /// the shortest way clear of everything, as any move that starts inside does, which can
    /// be through a thin floor. Check first that it fits, for example with
    /// [`obstacles_overlapping`](crate::obstacles_overlapping) at its
    /// [`position`](Self::position).
    ///
    /// # Errors
    /// [`Error::InvalidShape`]: a circle or rect with a negative or non-finite size; the
    /// shape is then unchanged.
    pub fn set_shape(&mut self, shape: impl Into<Shape>) -> Result<(), Error> {
        let shape = shape.into();
        if !shape.is_valid() {
            return Err(Error::InvalidShape);
        }
        self.shape = shape;
        Ok(())
    }

    /// Its settings.
    #[must_use]
    pub fn settings(&self) -> &CharacterSettings {
        &self.settings
    }

    /// Changes its settings.
    ///
    /// # Errors
    /// Those of [`CharacterSettings::validate`]; the settings are then unchanged.
    pub fn set_settings(&mut self, settings: CharacterSettings) -> Result<(), Error> {
        settings.validate()?;
        self.settings = settings;
        Ok(())
    }

    /// Whether the last move ended on a floor.
    #[must_use]
    pub fn on_floor(&self) -> bool {
        self.on_floor
    }

    /// The normal of the floor it stands on, out of the floor (pointing up-ish).
    #[must_use]
    pub fn floor_normal(&self) -> Option<Vec2> {
        self.floor_normal
    }

    /// The id of the obstacle it stands on, still or moving: the next move is carried by its
    /// velocity, if it still stands on that obstacle where it stood before it moved.
    #[must_use]
    pub fn platform(&self) -> Option<u32> {
        self.platform
    }

    /// The velocity (per frame, as the obstacle's) of the obstacle it stands on, zero when it
    /// stands on none or on one that stands still: what a character jumping off it inherits.
    /// Add it to the jump's travel: the jump's own move is not carried by the platform (see
    /// [`move_by`](Self::move_by)), so the motion is counted once.
    #[must_use]
    pub fn platform_velocity(&self) -> Vec2 {
        self.platform_velocity
    }

    /// What the last move did.
    #[must_use]
    pub fn last_move(&self) -> &CharacterMove {
        &self.last
    }

    fn forget_floor(&mut self) {
        self.on_floor = false;
        self.floor_normal = None;
        self.platform = None;
        self.platform_velocity = Vec2::ZERO;
    }
}
