#!/usr/bin/env bash
# Regenerates the bundled sprites' .collider.json files with `collide hull`: the explicit,
# reviewed step that produces them (review the diff before committing). Frame layouts follow
# the table in sprites/README.md. `assets/regenerate-colliders.sh --check` changes nothing and
# fails when a committed file is missing or stale (collide-cli's tests run that check).
set -euo pipefail
cd "$(dirname "$0")/sprites"
# COLLIDE names a built binary (the tests set it); otherwise cargo builds and runs it.
collide() {
    if [[ -n "${COLLIDE:-}" ]]; then "$COLLIDE" "$@"; else cargo run --quiet -p collide-cli -- "$@"; fi
}

# Strips of square frames and single frames: the default strip rule.
collide hull "$@" \
    player.png player_small.png fighter.png globo.png cluster_bomb.png bomb.png \
    acid_balls.png sleeper.png streamer.png mine.png ticker.png \
    asteroid_big.png asteroid_large.png planet_54.png asteroid_clutter.png
# Grid sheets.
collide hull "$@" --frame-width 32 --frame-height 32 asteroid_32_8_*.png
collide hull "$@" --frame-width 18 --frame-height 18 worm.png
collide hull "$@" --frame-width 20 --frame-height 20 marauders.png
collide hull "$@" --frame-width 14 --frame-height 14 bullets.png

# The demo embeds two of them; collide-cli keeps its own copies so that the crate packages
# alone. Refreshed here, and checked against these by collide-cli's tests.
if [[ "${1:-}" != "--check" ]]; then
    cp fighter.collider.json sleeper.collider.json ../../collide-cli/assets/
fi
