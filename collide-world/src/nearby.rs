//! A set of obstacles with those near one area listed once ([`Nearby`]): the many queries of
//! one character move (its slides, the look below, a step) read that short list instead of
//! walking the set's index each time.

use arrayvec::ArrayVec;
use collide_broad::Proxy;
use collide_core::{Aabb, Hit, Impact, Layers, Motion, ShapeRef};

use crate::obstacles::touches;
use crate::{Obstacle, Obstacles, WorldHit};
use glam::Vec2;

/// The most obstacles a [`Nearby`] lists; an area with more is left to the set itself.
const ROOM: usize = 32;

/// Room for the obstacles a [`Nearby`] lists, kept by its caller (filled in place: a list
/// this long is not moved about).
pub(crate) type NearbyList<'o> = ArrayVec<(Aabb, Obstacle<'o>), ROOM>;

/// `inner`, with the obstacles near `area` on `layers` listed once, each with its box.
///
/// A query whose area lies within `area`, on the same layers, is answered from the list: the
/// same obstacles the set would visit, less those whose box does not touch the query's (the
/// set may list more than touch, never fewer; an obstacle whose box touches a box inside
/// `area` touches `area`, so it is on the list). Any other query, and every other question,
/// goes to `inner`.
pub(crate) struct Nearby<'o, 'l, O: ?Sized> {
    inner: &'o O,
    area: Aabb,
    layers: Layers,
    /// `None` when the set listed more than [`ROOM`] obstacles near `area`.
    listed: Option<&'l [(Aabb, Obstacle<'o>)]>,
}

impl<'o, 'l, O: Obstacles + ?Sized> Nearby<'o, 'l, O> {
    /// Lists the obstacles of `inner` near `area` on `layers` in `list` (one query of the
    /// set).
    pub(crate) fn new(
        inner: &'o O,
        area: Aabb,
        layers: Layers,
        list: &'l mut NearbyList<'o>,
    ) -> Self {
        list.clear();
        let mut full = !(area.min().is_finite() && area.max().is_finite());
        if !full {
            inner.near(&area, layers, &mut |o| {
                full = full || list.try_push((o.bounds(), o)).is_err();
            });
        }
        Self {
            inner,
            area,
            layers,
            listed: (!full).then_some(list.as_slice()),
        }
    }

    /// The list, when it answers a query for `area` on `layers`.
    fn answers(&self, area: &Aabb, layers: Layers) -> Option<&'l [(Aabb, Obstacle<'o>)]> {
        self.listed
            .filter(|_| self.area.contains(area) && layers == self.layers)
    }
}

impl<O: Obstacles + ?Sized> Obstacles for Nearby<'_, '_, O> {
    fn near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        match self.answers(area, layers) {
            Some(list) => list
                .iter()
                .filter(|(bounds, _)| touches(bounds, area))
                .for_each(|(_, o)| visit(*o)),
            None => self.inner.near(area, layers, visit),
        }
    }

    fn obstacle(&self, id: u32) -> Option<Obstacle<'_>> {
        self.inner.obstacle(id)
    }

    fn near_each<'s>(&'s self, queries: &[Proxy], visit: &mut dyn FnMut(&Proxy, Obstacle<'s>)) {
        self.inner.near_each(queries, visit);
    }

    fn refine_hit(&self, id: u32, shape: ShapeRef<'_>, motion: &Motion, hit: Hit) -> Option<Hit> {
        self.inner.refine_hit(id, shape, motion, hit)
    }

    fn refine_hit_kept(
        &self,
        id: u32,
        shape: ShapeRef<'_>,
        motion: &Motion,
        hit: Hit,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<Hit> {
        self.inner.refine_hit_kept(id, shape, motion, hit, keeps)
    }

    fn cast_ray_on(&self, o: &Obstacle<'_>, from: Vec2, to: Vec2) -> Option<Impact> {
        self.inner.cast_ray_on(o, from, to)
    }

    fn seam_hit(&self, from: Vec2, to: Vec2, layers: Layers, one_way: bool) -> Option<WorldHit> {
        self.inner.seam_hit(from, to, layers, one_way)
    }

    fn seam_hit_kept(
        &self,
        from: Vec2,
        to: Vec2,
        layers: Layers,
        one_way: bool,
        keeps: &dyn Fn(&Obstacle<'_>) -> bool,
    ) -> Option<WorldHit> {
        self.inner.seam_hit_kept(from, to, layers, one_way, keeps)
    }

    fn is_empty(&self) -> bool {
        self.inner.is_empty()
    }

    fn has_moving(&self) -> bool {
        self.inner.has_moving()
    }

    /// The set's own: the list holds what ends near the area, not what passed through it.
    fn movers_near<'s>(&'s self, area: &Aabb, layers: Layers, visit: &mut dyn FnMut(Obstacle<'s>)) {
        self.inner.movers_near(area, layers, visit);
    }

    fn has_sensors(&self) -> bool {
        self.inner.has_sensors()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collide_core::{Pose, Rect};
    use glam::Vec2;

    const TILE: Rect = Rect {
        half_extents: Vec2::splat(8.0),
    };

    /// A row of `count` 16-unit tiles along y = 0, ids 0, 1, 2…
    fn row(count: u32) -> Vec<Obstacle<'static>> {
        (0..count)
            .map(|i| {
                let at = Vec2::new(16.0 * i as f32 + 8.0, -8.0);
                Obstacle::new(i, TILE, Pose::from_position(at))
            })
            .collect()
    }

    fn ids<O: Obstacles + ?Sized>(set: &O, area: &Aabb, layers: Layers) -> Vec<u32> {
        let mut ids = Vec::new();
        set.near(area, layers, &mut |o| ids.push(o.id));
        ids.sort_unstable();
        ids
    }

    fn area(min: (f32, f32), max: (f32, f32)) -> Aabb {
        Aabb::from_min_max(Vec2::new(min.0, min.1), Vec2::new(max.0, max.1))
    }

    #[test]
    fn a_query_inside_the_area_gets_what_the_set_gives() {
        let tiles = row(20);
        let listed = area((20.0, -20.0), (100.0, 20.0));
        let mut list = NearbyList::new();
        let nearby = Nearby::new(&tiles[..], listed, Layers::ALL, &mut list);
        assert!(nearby.listed.is_some());
        // Inside, touching a tile's edge exactly, and outside (answered by the set).
        for query in [
            area((30.0, -1.0), (50.0, 5.0)),
            area((32.0, 0.0), (47.0, 3.0)),
            area((20.0, -20.0), (100.0, 20.0)),
            area((150.0, -1.0), (200.0, 1.0)),
            area((10.0, -1.0), (50.0, 1.0)),
        ] {
            let want = ids(&tiles[..], &query, Layers::ALL);
            assert_eq!(ids(&nearby, &query, Layers::ALL), want, "{query:?}");
        }
        // Other layers go to the set too.
        let none = Layers::NONE;
        let query = area((30.0, -1.0), (50.0, 5.0));
        assert_eq!(ids(&nearby, &query, none), ids(&tiles[..], &query, none));
    }

    #[test]
    fn more_than_its_room_or_a_non_finite_area_leaves_every_query_to_the_set() {
        let tiles = row(2 * ROOM as u32);
        let mut list = NearbyList::new();
        let everything = area((0.0, -20.0), (2000.0, 20.0));
        let nearby = Nearby::new(&tiles[..], everything, Layers::ALL, &mut list);
        assert!(nearby.listed.is_none());
        assert_eq!(ids(&nearby, &everything, Layers::ALL).len(), 2 * ROOM);
        let mut list = NearbyList::new();
        let endless = area((0.0, -20.0), (f32::INFINITY, 20.0));
        let nearby = Nearby::new(&tiles[..], endless, Layers::ALL, &mut list);
        assert!(nearby.listed.is_none());
        assert_eq!(ids(&nearby, &everything, Layers::ALL).len(), 2 * ROOM);
    }
}
