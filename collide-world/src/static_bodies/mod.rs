//! Static bodies of any shape, added and removed by handle, indexed once in a hierarchy of
//! grids.

use collide_core::{Aabb, Circle, Hit, Layers, Motion, Pose, Rect, Shape, ShapeRef};
use glam::Vec2;

use collide_broad::Proxy;

use crate::obstacles::touches;
use crate::rect_seams::any_pair;
use crate::{Error, Obstacle, Obstacles, WorldHit};
use index::{CellIndex, Place};

mod flush;
mod index;
mod occupancy;
mod platforms;
mod sparse;

/// A static body as the set keeps it: its own copy of the shape, where it stands, its layers,
/// and, for a platform, its one-way side and how far it moved this frame. Handed out as an
/// [`Obstacle`] that borrows the shape.
#[derive(Clone, Debug, PartialEq)]
struct StaticBody {
    shape: Shape,
    pose: Pose,
    layers: Layers,
    one_way: Option<Vec2>,
    velocity: Vec2,
    sensor: bool,
}

impl StaticBody {
    /// Whether it is one-way, moving or a sensor: what its index entry reads from its slot.
    fn is_platform(&self) -> bool {
        self.one_way.is_some() || self.velocity != Vec2::ZERO || self.sensor
    }

    fn bounds(&self) -> Aabb {
        self.shape.as_shape_ref().aabb(&self.pose)
    }
}

/// Names one body of a [`StaticBodies`]; stale once that body is removed (a later body in the
/// same slot gets another handle).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StaticHandle {
    index: u32,
    generation: u32,
}

impl StaticHandle {
    /// The id this body has in [`Obstacle::id`] and in contacts. A removed body's id is given
    /// to the next body added (the handles differ: a stale one is refused), so an id kept from
    /// an old contact may name another body by then: keep the handle to tell them apart.
    #[must_use]
    pub fn id(self) -> u32 {
        self.index
    }
}

#[derive(Clone, Debug)]
struct Slot {
    body: Option<StaticBody>,
    generation: u32,
}

/// What the index keeps of a body, beside its box, so that a query reads one place in memory:
/// its id, pose and layers, and its shape unless it is a hull (read from its slot); a
/// platform's one-way side and velocity are read from its slot too.
#[derive(Clone, Copy, Debug)]
struct Standing {
    id: u32,
    pose: Pose,
    layers: Layers,
    shape: StandingShape,
    platform: bool,
}

impl Standing {
    fn of(id: u32, body: &StaticBody) -> Self {
        let shape = match &body.shape {
            Shape::Circle(c) => StandingShape::Circle(*c),
            Shape::Rect(r) => StandingShape::Rect(*r),
            Shape::Hull(_) => StandingShape::Hull,
        };
        Self {
            id,
            pose: body.pose,
            layers: body.layers,
            shape,
            platform: body.is_platform(),
        }
    }
}

#[derive(Clone, Copy, Debug)]
enum StandingShape {
    Circle(Circle),
    Rect(Rect),
    Hull,
}

/// A set of static bodies, indexed in grids that are rebuilt only when bodies are added or
/// removed.
///
/// Add and remove bodies by handle, then call [`refresh`](Self::refresh) once after a batch of
/// changes: it rebuilds the index if anything changed, and does nothing otherwise, so a level
/// that does not move costs nothing per frame. Until then, [`near`](Obstacles::near) still
/// answers correctly by checking every body. Each body is indexed once, on the grid whose cells
/// are about its size (cells twice the bodies' average size, and grids of cells twice, four
/// times … as large for larger bodies); a query reads, on each grid, a bitmap of the fine
/// cells the bodies touch, and where that finds some, the boxes of the cells under it and one
/// cell around. Its cost follows the bodies near it, not the level's size.
///
/// Platforms are static bodies too: [`set_one_way`](Self::set_one_way) makes one block from
/// one side only, and [`move_body`](Self::move_body) moves one each frame with its velocity,
/// re-indexed where it goes (no remove and add, no rebuild). The obstacles the set hands out
/// carry both ([`Obstacle::one_way`], [`Obstacle::velocity`]). A body made a sensor with
/// [`set_sensor`](Self::set_sensor) (a coin, a trigger zone) is handed out with
/// [`Obstacle::sensor`] set: reported where a body meets it, never stopping one.
///
/// ```
/// use collide_world::{Obstacles, StaticBodies};
/// use collide_core::{Aabb, Layers, Pose, Rect};
/// use glam::Vec2;
///
/// let tile = Rect { half_extents: Vec2::splat(8.0) };
/// let mut level = StaticBodies::new();
/// let handles: Vec<_> = (0..100)
///     .map(|i| level.add(tile, Pose::from_position(Vec2::new(16.0 * i as f32, 0.0)), Layers::ALL))
///     .collect::<Result<_, _>>()?;
/// level.refresh();
/// let mut seen = Vec::new();
/// level.near(&Aabb::new(Vec2::new(40.0, 0.0), Vec2::splat(1.0)), Layers::ALL, &mut |o| seen.push(o.id));
/// seen.sort_unstable();
/// assert_eq!(seen, [handles[2].id(), handles[3].id()]); // the tiles at x = 32 and 48
/// # Ok::<(), collide_world::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct StaticBodies {
    slots: Vec<Slot>,
    free: Vec<u32>,
    len: usize,
    index: CellIndex<Standing>,
    /// Where each slot's body lies in the index (current while the index is).
    places: Vec<Place>,
    /// Every indexed body's layers and masks together: a query no body can interact with
    /// (the enemies of a level only bullets hit) stops at once.
    any_layers: Layers,
    dirty: bool,
    /// The ids of the bodies with a non-zero velocity, in no order: with none, a character
    /// need not look for bodies that moved into it; else it reads these alone.
    movers: Vec<u32>,
    /// How many bodies are sensors: with none, a slide need not look for the sensors along
    /// its path.
    sensors: usize,
}

impl StaticBodies {
    /// An empty set.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a body of `shape` standing at `pose` on `layers` (the set keeps its own copy of the
    /// shape) and returns its handle.
    ///
    /// # Errors
    /// - [`Error::NonFinite`] when its pose or its shape's box is not finite;
    /// - [`Error::InvalidShape`]: a circle or rect with a negative size (one that every query
    ///   would treat as "no hit").
    pub fn add(
        &mut self,
        shape: impl Into<Shape>,
        pose: Pose,
        layers: Layers,
    ) -> Result<StaticHandle, Error> {
        let shape = shape.into();
        if !shape.is_valid() {
            return Err(Error::InvalidShape);
        }
        let body = StaticBody {
            shape,
            pose,
            layers,
            one_way: None,
            velocity: Vec2::ZERO,
            sensor: false,
        };
        let bounds = body.bounds();
        if !(bounds.center.is_finite() && bounds.half_extents.is_finite()) {
            return Err(Error::NonFinite);
        }
        self.dirty = true;
        self.len += 1;
        if let Some(index) = self.free.pop() {
            let slot = &mut self.slots[index as usize];
            slot.body = Some(body);
            return Ok(StaticHandle {
                index,
                generation: slot.generation,
            });
        }
        let index = u32::try_from(self.slots.len()).map_err(|_| Error::TooManyBodies)?;
        self.slots.push(Slot {
            body: Some(body),
            generation: 0,
        });
        Ok(StaticHandle {
            index,
            generation: 0,
        })
    }

    /// Removes a body; `false` when the handle is stale. Its id is reused by the next body
    /// added ([`StaticHandle::id`]).
    pub fn remove(&mut self, handle: StaticHandle) -> bool {
        let Some(slot) = self.slots.get_mut(handle.index as usize) else {
            return false;
        };
        if slot.generation != handle.generation {
            return false;
        }
        let Some(body) = slot.body.take() else {
            return false;
        };
        slot.generation = slot.generation.wrapping_add(1);
        if body.velocity != Vec2::ZERO {
            self.forget_mover(handle.index);
        }
        if body.sensor {
            self.sensors -= 1;
        }
        self.free.push(handle.index);
        self.len -= 1;
        self.dirty = true;
        true
    }

    /// The body behind a handle, as an obstacle (its [`Obstacle::id`] is
    /// [`handle.id()`](StaticHandle::id)); `None` when the handle is stale.
    #[must_use]
    pub fn get(&self, handle: StaticHandle) -> Option<Obstacle<'_>> {
        let slot = self.slots.get(handle.index as usize)?;
        if slot.generation != handle.generation {
            return None;
        }
        self.body_at(handle.index)
    }

    /// How many bodies there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Rebuilds the index if a body was added or removed since the last refresh, or if so
    /// many bodies have moved out of their cells ([`move_body`](Self::move_body)) that every
    /// query checking them costs more than a rebuild saves.
    pub fn refresh(&mut self) {
        if self.dirty || self.index.wants_rebuild() {
            let boxes = self.slots.iter().enumerate().filter_map(|(i, s)| {
                let b = s.body.as_ref()?;
                Some((b.bounds(), Standing::of(i as u32, b)))
            });
            self.index.build(boxes);
            self.places.clear();
            self.places.resize(self.slots.len(), Place::Loose(u32::MAX));
            for (place, s) in self.index.places() {
                self.places[s.id as usize] = place;
            }
            self.any_layers = self
                .slots
                .iter()
                .filter_map(|s| s.body.as_ref())
                .fold(Layers::NONE, |all, b| {
                    Layers::on(all.layer | b.layers.layer).with_mask(all.mask | b.layers.mask)
                });
            self.dirty = false;
        }
    }

    /// Whether the index is current (no change since the last [`refresh`](Self::refresh)).
    #[must_use]
    pub fn is_indexed(&self) -> bool {
        !self.dirty
    }

    /// The obstacle an index entry stands for.
    #[inline]
    fn standing(&self, s: &Standing) -> Obstacle<'_> {
        let shape = match s.shape {
            StandingShape::Circle(c) => ShapeRef::Circle(c),
            StandingShape::Rect(r) => ShapeRef::Rect(r),
            // A hull's slot holds it as long as the index is current.
            StandingShape::Hull => match &self.slots[s.id as usize].body {
                Some(b) => b.shape.as_shape_ref(),
                None => ShapeRef::Circle(Circle { radius: 0.0 }),
            },
        };
        let obstacle = Obstacle::new(s.id, shape, s.pose).with_layers(s.layers);
        if !s.platform {
            return obstacle; // its slot is read only for a platform
        }
        match &self.slots[s.id as usize].body {
            Some(b) => Obstacle {
                one_way: b.one_way,
                velocity: b.velocity,
                sensor: b.sensor,
                ..obstacle
            },
            None => obstacle,
        }
    }

    /// The indexed bodies near `area`, a finite box, that interact with `layers`.
    #[inline]
    fn near_indexed<'s>(
        &'s self,
        area: &Aabb,
        layers: Layers,
        mut visit: impl FnMut(Obstacle<'s>),
    ) {
        if !self.index.may_touch(area) {
            return; // the bitmaps alone: most queries of a dense level stop here
        }
        self.index.visit(area, &mut |s| {
            if s.layers.interacts(layers) {
                visit(self.standing(s));
            }
        });
    }

    fn body_at(&self, index: u32) -> Option<Obstacle<'_>> {
        let body = self.slots.get(index as usize)?.body.as_ref()?;
        Some(Obstacle {
            one_way: body.one_way,
            velocity: body.velocity,
            sensor: body.sensor,
            ..Obstacle::new(index, body.shape.as_shape_ref(), body.pose).with_layers(body.layers)
        })
    }
}

impl Obstacles for StaticBodies {
    fn is_empty(&self) -> bool {
        StaticBodies::is_empty(self)
    }

    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>> {
        self.body_at(id)
    }

    /// A hit on a rect follows a tile map's face rule: a normal off an axis by less than a
    /// thousandth is that face's, and a hit on a corner where another body of the same kind
    /// covers one of the faces meeting there, and not the other, gets the other face's
    /// normal: the corner between two blocks laid edge to edge, met within rounding of their
    /// flat face, is that face. Every other hit is kept as it is.
    fn refine_hit(&self, id: u32, _: ShapeRef<'_>, _: &Motion, hit: Hit) -> Option<Hit> {
        Some(self.face_rule(id, hit))
    }

    /// The same rule on the set without the bodies `keeps` leaves out: only those it keeps
    /// cover a face, so a filtered query answers as the same query with them removed.
    fn refine_hit_kept(
        &self,
        id: u32,
        _: ShapeRef<'_>,
        _: &Motion,
        hit: Hit,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<Hit> {
        Some(self.face_rule_among(id, hit, &keeps))
    }

    /// The seams of rects laid edge to edge among the bodies `keeps` keeps.
    fn seam_hit_kept(
        &self,
        from: Vec2,
        to: Vec2,
        layers: Layers,
        _: bool,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<WorldHit> {
        crate::rect_seams::rect_seam_hit_kept(self, (from, to), layers, keeps, any_pair)
    }

    /// Listed as bodies are moved and removed: no body is looked at.
    fn has_moving(&self) -> bool {
        !self.movers.is_empty()
    }

    /// The bodies it knows move, each checked here: no index is walked.
    fn movers_near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        self.visit_movers(area, layers, visit);
    }

    /// Counted as bodies are made sensors and removed: no body is looked at.
    fn has_sensors(&self) -> bool {
        self.sensors > 0
    }

    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        if !(area.center.is_finite() && area.half_extents.is_finite()) {
            return;
        }
        if self.dirty {
            // No index to filter by box: every body, each checked here.
            for index in 0..self.slots.len() as u32 {
                if let Some(o) = self.body_at(index) {
                    if o.layers.interacts(layers) && touches(&o.bounds(), area) {
                        visit(o);
                    }
                }
            }
            return;
        }
        if self.any_layers.interacts(layers) {
            self.near_indexed(area, layers, visit);
        }
    }

    fn near_each<'s>(&'s self, queries: &[Proxy], visit: &mut dyn FnMut(&Proxy, Obstacle<'s>)) {
        if self.dirty {
            for q in queries {
                self.near(&q.bounds, q.layers, &mut |o| visit(q, o));
            }
            return;
        }
        // One call for every query: the level's index is walked inline, body after body.
        for q in queries {
            // A non-finite box finds nothing.
            let finite = q.bounds.center.is_finite() && q.bounds.half_extents.is_finite();
            if self.any_layers.interacts(q.layers) && finite {
                self.near_indexed(&q.bounds, q.layers, |o| visit(q, o));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::{Circle, Rect};
    use collide_testkit::SplitMix64;
    use glam::Vec2;

    /// The pass skips its lookups for a static world that says it is empty: a set with no
    /// body (never filled, or emptied again) says so, and one with a body does not.
    #[test]
    fn an_empty_set_says_so_to_the_pass() {
        let mut rng = SplitMix64::new(0xE5);
        let mut set = StaticBodies::new();
        assert!(Obstacles::is_empty(&set));
        let handle = set.add_body(body(&mut rng)).expect("a valid body");
        assert!(!Obstacles::is_empty(&set));
        assert!(set.remove(handle));
        assert!(Obstacles::is_empty(&set));
        let none: &[Obstacle<'_>] = &[];
        assert!(Obstacles::is_empty(none));
    }

    impl StaticBodies {
        fn add_body(
            &mut self,
            (shape, pose, layers): (Shape, Pose, Layers),
        ) -> Result<StaticHandle, Error> {
            self.add(shape, pose, layers)
        }
    }

    fn body(rng: &mut SplitMix64) -> (Shape, Pose, Layers) {
        let at = Pose::from_position(rng.in_box(Vec2::splat(-500.0), Vec2::splat(500.0)));
        let shape: Shape = if rng.unit() < 0.5 {
            Circle {
                radius: rng.range(1.0, 20.0),
            }
            .into()
        } else {
            let huge = rng.unit() < 0.02;
            let half = Vec2::new(rng.range(1.0, 30.0), rng.range(1.0, 30.0));
            Rect {
                half_extents: if huge { half * 40.0 } else { half },
            }
            .into()
        };
        (shape, at, Layers::on(1 << rng.index(3)).with_mask(u32::MAX))
    }

    fn seen(bodies: &StaticBodies, area: &Aabb, layers: Layers) -> Vec<u32> {
        let mut out = Vec::new();
        bodies.near(area, layers, &mut |o| out.push(o.id));
        out.sort_unstable();
        out
    }

    /// Seeded rounds of adds and removes, each time the index against a scan of every body;
    /// with `far`, bodies far away too (their cells saturate, and the level's table is a hash
    /// of its occupied cells), else the bodies lie close (a dense table and its bitmap).
    fn index_against_scan(seed: u64, far: bool) {
        let mut rng = SplitMix64::new(seed);
        let mut bodies = StaticBodies::new();
        let mut handles = Vec::new();
        for round in 0..4 {
            for _ in 0..300 {
                handles.push(bodies.add_body(body(&mut rng)).unwrap());
            }
            for _ in 0..100 {
                let h = handles.swap_remove(rng.index(handles.len()));
                assert!(bodies.remove(h));
                assert!(!bodies.remove(h), "a stale handle removes nothing");
            }
            for far in [3e9, -3e9].into_iter().filter(|_| far) {
                let at = Pose::from_position(Vec2::new(far, rng.range(-1e9, 1e9)));
                handles.push(bodies.add(Circle { radius: 5.0 }, at, Layers::ALL).unwrap());
            }
            // Queries as wide as the level read every body instead of every cell.
            let queries: Vec<(Aabb, Layers)> = (0..300)
                .map(|i| {
                    let c = rng.in_box(Vec2::splat(-700.0), Vec2::splat(700.0));
                    let wide = [80.0, 80.0, 80.0, 3_000.0, 4e9, 2.0][i % 6];
                    let h = Vec2::new(rng.range(0.0, wide), rng.range(0.0, wide));
                    (
                        Aabb::new(c, h),
                        Layers::on(u32::MAX).with_mask(1 << rng.index(3)),
                    )
                })
                .collect();
            let scanned: Vec<Vec<u32>> =
                queries.iter().map(|(a, l)| seen(&bodies, a, *l)).collect();
            bodies.refresh();
            assert!(bodies.is_indexed());
            assert_eq!(bodies.index.hashed_levels() > 0, far, "round {round}");
            let mut listed = 0;
            for ((area, layers), want) in queries.iter().zip(&scanned) {
                assert_eq!(&seen(&bodies, area, *layers), want, "round {round}");
                listed += want.len();
            }
            assert!(listed > 100, "round {round}: queries found only {listed}");
            // Each body's own box, and boxes just clear of it, as queries: edges shared
            // exactly count, and a gap of an ulp does not.
            for h in handles.iter().take(50) {
                let b = bodies.get(*h).unwrap();
                let bounds = b.bounds();
                assert!(seen(&bodies, &bounds, Layers::ALL).contains(&h.id()));
                let right = Vec2::new(bounds.max().x, bounds.center.y);
                // `Aabb` keeps a centre and half-extents: nudged until its left edge is at or
                // before the body's right edge.
                let mut touching = Aabb::from_min_max(right, right + 1.0);
                while touching.min().x > right.x {
                    touching.center.x = touching.center.x.next_down();
                }
                assert!(seen(&bodies, &touching, Layers::ALL).contains(&h.id()));
                // The nearest box whose left edge (as `Aabb` computes it) is past the body's.
                let mut clear = touching;
                while clear.min().x <= right.x {
                    clear.center.x = clear.center.x.next_up();
                }
                assert!(!seen(&bodies, &clear, Layers::ALL).contains(&h.id()));
            }
        }
        assert_eq!(bodies.len(), handles.len());
    }

    #[test]
    fn the_index_lists_exactly_what_a_scan_of_every_body_lists() {
        index_against_scan(33, false);
        index_against_scan(34, false);
    }

    #[test]
    fn far_apart_bodies_are_indexed_by_their_occupied_cells_alone() {
        index_against_scan(35, true);
    }

    /// Many queries at once (as the collision pass asks) list what each query alone lists, in
    /// the same order, query after query: small and wide boxes, boxes far away and at huge
    /// coordinates, non-finite boxes (nothing) and queries no body's layers interact with;
    /// before the index is built and after.
    #[test]
    fn many_queries_at_once_list_what_each_lists_alone_in_order() {
        let mut rng = SplitMix64::new(0xEAC4);
        let mut bodies = StaticBodies::new();
        for _ in 0..2_000 {
            bodies.add_body(body(&mut rng)).unwrap();
        }
        let far = Pose::from_position(Vec2::new(3e9, -2e9));
        bodies
            .add(Circle { radius: 5.0 }, far, Layers::ALL)
            .unwrap();
        let queries: Vec<Proxy> = (0..3_000)
            .map(|i| {
                let c = match i % 11 {
                    0 => Vec2::new(3e9, -2e9) + rng.in_box(Vec2::splat(-9.0), Vec2::splat(9.0)),
                    1 => Vec2::splat(f32::NAN),
                    _ => rng.in_box(Vec2::splat(-600.0), Vec2::splat(600.0)),
                };
                let wide = [2.0, 6.0, 6.0, 20.0, 300.0, 3e9][i % 6];
                let h = Vec2::new(rng.range(0.0, wide), rng.range(0.0, wide));
                let layers = Layers::on(u32::MAX).with_mask([u32::MAX, 1, 1 << 3][i % 3]);
                Proxy::new(i as u32, Aabb::new(c, h), layers)
            })
            .collect();
        let each = |bodies: &StaticBodies| {
            let mut together = Vec::new();
            bodies.near_each(&queries, &mut |q, o| together.push((q.id, o.id)));
            together
        };
        // Before the index is built, every body is checked: the oracle, as sets.
        let mut scanned = each(&bodies);
        scanned.sort_unstable();
        assert!(
            scanned.len() > 3_000,
            "the queries found only {}",
            scanned.len()
        );
        bodies.refresh();
        let mut alone = Vec::new();
        for q in &queries {
            bodies.near(&q.bounds, q.layers, &mut |o| alone.push((q.id, o.id)));
        }
        let together = each(&bodies);
        assert_eq!(together, alone);
        let mut sorted = together;
        sorted.sort_unstable();
        assert_eq!(sorted, scanned);
    }

    #[test]
    fn bad_bodies_are_refused_and_bad_queries_find_nothing() {
        let mut bodies = StaticBodies::new();
        let nan = Pose::from_position(Vec2::NAN);
        let refused = bodies.add(Circle { radius: 1.0 }, nan, Layers::ALL);
        assert_eq!(refused, Err(Error::NonFinite));
        // A shape no query sees, as `Character::new` refuses it.
        let negative = bodies.add(Circle { radius: -1.0 }, Pose::IDENTITY, Layers::ALL);
        assert_eq!(negative, Err(Error::InvalidShape));
        let flat = Rect {
            half_extents: Vec2::new(-2.0, 1.0),
        };
        assert_eq!(
            bodies.add(flat, Pose::IDENTITY, Layers::ALL),
            Err(Error::InvalidShape)
        );
        assert!(bodies.is_empty());
        let h = bodies
            .add(Circle { radius: 1.0 }, Pose::IDENTITY, Layers::ALL)
            .unwrap();
        bodies.refresh();
        assert!(seen(&bodies, &Aabb::new(Vec2::NAN, Vec2::ONE), Layers::ALL).is_empty());
        assert_eq!(
            seen(&bodies, &Aabb::new(Vec2::ZERO, Vec2::ONE), Layers::ALL),
            [h.id()]
        );
        assert!(seen(&bodies, &Aabb::new(Vec2::ZERO, Vec2::ONE), Layers::NONE).is_empty());
        // An edge shared exactly counts: a sweep can reach it.
        assert_eq!(
            seen(
                &bodies,
                &Aabb::new(Vec2::new(2.0, 0.0), Vec2::ONE),
                Layers::ALL
            ),
            [h.id()]
        );
    }
}
