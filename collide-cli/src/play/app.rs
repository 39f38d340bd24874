//! The four scenes behind one frame function: number keys switch between them, and every
//! frame gets the same chrome (scene tabs, the scene's status lines, its keys, and the time
//! its step and draw took, in the top-right corner).

use std::time::Instant;

use glam::Vec2;

use super::breakout::Breakout;
use super::input::{InputEvent, Key};
use super::platformer::Platformer;
use super::range::Range;
use super::shmup::Shmup;
use super::{colour, Scene, HEIGHT, PLAY_BOTTOM, PLAY_TOP, WIDTH};
use crate::raster::{line_height, text_width, Canvas};

/// The four scenes, which one is shown, and how long its last frame took.
pub struct App {
    scenes: Vec<Box<dyn Scene>>,
    current: usize,
    last_frame_ms: f64,
}

impl App {
    /// Every scene at its default settings, showing `first` (0 to 3).
    ///
    /// # Errors
    /// When the shmup scene's embedded sprite colliders cannot be read.
    pub fn new(first: usize) -> anyhow::Result<Self> {
        let scenes: Vec<Box<dyn Scene>> = vec![
            Box::new(Range::new()),
            Box::new(Shmup::new()?),
            Box::new(Platformer::new()?),
            Box::new(Breakout::new()),
        ];
        Ok(Self {
            current: first.min(scenes.len() - 1),
            scenes,
            last_frame_ms: 0.0,
        })
    }

    #[cfg(test)]
    /// The scene shown (0 to 3).
    pub fn current(&self) -> usize {
        self.current
    }

    /// A canvas of the size every scene draws at.
    pub fn canvas() -> Canvas {
        Canvas::new(
            WIDTH,
            HEIGHT,
            colour::BACKGROUND,
            Vec2::ZERO,
            1.0,
            Vec2::ZERO,
        )
    }

    /// One frame: scene keys handled, the shown scene stepped with the rest of `input` and
    /// drawn on `canvas` with the chrome. Returns the wall time of the step and the draw, in
    /// milliseconds (what the corner shows on the next frame).
    pub fn frame(&mut self, input: &[InputEvent], canvas: &mut Canvas) -> f64 {
        for event in input {
            if let InputEvent::Press(Key::Scene(n)) = event {
                if (1..=self.scenes.len() as u8).contains(n) {
                    self.current = usize::from(*n - 1);
                }
            }
        }
        let start = Instant::now();
        let scene = &mut self.scenes[self.current];
        scene.step(input);
        canvas.clear(colour::BACKGROUND);
        scene.draw(canvas);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        self.chrome(canvas);
        self.last_frame_ms = ms;
        ms
    }

    /// The bands above and below the play area: tabs, status, keys, the frame time.
    fn chrome(&self, canvas: &mut Canvas) {
        let width = WIDTH as f32;
        canvas.fill_pixels(Vec2::ZERO, Vec2::new(width, PLAY_TOP), colour::PANEL);
        canvas.fill_pixels(
            Vec2::new(0.0, PLAY_BOTTOM),
            Vec2::new(width, HEIGHT as f32),
            colour::PANEL,
        );
        let mut x = 4.0;
        for (i, scene) in self.scenes.iter().enumerate() {
            let label = format!("{} {}", i + 1, scene.title());
            let c = if i == self.current {
                colour::TEXT
            } else {
                colour::DIM
            };
            x += canvas.text(Vec2::new(x, 3.0), &label, 1, c) + 12.0;
        }
        let corner = format!("STEP+DRAW {:.2} MS", self.last_frame_ms);
        let cx = width - 4.0 - text_width(&corner, 1);
        canvas.text(Vec2::new(cx, 3.0), &corner, 1, colour::HIGHLIGHT);
        let scene = &self.scenes[self.current];
        for (i, line) in scene.status().iter().take(2).enumerate() {
            let y = 3.0 + line_height(1) * (i + 1) as f32;
            canvas.text(Vec2::new(4.0, y), line, 1, colour::TEXT);
        }
        let mut keys: Vec<String> = scene.keys().iter().map(|k| k.to_string()).collect();
        if let Some(last) = keys.last_mut() {
            last.push_str("   1-4 SCENE   ESC QUIT");
        }
        for (i, line) in keys.iter().take(2).enumerate() {
            let y = PLAY_BOTTOM + 2.0 + line_height(1) * i as f32;
            canvas.text(Vec2::new(4.0, y), line, 1, colour::DIM);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_keys_switch_scenes_and_every_scene_draws() {
        let mut app = App::new(0).unwrap();
        let mut canvas = App::canvas();
        for n in [2u8, 3, 4, 1, 9] {
            app.frame(&[InputEvent::Press(Key::Scene(n))], &mut canvas);
            let expected = if n == 9 { 0 } else { usize::from(n - 1) };
            assert_eq!(app.current(), expected, "key {n}");
            // The bands are panel-coloured at their left edges, below the text.
            assert_eq!(canvas.pixel(0, 0), Some(colour::PANEL));
            assert_eq!(canvas.pixel(0, HEIGHT - 1), Some(colour::PANEL));
        }
    }

    #[test]
    fn the_shown_tab_is_written_brighter_than_the_others() {
        let mut app = App::new(1).unwrap();
        let mut canvas = App::canvas();
        app.frame(&[], &mut canvas);
        // Tab text starts at x = 4; each glyph cell is 6 pixels wide and 7 tall, from y = 3.
        let lit_in =
            |x0: u32, x1: u32, c| (x0..x1).any(|x| (3..10).any(|y| canvas.pixel(x, y) == Some(c)));
        let first_tab = text_width("1 RANGE", 1) as u32 + 4;
        assert!(lit_in(4, first_tab, colour::DIM));
        assert!(!lit_in(4, first_tab, colour::TEXT));
        let second = first_tab + 12;
        assert!(lit_in(second, second + 40, colour::TEXT));
    }
}
