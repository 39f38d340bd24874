//! How the command words a failure: the file named once, each cause once.

use std::error::Error as StdError;
use std::path::Path;

/// `error` followed by its causes, joined by `: `. The libraries keep a cause out of their own
/// message and return it from `source()`, so each appears once.
pub fn causes(error: &(dyn StdError + 'static)) -> String {
    let mut text = error.to_string();
    let mut next = error.source();
    while let Some(cause) = next {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        next = cause.source();
    }
    text
}

/// The line reporting why `path` failed. A read error already names the file ("cannot read
/// ship.png"), so the file is only put in front when the message does not name it.
pub fn file_error(path: &Path, error: &anyhow::Error) -> String {
    if names_file(error, path) {
        format!("error: {error:#}")
    } else {
        format!("error: {}: {error:#}", path.display())
    }
}

fn names_file(error: &anyhow::Error, path: &Path) -> bool {
    error.chain().any(|e| {
        matches!(
            e.downcast_ref::<collide_hull::Error>(),
            Some(collide_hull::Error::Io { path: p, .. }) if p == path
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_error_names_its_file_once() {
        let io = |path: &str| {
            anyhow::Error::from(collide_hull::Error::Io {
                path: path.into(),
                source: std::io::Error::other("gone"),
            })
        };
        let line = file_error(Path::new("a.png"), &io("a.png"));
        assert_eq!(line, "error: cannot read a.png: gone");
        let other = file_error(Path::new("a.png"), &io("b.png"));
        assert_eq!(other, "error: a.png: cannot read b.png: gone");
    }
}
