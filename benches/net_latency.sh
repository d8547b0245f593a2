#!/usr/bin/env bash
# The latency of a game across two terminals on loopback: from a key press
# (Enter, sowing the selected hole) in one player's terminal to the move shown
# on the other's screen, in the direct mode or through a mailbox server (give
# its URL: `ws://127.0.0.1:PORT/v1`, e.g. one started as the tests start it,
# `target/mailbox-venv/bin/twist wormhole-mailbox --channel-db=:memory:
# --port=tcp:4555:interface=127.0.0.1` after `.ci/mailbox-server`).
# `endodoi host` and `endodoi join` run with
# --no-animation in two sessions of a private tmux server; the script presses
# Enter for whoever is to move and polls the other screen until the move
# counter shows the new move. Prints every latency and the median, in ms.
# The figure includes tmux's own work (send-keys, capture-pane polls); the
# same figure for the mover's own screen is printed as the baseline.
#
#   benches/net_latency.sh [BINARY] [MOVES] [MAILBOX_URL]
set -euo pipefail
[[ -n "${TRACE:-}" ]] && set -x
binary=${1:-target/debug/endodoi}
moves=${2:-40}
mailbox=${3:-}
binary=$(realpath "$binary")
root=$(mktemp -d)
tmux=(tmux -S "$root/tmux.sock" -f /dev/null)
trap '"${tmux[@]}" kill-server 2>/dev/null; rm -rf "$root"' EXIT
start() { # name, args
    mkdir -p "$root/$1"
    "${tmux[@]}" new-session -d -s "$1" -x 160 -y 40 -e HOME="$root/$1" \
        -e XDG_DATA_HOME="$root/$1/data" -e XDG_CONFIG_HOME="$root/$1/config" \
        -e TERM=xterm-256color "exec $binary $2"
}
screen() { "${tmux[@]}" capture-pane -p -t "$1"; }
wait_for() { # name, text
    until [[ "$(screen "$1")" == *"$2"* ]]; do sleep 0.002; done
}
game="--row south --name Hostess --no-animation --width 10 --seeds 6 --first-to 3"
if [[ -n $mailbox ]]; then
    start host "host --mailbox $mailbox $game"
    wait_for host "endodoi join "
    joining=$(screen host | grep -o 'endodoi join [0-9]*-[a-z-]*' | awk '{print $3}')" --mailbox $mailbox"
else
    start host "host --listen 127.0.0.1:0 $game"
    wait_for host "--code "
    joining=$(screen host | grep -o 'endodoi join [0-9.:]* --code [a-z0-9]*' | cut -d' ' -f3-)
fi
start join "join $joining --name Guest --no-animation"
wait_for join "Connected to"
latencies=()
local_latencies=()
ply=0
while (( ${#latencies[@]} < moves )); do
    if [[ "$(screen host)" == *"Game over"* ]]; then
        # The next game of the match (the rows swap); start counting again.
        "${tmux[@]}" send-keys -t host n
        wait_for join "move 0 "
        wait_for host "move 0 "
        ply=0
        continue
    fi
    # The board marks the mover's name with ▶.
    if [[ "$(screen host | grep -F "▶")" == *Hostess* ]]; then mover=host other=join; else mover=join other=host; fi
    next="move $((ply + 1)) "
    # Every other move, the mover's own screen is timed instead: the
    # baseline of a key shown at one keyboard (tmux and drawing included).
    if (( ply % 2 )); then watched=$mover; else watched=$other; fi
    t0=$(date +%s%N)
    "${tmux[@]}" send-keys -t "$mover" Enter
    wait_for "$watched" "$next"
    t1=$(date +%s%N)
    wait_for "$mover" "$next"
    wait_for "$other" "$next"
    if [[ $watched == "$other" ]]; then
        latencies+=($(( (t1 - t0) / 1000 )))
    else
        local_latencies+=($(( (t1 - t0) / 1000 )))
    fi
    ply=$((ply + 1))
done
median() {
    printf '%s\n' "$@" | sort -n | awk -v what="$label" '{a[NR]=$1} END {
        printf "%s: %d moves, ms: min %.1f median %.1f max %.1f\n", what, NR, a[1]/1000, a[int((NR+1)/2)]/1000, a[NR]/1000 }'
}
label="key press to the move on the other screen" median "${latencies[@]}"
label="key press to the move on one's own screen (baseline)" median "${local_latencies[@]}"
