#!/usr/bin/env bash
# `rxchain time watch` in a real terminal (tmux): the laptop's live view shows an entry started on
# the phone once both synced with the server, with its sync state, and Ctrl-C ends it with exit 0.
#
#   Tests/Terminal/time-watch.sh RXCHAIN_BINARY SERVER_BINARY
#
# Run by .ci/test after the Swift suites (it needs the example server, which .ci/server builds).
# Prints what it checks; exits 1 with the screen on the first failure.
set -euo pipefail
rxchain=$1
server_binary=$2
work=$(mktemp -d /tmp/rxchain-time-watch-XXXXXX)
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

as() { RXCHAIN_HOME="$work/home" NO_COLOR=1 "$rxchain" "$@"; }
echo "correct horse" | as account signup --server "$url" --user alice --password-stdin >/dev/null
echo "correct horse" | as account login --server "$url" --user alice --device d --password-stdin >/dev/null
for device in laptop phone; do
    as time --store "$work/$device" sync --server "$url" --user alice >/dev/null
done

tmux -S "$socket" new-session -d -s watch -x 200 -y 40 \
    "trap true INT; RXCHAIN_HOME='$work/home' NO_COLOR=1 '$rxchain' time --store '$work/laptop' watch --interval 1; echo \$? > '$work/status'; sleep 600"
wait_for_screen "synced at"
echo "ok: watch started and synced"

id=$(as time --store "$work/phone" start "written-on-the-phone" --at 2026-01-05T08:00:00Z)
as time --store "$work/phone" sync >/dev/null
wait_for_screen "written-on-the-phone"
wait_for_screen "synced .*written-on-the-phone"
echo "ok: the phone's entry appeared, synced, without a keypress"

tmux -S "$socket" send-keys -t watch C-c
for _ in $(seq 1 300); do [ -s "$work/status" ] && break; sleep 0.1; done
status=$(cat "$work/status" 2>/dev/null || echo "none")
[ "$status" = "0" ] || fail "watch did not exit 0 on Ctrl-C (status: $status)"
echo "ok: Ctrl-C ended the watch with exit 0"
[ -n "$id" ] || fail "start printed no id"
echo "PASS: time watch in tmux"
