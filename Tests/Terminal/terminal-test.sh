# What every terminal test shares; sourced by Tests/Terminal/*.sh after `set -euo pipefail`:
#
#   source "$(dirname "$0")/terminal-test.sh" NAME RXCHAIN_BINARY SERVER_BINARY
#
# Sets `rxchain`, `server_binary`, `work` (a scratch directory, removed on exit with the tmux
# server and the rxchain-server it started) and `socket`; `pane` (default `watch`) is the tmux
# session `fail` and `wait_for_screen` look at.
#
# Every wait here ends on what it waits for: a line on the screen, a pane's command ending, the
# server's first line. Their limit (`guard`, 10 minutes) only turns a hang into a failure; no
# check depends on how fast the machine is.
rxchain=$2
server_binary=$3
work=$(mktemp -d "/tmp/rxchain-$1-XXXXXX")
socket="$work/tmux.sock"
server_pid=""
pane=watch
guard=600
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

# Runs COMMAND... until it succeeds; fails with $1 if it has not after `guard` seconds. The
# screen and a file some program writes have no event to wait on: looking again every tenth
# of a second is how a test sees them change.
wait_until() {
    local what=$1
    shift
    local deadline=$((SECONDS + guard))
    until "$@"; do
        [ "$SECONDS" -lt "$deadline" ] || fail "$what (still not after ${guard} s)"
        sleep 0.1
    done
}

# Whether the pane shows $1 (a grep pattern).
screen_shows() {
    tmux -S "$socket" capture-pane -p -t "$pane" 2>/dev/null | grep -q -- "$1"
}

# Waits until the pane shows $1.
wait_for_screen() {
    wait_until "the screen never showed '$1'" screen_shows "$1"
}

# Starts a tmux session $1 (also the pane `fail` looks at) running the shell command $2 in a
# 120x30 terminal ($3 columns and $4 rows if given); when the command ends, its exit status goes
# to $work/status and the channel `ended-$1` is signalled (see `expect_status`).
#
# A session `keep` holds the tmux server up while a pane is replaced: killing the server's last
# session ends the server, and a `new-session` racing that exit fails with "server exited
# unexpectedly" (12 times in 100 at load 20; found by .ci/stress in `expenses add`'s second run).
start_pane() {
    pane=$1
    rm -f "$work/status"
    tmux -S "$socket" has-session -t keep 2>/dev/null || tmux -S "$socket" new-session -d -s keep "sleep 86400"
    tmux -S "$socket" kill-session -t "$1" 2>/dev/null || true
    tmux -S "$socket" new-session -d -s "$1" -x "${3:-120}" -y "${4:-30}" \
        "$2; echo \$? > '$work/status'; tmux -S '$socket' wait-for -S 'ended-$1'; sleep $guard"
}

# Waits until the command of the pane started by `start_pane` ended, and expects exit status $1.
expect_status() {
    timeout "$guard" tmux -S "$socket" wait-for "ended-$pane" || fail "$pane did not end within ${guard} s"
    local status
    status=$(cat "$work/status" 2>/dev/null || echo "none")
    [ "$status" = "$1" ] || fail "$pane exited with $status, not $1"
}

# Starts rxchain-server on a fresh data directory and a free port; sets `url` from the first
# line it prints (read as it comes: that line, or the end of its output if it dies first).
start_server() {
    mkfifo "$work/server.fifo"
    "$server_binary" --data "$work/data" --port 0 --password-iterations 1000 >"$work/server.fifo" 2>"$work/server.log" &
    server_pid=$!
    local output line=""
    exec {output}<"$work/server.fifo"
    IFS= read -r -t "$guard" line <&"$output" || true
    # Keep reading what else it prints, so it never blocks on a full pipe.
    cat <&"$output" >"$work/server.out" &
    exec {output}<&-
    url=$(printf '%s\n' "$line" | grep -o 'http://127.0.0.1:[0-9]*' || true)
    [ -n "$url" ] || fail "the server did not start: $line $(cat "$work/server.log")"
}
