# What every terminal test shares; sourced by Tests/Terminal/*.sh after `set -euo pipefail`:
#
#   source "$(dirname "$0")/terminal-test.sh" NAME RXCHAIN_BINARY SERVER_BINARY
#
# Sets `rxchain`, `server_binary`, `work` (a scratch directory, removed on exit with the tmux
# server and the rxchain-server it started) and `socket`; `pane` (default `watch`) is the tmux
# session `fail` and `wait_for_screen` look at.
rxchain=$2
server_binary=$3
work=$(mktemp -d "/tmp/rxchain-$1-XXXXXX")
socket="$work/tmux.sock"
server_pid=""
pane=watch
cleanup() {
    tmux -S "$socket" kill-server 2>/dev/null || true
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# Fails the test with $1, printing the pane's screen.
fail() {
    echo "FAIL: $1" >&2
    tmux -S "$socket" capture-pane -p -t "$pane" 2>/dev/null >&2 || true
    exit 1
}

# Waits (a guard of 60 s, not a timing assertion) until the pane shows $1.
wait_for_screen() {
    for _ in $(seq 1 600); do
        if tmux -S "$socket" capture-pane -p -t "$pane" 2>/dev/null | grep -q -- "$1"; then return 0; fi
        sleep 0.1
    done
    fail "the screen never showed '$1'"
}

# Waits for the exit status a pane's command wrote to $work/status and expects $1.
expect_status() {
    for _ in $(seq 1 300); do [ -s "$work/status" ] && break; sleep 0.1; done
    local status
    status=$(cat "$work/status" 2>/dev/null || echo "none")
    [ "$status" = "$1" ] || fail "$pane exited with $status, not $1"
}

# Starts rxchain-server on a fresh data directory and a free port; sets `url`.
start_server() {
    "$server_binary" --data "$work/data" --port 0 --password-iterations 1000 >"$work/server.out" 2>"$work/server.log" &
    server_pid=$!
    for _ in $(seq 1 100); do
        url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/server.out" 2>/dev/null | head -1 || true)
        [ -n "$url" ] && break
        sleep 0.1
    done
    [ -n "${url:-}" ] || fail "the server did not start: $(cat "$work/server.log")"
}
