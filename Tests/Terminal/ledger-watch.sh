#!/usr/bin/env bash
# `rxchain ledger watch` in a real terminal (tmux): a device following a server playbook redraws
# when another device's change arrives, and Ctrl-C ends it with exit 0.
#
#   Tests/Terminal/ledger-watch.sh RXCHAIN_BINARY SERVER_BINARY
#
# Run by .ci/test after the Swift suites (it needs the example server, which .ci/server builds).
# Prints what it checks; exits 1 with the screen on the first failure.
set -euo pipefail
rxchain=$1
server_binary=$2
work=$(mktemp -d /tmp/rxchain-watch-XXXXXX)
socket="$work/tmux.sock"
server_pid=""
cleanup() {
    tmux -S "$socket" kill-server 2>/dev/null || true
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

fail() {
    echo "FAIL: $1" >&2
    tmux -S "$socket" capture-pane -p -t watch 2>/dev/null >&2 || true
    exit 1
}

# Waits (a guard of 60 s, not a timing assertion) until the pane shows $1.
wait_for_screen() {
    for _ in $(seq 1 600); do
        if tmux -S "$socket" capture-pane -p -t watch 2>/dev/null | grep -q -- "$1"; then return 0; fi
        sleep 0.1
    done
    fail "the screen never showed '$1'"
}

"$server_binary" --data "$work/data" --port 0 --password-iterations 1000 >"$work/server.out" 2>"$work/server.log" &
server_pid=$!
for _ in $(seq 1 100); do
    url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/server.out" 2>/dev/null | head -1 || true)
    [ -n "$url" ] && break
    sleep 0.1
done
[ -n "${url:-}" ] || fail "the server did not start: $(cat "$work/server.log")"

as() { local home=$1; shift; RXCHAIN_HOME="$work/$home" NO_COLOR=1 "$rxchain" "$@"; }
echo "correct horse" | as home-a account signup --server "$url" --user alice --password-stdin >/dev/null
echo "correct horse" | as home-a account login --server "$url" --user alice --device a --password-stdin >/dev/null
echo "correct horse" | as home-b account login --server "$url" --user alice --device b --password-stdin >/dev/null
playbook="$url/logs/users/alice/ledger"
as home-a ledger --store "$work/a" sync --remote "$playbook" >/dev/null
as home-b ledger --store "$work/b" sync --remote "$playbook" >/dev/null

# The shell in the pane outlives Ctrl-C (its trap is a handler, so the watch gets the default
# SIGINT action back on exec) and records the watch's exit status.
tmux -S "$socket" new-session -d -s watch -x 120 -y 30 \
    "trap true INT; RXCHAIN_HOME='$work/home-b' NO_COLOR=1 '$rxchain' ledger --store '$work/b' watch; echo \$? > '$work/status'; sleep 600"
wait_for_screen "watching $playbook"
wait_for_screen "synced"
echo "ok: watch started and synced"

as home-a ledger --store "$work/a" categories new Food >/dev/null
as home-a ledger --store "$work/a" add --id t-from-a --charge 7 --category Food --description lunch-from-a >/dev/null
as home-a ledger --store "$work/a" sync >/dev/null
wait_for_screen "lunch-from-a"
echo "ok: another device's change appeared without a keypress"

tmux -S "$socket" send-keys -t watch C-c
for _ in $(seq 1 300); do [ -s "$work/status" ] && break; sleep 0.1; done
status=$(cat "$work/status" 2>/dev/null || echo "none")
[ "$status" = "0" ] || fail "watch did not exit 0 on Ctrl-C (status: $status)"
echo "ok: Ctrl-C ended the watch with exit 0"
echo "PASS: ledger watch in tmux"
