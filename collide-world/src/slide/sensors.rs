//! The sensors a body's path crosses: each one met, once, in the order the path meets them.

use collide_core::{overlaps, time_of_impact, Aabb, Layers, Motion, Pose, Rot, ShapeRef};
use glam::Vec2;

use crate::{Obstacle, Obstacles, QueryFilter};

/// The most sensors a [`Slide`](crate::Slide) reports; the rest are dropped, the latest along
/// the path first, and [`Slide::sensors_truncated`](crate::Slide::sensors_truncated) says so.
pub const MAX_SLIDE_SENSORS: usize = 16;

/// One sensor ([`Obstacle::sensor`]) a moving body's path crossed: where along the path it
/// first touched it, and whether it was inside it where the move began and where it ended.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SensorHit {
    /// The sensor's id ([`Obstacle::id`]).
    pub obstacle: u32,
    /// How far along the path the body had gone when it first touched the sensor (`0` for
    /// one it started inside): the order of the hits.
    pub distance: f32,
    /// Where the body was then.
    pub position: Vec2,
    /// Where they first touched, in world coordinates (for one it started inside, a point of
    /// their overlap).
    pub point: Vec2,
    /// Unit normal from the body into the sensor where they first touched (zero for one it
    /// started inside without moving).
    pub normal: Vec2,
    /// The body overlapped it where the move began: no new touch (a "still touching").
    pub started_inside: bool,
    /// The body overlaps it where the move ended: `false` for one it passed through or
    /// stepped out of (a "stopped touching" when `started_inside` is set too).
    pub inside_at_end: bool,
}

impl SensorHit {
    /// A placeholder for unused room.
    pub(crate) const BLANK: SensorHit = SensorHit {
        obstacle: 0,
        distance: 0.0,
        position: Vec2::ZERO,
        point: Vec2::ZERO,
        normal: Vec2::ZERO,
        started_inside: false,
        inside_at_end: false,
    };

    /// Whether the body began touching it in this move (it was not inside at the start).
    #[must_use]
    pub fn entered(&self) -> bool {
        !self.started_inside
    }

    /// Whether the body stopped touching it in this move (it is not inside at the end).
    #[must_use]
    pub fn left(&self) -> bool {
        !self.inside_at_end
    }
}

/// At most `N` sensor hits, in path order, and whether any was dropped for want of room.
#[derive(Clone, Copy, PartialEq)]
pub(crate) struct SensorList<const N: usize> {
    hits: [SensorHit; N],
    count: usize,
    truncated: bool,
}

impl<const N: usize> core::fmt::Debug for SensorList<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SensorList")
            .field("hits", &self.hits())
            .field("truncated", &self.truncated)
            .finish()
    }
}

impl<const N: usize> SensorList<N> {
    pub(crate) const EMPTY: Self = Self {
        hits: [SensorHit::BLANK; N],
        count: 0,
        truncated: false,
    };

    /// Forgets every hit.
    pub(crate) fn clear(&mut self) {
        (self.count, self.truncated) = (0, false);
    }

    /// Makes it [`EMPTY`](Self::EMPTY) again, for a list never [`clear`](Self::clear)ed (a
    /// slide's): the hits it holds are blanked, and those past them are blank already (hits
    /// are only added, or moved among those held).
    pub(crate) fn reset(&mut self) {
        self.hits[..self.count].fill(SensorHit::BLANK);
        (self.count, self.truncated) = (0, false);
    }

    pub(crate) fn hits(&self) -> &[SensorHit] {
        &self.hits[..self.count]
    }

    pub(crate) fn truncated(&self) -> bool {
        self.truncated
    }

    /// Keeps `hit` unless its sensor is kept already (an earlier touch along the path); when
    /// full, it takes the place of the latest one if it comes earlier.
    fn keep(&mut self, hit: SensorHit) {
        if self.hits().iter().any(|h| h.obstacle == hit.obstacle) {
            return;
        }
        let order = |h: &SensorHit| (h.distance, h.obstacle);
        if N == 0 {
            self.truncated = true;
            return;
        }
        let slot = if self.count < N {
            self.count += 1;
            self.count - 1
        } else {
            self.truncated = true;
            let last = self.count - 1; // kept in order: the last is the latest
            if order(&self.hits[last]) <= order(&hit) {
                return;
            }
            last
        };
        self.hits[slot] = hit;
        // One insertion step keeps them in order by distance, then id.
        let mut at = slot;
        while at > 0 && order(&self.hits[at - 1]) > order(&self.hits[at]) {
            self.hits.swap(at - 1, at);
            at -= 1;
        }
    }
}

/// The points a body's path runs through, straight from each to the next: at most `N`,
/// the last one moved along when full (the path then cuts its latest corner).
#[derive(Clone, Copy, PartialEq)]
pub(crate) struct Path<const N: usize> {
    points: [Vec2; N],
    count: usize,
}

impl<const N: usize> Path<N> {
    /// A path that begins at `start`.
    pub(crate) fn from(start: Vec2) -> Self {
        let mut path = Self {
            points: [Vec2::ZERO; N],
            count: 0,
        };
        path.pass(start);
        path
    }

    /// The path goes on straight to `point` (a point equal to the last adds nothing).
    pub(crate) fn pass(&mut self, point: Vec2) {
        if self.count > 0 && self.points[self.count - 1] == point {
            return;
        }
        if self.count < N {
            self.count += 1;
        }
        if let Some(last) = self.count.checked_sub(1) {
            self.points[last] = point;
        }
    }

    pub(crate) fn points(&self) -> &[Vec2] {
        &self.points[..self.count]
    }

    /// How many points it holds, to go back to ([`truncate`](Self::truncate)).
    pub(crate) fn len(&self) -> usize {
        self.count
    }

    /// Forgets the points from `count` on: those of a try that was not taken.
    pub(crate) fn truncate(&mut self, count: usize) {
        self.count = self.count.min(count);
    }
}

/// What moves along the path: the body, and which sensors count.
pub(crate) struct Mover<'a, 'f> {
    pub(crate) shape: ShapeRef<'a>,
    pub(crate) rotation: Rot,
    pub(crate) layers: Layers,
    pub(crate) filter: QueryFilter<'f>,
}

impl Mover<'_, '_> {
    /// Every sensor of `obstacles` that the body touches moving along `path` (straight from
    /// each point to the next), kept in `list` in path order. Nothing when the set says it
    /// holds no sensor.
    pub(crate) fn sensors_along<O: Obstacles + ?Sized, const N: usize>(
        &self,
        path: &[Vec2],
        obstacles: &O,
        list: &mut SensorList<N>,
    ) {
        let (Some(&start), Some(&end)) = (path.first(), path.last()) else {
            return;
        };
        if !obstacles.has_sensors() {
            return;
        }
        let start_pose = Pose::new(start, self.rotation);
        let end_pose = Pose::new(end, self.rotation);
        let mut travelled = 0.0;
        let legs = path.windows(2).map(|w| (w[0], w[1]));
        // A path of one point is one leg that stays where it is.
        let legs = legs.chain((path.len() == 1).then_some((start, start)));
        for (from, to) in legs {
            let motion = Motion::new(from, to, self.rotation);
            let area = self.area(from, to);
            obstacles.near(&area, self.layers, &mut |o| {
                if !(o.sensor && self.filter.allows(o.id, o.layers)) {
                    return;
                }
                if let Some(mut hit) = self.touch(&motion, &o, travelled) {
                    hit.started_inside = overlaps(self.shape, &start_pose, o.shape, &o.pose);
                    list.keep(hit);
                }
            });
            travelled += from.distance(to);
        }
        // Whether each is still touched at the end: those the last leg's query listed.
        let area = self.area(end, end);
        obstacles.near(&area, self.layers, &mut |o| {
            if let Some(h) = list.hits[..list.count]
                .iter_mut()
                .find(|h| h.obstacle == o.id)
            {
                h.inside_at_end = o.sensor && overlaps(self.shape, &end_pose, o.shape, &o.pose);
            }
        });
    }

    /// Where the body moving along `motion` first touches sensor `o`, `travelled` along the
    /// path where the motion begins.
    fn touch(&self, motion: &Motion, o: &Obstacle<'_>, travelled: f32) -> Option<SensorHit> {
        let still = Motion::new(o.pose.position, o.pose.position, o.pose.rotation);
        let impact = if motion.start == motion.end {
            // No motion to sweep: touching is overlapping where it stands.
            let start = motion.start_pose();
            overlaps(self.shape, &start, o.shape, &o.pose).then_some((
                0.0,
                motion.start,
                Vec2::ZERO,
            ))
        } else {
            time_of_impact(self.shape, motion, o.shape, &still).map(|i| (i.t, i.point, i.normal))
        };
        let (t, point, normal) = impact?;
        let length = motion.start.distance(motion.end);
        Some(SensorHit {
            obstacle: o.id,
            distance: travelled + t * length,
            position: motion.position_at(t),
            point,
            normal,
            started_inside: false,
            inside_at_end: false,
        })
    }

    /// The box around the body on its way from `from` to `to`, grown by the rounding of its
    /// coordinates (a sensor it grazes within rounding is listed).
    fn area(&self, from: Vec2, to: Vec2) -> Aabb {
        let a = self.shape.aabb(&Pose::new(from, self.rotation));
        let b = self.shape.aabb(&Pose::new(to, self.rotation));
        let (lo, hi) = (a.min().min(b.min()), a.max().max(b.max()));
        let reach = lo.abs().max(hi.abs()).max_element();
        Aabb::from_min_max(lo, hi).grown(8.0 * f32::EPSILON * reach)
    }
}
