//! The rasterizer's 5×7 bitmap font: upper-case letters, digits and a little punctuation,
//! each glyph in a 6-pixel cell (a column of spacing) scaled by a whole number.

use glam::Vec2;

use super::{Canvas, Colour};

impl Canvas {
    /// Writes `text` with its top-left corner at pixel `at`, each font pixel `size` pixels
    /// wide; returns the pixel width written. Lower case is drawn as upper case; characters
    /// the font lacks are drawn as `?`.
    pub fn text(&mut self, at: Vec2, text: &str, size: u32, colour: Colour) -> f32 {
        let s = size.max(1) as f32;
        let mut x = at.x;
        for ch in text.chars() {
            let rows = glyph(ch.to_ascii_uppercase());
            for (row, bits) in rows.iter().enumerate() {
                for col in 0..5 {
                    if bits & (0b1_0000 >> col) != 0 {
                        let p = Vec2::new(x + col as f32 * s, at.y + row as f32 * s);
                        self.fill_pixels(p, p + Vec2::splat(s), colour);
                    }
                }
            }
            x += 6.0 * s;
        }
        x - at.x
    }
}

/// Pixel width of `text` drawn at `size`.
pub fn text_width(text: &str, size: u32) -> f32 {
    text.chars().count() as f32 * 6.0 * size.max(1) as f32
}

/// Height of a line of text at `size`, with spacing.
pub fn line_height(size: u32) -> f32 {
    9.0 * size.max(1) as f32
}

/// The 5×7 glyph of an upper-case character: seven rows, the high five bits of each used.
fn glyph(ch: char) -> [u8; 7] {
    match ch {
        'A' => [0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'B' => [0x1E, 0x11, 0x11, 0x1E, 0x11, 0x11, 0x1E],
        'C' => [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E],
        'D' => [0x1C, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1C],
        'E' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x1F],
        'F' => [0x1F, 0x10, 0x10, 0x1E, 0x10, 0x10, 0x10],
        'G' => [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F],
        'H' => [0x11, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'I' => [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E],
        'J' => [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0C],
        'K' => [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
        'L' => [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1F],
        'M' => [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11],
        'N' => [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        'O' => [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'P' => [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
        'Q' => [0x0E, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0D],
        'R' => [0x1E, 0x11, 0x11, 0x1E, 0x14, 0x12, 0x11],
        'S' => [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E],
        'T' => [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        'U' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'V' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x0A, 0x04],
        'W' => [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0A],
        'X' => [0x11, 0x11, 0x0A, 0x04, 0x0A, 0x11, 0x11],
        'Y' => [0x11, 0x11, 0x11, 0x0A, 0x04, 0x04, 0x04],
        'Z' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1F],
        '0' => [0x0E, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0E],
        '1' => [0x04, 0x0C, 0x04, 0x04, 0x04, 0x04, 0x0E],
        '2' => [0x0E, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1F],
        '3' => [0x1F, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0E],
        '4' => [0x02, 0x06, 0x0A, 0x12, 0x1F, 0x02, 0x02],
        '5' => [0x1F, 0x10, 0x1E, 0x01, 0x01, 0x11, 0x0E],
        '6' => [0x06, 0x08, 0x10, 0x1E, 0x11, 0x11, 0x0E],
        '7' => [0x1F, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08],
        '8' => [0x0E, 0x11, 0x11, 0x0E, 0x11, 0x11, 0x0E],
        '9' => [0x0E, 0x11, 0x11, 0x0F, 0x01, 0x02, 0x0C],
        ' ' => [0; 7],
        '.' => [0, 0, 0, 0, 0, 0x0C, 0x0C],
        ',' => [0, 0, 0, 0, 0x0C, 0x04, 0x08],
        ':' => [0, 0x0C, 0x0C, 0, 0x0C, 0x0C, 0],
        '-' => [0, 0, 0, 0x1F, 0, 0, 0],
        '+' => [0, 0x04, 0x04, 0x1F, 0x04, 0x04, 0],
        '=' => [0, 0, 0x1F, 0, 0x1F, 0, 0],
        '/' => [0, 0x01, 0x02, 0x04, 0x08, 0x10, 0],
        '(' => [0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02],
        ')' => [0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08],
        '<' => [0x02, 0x04, 0x08, 0x10, 0x08, 0x04, 0x02],
        '>' => [0x08, 0x04, 0x02, 0x01, 0x02, 0x04, 0x08],
        '%' => [0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03],
        '\'' => [0x0C, 0x04, 0x08, 0, 0, 0, 0],
        '_' => [0, 0, 0, 0, 0, 0, 0x1F],
        _ => [0x0E, 0x11, 0x01, 0x02, 0x04, 0, 0x04],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLACK: Colour = [0, 0, 0, 255];
    const WHITE: Colour = [255; 4];

    fn written(text: &str, size: u32) -> (Canvas, f32) {
        let mut c = Canvas::new(200, 20, BLACK, Vec2::ZERO, 1.0, Vec2::ZERO);
        let w = c.text(Vec2::ZERO, text, size, WHITE);
        (c, w)
    }

    fn at(c: &Canvas, x: u32, y: u32) -> Colour {
        c.image.get_pixel(x, y).0
    }

    #[test]
    fn text_width_matches_what_is_drawn() {
        let (c, w) = written("Hit 1.0", 2);
        assert!((w - text_width("Hit 1.0", 2)).abs() < 1e-6);
        assert!(c.image.pixels().any(|p| p.0 != BLACK));
        // Nothing past the last glyph's cell.
        let beyond = (w as u32..200).flat_map(|x| (0..20).map(move |y| (x, y)));
        assert!(beyond.into_iter().all(|(x, y)| at(&c, x, y) == BLACK));
        assert!((line_height(2) - 18.0).abs() < 1e-6);
        // Every listed character differs from the fallback glyph.
        for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:-+=/()<>%'_".chars() {
            assert_ne!(glyph(ch), glyph('~'), "{ch}");
        }
    }

    #[test]
    fn glyphs_light_their_pixels_at_their_size() {
        // `T` at size 1: the full top row, then the middle column only.
        let (c, _) = written("T", 1);
        for x in 0..5 {
            assert_eq!(at(&c, x, 0), WHITE, "({x}, 0)");
        }
        assert_eq!(at(&c, 2, 6), WHITE);
        assert_eq!(at(&c, 0, 6), BLACK);
        assert_eq!(at(&c, 5, 0), BLACK); // the spacing column
                                         // At size 2 every font pixel is a 2×2 block.
        let (c, _) = written("T", 2);
        for (x, y) in [(0, 0), (1, 1), (9, 0), (4, 13), (5, 12)] {
            assert_eq!(at(&c, x, y), WHITE, "({x}, {y})");
        }
        assert_eq!(at(&c, 3, 12), BLACK);
        assert_eq!(at(&c, 10, 0), BLACK);
    }

    #[test]
    fn lower_case_is_drawn_as_upper_case_and_unknowns_as_a_question_mark() {
        let (upper, _) = written("HELLO", 1);
        let (lower, _) = written("hello", 1);
        assert_eq!(upper.image, lower.image);
        let (tilde, _) = written("~", 1);
        // The question mark's dot, alone on the bottom row, and the gap above it.
        assert_eq!(at(&tilde, 2, 6), WHITE);
        assert_eq!(at(&tilde, 2, 5), BLACK);
        assert_eq!(at(&tilde, 1, 0), WHITE);
    }
}
