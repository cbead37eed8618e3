#!/usr/bin/env bash
# `rxchain time watch` in a real terminal (tmux): the laptop's live view shows an entry started on
# the phone once both synced with the server, with its sync state, and Ctrl-C ends it with exit 0.
#
#   Tests/Terminal/time-watch.sh RXCHAIN_BINARY SERVER_BINARY
#
# Run by .ci/test after the Swift suites (it needs the example server, which .ci/server builds).
# Prints what it checks; exits 1 with the screen on the first failure.
set -euo pipefail
source "$(dirname "$0")/terminal-test.sh" time-watch "$1" "$2"


start_server

as() { RXCHAIN_HOME="$work/home" NO_COLOR=1 "$rxchain" "$@"; }
echo "correct horse" | as account signup --server "$url" --user alice --password-stdin >/dev/null
echo "correct horse" | as account login --server "$url" --user alice --device d --password-stdin >/dev/null
for device in laptop phone; do
    as time --store "$work/$device" sync --remote "$url" --user alice >/dev/null
done

start_pane watch "trap true INT; RXCHAIN_HOME='$work/home' NO_COLOR=1 '$rxchain' time --store '$work/laptop' watch --interval 1" 200 40
wait_for_screen "state: *synced at"
echo "ok: watch started and synced"

id=$(as time --store "$work/phone" start "written-on-the-phone" --at 2026-01-05T08:00:00Z)
as time --store "$work/phone" sync >/dev/null
wait_for_screen "written-on-the-phone"
wait_for_screen "synced .*written-on-the-phone"
echo "ok: the phone's entry appeared, synced, without a keypress"

tmux -S "$socket" send-keys -t watch C-c
expect_status 0
echo "ok: Ctrl-C ended the watch with exit 0"
[ -n "$id" ] || fail "start printed no id"
echo "PASS: time watch in tmux"
