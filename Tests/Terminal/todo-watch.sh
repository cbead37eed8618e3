#!/usr/bin/env bash
# `rxchain todo watch` in a real terminal (tmux): bob's device following the server redraws when
# alice shares a list and when she adds to it after he accepted, and Ctrl-C ends it with exit 0.
#
#   Tests/Terminal/todo-watch.sh RXCHAIN_BINARY SERVER_BINARY
#
# Run by .ci/test after the Swift suites (it needs the example server, which .ci/server builds).
# Prints what it checks; exits 1 with the screen on the first failure.
set -euo pipefail
source "$(dirname "$0")/terminal-test.sh" todo-watch "$1" "$2"


start_server

as() { local user=$1; shift; RXCHAIN_HOME="$work/home-$user" NO_COLOR=1 "$rxchain" "$@"; }
for user in alice bob; do
    echo "correct horse" | as $user account signup --server "$url" --user $user --password-stdin >/dev/null
    echo "correct horse" | as $user account login --server "$url" --user $user --device d --password-stdin >/dev/null
    as $user todo --store "$work/$user" --server "$url" --user $user lists >/dev/null
done

# Alice shares a list with bob, who accepts it before he starts watching.
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
start_pane watch "trap true INT; RXCHAIN_HOME='$work/home-bob' NO_COLOR=1 '$rxchain' todo --store '$work/bob' watch"
wait_for_screen "remote: *$url as bob"
wait_for_screen "state: *synced"
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
expect_status 0
echo "ok: Ctrl-C ended the watch with exit 0"
echo "PASS: todo watch in tmux"
