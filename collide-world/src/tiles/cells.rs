//! Which cells the face rule reads: the map's own, or the map with the cells a query leaves
//! out emptied, so that a filtered query answers as the same query on that emptied map.

use super::TileMap;
use crate::Obstacle;

/// The cells the face rule ([`TileMap::face_normal`]) reads, by value as
/// [`TileMap::get`] gives them: `None` outside the map, `0` for an empty cell.
pub(crate) trait Cells {
    /// The value of cell `(x, y)` as the rule is to see it.
    fn get(&self, map: &TileMap, x: u32, y: u32) -> Option<u8>;
}

/// Every cell as the map holds it: the rule of every query that leaves nothing out (inlined
/// to the map's own read, so such a query pays nothing for the choice).
pub(crate) struct AsIs;

impl Cells for AsIs {
    #[inline(always)]
    fn get(&self, map: &TileMap, x: u32, y: u32) -> Option<u8> {
        map.get(x, y)
    }
}

/// The cells whose obstacle `keeps` keeps, every other one empty: a query that leaves tiles
/// out by id or predicate ([`QueryFilter`](crate::QueryFilter)) sees them gone from the
/// level, so a slope's edge or vertex beside one is ruled as beside an empty cell.
pub(crate) struct KeptCells<'k> {
    pub(crate) keeps: &'k dyn Fn(&Obstacle<'_>) -> bool,
}

impl Cells for KeptCells<'_> {
    fn get(&self, map: &TileMap, x: u32, y: u32) -> Option<u8> {
        let byte = map.get(x, y)?;
        let left_out = byte != 0 && map.shaped_obstacle(x, y).is_some_and(|o| !(self.keeps)(&o));
        Some(if left_out { 0 } else { byte })
    }
}
