//! Which way world y points in what the loaders produce ([`YAxis`]), and how an editor's
//! y-down pixels and cells become world points, map rows and tile shapes.

use collide_world::TileShape;
use glam::Vec2;

use crate::outline::shape_of_outline;

/// Which way world y points in the maps, bodies and points a loader produces. Both editors
/// draw with y down, in pixels.
///
/// - [`Down`](Self::Down) (the default): a world point is the editor's pixel, unchanged, and
///   a map's row `y` is the editor's row `y` (row `0` at the top of the screen). One-way cells
///   and bodies block from the top of the screen, which is world `-y`
///   ([`TileMap::set_one_way_up`](collide_world::TileMap::set_one_way_up) is given
///   `Vec2::NEG_Y`). A character's up is `Vec2::NEG_Y`.
/// - [`Up`](Self::Up) (Bevy, a y-up platformer): world `y` is minus the editor's, so the
///   map's row `0` is the editor's bottom row. One-way cells block from `+y`, a character's up
///   is `Vec2::Y`.
///
/// Either way a cell looks in the world as it looks in the editor: a floor drawn rising to
/// the right (◢) is [`TileShape::Slope45UpRight`] with [`Up`](Self::Up) and, as the map's
/// rows run down the screen, [`TileShape::Ceiling45DownRight`] (the same triangle with y
/// flipped) with [`Down`](Self::Down). [`YAxis::shape`] does that turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum YAxis {
    /// World y points down the screen, as in the editors.
    #[default]
    Down,
    /// World y points up the screen: y is the editor's, negated.
    Up,
}

impl YAxis {
    /// The world point of an editor's pixel position.
    #[must_use]
    pub fn point(self, editor: Vec2) -> Vec2 {
        match self {
            YAxis::Down => editor,
            YAxis::Up => Vec2::new(editor.x, -editor.y),
        }
    }

    /// The world direction of the top of the editor's screen: where one-way platforms block
    /// from, and a character's up.
    #[must_use]
    pub fn up(self) -> Vec2 {
        match self {
            YAxis::Down => Vec2::NEG_Y,
            YAxis::Up => Vec2::Y,
        }
    }

    /// The tile shape a map cell holds so that it looks in the world like `on_screen` looks
    /// in a y-up picture, i.e. in the editor: `on_screen` itself with [`Up`](Self::Up), and
    /// `on_screen` flipped upside down with [`Down`](Self::Down) (a one-way top stays one:
    /// the map's one-way side is turned instead).
    ///
    /// ```
    /// use collide_levels::YAxis;
    /// use collide_world::TileShape;
    ///
    /// assert_eq!(YAxis::Up.shape(TileShape::Slope45UpRight), TileShape::Slope45UpRight);
    /// assert_eq!(YAxis::Down.shape(TileShape::Slope45UpRight), TileShape::Ceiling45DownRight);
    /// assert_eq!(YAxis::Down.shape(TileShape::HalfBottom), TileShape::HalfTop);
    /// ```
    #[must_use]
    pub fn shape(self, on_screen: TileShape) -> TileShape {
        if self == YAxis::Up || on_screen.is_one_way() {
            return on_screen;
        }
        let Some(outline) = on_screen.outline() else {
            return on_screen;
        };
        let flipped: Vec<Vec2> = outline.iter().map(|p| Vec2::new(p.x, 1.0 - p.y)).collect();
        shape_of_outline(&flipped).unwrap_or(on_screen)
    }

    /// The map row of the editor's row `row` in a grid `rows` tall.
    pub(crate) fn row(self, row: u32, rows: u32) -> u32 {
        match self {
            YAxis::Down => row,
            YAxis::Up => rows - 1 - row,
        }
    }

    /// The map origin (its cell `(0, 0)`'s minimum corner) of a grid whose top-left corner is
    /// the editor's pixel `top_left` and which is `height` pixels tall.
    pub(crate) fn origin(self, top_left: Vec2, height: f32) -> Vec2 {
        match self {
            YAxis::Down => top_left,
            YAxis::Up => Vec2::new(top_left.x, -(top_left.y + height)),
        }
    }

    /// A point in a cell as the editor draws it (`(0, 0)` its top-left corner, `(1, 1)` its
    /// bottom-right) in the map's unit cell (`(0, 0)` its minimum corner).
    pub(crate) fn unit(self, editor: Vec2) -> Vec2 {
        match self {
            YAxis::Down => editor,
            YAxis::Up => Vec2::new(editor.x, 1.0 - editor.y),
        }
    }
}
