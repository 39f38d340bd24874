//! The window of `collide play` (the `window` feature): minifb shows the canvas, twice its
//! size, at 60 frames per second, and turns keys and clicks into [`InputEvent`]s.
//!
//! minifb draws a plain pixel buffer with no GPU and loads the X11 library only when the
//! window opens, so the build needs no system headers and a machine without a display gets an
//! error, not a crash.

use anyhow::{anyhow, Result};
use glam::Vec2;
use minifb::{KeyRepeat, MouseButton, MouseMode, Scale, Window, WindowOptions};

use super::input::{InputEvent, Key};
use super::{App, FPS, HEIGHT, WIDTH};

/// Opens the window on scene `first` (0 to 3) and runs until Esc or the window closes.
///
/// # Errors
/// When the window cannot open (no display, no X11 library) or a scene cannot be built.
pub fn play(first: usize) -> Result<()> {
    let options = WindowOptions {
        scale: Scale::X2,
        ..WindowOptions::default()
    };
    let (w, h) = (WIDTH as usize, HEIGHT as usize);
    let mut window = Window::new("collide play", w, h, options).map_err(|e| {
        anyhow!("cannot open a window ({e}); `collide play --bench` runs the scenes without one")
    })?;
    window.set_target_fps(FPS as usize);
    let mut app = App::new(first)?;
    let mut canvas = App::canvas();
    let mut buffer = vec![0u32; w * h];
    let mut mouse_was_down = false;
    while window.is_open() {
        let mut events = Vec::new();
        for k in window.get_keys_pressed(KeyRepeat::Yes) {
            match key(k) {
                Some(Key::Escape) => return Ok(()),
                Some(k) => events.push(InputEvent::Press(k)),
                None => {}
            }
        }
        for k in window.get_keys_released() {
            if let Some(k) = key(k) {
                events.push(InputEvent::Release(k));
            }
        }
        let down = window.get_mouse_down(MouseButton::Left);
        if down && !mouse_was_down {
            if let Some((x, y)) = window.get_mouse_pos(MouseMode::Discard) {
                events.push(InputEvent::Click(Vec2::new(x, y)));
            }
        }
        mouse_was_down = down;
        app.frame(&events, &mut canvas);
        for (out, px) in buffer.iter_mut().zip(canvas.image().pixels()) {
            let [r, g, b, _] = px.0;
            *out = u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b);
        }
        window
            .update_with_buffer(&buffer, w, h)
            .map_err(|e| anyhow!("cannot draw the window: {e}"))?;
    }
    Ok(())
}

/// The scene key of a minifb key, if it is one.
fn key(k: minifb::Key) -> Option<Key> {
    use minifb::Key as K;
    Some(match k {
        K::Space => Key::Space,
        K::Up => Key::Up,
        K::Down => Key::Down,
        K::Left => Key::Left,
        K::Right => Key::Right,
        K::B => Key::B,
        K::H => Key::H,
        K::L => Key::L,
        K::O => Key::O,
        K::R => Key::R,
        K::S => Key::S,
        K::T => Key::T,
        K::Key1 | K::NumPad1 => Key::Scene(1),
        K::Key2 | K::NumPad2 => Key::Scene(2),
        K::Key3 | K::NumPad3 => Key::Scene(3),
        K::Key4 | K::NumPad4 => Key::Scene(4),
        K::Escape => Key::Escape,
        _ => return None,
    })
}
