//! Contact events: which pairs of keyed bodies, and of keyed bodies and obstacles, started
//! touching this frame, still touch, or stopped touching, so a game need not diff the frames'
//! hits itself ([`ContactEvents`]).

use collide_broad::buffers::{keep_headroom, keep_room};
use collide_broad::BroadPhase;
use collide_core::{Impact, DEFAULT_SKIN};
use collide_world::Obstacles;

use crate::pass::pair_table::PairTable;
use crate::pass::touching::{
    placed_body, placed_obstacle, within_margin, KeyLookup, PairKey, Tracked,
};
use crate::pass::{Body, CollisionPass, Other, Outcome, PassHit, PassStats, Response};
use crate::Error;

pub use crate::pass::event::{ContactEvent, Touching};
pub use crate::pass::touching::OtherKey;

/// How far apart two shapes that touched may end a frame and still touch, unless set with
/// [`ContactEvents::with_margin`]: twice the pass's default skin, so a body the pass stopped a
/// skin short of a floor goes on touching it.
pub const DEFAULT_MARGIN: f32 = 2.0 * DEFAULT_SKIN;

/// Which pairs of keyed bodies ([`Body::key`]), and of keyed bodies and obstacles, started
/// touching, still touch and stopped touching, frame after frame: run the pass through it.
///
/// # Touching
///
/// A pair *meets* in a frame when the pass hands a hit between them to the resolver (found
/// by the end-of-frame test or by the sweep, before or after a turn; not one dropped because
/// an earlier hit used a body up). It *touches at the end of the frame* when it met this frame
/// or touched at the end of the last one, and their shapes where the pass left them
/// ([`CollisionPass::outcomes`]) overlap or are at most the [margin](Self::with_margin)
/// apart. So a body resting on a floor, pressed into it or stopped a skin short of it, and a
/// body standing in a sensor, which overlaps it, touch every frame: they never flicker. A pair
/// that is merely near, and never met, does not touch.
///
/// # Events
///
/// [`events`](Self::events) lists, for the last frame: first every pair that
/// [started](ContactEvent::Started) touching, in the order the pass handed their first hits
/// over (time order, the pass's `(t, a, b)`); then every pair that
/// [stopped](ContactEvent::Stopped), in the order they started touching (oldest first). A
/// fast body that enters a sensor and leaves it within one frame reports both, started first.
/// The hits, and so the events, are the same for every broad phase.
///
/// A pair stops touching, too, when a side is gone from the bodies (or the world), disabled,
/// no longer finite, or on layers that no longer interact with the other's (a trigger turned
/// off through its layers reports its exits).
///
/// Bodies without a key take part in the pass but in no event. Bodies that share a key are one
/// entity to the events (the parts of a compound): a pair of keys meets when any of their
/// bodies meet, and touches at the end of a frame it met in when any two of the bodies that
/// met do (a part resting in a sensor holds the pair while another part crosses it); one that
/// met no more is judged on the bodies of its latest hit (or, when those have left that place
/// in the slice, on the first enabled body with each key). Two
/// bodies with the same key never form a pair. A sensor meeting a sensor is reported like any
/// other pair ([`Layers`](crate::Layers) leave such pairs out where a game has no use for
/// them).
///
/// # Allocation
///
/// The tracker keeps its buffers, with room for twice the busiest frame's pairs, so steady
/// frames allocate nothing. Bodies kept in one order cost nothing beyond the pairs; when a
/// pair's body is no longer where its latest hit found it, the tracker indexes the frame's
/// keyed bodies once (a hash table, reused).
///
/// ```
/// use collide::{Body, CollisionPass, ContactEvent, ContactEvents, Obstacle, OtherKey, Response};
/// use collide_core::{Circle, Pose, Rect};
/// use glam::Vec2;
///
/// let coin = [Obstacle::new(7, Circle { radius: 4.0 }, Pose::from_position(Vec2::new(50.0, 0.0)))
///     .with_sensor(true)];
/// let player = Rect { half_extents: Vec2::splat(8.0) };
/// let mut pass = CollisionPass::default();
/// let mut events = ContactEvents::default();
/// // One frame runs the player through the coin and 100 units past it.
/// let bodies = [Body::new(player, Vec2::ZERO, Vec2::new(150.0, 0.0)).with_key(1)];
/// events.run(&mut pass, &bodies, &coin[..], |_| Response::CARRY)?;
/// let [ContactEvent::Started { a: 1, b: OtherKey::Obstacle(7), impact, sensor: true }, stopped] =
///     events.events()
/// else {
///     panic!("{:?}", events.events())
/// };
/// assert!((impact.t - 38.0 / 150.0).abs() < 1e-4); // the player's face meets the coin at x = 46
/// assert_eq!(stopped.pair(), (1, OtherKey::Obstacle(7)));
/// assert!(!stopped.is_started());
/// # Ok::<(), collide::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct ContactEvents {
    margin: f32,
    /// How many frames have run (for [`Touching::started`]).
    frame: u64,
    /// The pairs touching, in the order they started, and some that stopped (not `live`).
    pairs: Vec<Tracked>,
    /// How many of `pairs` stopped.
    stopped: usize,
    /// Each pair's place in `pairs`.
    index: PairTable,
    events: Vec<ContactEvent>,
    /// The hits the pass handed over this frame, in order.
    met: Vec<Met>,
    lookup: KeyLookup,
    /// The most pairs touching at once so far.
    busiest: usize,
}

impl Default for ContactEvents {
    fn default() -> Self {
        Self::new()
    }
}

impl ContactEvents {
    /// A tracker with nothing touching, and the [`DEFAULT_MARGIN`].
    #[must_use]
    pub fn new() -> Self {
        Self {
            margin: DEFAULT_MARGIN,
            frame: 0,
            pairs: Vec::new(),
            stopped: 0,
            index: PairTable::default(),
            events: Vec::new(),
            met: Vec::new(),
            lookup: KeyLookup::default(),
            busiest: 0,
        }
    }

    /// The same tracker with this margin (see [touching](Self#touching)); far from the origin
    /// it is never less than twice the skin the pass keeps there. A negative or NaN margin is
    /// none: shapes touch only where they overlap or meet.
    #[must_use]
    pub fn with_margin(mut self, margin: f32) -> Self {
        self.margin = margin;
        self
    }

    /// The margin.
    #[must_use]
    pub fn margin(&self) -> f32 {
        self.margin
    }

    /// Runs `pass` over this frame (as [`CollisionPass::run`]), then works out which pairs of
    /// keys started and stopped touching ([`events`](Self::events)).
    ///
    /// # Errors
    ///
    /// As [`CollisionPass::run`]: the frame ran no hit, and the tracker is left as after the
    /// last frame, with no events.
    pub fn run<B: BroadPhase, O: Obstacles + ?Sized>(
        &mut self,
        pass: &mut CollisionPass<B>,
        bodies: &[Body<'_>],
        world: &O,
        mut resolve: impl FnMut(&PassHit) -> Response,
    ) -> Result<PassStats, Error> {
        self.events.clear();
        let last = self.frame;
        self.frame = last.wrapping_add(1);
        let met = &mut self.met;
        let ran = pass.run(bodies, world, |hit| {
            met.push(Met::from(hit));
            resolve(hit)
        });
        let stats = match ran {
            Ok(stats) => stats,
            Err(e) => {
                // As after the last frame: its count (which `touching` tells starts by) and
                // no hit of this one.
                self.frame = last;
                self.met.clear();
                return Err(e);
            }
        };
        self.meet_all(bodies);
        let any_turns = !pass.turns().is_empty();
        self.finish(bodies, (pass.outcomes(), any_turns), world);
        Ok(stats)
    }

    /// The last frame's events: the pairs that started touching in time order, then those
    /// that stopped in the order they had started (see [events](Self#events)).
    #[must_use]
    pub fn events(&self) -> &[ContactEvent] {
        &self.events
    }

    /// Every pair touching at the end of the last frame, in the order they started touching.
    pub fn touching(&self) -> impl Iterator<Item = Touching> + '_ {
        self.pairs.iter().filter(|p| p.live).map(|p| Touching {
            a: p.key.0,
            b: p.key.1,
            sensor: p.sensor,
            started: p.since == self.frame,
        })
    }

    /// Whether body key `a` touched `b` at the end of the last frame (either way round, for
    /// two bodies).
    #[must_use]
    pub fn is_touching(&self, a: u64, b: OtherKey) -> bool {
        let key = match b {
            OtherKey::Body(k) if k < a => (k, OtherKey::Body(a)),
            _ => (a, b),
        };
        self.index.find(&self.pairs, &key).is_some()
    }

    /// Forgets every pair (a new level): the next frame starts every contact afresh, and
    /// reports none of these as stopped.
    pub fn clear(&mut self) {
        self.pairs.clear();
        self.stopped = 0;
        self.index.clear();
        self.events.clear();
    }

    /// Notes every hit the pass handed over: a pair of keys not touching yet starts.
    fn meet_all(&mut self, bodies: &[Body<'_>]) {
        let met = core::mem::take(&mut self.met);
        for chunk in met.chunks(GATHER) {
            // The hits come in time order, their bodies scattered over memory: reading a
            // chunk's keys first lets those cache misses overlap one another.
            let mut keys = [(None, None); GATHER];
            for (k, m) in keys.iter_mut().zip(chunk) {
                *k = keys_of(bodies, m);
            }
            for (&(ka, kb), m) in keys.iter().zip(chunk) {
                if let Some(pair) = pair_of(ka, kb, m) {
                    self.meet(pair, m);
                }
            }
        }
        // Kept until the frame's end: the parts of a compound are looked up in it.
        self.met = met;
    }

    /// Notes that the pass handed over `m`, between the pair of keys `key`.
    fn meet(&mut self, (key, hint, flipped): (PairKey, (u32, u32), bool), m: &Met) {
        if let Some(at) = self.index.find(&self.pairs, &key) {
            let p = &mut self.pairs[at as usize];
            // Met again this frame, through other bodies: the parts of a compound.
            p.several |= p.met && p.hint != hint;
            // A hit that left its bodies overlapping says, with no query, that the pair
            // touches: kept over a later one of this frame that did not.
            if !(p.met && p.overlap_at_end && !m.overlap_at_end) {
                (p.hint, p.overlap_at_end) = (hint, m.overlap_at_end);
            }
            (p.met, p.sensor) = (true, m.sensor);
            return;
        }
        let mut impact = m.impact;
        if flipped {
            impact.normal = -impact.normal;
        }
        self.pairs.push(Tracked {
            key,
            sensor: m.sensor,
            since: self.frame,
            met: true,
            hint,
            overlap_at_end: m.overlap_at_end,
            several: false,
            live: true,
        });
        let at = self.pairs.len() as u32 - 1;
        let live = self.pairs.len() - self.stopped;
        self.index.insert_new(&self.pairs, at, live);
        self.events.push(ContactEvent::Started {
            a: key.0,
            b: key.1,
            impact,
            sensor: m.sensor,
        });
    }

    /// After the pass: keeps the pairs that still touch, in order, and reports the others as
    /// stopped.
    fn finish<O: Obstacles + ?Sized>(
        &mut self,
        bodies: &[Body<'_>],
        (outcomes, any_turns): (&[Outcome], bool),
        world: &O,
    ) {
        self.lookup.clear();
        self.busiest = self.busiest.max(self.pairs.len() - self.stopped);
        for i in 0..self.pairs.len() {
            let p = &self.pairs[i];
            if !p.live {
                continue;
            }
            let ends = Ends {
                bodies,
                outcomes,
                world,
                any_turns,
                met: &self.met,
            };
            if ends.still_touch(&mut self.lookup, p, self.margin) {
                (self.pairs[i].met, self.pairs[i].several) = (false, false);
            } else {
                self.index.remove(&self.pairs, &self.pairs[i].key);
                let p = &mut self.pairs[i];
                p.live = false;
                self.stopped += 1;
                self.events.push(ContactEvent::Stopped {
                    a: p.key.0,
                    b: p.key.1,
                    sensor: p.sensor,
                });
            }
        }
        self.compact();
        let count = self.met.len();
        self.met.clear();
        keep_room(&mut self.met, count);
        keep_headroom(&mut self.events);
        keep_room(&mut self.pairs, 2 * self.busiest + 32);
        self.index.keep_room(self.busiest, &self.pairs);
    }
}

impl ContactEvents {
    /// Takes back the places of the pairs that stopped, once they are as many as those that
    /// touch (so each stop costs a move and a table update once, not one per frame after).
    fn compact(&mut self) {
        if self.stopped <= 16 || 2 * self.stopped <= self.pairs.len() {
            return;
        }
        self.pairs.retain(|p| p.live);
        self.index.rebuild(&self.pairs);
        self.stopped = 0;
    }
}

/// The keys of the bodies of `m`: its `a`'s, and its other body's (`None` for an obstacle).
fn keys_of(bodies: &[Body<'_>], m: &Met) -> (Option<u64>, Option<u64>) {
    (
        bodies[m.a as usize].keyed(),
        m.other().body().and_then(|b| bodies[b].keyed()),
    )
}

/// The pair of keys of `m` (`ka` of its `a`, `kb` of its other body; the smaller body key
/// first), the bodies (or obstacle id) that hold them, and whether the hit's sides were
/// swapped to put them in that order; `None` when a body has no key, or both have the same
/// one.
fn pair_of(ka: Option<u64>, kb: Option<u64>, m: &Met) -> Option<(PairKey, (u32, u32), bool)> {
    let (ka, a) = (ka?, m.a);
    match m.other() {
        Other::Obstacle(id) => Some(((ka, OtherKey::Obstacle(id)), (a, id), false)),
        Other::Body(j) => {
            let kb = kb?;
            let b = j as u32;
            match ka.cmp(&kb) {
                core::cmp::Ordering::Less => Some(((ka, OtherKey::Body(kb)), (a, b), false)),
                core::cmp::Ordering::Greater => Some(((kb, OtherKey::Body(ka)), (b, a), true)),
                core::cmp::Ordering::Equal => None,
            }
        }
    }
}

/// How many hits [`ContactEvents::meet_all`] reads the keys of before looking them up.
const GATHER: usize = 32;

/// What the tracker keeps of a hit the pass handed over.
#[derive(Clone, Copy, Debug)]
struct Met {
    a: u32,
    /// The other body's index or the obstacle's id (see `obstacle`).
    b: u32,
    impact: Impact,
    /// Whether `b` is an obstacle's id.
    obstacle: bool,
    overlap_at_end: bool,
    sensor: bool,
}

impl Met {
    /// What `a` met.
    fn other(&self) -> Other {
        if self.obstacle {
            Other::Obstacle(self.b)
        } else {
            Other::Body(self.b as usize)
        }
    }
}

impl From<&PassHit> for Met {
    fn from(hit: &PassHit) -> Self {
        Self {
            // The pass's body indices fit in a `u32`.
            a: hit.a as u32,
            b: match hit.b {
                Other::Body(b) => b as u32,
                Other::Obstacle(id) => id,
            },
            impact: hit.impact,
            obstacle: hit.b.obstacle().is_some(),
            overlap_at_end: hit.contact.is_some(),
            sensor: hit.sensor,
        }
    }
}

/// Where a frame left everything: the bodies, where the pass put them, the static world.
struct Ends<'f, 'b, O: ?Sized> {
    bodies: &'f [Body<'b>],
    outcomes: &'f [Outcome],
    world: &'f O,
    /// Whether any body turned this frame (else no outcome need be read for it).
    any_turns: bool,
    /// The hits the pass handed over this frame.
    met: &'f [Met],
}

impl<O: Obstacles + ?Sized> Ends<'_, '_, O> {
    /// Whether pair `p` touches at the end of the frame: both sides still there, and within
    /// `margin` where they ended (known without a query when its latest hit found them
    /// overlapping there and neither turned since).
    fn still_touch(&self, lookup: &mut KeyLookup, p: &Tracked, margin: f32) -> bool {
        // A hit handed over this frame names the pair's bodies where they are now.
        let (a, b) = (p.hint.0 as usize, p.hint.1 as usize);
        let b_is_body = matches!(p.key.1, OtherKey::Body(_));
        if p.met && p.overlap_at_end && !self.turned(a) && !(b_is_body && self.turned(b)) {
            return true;
        }
        let found = lookup.find(self.bodies, p.hint.0, p.key.0).and_then(|a| {
            let b = match p.key.1 {
                OtherKey::Body(k) => lookup.find(self.bodies, p.hint.1, k)? as u32,
                OtherKey::Obstacle(id) => id,
            };
            Some((a, b))
        });
        if found.is_some_and(|(a, b)| self.touch(a, b, p.key.1, margin)) {
            return true;
        }
        // The parts of a compound: any other two of their bodies that met this frame.
        p.several
            && self.met.iter().any(|m| {
                let (ka, kb) = keys_of(self.bodies, m);
                pair_of(ka, kb, m).is_some_and(|(key, (a, b), _)| {
                    key == p.key && self.touch(a as usize, b, p.key.1, margin)
                })
            })
    }

    /// Whether body `a` and `b` (a body's index, or an obstacle's id when `other` is one)
    /// touch where the frame left them: both finite, on layers that interact, within
    /// `margin`.
    fn touch(&self, a: usize, b: u32, other: OtherKey, margin: f32) -> bool {
        let body = &self.bodies[a];
        if !body.is_finite() {
            return false;
        }
        let placed = |i: usize| placed_body(self.bodies, (self.outcomes, self.any_turns), i);
        let far_side = match other {
            OtherKey::Body(_) => {
                let with = &self.bodies[b as usize];
                if !(with.is_finite() && body.layers.interacts(with.layers)) {
                    return false;
                }
                placed(b as usize)
            }
            OtherKey::Obstacle(id) => match placed_obstacle(self.world, id, body.layers) {
                Some(o) => o,
                None => return false,
            },
        };
        within_margin(&placed(a), &far_side, margin)
    }

    /// Whether a response turned body `i` this frame.
    fn turned(&self, i: usize) -> bool {
        self.any_turns && self.outcomes.get(i).is_some_and(|o| o.turns > 0)
    }
}
