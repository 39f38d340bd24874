//! Which cells the face rule reads: the map's own, or another reading of them.

use super::TileMap;

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
