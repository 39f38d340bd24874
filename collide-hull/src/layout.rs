use crate::{AlphaMask, Error};

/// The most frames [`Layout::for_image`] cuts an image into: 65 536, a 256 × 256 sheet, far
/// beyond any animation. Each frame costs a hull and the work to find it, so without a cap a
/// small image within the pixel limit (64 Mi × 1 pixels, cut into 1×1 frames by the strip rule)
/// would take many gigabytes.
pub const MAX_FRAMES: usize = 65_536;

/// How an image is cut into animation frames: `columns × rows` frames of
/// `frame_width × frame_height` pixels, numbered in row-major order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Width of one frame in pixels.
    pub frame_width: u32,
    /// Height of one frame in pixels.
    pub frame_height: u32,
    /// Frames per row of the sheet.
    pub columns: u32,
    /// Rows of frames.
    pub rows: u32,
}

impl Layout {
    /// The layout of a `width × height` image.
    ///
    /// - No frame size given: an image whose width is an exact multiple of its height is a strip
    ///   of square frames; any other image is one frame.
    /// - `frame_width` alone: a horizontal strip of frames as tall as the image.
    /// - `frame_height` alone: a vertical strip of frames as wide as the image.
    /// - Both: a grid sheet, frames in row-major order.
    ///
    /// # Errors
    /// [`Error::InvalidOption`] for a zero-sized image or frame; [`Error::FrameSize`] when the
    /// frame size does not divide the image exactly; [`Error::TooManyFrames`] for more than
    /// [`MAX_FRAMES`] frames.
    pub fn for_image(
        width: u32,
        height: u32,
        frame_width: Option<u32>,
        frame_height: Option<u32>,
    ) -> Result<Layout, Error> {
        if width == 0 || height == 0 {
            return Err(Error::InvalidOption(format!(
                "the image is {width}×{height}: it has no pixels"
            )));
        }
        let (fw, fh) = match (frame_width, frame_height) {
            (None, None) if width % height == 0 => (height, height),
            (None, None) => (width, height),
            (Some(fw), None) => (fw, height),
            (None, Some(fh)) => (width, fh),
            (Some(fw), Some(fh)) => (fw, fh),
        };
        if fw == 0 || fh == 0 {
            return Err(Error::InvalidOption(
                "frame width and height must be at least 1".into(),
            ));
        }
        if width % fw != 0 || height % fh != 0 {
            return Err(Error::FrameSize {
                width,
                height,
                frame_width: fw,
                frame_height: fh,
            });
        }
        let (columns, rows) = (width / fw, height / fh);
        let frames = u64::from(columns) * u64::from(rows);
        if frames > MAX_FRAMES as u64 {
            return Err(Error::TooManyFrames {
                width,
                height,
                frame_width: fw,
                frame_height: fh,
                frames,
            });
        }
        Ok(Layout {
            frame_width: fw,
            frame_height: fh,
            columns,
            rows,
        })
    }

    /// The grid that empty rows and columns show in `mask`: the finest one whose every row and
    /// column of frames holds a solid pixel and whose frame edges no run of solid rows or
    /// columns crosses. `None` when they show no more than one frame.
    ///
    /// [`Layout::for_image`] cannot see a grid sheet that is square or whose width happens to
    /// be a multiple of its height; a tool can compare this with the layout it used and warn.
    #[must_use]
    pub fn from_gaps(mask: &AlphaMask) -> Option<Layout> {
        let (width, height) = (mask.width(), mask.height());
        let columns: Vec<bool> = (0..width)
            .map(|x| (0..height).any(|y| mask.is_solid(x, y)))
            .collect();
        let rows: Vec<bool> = (0..height)
            .map(|y| (0..width).any(|x| mask.is_solid(x, y)))
            .collect();
        let frame_width = spacing(&columns).unwrap_or(width);
        let frame_height = spacing(&rows).unwrap_or(height);
        if (frame_width, frame_height) == (width, height) {
            return None;
        }
        Some(Layout {
            frame_width,
            frame_height,
            columns: width / frame_width,
            rows: height / frame_height,
        })
    }

    /// How many frames the image holds (saturated at `usize::MAX`).
    #[must_use]
    pub fn frame_count(&self) -> usize {
        (self.columns as usize).saturating_mul(self.rows as usize)
    }

    /// The pixel position of frame `index`'s top-left corner in the image. Each coordinate
    /// saturates at `u32::MAX`, which only a layout not made by [`Layout::for_image`] (or an
    /// `index` past its frames) reaches: no pixel of an image lies there.
    #[must_use]
    pub fn frame_origin(&self, index: usize) -> (u32, u32) {
        let columns = self.columns.max(1) as usize;
        let column = u32::try_from(index % columns).unwrap_or(u32::MAX);
        let row = u32::try_from(index / columns).unwrap_or(u32::MAX);
        (
            column.saturating_mul(self.frame_width),
            row.saturating_mul(self.frame_height),
        )
    }
}

/// The smallest spacing, short of the whole length, that divides the lines along one axis
/// (`occupied`: whether each holds a solid pixel) into cells that each hold an occupied line,
/// with no run of occupied lines crossing from one cell into the next.
fn spacing(occupied: &[bool]) -> Option<u32> {
    let n = occupied.len();
    (1..n).filter(|p| n % p == 0).find_map(|p| {
        let runs_stay_inside = (p..n)
            .step_by(p)
            .all(|edge| !(occupied[edge - 1] && occupied[edge]));
        let none_empty = occupied.chunks(p).all(|cell| cell.contains(&true));
        (runs_stay_inside && none_empty).then_some(p as u32)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strips_sheets_and_single_frames() {
        let strip = Layout::for_image(448, 64, None, None).unwrap();
        assert_eq!((strip.columns, strip.rows, strip.frame_width), (7, 1, 64));
        let single = Layout::for_image(100, 380, None, None).unwrap();
        assert_eq!(single.frame_count(), 1);
        let square = Layout::for_image(256, 256, None, None).unwrap();
        assert_eq!(square.frame_count(), 1);
        let sheet = Layout::for_image(144, 72, Some(18), Some(18)).unwrap();
        assert_eq!((sheet.columns, sheet.rows), (8, 4));
        assert_eq!(sheet.frame_origin(9), (18, 18));
        let vertical = Layout::for_image(20, 60, None, Some(20)).unwrap();
        assert_eq!((vertical.columns, vertical.rows), (1, 3));
        let horizontal = Layout::for_image(180, 18, Some(18), None).unwrap();
        assert_eq!(horizontal.frame_count(), 10);
    }

    /// A mask from rows of `#` (solid) and `.` (empty).
    fn mask(rows: &[&str]) -> AlphaMask {
        let solid = rows.iter().flat_map(|r| r.chars().map(|c| c == '#'));
        AlphaMask::new(rows[0].len() as u32, rows.len() as u32, solid.collect()).unwrap()
    }

    #[test]
    fn gaps_show_grids() {
        // Two rows of three 3×3 frames; the sprites touch some of their frames' edges.
        let sheet = mask(&[
            "##.#...#.",
            ".#.##.##.",
            ".........",
            "#..##..##",
            ".#..#.#..",
            ".........",
        ]);
        let grid = Layout::from_gaps(&sheet).unwrap();
        assert_eq!((grid.frame_width, grid.frame_height), (3, 3));
        assert_eq!((grid.columns, grid.rows), (3, 2));
        // A strip: gaps between columns only.
        let strip = mask(&[".#..#..#.", ".#..#..#."]);
        assert_eq!(
            Layout::from_gaps(&strip).map(|g| (g.frame_width, g.frame_height)),
            Some((3, 2))
        );
        // One sprite, with margins or with a gap where no frame edge can fall, is no grid.
        assert_eq!(
            Layout::from_gaps(&mask(&["......", "..##..", "......"])),
            None
        );
        assert_eq!(Layout::from_gaps(&mask(&["##.####", "##.####"])), None);
        assert_eq!(Layout::from_gaps(&mask(&["....", "...."])), None);
    }

    #[test]
    fn refuses_sizes_that_do_not_divide() {
        assert!(matches!(
            Layout::for_image(144, 72, Some(17), Some(18)),
            Err(Error::FrameSize { .. })
        ));
        assert!(matches!(
            Layout::for_image(144, 72, Some(18), Some(10)),
            Err(Error::FrameSize { .. })
        ));
        assert!(matches!(
            Layout::for_image(144, 72, Some(0), None),
            Err(Error::InvalidOption(_))
        ));
        assert!(Layout::for_image(0, 10, None, None).is_err());
    }

    #[test]
    fn refuses_more_frames_than_the_cap() {
        // 64 Mi × 1 pixels, within the default pixel limit: the strip rule makes 1×1 frames.
        assert!(matches!(
            Layout::for_image(1 << 26, 1, None, None),
            Err(Error::TooManyFrames { frames, .. }) if frames == 1 << 26
        ));
        assert!(matches!(
            Layout::for_image(u32::MAX, u32::MAX, Some(1), Some(1)),
            Err(Error::TooManyFrames { .. })
        ));
        let cap = Layout::for_image(256, 256, Some(1), Some(1)).unwrap();
        assert_eq!(cap.frame_count(), MAX_FRAMES);
        assert!(Layout::for_image(MAX_FRAMES as u32 + 1, 1, None, None).is_err());
    }
}
