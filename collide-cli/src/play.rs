//! `collide play`: the demonstration as something to play, in a window at 60 frames per
//! second, drawn by the crate's software rasterizer.
//!
//! Four scenes, switched by the number keys:
//! 1. [`range`]: shots at a target; raise the speed past the tunnelling speed with the sweep
//!    off and watch shots pass through, halve the target, switch the sweep back on, compare
//!    strict and inclusive overlap on two boxes edge to edge, give the shot a layer mask.
//! 2. [`shmup`]: the shmup benchmark scene, live, at up to 100 000 objects, with the broad
//!    phase switched by a key as it runs, bullets that bounce off enemies at another, and the
//!    hits only the sweep found marked.
//! 3. [`platformer`]: a `Character` that walks a tile map's steps and slopes, lands on and
//!    drops through a one-way platform and rides a lift, its contact normals drawn.
//! 4. [`breakout`]: a ball at up to thousands of units per frame, bounced by the collision
//!    pass's responses, that never leaves the field or passes through a brick.
//!
//! Each scene is a struct stepped by input events and drawn on a [`Canvas`], apart from any
//! window, so the same scenes run headless from a script: the tests, the animated pictures of
//! `collide demo --animate` ([`record`]) and `collide play --bench`. The window itself is
//! behind the `window` feature (on by default).

mod app;
mod breakout;
#[cfg(test)]
mod golden;
mod input;
mod platformer;
mod range;
pub mod record;
mod shmup;
#[cfg(feature = "window")]
mod window;

use anyhow::Result;
use clap::Args;

pub use app::App;
pub use input::InputEvent;

use crate::outcome::Outcome;
use crate::raster::Canvas;

/// The canvas every scene draws on, in pixels.
pub const WIDTH: u32 = 640;
/// The canvas height, in pixels.
pub const HEIGHT: u32 = 360;
/// Where the play area starts, below the tabs and two status lines.
pub const PLAY_TOP: f32 = 31.0;
/// Where the play area ends, above two lines of keys.
pub const PLAY_BOTTOM: f32 = 340.0;
/// Frames per second the window runs at, and the frame time every scene's physics assumes.
pub const FPS: f32 = 60.0;

/// One scene of `collide play`: state driven by input events, drawn on a canvas.
pub trait Scene {
    /// The name on its tab.
    fn title(&self) -> &'static str;
    /// One or two lines listing its keys.
    fn keys(&self) -> &'static [&'static str];
    /// One or two lines of figures, shown above the play area.
    fn status(&self) -> Vec<String>;
    /// Advances one frame, after the frame's events (in order).
    fn step(&mut self, input: &[InputEvent]);
    /// Draws the play area (the chrome around it is the app's).
    fn draw(&self, canvas: &mut Canvas);
}

/// The colours of the scenes, all on the 6-level colour cube (0, 51, …, 255 per channel) so
/// that the animated pictures' fixed palette holds them exactly.
pub mod colour {
    use crate::raster::Colour;

    /// The play area.
    pub const BACKGROUND: Colour = [0, 0, 51, 255];
    /// The bands above and below it.
    pub const PANEL: Colour = [0, 0, 0, 255];
    /// Text.
    pub const TEXT: Colour = [255, 255, 255, 255];
    /// Text of lesser weight, grid lines.
    pub const DIM: Colour = [153, 153, 153, 255];
    /// The frame time and other figures to look at.
    pub const HIGHLIGHT: Colour = [255, 255, 102, 255];
    /// Targets, enemies, bricks.
    pub const TARGET: Colour = [204, 102, 0, 255];
    /// Shots, bullets, the ball.
    pub const SHOT: Colour = [102, 255, 255, 255];
    /// Where a hit was found by the end-of-frame test.
    pub const HIT: Colour = [255, 51, 51, 255];
    /// Where only the sweep found a hit.
    pub const SWEEP_HIT: Colour = [255, 255, 0, 255];
    /// A shot that passed through its target.
    pub const PASSED: Colour = [255, 0, 255, 255];
    /// Tiles and walls.
    pub const SOLID: Colour = [102, 102, 153, 255];
    /// The player's body.
    pub const PLAYER: Colour = [51, 204, 255, 255];
    /// Contact normals, things that are apart.
    pub const NORMAL: Colour = [0, 255, 0, 255];
    /// Enemy hulls.
    pub const HULL: Colour = [204, 153, 255, 255];
    /// One-way platforms.
    pub const ONE_WAY: Colour = [255, 153, 51, 255];
    /// Moving platforms.
    pub const LIFT: Colour = [204, 204, 102, 255];
}

/// The arguments of `collide play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The scene shown first, 1 to 4.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=4))]
    pub scene: u8,
    /// Open no window: run every scene headless from its script and print the time each
    /// frame's step and draw takes (the median and the 99th percentile), on one core.
    #[arg(long)]
    pub bench: bool,
    /// Frames per scene for `--bench`.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub frames: u32,
}

/// Runs `collide play`: the window, or with `--bench` the timing run.
pub fn run(args: &PlayArgs) -> Outcome {
    let result = if args.bench {
        bench(args.frames as usize)
    } else {
        open_window(usize::from(args.scene - 1))
    };
    match result {
        Ok(()) => Outcome::Success,
        Err(e) => {
            crate::report::warn(&crate::report::error_line(&e));
            Outcome::SomeFailed
        }
    }
}

#[cfg(feature = "window")]
fn open_window(first: usize) -> Result<()> {
    window::play(first)
}

#[cfg(not(feature = "window"))]
fn open_window(_first: usize) -> Result<()> {
    anyhow::bail!("this collide was built without the `window` feature; `collide play --bench` and `collide demo --animate DIR` still run the scenes")
}

/// Times every scene's frames (step and draw, as the window's corner shows them) running its
/// recording script on a loop, and prints the median and the 99th percentile (the slowest
/// frames of a shared machine are its other work, not the scene's).
fn bench(frames: usize) -> Result<()> {
    use std::io::Write as _;
    let mut out = std::io::stdout();
    writeln!(
        out,
        "collide play --bench: step + draw per frame, {frames} frames per scene, one core"
    )?;
    writeln!(
        out,
        "  scene        size                    median ms    99% ms   frames/s at the median"
    )?;
    for (n, clip) in record::clips().iter().enumerate() {
        let mut app = App::new(n)?;
        let mut canvas = App::canvas();
        let mut times = Vec::with_capacity(frames);
        for frame in 0..frames {
            let events = clip.timing.events(frame % clip.frames);
            times.push(app.frame(&events, &mut canvas));
        }
        times.sort_by(f64::total_cmp);
        let median = times[times.len() / 2];
        let p99 = times[times.len() * 99 / 100];
        writeln!(
            out,
            "  {:<12} {:<23} {:>9.3} {:>9.3}   {:>8.0}",
            clip.name,
            clip.size,
            median,
            p99,
            1e3 / median.max(1e-6)
        )?;
    }
    writeln!(
        out,
        "  (60 frames/s leaves 16.7 ms a frame; the window adds one copy of the {WIDTH}×{HEIGHT} canvas)"
    )?;
    Ok(())
}
