//! How the command words a failure, in every subcommand: `error: <file>: <reason>`, the file
//! the failure is about named once, in front, then each cause once; `error: <reason>` when no
//! file is to blame (a window that cannot open).

use std::error::Error as StdError;
use std::fmt;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The context of a failure about the file (or folder) at `path`: what could not be done to
/// it. It shows as `what` alone; the report puts the path in front of the line.
#[derive(Debug)]
pub struct AboutFile {
    path: PathBuf,
    what: &'static str,
}

impl fmt::Display for AboutFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.what)
    }
}

/// Names the file a failure is about, and what could not be done to it: `write_atomic(path,
/// bytes).with_file(path, "cannot write the file")`.
pub trait WithFile<T> {
    /// The error, if any, as one about `path`.
    fn with_file(self, path: &Path, what: &'static str) -> anyhow::Result<T>;
}

impl<T, E> WithFile<T> for Result<T, E>
where
    Result<T, E>: anyhow::Context<T, E>,
{
    fn with_file(self, path: &Path, what: &'static str) -> anyhow::Result<T> {
        anyhow::Context::with_context(self, || AboutFile {
            path: path.to_owned(),
            what,
        })
    }
}

/// `error` and its causes, joined by `: `. The libraries keep a cause out of their own message
/// and return it from `source()`, so each appears once; a read error shows as `cannot read
/// the file`, its path left to the front of the line.
pub fn reason(error: &(dyn StdError + 'static)) -> String {
    let mut parts = Vec::new();
    let mut next = Some(error);
    while let Some(e) = next {
        parts.push(match e.downcast_ref::<collide_hull::Error>() {
            Some(collide_hull::Error::Io { .. }) => "cannot read the file".to_owned(),
            _ => e.to_string(),
        });
        next = e.source();
    }
    parts.join(": ")
}

/// The line reporting why the work on `path` failed: the file the error is about (`path`,
/// unless it names another: the collider written beside a sprite) and the reason.
pub fn file_error(path: &Path, error: &anyhow::Error) -> String {
    line(Some(path), error)
}

/// The line reporting why a subcommand failed: the file the error is about, if any, and the
/// reason.
pub fn error_line(error: &anyhow::Error) -> String {
    line(None, error)
}

/// The line for a failure `error` while working on `working_on`.
fn line(working_on: Option<&Path>, error: &anyhow::Error) -> String {
    let read = |e: &(dyn StdError + 'static)| match e.downcast_ref::<collide_hull::Error>() {
        Some(collide_hull::Error::Io { path, .. }) => Some(path.clone()),
        _ => None,
    };
    let about = error
        .downcast_ref::<AboutFile>()
        .map(|c| c.path.clone())
        .or_else(|| error.chain().find_map(read))
        .or_else(|| working_on.map(Path::to_path_buf));
    let reason = reason(error.as_ref());
    match about {
        Some(path) => format!("error: {}: {reason}", path.display()),
        None => format!("error: {reason}"),
    }
}

/// Writes `line` to stderr. A stderr that fails (closed, or a full disk) loses the line,
/// where `eprintln!` would panic and stop the work on the files left.
pub fn warn(line: &str) {
    let _ = writeln!(io::stderr(), "{line}");
}

/// Standard output for a subcommand that goes on over its files when stdout fails (`| head`,
/// a full disk): the first failure is kept and later text dropped, so that every file is still
/// processed, and [`Printer::finish`] reports the failure once.
#[derive(Debug, Default)]
pub struct Printer {
    failed: Option<io::Error>,
}

impl Printer {
    /// Writes `text` to stdout, unless an earlier write failed.
    pub fn print(&mut self, text: &str) {
        if self.failed.is_none() {
            self.failed = io::stdout().write_all(text.as_bytes()).err();
        }
    }

    /// Flushes stdout and reports on stderr why it failed, if it did: `false` then.
    pub fn finish(mut self) -> bool {
        if self.failed.is_none() {
            self.failed = io::stdout().flush().err();
        }
        let Some(e) = self.failed else {
            return true;
        };
        warn(&error_line(
            &anyhow::Error::new(e).context("cannot write to stdout"),
        ));
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_comes_first_once_then_the_reason() {
        let io = |path: &str| {
            anyhow::Error::from(collide_hull::Error::Io {
                path: path.into(),
                source: std::io::Error::other("gone"),
            })
        };
        let line = file_error(Path::new("a.png"), &io("a.png"));
        assert_eq!(line, "error: a.png: cannot read the file: gone");
        let other = file_error(Path::new("a.png"), &io("b.png"));
        assert_eq!(other, "error: b.png: cannot read the file: gone");
        let not_a_png = anyhow::Error::from(collide_hull::Error::NotPng);
        assert_eq!(
            file_error(Path::new("a.png"), &not_a_png),
            "error: a.png: not a PNG file (no PNG signature)"
        );

        // A file written: named in front, whatever context is added above.
        let full = || Err::<(), _>(std::io::Error::other("disk full"));
        let written = full()
            .with_file(Path::new("out/a.json"), "cannot write the file")
            .unwrap_err();
        assert_eq!(
            file_error(Path::new("a.png"), &written),
            "error: out/a.json: cannot write the file: disk full"
        );
        let recorded = written.context("cannot record the scene");
        assert_eq!(
            error_line(&recorded),
            "error: out/a.json: cannot record the scene: cannot write the file: disk full"
        );
        assert_eq!(
            error_line(&anyhow::anyhow!("cannot open a window")),
            "error: cannot open a window"
        );
    }
}
