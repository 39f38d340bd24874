//! [`QueryFilter`]: which bodies or obstacles a world query considers.

use collide_core::Layers;

/// Which bodies or obstacles a world query considers: those whose layers
/// [interact](Layers::interacts) with [`layers`](Self::layers), whose id is not in
/// [`exclude`](Self::exclude), and that [`predicate`](Self::predicate) (when set) accepts.
///
/// An id is what the query answers with: a body's index in the frame's bodies, an obstacle's
/// id (a [`StaticHandle`](crate::StaticHandle)'s id, a tile's id). The two are separate
/// numberings that share the filter: a filter that leaves out the shooter, body 0, also
/// leaves out static body 0 when a cast against the static world reuses it; build one filter
/// for the bodies and another for the obstacles. A plain [`Layers`] converts into a filter
/// that only checks layers, so every query that takes a filter also takes layers.
///
/// A tile left out by id or predicate is empty to the query: the face of a whole tile behind
/// it, which the map's face rule counts as a seam, is exposed (a laser that leaves out one
/// tile of a wall meets the next; a character let through a door tile stops at the wall
/// behind it), and so is a slope's or a half tile's edge or vertex beside it: a filtered
/// query answers as on the map with those tiles emptied. See
/// [`refine_hit_among`](crate::refine_hit_among) for what it covers.
///
/// Sensors (a coin, a trigger zone: [`Obstacle::sensor`](crate::Obstacle::sensor)) are left
/// out unless [`include_sensors`](Self::include_sensors) is set: a laser or a look for the
/// ground goes through a coin. Set it ([`with_sensors`](Self::with_sensors)) to ask what
/// sensors hold a point or meet a shape.
///
/// ```
/// use collide_world::QueryFilter;
/// use collide_core::Layers;
///
/// let shooter = [7];
/// let not_even = |id: u32| id % 2 == 1;
/// let filter = QueryFilter::new(Layers::ALL).excluding(&shooter).with_predicate(&not_even);
/// assert!(filter.allows(3, Layers::ALL));
/// assert!(!filter.allows(7, Layers::ALL)); // left out by id
/// assert!(!filter.allows(4, Layers::ALL)); // refused by the predicate
/// ```
#[derive(Clone, Copy)]
pub struct QueryFilter<'a> {
    /// The query's own layers: a candidate is considered only where these interact with its.
    pub layers: Layers,
    /// Ids left out (the shooter itself, destroyed enemies), checked by a linear scan: keep
    /// it short, or use the predicate with a set for long lists.
    pub exclude: &'a [u32],
    /// Called with each candidate's id that passed the layers and the exclusions; `false`
    /// leaves it out.
    pub predicate: Option<&'a dyn Fn(u32) -> bool>,
    /// Whether sensors take part (`false`, the default: a query sees solid things only).
    pub include_sensors: bool,
}

impl<'a> QueryFilter<'a> {
    /// A filter on `layers` alone.
    #[must_use]
    pub const fn new(layers: Layers) -> Self {
        Self {
            layers,
            exclude: &[],
            predicate: None,
            include_sensors: false,
        }
    }

    /// The same filter, leaving out these ids.
    #[must_use]
    pub const fn excluding(mut self, ids: &'a [u32]) -> Self {
        self.exclude = ids;
        self
    }

    /// The same filter, leaving out the ids `predicate` refuses.
    #[must_use]
    pub fn with_predicate(mut self, predicate: &'a dyn Fn(u32) -> bool) -> Self {
        self.predicate = Some(predicate);
        self
    }

    /// The same filter, with sensors taking part (`true`) or left out (`false`).
    #[must_use]
    pub const fn with_sensors(mut self, include: bool) -> Self {
        self.include_sensors = include;
        self
    }

    /// Whether a candidate that is (or is not) a sensor may take part: every solid one, and a
    /// sensor only where [`include_sensors`](Self::include_sensors) is set.
    #[must_use]
    pub const fn sees(&self, sensor: bool) -> bool {
        self.include_sensors || !sensor
    }

    /// Whether the obstacle takes part in the query: [`allows`](Self::allows) its id and
    /// layers, and [`sees`](Self::sees) it.
    #[must_use]
    pub fn allows_obstacle(&self, obstacle: &crate::Obstacle<'_>) -> bool {
        self.sees(obstacle.sensor) && self.allows(obstacle.id, obstacle.layers)
    }

    /// Whether the candidate `id`, on `layers`, takes part in the query (sensors are the
    /// caller's to check, with [`sees`](Self::sees)).
    #[inline]
    #[must_use]
    pub fn allows(&self, id: u32, layers: Layers) -> bool {
        self.layers.interacts(layers)
            && !self.exclude.contains(&id)
            && self.predicate.is_none_or(|keep| keep(id))
    }

    /// Whether the filter checks anything beyond layers (a query may take a faster path
    /// when it does not).
    #[must_use]
    pub fn is_layers_only(&self) -> bool {
        self.exclude.is_empty() && self.predicate.is_none()
    }
}

impl Default for QueryFilter<'_> {
    /// Every layer, nothing left out.
    fn default() -> Self {
        Self::new(Layers::ALL)
    }
}

impl From<Layers> for QueryFilter<'_> {
    fn from(layers: Layers) -> Self {
        Self::new(layers)
    }
}

impl core::fmt::Debug for QueryFilter<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("QueryFilter")
            .field("layers", &self.layers)
            .field("exclude", &self.exclude)
            .field("predicate", &self.predicate.map(|_| "Fn(u32) -> bool"))
            .field("include_sensors", &self.include_sensors)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layers_alone_check_only_layers() {
        let player = Layers::on(1).with_mask(2);
        let filter = QueryFilter::from(player);
        assert!(filter.is_layers_only());
        assert!(filter.allows(0, Layers::on(2).with_mask(1)));
        assert!(!filter.allows(0, Layers::on(4).with_mask(1)));
    }

    #[test]
    fn exclusions_and_predicate_both_apply() {
        let gone = [2, 5];
        let small = |id: u32| id < 10;
        let filter = QueryFilter::default()
            .excluding(&gone)
            .with_predicate(&small);
        assert!(!filter.is_layers_only());
        let kept: Vec<u32> = (0..12)
            .filter(|&id| filter.allows(id, Layers::ALL))
            .collect();
        assert_eq!(kept, [0, 1, 3, 4, 6, 7, 8, 9]);
    }

    #[test]
    fn sensors_take_part_only_when_included() {
        use collide_core::{Circle, Pose};
        let coin =
            crate::Obstacle::new(3, Circle { radius: 1.0 }, Pose::IDENTITY).with_sensor(true);
        let wall = crate::Obstacle::new(4, Circle { radius: 1.0 }, Pose::IDENTITY);
        let solid_only = QueryFilter::default();
        assert!(!solid_only.allows_obstacle(&coin) && solid_only.allows_obstacle(&wall));
        let all = solid_only.with_sensors(true);
        assert!(all.allows_obstacle(&coin) && all.allows_obstacle(&wall));
        assert!(!all.excluding(&[3]).allows_obstacle(&coin));
    }
}
