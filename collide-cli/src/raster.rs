//! A small software rasterizer: lines, boxes, circles and convex polygons drawn in world units
//! through a scale and an offset, and text in a 5×7 bitmap font ([`font`]). `collide demo`
//! draws its pictures with it.
//!
//! ```ignore
//! let mut canvas = Canvas::new(64, 32, [0, 0, 0, 255], Vec2::ZERO, 2.0, Vec2::ZERO);
//! canvas.fill_box(Vec2::ZERO, Vec2::splat(4.0), [255, 0, 0, 255]); // 8×8 pixels
//! canvas.text(Vec2::new(20.0, 2.0), "HIT", 1, [255; 4]);
//! let png = canvas.into_image();
//! ```

mod font;

pub use font::{line_height, text_width};

use collide_hull::image::{Rgba, RgbaImage};
use glam::Vec2;

/// An RGBA colour; alpha below 255 blends over what is already drawn.
pub type Colour = [u8; 4];

/// A picture with a world-to-pixel transform: `pixel = (world - origin) * scale + margin`.
pub struct Canvas {
    image: RgbaImage,
    origin: Vec2,
    scale: f32,
    margin: Vec2,
}

impl Canvas {
    /// A `width × height` picture filled with `background`, showing world point `origin` at
    /// pixel `margin`, `scale` pixels per world unit.
    pub fn new(
        width: u32,
        height: u32,
        background: Colour,
        origin: Vec2,
        scale: f32,
        margin: Vec2,
    ) -> Self {
        Self {
            image: RgbaImage::from_pixel(width, height, Rgba(background)),
            origin,
            scale,
            margin,
        }
    }

    /// The finished picture.
    pub fn into_image(self) -> RgbaImage {
        self.image
    }

    /// The picture as drawn so far.
    pub fn image(&self) -> &RgbaImage {
        &self.image
    }

    #[cfg(test)]
    /// The colour of pixel `(x, y)`, or `None` outside the picture.
    pub fn pixel(&self, x: u32, y: u32) -> Option<Colour> {
        (x < self.image.width() && y < self.image.height()).then(|| self.image.get_pixel(x, y).0)
    }

    /// Fills the whole picture with `background`, keeping its size and transform, so one
    /// canvas serves every frame of an animation without reallocating.
    pub fn clear(&mut self, background: Colour) {
        for px in self.image.pixels_mut() {
            px.0 = background;
        }
    }

    /// Changes the world-to-pixel transform: world point `origin` at pixel `margin`, `scale`
    /// pixels per world unit.
    pub fn set_view(&mut self, origin: Vec2, scale: f32, margin: Vec2) {
        self.origin = origin;
        self.scale = scale;
        self.margin = margin;
    }

    /// Pixels per world unit.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// The pixel position of a world point.
    pub fn to_pixel(&self, world: Vec2) -> Vec2 {
        (world - self.origin) * self.scale + self.margin
    }

    /// Blends `colour` into pixel `(x, y)`, ignoring pixels outside the picture.
    fn blend(&mut self, x: i64, y: i64, colour: Colour) {
        let (w, h) = (
            i64::from(self.image.width()),
            i64::from(self.image.height()),
        );
        if x < 0 || y < 0 || x >= w || y >= h {
            return;
        }
        let px = self.image.get_pixel_mut(x as u32, y as u32);
        if colour[3] == 255 {
            // Opaque, the common case: no blending arithmetic.
            px.0 = colour;
            return;
        }
        let a = u16::from(colour[3]);
        for (old, new) in px.0.iter_mut().zip(colour).take(3) {
            *old = ((u16::from(new) * a + u16::from(*old) * (255 - a)) / 255) as u8;
        }
        px.0[3] = 255;
    }

    /// Fills the pixel rectangle `[min, max)`, in pixels.
    pub fn fill_pixels(&mut self, min: Vec2, max: Vec2, colour: Colour) {
        let (x0, y0) = (min.x.round() as i64, min.y.round() as i64);
        let (x1, y1) = (max.x.round() as i64, max.y.round() as i64);
        for y in y0..y1 {
            for x in x0..x1 {
                self.blend(x, y, colour);
            }
        }
    }

    /// Fills a world-space box given by its corners.
    pub fn fill_box(&mut self, min: Vec2, max: Vec2, colour: Colour) {
        let (a, b) = (self.to_pixel(min), self.to_pixel(max));
        self.fill_pixels(a.min(b), a.max(b), colour);
    }

    /// Outlines a world-space box, `width` pixels thick, inside its edges.
    pub fn box_outline(&mut self, min: Vec2, max: Vec2, width: f32, colour: Colour) {
        let (a, b) = (self.to_pixel(min), self.to_pixel(max));
        let (lo, hi) = (a.min(b), a.max(b));
        let w = width.max(1.0);
        self.fill_pixels(lo, Vec2::new(hi.x, lo.y + w), colour);
        self.fill_pixels(Vec2::new(lo.x, hi.y - w), hi, colour);
        self.fill_pixels(
            Vec2::new(lo.x, lo.y + w),
            Vec2::new(lo.x + w, hi.y - w),
            colour,
        );
        self.fill_pixels(
            Vec2::new(hi.x - w, lo.y + w),
            Vec2::new(hi.x, hi.y - w),
            colour,
        );
    }

    /// A line between two pixel positions, `width` pixels thick, without overdraw: every
    /// pixel whose centre lies within half the width of the segment.
    pub fn line_pixels(&mut self, a: Vec2, b: Vec2, width: f32, colour: Colour) {
        let half = width.max(1.0) * 0.5;
        let size = Vec2::new(self.image.width() as f32, self.image.height() as f32);
        let lo = (a.min(b) - Vec2::splat(half + 1.0)).floor().max(Vec2::ZERO);
        let hi = (a.max(b) + Vec2::splat(half + 1.0)).ceil().min(size);
        let d = b - a;
        let len_sq = d.length_squared();
        for y in lo.y as i64..hi.y as i64 {
            // Only the columns where the part of the segment within `half` of this row's
            // centres lies, widened by `half`: a long diagonal costs its length, not its box.
            let Some((x0, x1)) = row_span(a, d, y as f32 + 0.5, half) else {
                continue;
            };
            let x0 = (x0 - half - 1.0).floor().max(lo.x) as i64;
            let x1 = (x1 + half + 1.0).ceil().min(hi.x) as i64;
            for x in x0..x1 {
                let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                let t = if len_sq > 0.0 {
                    ((p - a).dot(d) / len_sq).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                if (a + d * t).distance(p) <= half {
                    self.blend(x, y, colour);
                }
            }
        }
    }

    /// A world-space line, `width` pixels thick.
    pub fn line(&mut self, a: Vec2, b: Vec2, width: f32, colour: Colour) {
        let (a, b) = (self.to_pixel(a), self.to_pixel(b));
        self.line_pixels(a, b, width, colour);
    }

    /// A dashed world-space line: `dash` pixels on, `dash` pixels off.
    pub fn dashed_line(&mut self, a: Vec2, b: Vec2, width: f32, dash: f32, colour: Colour) {
        let (a, b) = (self.to_pixel(a), self.to_pixel(b));
        let len = a.distance(b);
        if len <= 0.0 || dash <= 0.0 {
            return;
        }
        let dir = (b - a) / len;
        let mut s = 0.0;
        while s < len {
            let e = (s + dash).min(len);
            self.line_pixels(a + dir * s, a + dir * e, width, colour);
            s += 2.0 * dash;
        }
    }

    /// A filled disc around a pixel position.
    pub fn disc_pixels(&mut self, centre: Vec2, radius: f32, colour: Colour) {
        self.ring_pixels(centre, 0.0, radius, colour);
    }

    /// The pixels whose centres lie between `inner` and `outer` pixels from `centre`.
    fn ring_pixels(&mut self, centre: Vec2, inner: f32, outer: f32, colour: Colour) {
        let lo = (centre - Vec2::splat(outer + 1.0)).floor();
        let hi = (centre + Vec2::splat(outer + 1.0)).ceil();
        for y in lo.y as i64..hi.y as i64 {
            for x in lo.x as i64..hi.x as i64 {
                let d = Vec2::new(x as f32 + 0.5, y as f32 + 0.5).distance(centre);
                if d <= outer && d >= inner {
                    self.blend(x, y, colour);
                }
            }
        }
    }

    /// A world-space circle, drawn at least `min_pixels` in radius so small things stay visible.
    pub fn disc(&mut self, centre: Vec2, radius: f32, min_pixels: f32, colour: Colour) {
        let c = self.to_pixel(centre);
        self.disc_pixels(c, (radius * self.scale).max(min_pixels), colour);
    }

    /// A circle outline around a pixel position, `width` pixels thick.
    pub fn circle_pixels(&mut self, centre: Vec2, radius: f32, width: f32, colour: Colour) {
        self.ring_pixels(centre, radius - width * 0.5, radius + width * 0.5, colour);
    }

    /// A world-space circle outline, at least `min_pixels` in radius.
    pub fn circle(&mut self, centre: Vec2, radius: f32, min_pixels: f32, width: f32, c: Colour) {
        let p = self.to_pixel(centre);
        self.circle_pixels(p, (radius * self.scale).max(min_pixels), width, c);
    }

    /// A closed world-space polygon outline.
    pub fn polygon(&mut self, points: &[Vec2], width: f32, colour: Colour) {
        for (i, &a) in points.iter().enumerate() {
            let b = points[(i + 1) % points.len()];
            self.line(a, b, width, colour);
        }
    }

    /// Fills a convex world-space polygon (either winding).
    pub fn fill_convex(&mut self, points: &[Vec2], colour: Colour) {
        if points.len() < 3 {
            return;
        }
        let px: Vec<Vec2> = points.iter().map(|&p| self.to_pixel(p)).collect();
        let lo = px
            .iter()
            .fold(Vec2::splat(f32::MAX), |m, p| m.min(*p))
            .floor();
        let hi = px
            .iter()
            .fold(Vec2::splat(f32::MIN), |m, p| m.max(*p))
            .ceil();
        for y in lo.y as i64..hi.y as i64 {
            for x in lo.x as i64..hi.x as i64 {
                let p = Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
                let (mut pos, mut neg) = (false, false);
                for (i, &a) in px.iter().enumerate() {
                    let b = px[(i + 1) % px.len()];
                    let cross = (b - a).perp_dot(p - a);
                    pos |= cross > 0.0;
                    neg |= cross < 0.0;
                }
                if !(pos && neg) {
                    self.blend(x, y, colour);
                }
            }
        }
    }

    /// A cross (×) of half-size `size` pixels at a world point.
    pub fn cross(&mut self, at: Vec2, size: f32, width: f32, colour: Colour) {
        let p = self.to_pixel(at);
        self.line_pixels(p - Vec2::splat(size), p + Vec2::splat(size), width, colour);
        self.line_pixels(
            p + Vec2::new(-size, size),
            p + Vec2::new(size, -size),
            width,
            colour,
        );
    }
}

/// The x range of the segment `a + d·t` (t in [0, 1]) over the band of rows within `half` of
/// `row`, or `None` when the segment does not reach the band.
fn row_span(a: Vec2, d: Vec2, row: f32, half: f32) -> Option<(f32, f32)> {
    let (t0, t1) = if d.y == 0.0 {
        if (a.y - row).abs() > half {
            return None;
        }
        (0.0, 1.0)
    } else {
        let (u, v) = ((row - half - a.y) / d.y, (row + half - a.y) / d.y);
        (u.min(v).max(0.0), u.max(v).min(1.0))
    };
    if t0 > t1 {
        return None;
    }
    let (x0, x1) = (a.x + d.x * t0, a.x + d.x * t1);
    Some((x0.min(x1), x0.max(x1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLACK: Colour = [0, 0, 0, 255];
    const RED: Colour = [255, 0, 0, 255];

    fn canvas() -> Canvas {
        Canvas::new(40, 20, BLACK, Vec2::ZERO, 2.0, Vec2::ZERO)
    }

    fn lit(c: &Canvas) -> usize {
        c.image.pixels().filter(|p| p.0 != BLACK).count()
    }

    fn at(c: &Canvas, x: u32, y: u32) -> Colour {
        c.image.get_pixel(x, y).0
    }

    #[test]
    fn boxes_fill_exactly_their_pixels() {
        let mut c = canvas();
        c.fill_box(Vec2::new(1.0, 1.0), Vec2::new(3.0, 4.0), RED);
        // World 2×3 at scale 2: 4×6 pixels, from pixel (2, 2) to (5, 7).
        assert_eq!(lit(&c), 24);
        assert_eq!(at(&c, 2, 2), RED);
        assert_eq!(at(&c, 5, 7), RED);
        assert_eq!(at(&c, 6, 2), BLACK);
        assert_eq!(at(&c, 2, 8), BLACK);
        assert_eq!(at(&c, 1, 2), BLACK);
    }

    #[test]
    fn the_margin_and_origin_place_world_points() {
        let c = Canvas::new(8, 8, BLACK, Vec2::new(10.0, 20.0), 4.0, Vec2::new(1.0, 2.0));
        assert_eq!(c.to_pixel(Vec2::new(10.0, 20.0)), Vec2::new(1.0, 2.0));
        assert_eq!(c.to_pixel(Vec2::new(11.5, 19.0)), Vec2::new(7.0, -2.0));
    }

    #[test]
    fn outlines_leave_the_inside_untouched() {
        let mut c = canvas();
        c.box_outline(Vec2::ZERO, Vec2::new(5.0, 5.0), 1.0, RED);
        // A 10×10 pixel square, one pixel thick: 36 pixels.
        assert_eq!(lit(&c), 36);
        assert_eq!(at(&c, 0, 0), RED);
        assert_eq!(at(&c, 9, 9), RED);
        assert_eq!(at(&c, 0, 5), RED);
        assert_eq!(at(&c, 5, 5), BLACK);
        assert_eq!(at(&c, 10, 10), BLACK);
    }

    #[test]
    fn half_alpha_blends_halfway() {
        let mut c = canvas();
        c.fill_pixels(Vec2::ZERO, Vec2::ONE, [255, 255, 255, 128]);
        let v = c.image.get_pixel(0, 0).0[0];
        assert!((126..=130).contains(&v), "{v}");
        assert_eq!(c.image.get_pixel(0, 0).0[3], 255);
    }

    #[test]
    fn lines_and_discs_cover_the_pixels_they_pass_through() {
        let mut c = Canvas::new(20, 20, BLACK, Vec2::ZERO, 1.0, Vec2::ZERO);
        c.line_pixels(Vec2::new(2.0, 5.5), Vec2::new(17.0, 5.5), 1.0, RED);
        assert_eq!(at(&c, 2, 5), RED);
        assert_eq!(at(&c, 10, 5), RED);
        assert_eq!(at(&c, 16, 5), RED);
        assert_eq!(at(&c, 10, 4), BLACK);
        assert_eq!(at(&c, 10, 6), BLACK);
        // Round caps half a pixel past each end: pixels 1 to 17, centres within 0.5 of it.
        assert_eq!(at(&c, 1, 5), RED);
        assert_eq!(at(&c, 17, 5), RED);
        assert_eq!(at(&c, 0, 5), BLACK);
        assert_eq!(at(&c, 18, 5), BLACK);
        assert_eq!(lit(&c), 17);

        let mut c = Canvas::new(20, 20, BLACK, Vec2::ZERO, 1.0, Vec2::ZERO);
        c.disc_pixels(Vec2::splat(10.0), 3.0, RED);
        assert_eq!(at(&c, 10, 10), RED);
        assert_eq!(at(&c, 7, 10), RED);
        assert_eq!(at(&c, 6, 10), BLACK);
        assert_eq!(at(&c, 7, 7), BLACK); // the corner of its box, outside the disc
    }

    #[test]
    fn drawing_outside_the_picture_is_clipped() {
        let mut c = canvas();
        c.line(
            Vec2::new(-50.0, -50.0),
            Vec2::new(100.0, 100.0),
            3.0,
            [0, 255, 0, 255],
        );
        c.disc(Vec2::new(500.0, 5.0), 3.0, 1.0, [0, 255, 0, 255]);
        assert!(lit(&c) > 0);
        assert_eq!(at(&c, 10, 10), [0, 255, 0, 255]);
        assert_eq!(at(&c, 39, 0), BLACK);
    }

    #[test]
    fn convex_fill_covers_a_triangle_half_of_its_box() {
        let mut c = Canvas::new(100, 100, BLACK, Vec2::ZERO, 1.0, Vec2::ZERO);
        c.fill_convex(
            &[Vec2::ZERO, Vec2::new(100.0, 0.0), Vec2::new(0.0, 100.0)],
            [9, 9, 9, 255],
        );
        let n = lit(&c) as f32;
        assert!((n - 5_000.0).abs() < 150.0, "{n}");
        assert_eq!(at(&c, 10, 10), [9, 9, 9, 255]);
        assert_eq!(at(&c, 90, 90), BLACK);
    }
}
