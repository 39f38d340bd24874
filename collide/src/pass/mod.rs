//! The collision pass: a frame's bodies in, hits out, resolved in the order they happened.
//!
//! Per frame: the swept bounds of every enabled body ([`Body::swept_bounds`]: its shape at the
//! start and at the end of the frame) go to a [`BroadPhase`]; each candidate pair goes to the
//! core's narrow phase ([`narrow_phase`]), which tests the end of the frame and sweeps
//! to find when contact began, or sweeps to find a contact the end-of-frame test missed. Every
//! hit keeps its time of impact `t`; the hits are sorted by `(t, a, b)` and handed to the
//! caller in that order. When a hit uses a body up (a bullet destroys itself on impact), every
//! later hit on that body is dropped, so a bullet always hits what it reached first.
//!
//! A frame with more candidate pairs than the pass's limit ([`PassSettings::max_pairs`])
//! stops there and reports [`Error::Broad`] (`TooManyPairs`) instead of running out of memory.

mod apart;
mod body;
mod event;
mod events;
mod hit;
mod order;
mod pair_table;
mod pending;
mod response;
mod rounds;
mod settings;
pub(crate) mod statics;
mod touching;
mod turned;

pub use body::Body;
pub use events::{ContactEvent, ContactEvents, OtherKey, Touching, DEFAULT_MARGIN};
pub use hit::{Other, PassHit, PassStats};
pub use response::{Outcome, Reaction, Response, Turn};
pub use rounds::DEFAULT_MAX_TURNS;
pub use settings::{PassSettings, DEFAULT_MAX_PAIRS};

use collide_broad::buffers::{keep_headroom, keep_room};
use collide_broad::{AnyBroadPhase, BroadPhase, Proxy};
use collide_core::{narrow_phase, Circle, Motion, ShapeRef};
use collide_world::Obstacles;
use glam::Vec2;

use crate::Error;
use order::HitOrder;
use pending::earlier;
use rounds::{Frame, Rounds};

/// How many candidate pairs the pass gathers the bodies of before testing them.
const GATHER: usize = 32;

/// The collision pass over a broad phase `B`; owns and reuses every buffer it needs, so a frame
/// in steady state allocates nothing.
///
/// ```
/// use collide::{Body, CollisionPass, Reaction, Response};
/// use collide_core::{Circle, Rect};
/// use glam::Vec2;
///
/// let bullet = Circle { radius: 2.0 };
/// let enemy = Rect { half_extents: Vec2::splat(8.0) };
/// // The bullet moves 100 units in one frame: from below the enemy to far above it.
/// let bodies = [
///     Body::new(bullet, Vec2::new(0.0, -50.0), Vec2::new(0.0, 50.0)),
///     Body::stationary(enemy, Vec2::ZERO),
/// ];
/// let mut pass = CollisionPass::default();
/// let stats = pass.run(&bodies, &(), |_hit| Response::a(Reaction::Used))?;
/// assert_eq!((stats.swept_hits, stats.hits_resolved), (1, 1));
/// assert!((pass.hits()[0].impact.t - 0.4).abs() < 1e-4); // touched at y = -10 of -50..50
/// # Ok::<(), collide::Error>(())
/// ```
///
/// # Responses
///
/// A resolver may answer a hit with more than "used up": each body can carry on, stop, slide,
/// bounce or take a new velocity ([`Reaction`]). A body that turns is put a skin short of the
/// impact on its own path (both bodies, if both turn; the skin is [`DEFAULT_SKIN`](collide_core::DEFAULT_SKIN) unless set
/// with [`PassSettings::skin`]), so that it is apart from what it hit. From there it
/// moves with its new velocity for the rest of the frame and is swept again against every
/// body; the hits it then meets are handed over in the same time order as the others, and the
/// hits found on the path it left are skipped. [`turns`](Self::turns) lists every turn, and so
/// where each turned body ends the frame; [`outcomes`](Self::outcomes) gives every body's end
/// and velocity in body order.
///
/// A body turns at most [`PassSettings::max_turns`] times a frame (by default
/// [`DEFAULT_MAX_TURNS`]). At the next turn after that it stops where it is, a skin short of
/// what it hit, for the rest of the frame: it never passes through or ends inside anything it
/// answers with a turn. It keeps the velocity that turn's response asked for
/// ([`Outcome::velocity`]), so the game need do nothing: next frame it moves on from where it
/// stopped. [`Outcome::capped`] marks it and [`PassStats::capped`] counts how often that
/// happened.
///
/// ```
/// use collide::{Body, CollisionPass, Reaction, Response};
/// use collide_core::{Circle, Rect};
/// use glam::Vec2;
///
/// let ball = Circle { radius: 4.0 };
/// let wall = Rect { half_extents: Vec2::new(10.0, 100.0) };
/// // The ball would move 60 units right; the wall's face is 30 units ahead of its rim.
/// let bodies = [
///     Body::new(ball, Vec2::ZERO, Vec2::new(60.0, 0.0)),
///     Body::stationary(wall, Vec2::new(44.0, 0.0)),
/// ];
/// let mut pass = CollisionPass::default();
/// let bounce = Reaction::Bounce { restitution: 1.0 };
/// pass.run(&bodies, &(), |_hit| Response::a(bounce))?;
/// let turn = pass.turns()[0];
/// assert!((turn.t - 0.5).abs() < 1e-3 && turn.velocity == Vec2::new(-60.0, 0.0));
/// assert!((turn.end() - Vec2::ZERO).length() < 0.02); // back where it started
/// # Ok::<(), collide::Error>(())
/// ```
///
/// # The static world
///
/// A level's tiles and static bodies need not be bodies of the pass: [`run`](Self::run) and
/// [`detect`](Self::detect) take them as [`Obstacles`] indexed once (a
/// [`StaticBodies`](crate::StaticBodies), a [`TileMap`](crate::TileMap), a slice of
/// [`Obstacle`](crate::Obstacle)s). They never enter the broad phase: each body's swept box
/// asks the static world for the obstacles it reaches, so a frame costs what the moving bodies
/// and their paths reach, not the size of the level. A hit on an obstacle has `b` =
/// [`Other::Obstacle`] with its id, and comes after the hits on bodies at the same moment; hits are the ones the same
/// obstacles would give as bodies that stand still, in the same order, as the set reports them
/// ([`Obstacles::refine_hit`]: a tile map's follow its face rule, so nothing catches on the
/// seams between tiles). A one-way platform ([`Obstacle::one_way`](crate::Obstacle::one_way))
/// gives a hit only where it stops the body ([`Obstacle::stops`](crate::Obstacle::stops):
/// landing on its solid side, moving against its `up`) and the body does not overlap it where
/// its path starts; it drops every other. Obstacles never move in the pass (an obstacle's
/// `velocity` is for character controllers), turn or get used up. Two obstacles are never
/// paired.
///
/// ```
/// use collide::{Body, CollisionPass, Other, Reaction, Response, TileMap};
/// use collide_core::Circle;
/// use glam::Vec2;
///
/// let level = TileMap::from_rows(&["#....#", "#....#", "######"], Vec2::splat(16.0), Vec2::ZERO)?;
/// // A ball falls 40 units onto the floor, whose top is at y = 16.
/// let bodies = [Body::new(Circle { radius: 4.0 }, Vec2::new(40.0, 40.0), Vec2::new(40.0, 0.0))];
/// let mut pass = CollisionPass::default();
/// pass.run(&bodies, &level, |hit| {
///     assert_eq!(hit.b, Other::Obstacle(level.cell_index(2, 0)));
///     Response::a(Reaction::Stop)
/// })?;
/// assert!((pass.turns()[0].end().y - 20.0).abs() < 0.02); // resting on the floor
/// # Ok::<(), collide::Error>(())
/// ```
///
/// # Sensors and contact events
///
/// A sensor ([`Body::sensor`], [`Obstacle::sensor`](crate::Obstacle::sensor)) gives hits
/// like any body, in time order, marked [`PassHit::sensor`]; but no response turns a body for
/// one (its `Stop`, `Slide`, `Bounce` or `Velocity` is taken as `Carry`; `Used` still uses a
/// body up). Two sensors meet like any pair. Run the pass through [`ContactEvents`] for which
/// pairs of keyed bodies ([`Body::key`]) started and stopped touching.
///
/// # The pair limit
///
/// A frame tests at most [`PassSettings::max_pairs`] candidate pairs (by default
/// [`DEFAULT_MAX_PAIRS`]). Pairs take 8 bytes each, so the default lets the pair buffer grow to
/// 32 MiB (and its growth headroom to about twice that); a frame in which every one of those
/// pairs is a hit needs about 100 bytes more per hit (the hit, its copy while sorting and its
/// sort key), some 400 MiB at the default. When a frame has more pairs, the broad phase stops
/// at the limit and [`detect`](Self::detect) and [`run`](Self::run) return
/// [`Error::Broad`] (`TooManyPairs`) without testing any of them: [`hits`](Self::hits),
/// [`turns`](Self::turns) and [`outcomes`](Self::outcomes) are then empty, `resolve` is
/// never called, and [`stats`](Self::stats) holds that frame's `proxies` and
/// `skipped` and `pairs` equal to the limit, every other figure zero. The broad phase holds
/// that frame's boxes, for queries.
///
/// # Allocation
///
/// The pass keeps its buffers from frame to frame, each with room for half again the busiest
/// frame so far and for at least a pair and a hit per body. Once a response has turned a body,
/// they also keep room for a turn, a candidate and a pending hit per body (at least 256 of
/// each) and for four cells of the turned-body index per turn. So a game's frames allocate
/// nothing once the first few hundred have run, even when a frame busier than any before it
/// comes along.
#[derive(Clone, Debug)]
pub struct CollisionPass<B = AnyBroadPhase> {
    broad: B,
    settings: PassSettings,
    proxies: Vec<Proxy>,
    pairs: Vec<(u32, u32)>,
    hits: Vec<PassHit>,
    /// The hits' sort keys and the buffers that sort them.
    order: HitOrder,
    used: Vec<bool>,
    /// The turns and later hits of the frame's responses.
    rounds: Rounds,
    /// Where each body of the last run ended, in body order.
    outcomes: Vec<Outcome>,
    stats: PassStats,
}

impl Default for CollisionPass<AnyBroadPhase> {
    /// A pass over the grid with the exact sweep.
    fn default() -> Self {
        Self::new(AnyBroadPhase::default())
    }
}

impl<B: BroadPhase> CollisionPass<B> {
    /// A pass over `broad` with the exact sweep and at most [`DEFAULT_MAX_PAIRS`] candidate
    /// pairs a frame.
    #[must_use]
    pub fn new(broad: B) -> Self {
        Self {
            broad,
            settings: PassSettings::default(),
            proxies: Vec::new(),
            pairs: Vec::new(),
            hits: Vec::new(),
            order: HitOrder::default(),
            used: Vec::new(),
            rounds: Rounds::default(),
            outcomes: Vec::new(),
            stats: PassStats::default(),
        }
    }

    /// The same pass with these settings.
    #[must_use]
    pub fn with_settings(mut self, settings: PassSettings) -> Self {
        self.settings = settings;
        self
    }

    /// Changes the settings for later passes.
    pub fn set_settings(&mut self, settings: PassSettings) {
        self.settings = settings;
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> &PassSettings {
        &self.settings
    }

    /// Every turn of the last pass, in the order they happened: where and when a response
    /// changed a body's motion. A body's last turn gives where it ends the frame
    /// ([`Turn::end`]) and its velocity from then on; a body with no turn ended where its
    /// [`Body`] said. Empty after [`detect`](Self::detect), which turns nothing, and after a
    /// pass that failed: what it lists comes from the last frame's inputs alone.
    #[must_use]
    pub fn turns(&self) -> &[Turn] {
        self.rounds.turns()
    }

    /// The broad phase.
    #[must_use]
    pub fn broad_phase(&self) -> &B {
        &self.broad
    }

    /// The broad phase, mutably (for queries and hitscan casts between passes).
    pub fn broad_phase_mut(&mut self) -> &mut B {
        &mut self.broad
    }

    /// Puts `broad` in place of the broad phase for later passes and returns the old one; the
    /// pass keeps its other buffers and settings. With the default `B`, this switches strategy
    /// at run time: `pass.set_broad_phase(BroadPhaseKind::QuadTree.build())`.
    ///
    /// [`BroadPhaseKind`]: crate::BroadPhaseKind
    pub fn set_broad_phase(&mut self, broad: B) -> B {
        core::mem::replace(&mut self.broad, broad)
    }

    /// Every hit the last pass found before any response, sorted by `(t, a, b)`, including the
    /// dropped ones. (Hits found after a turn are handed to the resolver and counted in
    /// [`stats`](Self::stats).)
    #[must_use]
    pub fn hits(&self) -> &[PassHit] {
        &self.hits
    }

    /// The statistics of the last pass.
    #[must_use]
    pub fn stats(&self) -> PassStats {
        self.stats
    }

    /// Finds and sorts this frame's hits without resolving them; see [`hits`](Self::hits).
    /// Bodies meet each other and the obstacles of `world` their swept boxes reach (see
    /// [the static world](Self#the-static-world); `&()` for none).
    ///
    /// # Errors
    ///
    /// [`Error::Broad`] with `TooManyPairs` when the frame has more candidate pairs than
    /// [`PassSettings::max_pairs`]; no hits are found then (see
    /// [the pair limit](Self#the-pair-limit)).
    pub fn detect<O: Obstacles + ?Sized>(
        &mut self,
        bodies: &[Body<'_>],
        world: &O,
    ) -> Result<PassStats, Error> {
        self.outcomes.clear();
        self.rounds.forget_turns();
        let mut stats = PassStats {
            skipped: self.collect_proxies(bodies),
            proxies: self.proxies.len(),
            ..PassStats::default()
        };
        self.hits.clear();
        self.order.clear();
        // The static world first, while the proxies and bodies just read are in the cache (the
        // broad phase streams through its own data next). The hits are put in order at the
        // end, so which of the two finds its hits first makes no difference to them.
        let (hits, order) = (&mut self.hits, &mut self.order);
        let indices = statics::body_obstacle_hits(
            bodies,
            &self.proxies,
            world,
            self.settings.sweep_mode,
            &mut stats,
            &mut |hit, key| {
                order.push(hit.impact.t, hit.a as u32, key, hits.len());
                hits.push(hit);
            },
        );
        self.broad.update(&self.proxies);
        let found = self
            .broad
            .pairs_at_most(self.settings.max_pairs, &mut self.pairs);
        if let Err(error) = found {
            self.hits.clear();
            // As if nothing had been tested: the frame has no hits.
            self.stats = PassStats {
                skipped: stats.skipped,
                proxies: stats.proxies,
                pairs: self.pairs.len(),
                ..PassStats::default()
            };
            return Err(error.into());
        }
        stats.pairs = self.pairs.len();
        // Pair and hit counts swing from frame to frame as the bodies move, in small scenes by
        // several times their usual count: the buffers keep room for a pair and a hit per body
        // at least, besides half again the busiest frame so far.
        let floor = self.proxies.len();
        keep_room(&mut self.pairs, stats.pairs.max(floor));
        self.narrow_phase(bodies, &mut stats);
        let room = self.hits.len().max(self.proxies.len());
        self.order.sort(&mut self.hits, indices, room);
        self.stats = stats;
        Ok(stats)
    }

    /// The swept bounds of every enabled body, as proxies; returns how many were skipped
    /// (not finite, or of a shape no query sees).
    fn collect_proxies(&mut self, bodies: &[Body<'_>]) -> usize {
        let mut skipped = 0;
        self.proxies.clear();
        for (i, body) in bodies.iter().enumerate() {
            if !body.enabled {
                continue;
            }
            let bounds = body.swept_bounds();
            match u32::try_from(i) {
                // `bounds` alone is not enough: `min`/`max` pass over a NaN position. One sum
                // checks body and box: each term is zero when finite, NaN otherwise.
                Ok(id)
                    if body.zero_if_finite() + bounds.center * 0.0 + bounds.half_extents * 0.0
                        == Vec2::ZERO
                        && body.shape_is_valid() =>
                {
                    self.proxies.push(Proxy::new(id, bounds, body.layers));
                }
                _ => skipped += 1,
            }
        }
        keep_headroom(&mut self.proxies);
        skipped
    }

    /// Every candidate pair through the narrow phase; the hits (unsorted) added to `hits`.
    fn narrow_phase(&mut self, bodies: &[Body<'_>], stats: &mut PassStats) {
        let blank = (ShapeRef::Circle(Circle { radius: 0.0 }), Motion::default());
        let mut sides = [[blank; 2]; GATHER];
        for chunk in self.pairs.chunks(GATHER) {
            // The pairs come in the broad phase's (spatial) order, so their bodies are scattered
            // over memory. Copying a chunk's bodies first lets those cache misses overlap one
            // another, instead of stalling the narrow phase one at a time.
            for (side, &(a, b)) in sides.iter_mut().zip(chunk) {
                let (ba, bb) = (&bodies[a as usize], &bodies[b as usize]);
                *side = [(ba.shape, ba.motion()), (bb.shape, bb.motion())];
            }
            for (&[(sa, ma), (sb, mb)], &(a, b)) in sides.iter().zip(chunk) {
                let outcome = narrow_phase(sa, &ma, sb, &mb, self.settings.sweep_mode);
                stats.count_narrow(&outcome);
                if let Some(hit) = outcome.hit {
                    stats.count_hit(&hit);
                    self.order.push(hit.impact.t, a, b, self.hits.len());
                    let (a, b) = (a as usize, b as usize);
                    let sensor = bodies[a].sensor || bodies[b].sensor;
                    self.hits.push(PassHit::new(a, Other::Body(b), hit, sensor));
                }
            }
        }
    }

    /// Runs the pass: detects this frame's hits (bodies against each other and against the
    /// obstacles of `world`, `&()` for none), then hands them to `resolve` in time order, and
    /// carries out its answers (see [responses](Self#responses)). Where each body ends the
    /// frame is then in [`outcomes`](Self::outcomes).
    ///
    /// `resolve` answers each hit with a [`Response`]: a body it
    /// uses up drops out of every later hit; a body it turns (stops, slides, bounces or gets a
    /// new velocity) is swept again over the rest of the frame, and its new hits are handed over
    /// in time order too. An obstacle never moves, turns or is used up: the response's reaction
    /// for it is ignored. Bodies whose positions, rotation or shape are not finite, or whose
    /// shape is one no query sees (a negative radius or extent), are skipped and counted
    /// ([`PassStats::skipped`]). Body indices must fit in a `u32`.
    ///
    /// # Errors
    ///
    /// As [`detect`](Self::detect); `resolve` is not called then.
    pub fn run<O: Obstacles + ?Sized>(
        &mut self,
        bodies: &[Body<'_>],
        world: &O,
        mut resolve: impl FnMut(&PassHit) -> Response,
    ) -> Result<PassStats, Error> {
        let mut stats = self.detect(bodies, world)?;
        self.used.clear();
        self.used.resize(bodies.len(), false);
        keep_headroom(&mut self.used);
        self.rounds.begin(bodies.len());
        let mut next = 0;
        while let Some(hit) = self.next_hit(&mut next, &mut stats) {
            let used = |b: Option<usize>| b.is_some_and(|i| self.used[i]);
            if used(Some(hit.a)) || used(hit.b.body()) {
                stats.hits_dropped += 1;
                continue;
            }
            let response = resolve(&hit).for_hit(&hit);
            let b = hit.b.body();
            stats.hits_resolved += 1;
            self.used[hit.a] |= response.a == Reaction::Used;
            if let Some(b) = b {
                self.used[b] |= response.b == Reaction::Used;
            }
            if response.a.turns() || response.b.turns() {
                let frame = Frame {
                    broad: &self.broad,
                    bodies,
                    statics: world,
                    used: &self.used,
                    mode: self.settings.sweep_mode,
                    skin: self.settings.skin,
                    max_turns: self.settings.max_turns,
                };
                self.rounds.turn(&frame, &hit, response, &mut stats);
            }
        }
        self.rounds.outcomes(bodies, &self.used, &mut self.outcomes);
        self.stats = stats;
        Ok(stats)
    }

    /// Where each body ended the last [`run`](Self::run) and how it moves on, one per body in
    /// body order (empty after [`detect`](Self::detect)): what a game writes back into its
    /// bodies, instead of replaying [`turns`](Self::turns).
    ///
    /// A body that reached the cap on turns stands where it was safe, a skin short of what it
    /// hit, with the velocity its last response asked for: next frame it moves on from there
    /// (the game need do nothing; [`Outcome::capped`] says it happened).
    #[must_use]
    pub fn outcomes(&self) -> &[Outcome] {
        &self.outcomes
    }

    /// The next hit in time order: the earlier of the next one detected before any response
    /// and the next one found after a turn. Skips (and counts) hits found on a path a body has
    /// turned off since.
    fn next_hit(&mut self, next: &mut usize, stats: &mut PassStats) -> Option<PassHit> {
        loop {
            let detected = self.hits.get(*next).copied();
            let found = self.rounds.peek().copied();
            let take_found = match (detected, found) {
                (None, None) => return None,
                (Some(_), None) => false,
                (None, Some(_)) => true,
                (Some(d), Some(f)) => earlier(&f.hit, &d),
            };
            let (hit, turns) = if take_found {
                self.rounds.pop();
                let f = found?;
                (f.hit, f.turns)
            } else {
                *next += 1;
                (detected?, [0, 0])
            };
            if turns
                == [
                    self.rounds.turns_of(hit.a),
                    self.rounds.turns_of_other(hit.b),
                ]
            {
                return Some(hit);
            }
            stats.hits_superseded += 1;
        }
    }
}
