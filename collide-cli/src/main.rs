//! The `collide` command.
//!
//! - `collide hull PATH...` builds `<stem>.collider.json` hull colliders from sprite PNGs.
//! - `collide inspect FILE...` validates collider files and prints their frames (exit code 1
//!   when one is invalid, or stale beside its sprite).
//! - `collide demo` shows tunnelling and its fix: the tunnelling experiment, the shmup
//!   benchmark scene with every broad phase, and two pictures (their full paths printed);
//!   `--animate DIR` also records each scene of `collide play` as an animated GIF.
//! - `collide play` opens the demonstration as something to play (the `window` feature);
//!   `collide play --bench` times its scenes without a window.
//!
//! Exit codes: 0 when everything succeeded, 1 when any file failed (or `--check` found a stale
//! or missing file, or stdout could not be written, `--help` included: the files are still all
//! processed), 2 for a usage error (clap's own exit code).
//!
//! Every subcommand reports a failure on one line in one form: `error: <file>: <reason>`, the
//! file the failure is about (the one read, written, listed or created) and each cause once;
//! `error: <reason>` when no file is to blame.

mod atomic;
mod clash;
mod demo;
mod hull;
mod inspect;
mod outcome;
mod play;
mod raster;
mod report;
mod scene_setup;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use outcome::Outcome;

/// Collision detection for 2D games that never lets a fast bullet pass through its target.
#[derive(Debug, Parser)]
#[command(name = "collide", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Build convex hull colliders (`<stem>.collider.json`) from sprite PNGs.
    Hull(hull::HullArgs),
    /// Validate `.collider.json` files and print their frames, vertex counts and areas.
    Inspect(inspect::InspectArgs),
    /// Show tunnelling and its fix: shots at a small target, the shmup scene with every broad
    /// phase, and two pictures (demo-scene.png, demo-tunnel.png).
    Demo(demo::DemoArgs),
    /// Play the demonstration in a window: shots at a target, the shmup scene, a platformer
    /// and breakout (Esc quits; `--bench` times the scenes without a window).
    Play(play::PlayArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    let outcome = match &cli.command {
        Command::Hull(args) => hull::run(args),
        Command::Inspect(args) => inspect::run(args),
        Command::Demo(args) => demo::run(args),
        Command::Play(args) => play::run(args),
    };
    match outcome {
        Outcome::Success => ExitCode::SUCCESS,
        Outcome::SomeFailed => ExitCode::from(1),
    }
}

/// Prints clap's help, version or usage error and says how to exit. `Error::exit` ignores a
/// failed write, so `--help` to a full disk would exit 0; like every other output to stdout,
/// it exits 1 then.
fn clap_exit(e: &clap::Error) -> ExitCode {
    let printed = e.print().and_then(|()| std::io::stdout().flush());
    match printed {
        Err(err) if !e.use_stderr() => {
            report::warn(&report::error_line(
                &anyhow::Error::new(err).context("cannot write to stdout"),
            ));
            ExitCode::from(1)
        }
        _ => ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2)),
    }
}
