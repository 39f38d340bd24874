//! What a cell's byte means: [`TileShape`], the table of bytes, and each shape's outline in
//! the unit cell (the geometry the map's obstacles and its face rule are built from).

use glam::Vec2;

use super::faces::Face;

/// The shape of one cell of a [`TileMap`](crate::TileMap), read from its byte.
///
/// A cell holds one byte. `0` is empty; the bytes `0xE0`–`0xF0` are the shaped cells below;
/// every other byte (`1`–`0xDF` and `0xF1`–`0xFF`) is a plain solid cell, whose value the
/// game may use (a material, a layer). Coordinates below are in the unit cell, `(0, 0)` its
/// minimum corner and `(1, 1)` its maximum, with y growing upwards (as the map's rows do):
///
/// | byte | shape | solid part | `from_rows` |
/// | --- | --- | --- | --- |
/// | `0x00` | [`Empty`](Self::Empty) | none | `.` or space |
/// | `0x01`… | [`Solid`](Self::Solid) | the whole cell | `#` (`1`), `1`–`9` |
/// | `0xE0` | [`HalfTop`](Self::HalfTop) | `y ≥ ½` | `T` |
/// | `0xE1` | [`HalfBottom`](Self::HalfBottom) | `y ≤ ½` | `_` |
/// | `0xE2` | [`HalfLeft`](Self::HalfLeft) | `x ≤ ½` | `[` |
/// | `0xE3` | [`HalfRight`](Self::HalfRight) | `x ≥ ½` | `]` |
/// | `0xE4` | [`Slope45UpRight`](Self::Slope45UpRight) | below `y = x` (◢) | `/` |
/// | `0xE5` | [`Slope45UpLeft`](Self::Slope45UpLeft) | below `y = 1 − x` (◣) | `\` |
/// | `0xE6` | [`Ceiling45DownRight`](Self::Ceiling45DownRight) | above `y = 1 − x` (◥) | `Q` |
/// | `0xE7` | [`Ceiling45DownLeft`](Self::Ceiling45DownLeft) | above `y = x` (◤) | `P` |
/// | `0xE8` | [`Slope22UpRightLow`](Self::Slope22UpRightLow) | below `y = x / 2` | `a` |
/// | `0xE9` | [`Slope22UpRightHigh`](Self::Slope22UpRightHigh) | below `y = (1 + x) / 2` | `b` |
/// | `0xEA` | [`Slope22UpLeftHigh`](Self::Slope22UpLeftHigh) | below `y = 1 − x / 2` | `c` |
/// | `0xEB` | [`Slope22UpLeftLow`](Self::Slope22UpLeftLow) | below `y = (1 − x) / 2` | `d` |
/// | `0xEC` | [`Ceiling22DownRightThin`](Self::Ceiling22DownRightThin) | above `y = 1 − x / 2` | `e` |
/// | `0xED` | [`Ceiling22DownRightThick`](Self::Ceiling22DownRightThick) | above `y = (1 − x) / 2` | `f` |
/// | `0xEE` | [`Ceiling22DownLeftThick`](Self::Ceiling22DownLeftThick) | above `y = x / 2` | `g` |
/// | `0xEF` | [`Ceiling22DownLeftThin`](Self::Ceiling22DownLeftThin) | above `y = (1 + x) / 2` | `h` |
/// | `0xF0` | [`OneWayTop`](Self::OneWayTop) | the whole cell, blocking only from above | `=` |
///
/// The half-rise slopes (often called 22.5° slopes; 26.6° on square cells) come in pairs that
/// make one ramp two cells long: `ab` rises to the right, `cd` to the left, and `ef`, `gh` are
/// the same ramps as ceilings. The 45° slopes follow the cell's diagonal (45° on square
/// cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TileShape {
    /// No solid part.
    Empty,
    /// The whole cell, blocking from every side.
    Solid,
    /// The upper half of the cell.
    HalfTop,
    /// The lower half of the cell.
    HalfBottom,
    /// The left half of the cell.
    HalfLeft,
    /// The right half of the cell.
    HalfRight,
    /// A floor rising to the right across the cell's diagonal: the triangle below it.
    Slope45UpRight,
    /// A floor rising to the left across the cell's diagonal.
    Slope45UpLeft,
    /// A ceiling coming down to the right (solid in the top-right triangle).
    Ceiling45DownRight,
    /// A ceiling coming down to the left (solid in the top-left triangle).
    Ceiling45DownLeft,
    /// The lower cell of a floor rising half a cell per cell to the right: from `0` to `½`.
    Slope22UpRightLow,
    /// The higher cell of that floor: from `½` to `1`.
    Slope22UpRightHigh,
    /// The higher cell of a floor rising half a cell per cell to the left: from `1` down to
    /// `½` across the cell, left to right.
    Slope22UpLeftHigh,
    /// The lower cell of that floor: from `½` down to `0`.
    Slope22UpLeftLow,
    /// [`Slope22UpRightLow`](Self::Slope22UpRightLow) upside down: a ceiling whose underside
    /// goes from `1` down to `½`.
    Ceiling22DownRightThin,
    /// [`Slope22UpRightHigh`](Self::Slope22UpRightHigh) upside down: from `½` down to `0`.
    Ceiling22DownRightThick,
    /// [`Slope22UpLeftHigh`](Self::Slope22UpLeftHigh) upside down: from `0` up to `½`.
    Ceiling22DownLeftThick,
    /// [`Slope22UpLeftLow`](Self::Slope22UpLeftLow) upside down: from `½` up to `1`.
    Ceiling22DownLeftThin,
    /// The whole cell as a one-way platform: it stops only what comes down onto its top (the
    /// `+y` face, or the one [`TileMap::set_one_way_up`](crate::TileMap::set_one_way_up)
    /// names: `-y` in a game with y down).
    OneWayTop,
}

/// The first byte of a shaped cell.
pub(crate) const FIRST_SHAPED: u8 = 0xE0;

/// The last byte of a shaped cell.
pub(crate) const LAST_SHAPED: u8 = 0xF0;

/// The shaped cells, in the order of their bytes from [`FIRST_SHAPED`].
const SHAPED: [TileShape; (LAST_SHAPED - FIRST_SHAPED + 1) as usize] = [
    TileShape::HalfTop,
    TileShape::HalfBottom,
    TileShape::HalfLeft,
    TileShape::HalfRight,
    TileShape::Slope45UpRight,
    TileShape::Slope45UpLeft,
    TileShape::Ceiling45DownRight,
    TileShape::Ceiling45DownLeft,
    TileShape::Slope22UpRightLow,
    TileShape::Slope22UpRightHigh,
    TileShape::Slope22UpLeftHigh,
    TileShape::Slope22UpLeftLow,
    TileShape::Ceiling22DownRightThin,
    TileShape::Ceiling22DownRightThick,
    TileShape::Ceiling22DownLeftThick,
    TileShape::Ceiling22DownLeftThin,
    TileShape::OneWayTop,
];

/// The characters of [`SHAPED`] in `from_rows`, in the same order.
const SHAPED_CHARS: [char; SHAPED.len()] = [
    'T', '_', '[', ']', '/', '\\', 'Q', 'P', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', '=',
];

/// Whether the byte is a shaped cell's (not empty, not plain solid).
#[inline(always)]
pub(crate) fn is_shaped(byte: u8) -> bool {
    (FIRST_SHAPED..=LAST_SHAPED).contains(&byte)
}

impl TileShape {
    /// Every shape but [`Empty`](Self::Empty) and [`Solid`](Self::Solid), in the order of
    /// their bytes.
    pub const SHAPED: [TileShape; 17] = SHAPED;

    /// The shape a cell's byte stands for (see the table above): `0` is empty, the bytes
    /// `0xE0`–`0xF0` shaped, every other byte solid.
    #[must_use]
    pub const fn from_byte(byte: u8) -> Self {
        match byte {
            0 => TileShape::Empty,
            FIRST_SHAPED..=LAST_SHAPED => SHAPED[(byte - FIRST_SHAPED) as usize],
            _ => TileShape::Solid,
        }
    }

    /// The byte a cell of this shape holds: `0` for empty, `1` for solid (any byte
    /// [`from_byte`](Self::from_byte) reads as solid will do as well).
    #[must_use]
    pub const fn as_byte(self) -> u8 {
        match self {
            TileShape::Empty => 0,
            TileShape::Solid => 1,
            shaped => {
                let mut i = 0;
                while i < SHAPED.len() {
                    if SHAPED[i] as u8 == shaped as u8 {
                        return FIRST_SHAPED + i as u8;
                    }
                    i += 1;
                }
                1
            }
        }
    }

    /// The character [`TileMap::from_rows`](crate::TileMap::from_rows) reads as this shape
    /// (`.` for empty, `#` for solid).
    #[must_use]
    pub fn as_char(self) -> char {
        match self {
            TileShape::Empty => '.',
            TileShape::Solid => '#',
            shaped => SHAPED_CHARS[(shaped.as_byte() - FIRST_SHAPED) as usize],
        }
    }

    /// The byte a character of [`TileMap::from_rows`](crate::TileMap::from_rows) stands for,
    /// or `None` for a character of no shape.
    #[must_use]
    pub fn byte_of_char(c: char) -> Option<u8> {
        match c {
            '.' | ' ' => Some(0),
            '#' => Some(1),
            '1'..='9' => Some(c as u8 - b'0'),
            _ => SHAPED_CHARS
                .iter()
                .position(|&s| s == c)
                .map(|i| FIRST_SHAPED + i as u8),
        }
    }

    /// Whether the cell blocks only what comes down onto its top.
    #[must_use]
    pub fn is_one_way(self) -> bool {
        self == TileShape::OneWayTop
    }

    /// The outline of the solid part in the unit cell, counter-clockwise (a positive area
    /// with y up), or `None` when empty. Every outline is convex.
    #[must_use]
    pub fn outline(self) -> Option<&'static [Vec2]> {
        const fn v(x: f32, y: f32) -> Vec2 {
            Vec2::new(x, y)
        }
        const FULL: [Vec2; 4] = [v(0., 0.), v(1., 0.), v(1., 1.), v(0., 1.)];
        const TOP: [Vec2; 4] = [v(0., 0.5), v(1., 0.5), v(1., 1.), v(0., 1.)];
        const BOTTOM: [Vec2; 4] = [v(0., 0.), v(1., 0.), v(1., 0.5), v(0., 0.5)];
        const LEFT: [Vec2; 4] = [v(0., 0.), v(0.5, 0.), v(0.5, 1.), v(0., 1.)];
        const RIGHT: [Vec2; 4] = [v(0.5, 0.), v(1., 0.), v(1., 1.), v(0.5, 1.)];
        const UP_RIGHT: [Vec2; 3] = [v(0., 0.), v(1., 0.), v(1., 1.)];
        const UP_LEFT: [Vec2; 3] = [v(0., 0.), v(1., 0.), v(0., 1.)];
        const DOWN_RIGHT: [Vec2; 3] = [v(1., 0.), v(1., 1.), v(0., 1.)];
        const DOWN_LEFT: [Vec2; 3] = [v(0., 0.), v(1., 1.), v(0., 1.)];
        const A: [Vec2; 3] = [v(0., 0.), v(1., 0.), v(1., 0.5)];
        const B: [Vec2; 4] = [v(0., 0.), v(1., 0.), v(1., 1.), v(0., 0.5)];
        const C: [Vec2; 4] = [v(0., 0.), v(1., 0.), v(1., 0.5), v(0., 1.)];
        const D: [Vec2; 3] = [v(0., 0.), v(1., 0.), v(0., 0.5)];
        const E: [Vec2; 3] = [v(1., 0.5), v(1., 1.), v(0., 1.)];
        const F: [Vec2; 4] = [v(0., 0.5), v(1., 0.), v(1., 1.), v(0., 1.)];
        const G: [Vec2; 4] = [v(0., 0.), v(1., 0.5), v(1., 1.), v(0., 1.)];
        const H: [Vec2; 3] = [v(0., 0.5), v(1., 1.), v(0., 1.)];
        Some(match self {
            TileShape::Empty => return None,
            TileShape::Solid | TileShape::OneWayTop => &FULL,
            TileShape::HalfTop => &TOP,
            TileShape::HalfBottom => &BOTTOM,
            TileShape::HalfLeft => &LEFT,
            TileShape::HalfRight => &RIGHT,
            TileShape::Slope45UpRight => &UP_RIGHT,
            TileShape::Slope45UpLeft => &UP_LEFT,
            TileShape::Ceiling45DownRight => &DOWN_RIGHT,
            TileShape::Ceiling45DownLeft => &DOWN_LEFT,
            TileShape::Slope22UpRightLow => &A,
            TileShape::Slope22UpRightHigh => &B,
            TileShape::Slope22UpLeftHigh => &C,
            TileShape::Slope22UpLeftLow => &D,
            TileShape::Ceiling22DownRightThin => &E,
            TileShape::Ceiling22DownRightThick => &F,
            TileShape::Ceiling22DownLeftThick => &G,
            TileShape::Ceiling22DownLeftThin => &H,
        })
    }

    /// Whether the cell's solid part is a rectangle (empty, solid, a half or one-way): its
    /// obstacle is a `Rect`; the others' a hull.
    #[must_use]
    pub fn is_rect(self) -> bool {
        self.slope_index().is_none()
    }

    /// The slopes' place in the map's table of hulls (`0..12`), `None` for the others.
    pub(crate) fn slope_index(self) -> Option<usize> {
        let b = self.as_byte();
        (is_shaped(b) && (0xE4..=0xEF).contains(&b)).then(|| (b - 0xE4) as usize)
    }

    /// The part of the cell's side `face` its solid part covers, as the span of the side's
    /// coordinate (x along the bottom and the top, y along the sides) in the unit cell, or
    /// `None` where it touches the side at a point or not at all.
    pub(crate) fn covers(self, face: Face) -> Option<(f32, f32)> {
        let outline = self.outline()?;
        let (axis, at) = match face {
            Face::Left => (0, 0.0),
            Face::Right => (0, 1.0),
            Face::Bottom => (1, 0.0),
            Face::Top => (1, 1.0),
        };
        let along = 1 - axis;
        let n = outline.len();
        (0..n).find_map(|i| {
            let (p, q) = (outline[i], outline[(i + 1) % n]);
            (p[axis] == at && q[axis] == at)
                .then(|| (p[along].min(q[along]), p[along].max(q[along])))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_and_characters_go_both_ways() {
        for b in 0..=255u8 {
            let shape = TileShape::from_byte(b);
            match b {
                0 => assert_eq!(shape, TileShape::Empty),
                0xE0..=0xF0 => assert_eq!(shape.as_byte(), b),
                _ => assert_eq!(shape, TileShape::Solid),
            }
            let c = shape.as_char();
            let back = TileShape::byte_of_char(c).map(TileShape::from_byte);
            assert_eq!(back, Some(shape), "{b:#x} {c}");
        }
        assert_eq!(TileShape::byte_of_char('x'), None);
        assert_eq!(TileShape::byte_of_char('7'), Some(7));
    }

    #[test]
    fn outlines_are_convex_counter_clockwise_and_in_the_cell() {
        for shape in TileShape::SHAPED {
            let o = shape.outline().unwrap();
            let n = o.len();
            for i in 0..n {
                let (a, b, c) = (o[i], o[(i + 1) % n], o[(i + 2) % n]);
                assert!((b - a).perp_dot(c - b) > 0.0, "{shape:?} turns left at {b}");
                assert!(a.cmpge(Vec2::ZERO).all() && a.cmple(Vec2::ONE).all());
            }
        }
    }

    #[test]
    fn sides_covered_match_the_drawings() {
        use TileShape::*;
        assert_eq!(Slope22UpRightLow.covers(Face::Right), Some((0.0, 0.5)));
        assert_eq!(Slope22UpRightHigh.covers(Face::Left), Some((0.0, 0.5)));
        assert_eq!(Slope22UpRightHigh.covers(Face::Top), None);
        assert_eq!(HalfTop.covers(Face::Left), Some((0.5, 1.0)));
        assert_eq!(Slope45UpRight.covers(Face::Right), Some((0.0, 1.0)));
        assert_eq!(Slope45UpRight.covers(Face::Left), None);
        assert_eq!(Ceiling22DownLeftThick.covers(Face::Left), Some((0.0, 1.0)));
        assert_eq!(Ceiling22DownLeftThin.covers(Face::Left), Some((0.5, 1.0)));
        assert_eq!(Empty.covers(Face::Top), None);
        assert!(Solid.is_rect() && HalfLeft.is_rect() && !Slope22UpLeftLow.is_rect());
        assert_eq!(Ceiling22DownLeftThin.slope_index(), Some(11));
        assert_eq!(OneWayTop.slope_index(), None);
    }
}
