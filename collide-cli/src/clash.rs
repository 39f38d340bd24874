//! Which sprites of a `collide hull` run would write over another's output or over an input:
//! such a sprite is refused, so that nothing the user has is lost.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use collide_hull::collider_path;

/// The files `collide hull` writes for the sprite `png`: its collider, and with `preview` its
/// preview picture.
pub fn outputs(png: &Path, preview: bool) -> Vec<PathBuf> {
    let mut out = vec![collider_path(png)];
    if preview {
        out.push(png.with_extension("hull.png"));
    }
    out
}

/// A path as compared for clashes: `exact`, its folder made canonical so that `./ship.png` and
/// `ship.png` meet; `folded`, that lower-cased, because Windows and macOS take `Ship.png` and
/// `ship.png` for one file.
#[derive(Clone, Debug)]
struct Key {
    exact: PathBuf,
    folded: String,
}

impl Key {
    fn new(path: &Path) -> Key {
        // The folder exists when the sprite in it was found or named; a missing one is
        // compared as given.
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
        let folder = folder.unwrap_or(Path::new("."));
        let folder = folder
            .canonicalize()
            .unwrap_or_else(|_| folder.to_path_buf());
        let exact = folder.join(path.file_name().unwrap_or_default());
        let folded = exact.to_string_lossy().to_lowercase();
        Key { exact, folded }
    }
}

/// `files`, each kept once, where it first appears: a sprite named twice, through another
/// spelling of its path, or named and found in a folder also named, is built (and counted)
/// once. Two paths to one file whose outputs differ (a symbolic link beside its target) are
/// both kept: each gets its own collider beside it.
pub fn once_each(files: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut seen = HashSet::new();
    files
        .into_iter()
        .filter(|f| {
            let file = f.canonicalize().unwrap_or_else(|_| f.clone());
            seen.insert((file, Key::new(&collider_path(f)).exact))
        })
        .collect()
}

/// Per file, why it is refused, if it is: one of its outputs is an input (`a.png` and
/// `a.hull.png` with `--preview`), or is written from an earlier file too (`ship.png` and
/// `ship.PNG`, or `ship.png` and `Ship.png` where case is ignored). The first of two files
/// that clash is built, so its outputs are not lost.
pub fn clashes(files: &[PathBuf], preview: bool) -> Vec<Option<String>> {
    let mut inputs: HashMap<String, (Key, &Path)> = HashMap::new();
    for file in files {
        let mut keys = vec![Key::new(file)];
        // A symbolic link is read from its target, which must not be written over either.
        keys.extend(file.canonicalize().ok().map(|c| Key::new(&c)));
        for key in keys {
            inputs.insert(key.folded.clone(), (key, file));
        }
    }
    let mut written: HashMap<String, (Key, &Path)> = HashMap::new();
    files
        .iter()
        .map(|file| {
            let outs: Vec<(PathBuf, Key)> = outputs(file, preview)
                .into_iter()
                .map(|out| (out.clone(), Key::new(&out)))
                .collect();
            let refusal = outs.iter().find_map(|(out, key)| {
                let input = inputs
                    .get(&key.folded)
                    .map(|(k, f)| input_clash(out, key, k, f));
                input.or_else(|| {
                    let earlier = written.get(&key.folded);
                    earlier.map(|(k, f)| output_clash(out, key, k, f))
                })
            });
            if refusal.is_none() {
                for (_, key) in outs {
                    written.insert(key.folded.clone(), (key, file));
                }
            }
            refusal
        })
        .collect()
}

/// Why the output `out` may not be written: it is the input `input`, or is where case is
/// ignored.
fn input_clash(out: &Path, key: &Key, input_key: &Key, input: &Path) -> String {
    let what = if key.exact == input_key.exact {
        "would overwrite"
    } else {
        "differs only by case from"
    };
    format!(
        "{} {what} the input {}: rename one of the two",
        out.display(),
        input.display()
    )
}

/// Why the output `out` may not be written: the earlier file `first` writes it too, or a path
/// that differs only by case.
fn output_clash(out: &Path, key: &Key, first_key: &Key, first: &Path) -> String {
    if key.exact == first_key.exact {
        format!(
            "{} is also written from {}: rename one of the two",
            out.display(),
            first.display()
        )
    } else {
        format!(
            "{} and {}, written from {}, differ only by case, one file on Windows and macOS: \
             rename one of the two",
            out.display(),
            first_key
                .exact
                .file_name()
                .unwrap_or_default()
                .to_string_lossy(),
            first.display()
        )
    }
}
