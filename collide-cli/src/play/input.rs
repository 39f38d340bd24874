//! What a player does, as the scenes see it: keys pressed and released and clicks, in the
//! order they happened during a frame. The window turns its keyboard and mouse into these;
//! a script (the recordings, the tests, the timing run) writes them directly.

use glam::Vec2;

/// The keys `collide play` reacts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// Fire, jump.
    Space,
    /// Raise (speed, object count), jump.
    Up,
    /// Lower (speed, object count).
    Down,
    /// Move left.
    Left,
    /// Move right.
    Right,
    /// Switch the broad phase.
    B,
    /// Halve the target.
    H,
    /// Give the shot a layer mask.
    L,
    /// Strict or inclusive overlap.
    O,
    /// Start the scene again.
    R,
    /// Switch the sweep mode.
    S,
    /// Bullets bounce or pass through.
    T,
    /// Scene 1 to 4.
    // Only the window (and the tests) make it; the recordings start on their scene.
    #[cfg_attr(not(feature = "window"), allow(dead_code))]
    Scene(u8),
    /// Quit.
    // Only the window makes it: a build without the `window` feature never does.
    #[cfg_attr(not(feature = "window"), allow(dead_code))]
    Escape,
}

/// One thing the player did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum InputEvent {
    /// A key went down.
    Press(Key),
    /// A key came up.
    Release(Key),
    /// The left mouse button went down at this pixel of the canvas.
    // Only the window (and the tests) make it.
    #[cfg_attr(not(feature = "window"), allow(dead_code))]
    Click(Vec2),
}

/// Which of the movement keys are held down, followed from the events.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    /// Left is down.
    pub left: bool,
    /// Right is down.
    pub right: bool,
    /// Down is down.
    pub down: bool,
}

impl Held {
    /// Follows one frame's events.
    pub fn update(&mut self, input: &[InputEvent]) {
        for event in input {
            match *event {
                InputEvent::Press(Key::Left) => self.left = true,
                InputEvent::Release(Key::Left) => self.left = false,
                InputEvent::Press(Key::Right) => self.right = true,
                InputEvent::Release(Key::Right) => self.right = false,
                InputEvent::Press(Key::Down) => self.down = true,
                InputEvent::Release(Key::Down) => self.down = false,
                _ => {}
            }
        }
    }

    /// −1 for left, +1 for right, 0 for neither or both.
    pub fn direction(&self) -> f32 {
        f32::from(u8::from(self.right)) - f32::from(u8::from(self.left))
    }
}

/// Whether `key` went down during the frame.
pub fn pressed(input: &[InputEvent], key: Key) -> bool {
    input.contains(&InputEvent::Press(key))
}

/// How many times `key` went down during the frame.
pub fn presses(input: &[InputEvent], key: Key) -> usize {
    input
        .iter()
        .filter(|e| **e == InputEvent::Press(key))
        .count()
}

/// The clicks of the frame, in canvas pixels.
pub fn clicks(input: &[InputEvent]) -> impl Iterator<Item = Vec2> + '_ {
    input.iter().filter_map(|e| match e {
        InputEvent::Click(at) => Some(*at),
        _ => None,
    })
}

/// A scripted player: on each listed frame, these events.
#[derive(Clone, Debug, Default)]
pub struct Script {
    steps: Vec<(usize, InputEvent)>,
}

impl Script {
    /// An empty script.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `event` on `frame`.
    pub fn at(mut self, frame: usize, event: InputEvent) -> Self {
        self.steps.push((frame, event));
        self
    }

    /// Adds a press of `key` on `frame`.
    pub fn press(self, frame: usize, key: Key) -> Self {
        self.at(frame, InputEvent::Press(key))
    }

    /// Holds `key` down from frame `from` until frame `to` (released then).
    pub fn hold(self, from: usize, to: usize, key: Key) -> Self {
        self.at(from, InputEvent::Press(key))
            .at(to, InputEvent::Release(key))
    }

    /// Presses `key` every `every` frames from `from` until before `to`.
    pub fn repeat(mut self, from: usize, to: usize, every: usize, key: Key) -> Self {
        for frame in (from..to).step_by(every.max(1)) {
            self = self.press(frame, key);
        }
        self
    }

    /// The events of `frame`, in the order they were added.
    pub fn events(&self, frame: usize) -> Vec<InputEvent> {
        self.steps
            .iter()
            .filter(|(f, _)| *f == frame)
            .map(|(_, e)| *e)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn held_keys_follow_presses_and_releases() {
        let mut held = Held::default();
        held.update(&[InputEvent::Press(Key::Right)]);
        assert_eq!(held.direction(), 1.0);
        held.update(&[InputEvent::Press(Key::Left)]);
        assert_eq!(held.direction(), 0.0);
        held.update(&[InputEvent::Release(Key::Right)]);
        assert_eq!(held.direction(), -1.0);
    }

    #[test]
    fn a_script_gives_each_frame_its_events() {
        let s = Script::new()
            .hold(2, 5, Key::Left)
            .repeat(0, 6, 3, Key::Space);
        assert_eq!(
            s.events(2),
            vec![InputEvent::Press(Key::Left)],
            "frame 2 has the press only"
        );
        assert_eq!(
            s.events(3),
            vec![InputEvent::Press(Key::Space)],
            "spaces on 0 and 3"
        );
        assert_eq!(s.events(5), vec![InputEvent::Release(Key::Left)]);
        assert!(s.events(4).is_empty());
        assert_eq!(presses(&s.events(0), Key::Space), 1);
    }
}
