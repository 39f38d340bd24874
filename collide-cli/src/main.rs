//! The `collide` command. Its subcommands (`collide hull`, `collide inspect`, `collide demo`)
//! arrive with their issues; until then it says so and exits with the usage-error code.

fn main() {
    eprintln!("collide: no subcommands are available yet (hull, inspect and demo are planned)");
    std::process::exit(2);
}
