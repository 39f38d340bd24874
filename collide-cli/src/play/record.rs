//! Moving pictures of the scenes: each scene played headless from a script and written as an
//! animated GIF (`collide demo --animate DIR`), small enough for a README.
//!
//! Every colour the scenes use lies on the 6-level colour cube, so one fixed palette of 216
//! colours holds them exactly, and a frame needs no quantizing; each frame after the first
//! stores only the box of pixels that changed, the unchanged ones inside it transparent.

use std::path::Path;

use anyhow::{Context, Result};

use super::input::{InputEvent, Key, Script};
use super::{App, HEIGHT, WIDTH};
use crate::atomic::write_atomic;
use crate::raster::Canvas;
use crate::report::WithFile;

/// Scene frames per recorded frame: 60 fps played back at 20.
pub const EVERY: usize = 3;
/// The palette index left for "unchanged since the last frame".
const TRANSPARENT: u8 = 216;

/// One scene's recording: which scene, how long, and what the player does.
pub struct Clip {
    /// The scene's short name, in the file name and the timing table.
    pub name: &'static str,
    /// What the scene holds at its default size (as timed), for the timing table.
    pub size: String,
    /// The scene (0 to 3).
    pub scene: usize,
    /// Scene frames played.
    pub frames: usize,
    /// The player.
    pub script: Script,
    /// What `collide play --bench` plays instead: the same, but at the scene's default size.
    pub timing: Script,
}

impl Clip {
    /// The GIF's file name.
    pub fn file_name(&self) -> String {
        format!("play-{}.gif", self.name)
    }
}

/// The four clips, scene by scene.
pub fn clips() -> Vec<Clip> {
    let ups = |s: Script, frame: usize, n: usize| (0..n).fold(s, |s, _| s.press(frame, Key::Up));
    // The range: sweep off; below, then three times, the tunnelling speed; the exact sweep;
    // the halved target; inclusive overlap; the layer mask.
    let range = Script::new().press(0, Key::S).repeat(2, 230, 8, Key::Space);
    let range = ups(range, 50, 7)
        .press(110, Key::S)
        .press(111, Key::S)
        .press(150, Key::H)
        .press(170, Key::O)
        .press(190, Key::L);
    // The shmup scene at 100 objects (the whole field near full size; a bigger one makes a
    // GIF of megabytes): the grid, then sort and sweep (switched as it runs), then the
    // bullets bounce.
    let shmup_timing = Script::new().press(80, Key::B);
    let shmup = shmup_timing
        .clone()
        .press(0, Key::Down)
        .press(0, Key::Down)
        .press(110, Key::T);
    // The platformer: land, walk over the curb, up the ramp and down the slope, jump onto
    // the one-way platform and drop through it, jump onto the wall and ride the lift up;
    // then down again onto the pressure plate, whose door opens onto the last coins.
    let platformer = Script::new()
        .hold(0, 105, Key::Right)
        .press(98, Key::Space)
        .at(150, InputEvent::Press(Key::Down))
        .press(150, Key::Space)
        .at(155, InputEvent::Release(Key::Down))
        .hold(175, 229, Key::Right)
        .press(192, Key::Space)
        .hold(336, 350, Key::Right)
        .hold(356, 400, Key::Left)
        .hold(415, 490, Key::Right);
    // Breakout: 8, 512 and 8 192 units per frame, the paddle chasing.
    let breakout = ups(Script::new(), 60, 6)
        .hold(20, 50, Key::Left)
        .hold(70, 120, Key::Right);
    let breakout = ups(breakout, 130, 4);
    vec![
        Clip {
            name: "range",
            size: "1 target, its shots".to_string(),
            scene: 0,
            frames: 240,
            timing: range.clone(),
            script: range,
        },
        Clip {
            name: "shmup",
            size: format!(
                "{} objects, grid",
                super::shmup::OBJECTS[super::shmup::START_OBJECTS]
            ),
            scene: 1,
            frames: 150,
            script: shmup,
            timing: shmup_timing,
        },
        Clip {
            name: "platformer",
            size: format!("{} tiles, a lift", super::platformer::tile_count()),
            scene: 2,
            frames: 500,
            timing: platformer.clone(),
            script: platformer,
        },
        Clip {
            name: "breakout",
            size: format!("{} bricks, 1 ball", super::breakout::BRICKS),
            scene: 3,
            frames: 210,
            timing: breakout.clone(),
            script: breakout,
        },
    ]
}

/// Plays `clip` and returns its GIF.
///
/// # Errors
/// When a scene cannot be built or the GIF cannot be encoded.
pub fn record(clip: &Clip) -> Result<Vec<u8>> {
    let mut app = App::new(clip.scene)?;
    let mut canvas = App::canvas();
    let mut bytes = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut bytes, WIDTH as u16, HEIGHT as u16, &palette())
            .context("cannot start the GIF")?;
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .context("cannot encode the GIF")?;
        let mut previous: Option<Vec<u8>> = None;
        for frame in 0..clip.frames {
            let events: Vec<InputEvent> = clip.script.events(frame);
            app.frame(&events, &mut canvas);
            if frame % EVERY != EVERY - 1 {
                continue;
            }
            let indices = indices(&canvas);
            let gif_frame = changed(previous.as_deref(), &indices);
            encoder
                .write_frame(&gif_frame)
                .context("cannot encode the GIF")?;
            previous = Some(indices);
        }
    }
    Ok(bytes)
}

/// Records every clip into `dir` (created if missing) and returns the files written.
///
/// # Errors
/// When a clip cannot be recorded or written.
pub fn record_all(dir: &Path) -> Result<Vec<std::path::PathBuf>> {
    std::fs::create_dir_all(dir).with_file(dir, "cannot create the folder")?;
    let mut written = Vec::new();
    for clip in clips() {
        let path = dir.join(clip.file_name());
        let gif = record(&clip).with_file(&path, "cannot record the scene")?;
        write_atomic(&path, &gif).with_file(&path, "cannot write the file")?;
        written.push(path);
    }
    Ok(written)
}

/// The 6 × 6 × 6 colour cube, then the transparent entry.
fn palette() -> Vec<u8> {
    let mut p = Vec::with_capacity(3 * 217);
    for r in 0..6u8 {
        for g in 0..6u8 {
            for b in 0..6u8 {
                p.extend_from_slice(&[r * 51, g * 51, b * 51]);
            }
        }
    }
    p.extend_from_slice(&[0, 0, 0]);
    p
}

/// Every pixel's nearest cube colour (exact for the scenes' own colours).
fn indices(canvas: &Canvas) -> Vec<u8> {
    let level = |v: u8| (u16::from(v) + 25) / 51;
    canvas
        .image()
        .pixels()
        .map(|p| (level(p.0[0]) * 36 + level(p.0[1]) * 6 + level(p.0[2])) as u8)
        .collect()
}

/// The frame that turns `previous` into `current`: the box of changed pixels, the unchanged
/// ones in it transparent; the whole picture when there is no previous frame.
fn changed<'a>(previous: Option<&[u8]>, current: &[u8]) -> gif::Frame<'a> {
    let (w, h) = (WIDTH as usize, HEIGHT as usize);
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    if let Some(prev) = previous {
        for (i, (a, b)) in prev.iter().zip(current).enumerate() {
            if a != b {
                let (x, y) = (i % w, i / w);
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
            }
        }
        if x0 >= x1 {
            // Nothing changed: one transparent pixel keeps the frame's time.
            (x0, y0, x1, y1) = (0, 0, 1, 1);
        }
    } else {
        (x0, y0, x1, y1) = (0, 0, w, h);
    }
    let mut buffer = Vec::with_capacity((x1 - x0) * (y1 - y0));
    for y in y0..y1 {
        for x in x0..x1 {
            let i = y * w + x;
            let unchanged = previous.is_some_and(|p| p[i] == current[i]);
            buffer.push(if unchanged { TRANSPARENT } else { current[i] });
        }
    }
    gif::Frame {
        // Centiseconds: three 60-fps frames are 5.
        delay: (EVERY as u16 * 100).div_ceil(60),
        dispose: gif::DisposalMethod::Keep,
        transparent: Some(TRANSPARENT),
        left: x0 as u16,
        top: y0 as u16,
        width: (x1 - x0) as u16,
        height: (y1 - y0) as u16,
        buffer: buffer.into(),
        ..gif::Frame::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scene_colours_are_on_the_palette_exactly() {
        let p = palette();
        for c in [
            super::super::colour::BACKGROUND,
            super::super::colour::TARGET,
            super::super::colour::SHOT,
            super::super::colour::HIGHLIGHT,
            super::super::colour::HULL,
            super::super::colour::ONE_WAY,
            super::super::colour::LIFT,
        ] {
            let mut canvas = App::canvas();
            canvas.clear(c);
            let i = usize::from(indices(&canvas)[0]);
            assert_eq!(&p[3 * i..3 * i + 3], &c[..3]);
        }
    }

    #[test]
    fn a_frame_holds_only_the_changed_box() {
        let mut a = vec![0u8; (WIDTH * HEIGHT) as usize];
        let first = changed(None, &a);
        assert_eq!((first.width, first.height), (WIDTH as u16, HEIGHT as u16));
        let before = a.clone();
        a[10 * WIDTH as usize + 20] = 5;
        a[12 * WIDTH as usize + 23] = 7;
        let f = changed(Some(&before), &a);
        assert_eq!((f.left, f.top, f.width, f.height), (20, 10, 4, 3));
        assert_eq!(f.buffer[0], 5);
        assert_eq!(f.buffer[2 * 4 + 3], 7);
        assert_eq!(f.buffer[1], TRANSPARENT);
    }

    #[test]
    fn a_recording_decodes_to_its_frames() {
        let clip = Clip {
            frames: 30,
            ..clips().remove(3)
        };
        let gif = record(&clip).unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(gif.as_slice()).unwrap();
        assert_eq!(
            (decoder.width(), decoder.height()),
            (WIDTH as u16, HEIGHT as u16)
        );
        let mut frames = 0;
        while decoder.read_next_frame().unwrap().is_some() {
            frames += 1;
        }
        assert_eq!(frames, 30 / EVERY);
    }
}
