#!/usr/bin/env bash
# `rxchain todo watch` in a real terminal (tmux): bob's device following the server redraws when
# alice shares a list and when she adds to it after he accepted, and Ctrl-C ends it with exit 0.
#
#   Tests/Terminal/todo-watch.sh RXCHAIN_BINARY SERVER_BINARY
#
# Run by .ci/test after the Swift suites (it needs the example server, which .ci/server builds).
# Prints what it checks; exits 1 with the screen on the first failure.
set -euo pipefail
rxchain=$1
server_binary=$2
work=$(mktemp -d /tmp/rxchain-todo-watch-XXXXXX)
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

as() { local user=$1; shift; RXCHAIN_HOME="$work/home-$user" NO_COLOR=1 "$rxchain" "$@"; }
for user in alice bob; do
    echo "correct horse" | as $user account signup --server "$url" --user $user --password-stdin >/dev/null
    echo "correct horse" | as $user account login --server "$url" --user $user --device d --password-stdin >/dev/null
    as $user todo --store "$work/$user" --server "$url" --user $user lists >/dev/null
done

# Alice shares a list with bob, who accepts it before he starts watching (the watch holds his store).
todo() { local user=$1; shift; as $user todo --store "$work/$user" "$@" >/dev/null; }
todo alice new Groceries
todo alice add Groceries milk-from-alice
todo alice share Groceries bob
todo alice sync
todo bob sync
request=$(as bob todo --store "$work/bob" requests --json | grep -o '[0-9a-f-]\{36\}' | head -1)
[ -n "$request" ] || fail "bob has no request"
todo bob accept "$request"
todo bob sync

# The shell in the pane outlives Ctrl-C (its trap is a handler, so the watch gets the default
# SIGINT action back on exec) and records the watch's exit status.
tmux -S "$socket" new-session -d -s watch -x 120 -y 30 \
    "trap true INT; RXCHAIN_HOME='$work/home-bob' NO_COLOR=1 '$rxchain' todo --store '$work/bob' watch; echo \$? > '$work/status'; sleep 600"
wait_for_screen "watching bob on $url"
wait_for_screen "synced"
wait_for_screen "milk-from-alice"
echo "ok: watch started, synced and shows the shared list"

todo alice add Groceries bread-from-alice
todo alice new Chores
todo alice share Chores bob
todo alice sync
wait_for_screen "bread-from-alice"
wait_for_screen "incoming .* from alice: accept_share .*, pending"
echo "ok: alice's new item and new share appeared without a keypress"

tmux -S "$socket" send-keys -t watch C-c
for _ in $(seq 1 300); do [ -s "$work/status" ] && break; sleep 0.1; done
status=$(cat "$work/status" 2>/dev/null || echo "none")
[ "$status" = "0" ] || fail "watch did not exit 0 on Ctrl-C (status: $status)"
echo "ok: Ctrl-C ended the watch with exit 0"
echo "PASS: todo watch in tmux"
