#!/usr/bin/env bash
# `rxchain ledger watch` in a real terminal (tmux): a device following a server playbook redraws
# when another device's change arrives, and Ctrl-C ends it with exit 0.
#
#   Tests/Terminal/ledger-watch.sh RXCHAIN_BINARY SERVER_BINARY
#
# Run by .ci/test after the Swift suites (it needs the example server, which .ci/server builds).
# Prints what it checks; exits 1 with the screen on the first failure.
set -euo pipefail
source "$(dirname "$0")/terminal-test.sh" watch "$1" "$2"


start_server

as() { local home=$1; shift; RXCHAIN_HOME="$work/$home" NO_COLOR=1 "$rxchain" "$@"; }
echo "correct horse" | as home-a account signup --server "$url" --user alice --password-stdin >/dev/null
echo "correct horse" | as home-a account login --server "$url" --user alice --device a --password-stdin >/dev/null
echo "correct horse" | as home-b account login --server "$url" --user alice --device b --password-stdin >/dev/null
playbook="$url/logs/users/alice/ledger"
as home-a ledger --store "$work/a" sync --remote "$playbook" >/dev/null
as home-b ledger --store "$work/b" sync --remote "$playbook" >/dev/null

# The shell in the pane outlives Ctrl-C (its trap is a handler, so the watch gets the default
# SIGINT action back on exec) and records the watch's exit status.
start_pane watch "trap true INT; RXCHAIN_HOME='$work/home-b' NO_COLOR=1 '$rxchain' ledger --store '$work/b' watch"
wait_for_screen "remote: *$playbook"
wait_for_screen "state: *synced"
echo "ok: watch started and synced"

as home-a ledger --store "$work/a" categories new Food >/dev/null
as home-a ledger --store "$work/a" add --id t-from-a --charge 7 --category Food --description lunch-from-a >/dev/null
as home-a ledger --store "$work/a" sync >/dev/null
wait_for_screen "lunch-from-a"
echo "ok: another device's change appeared without a keypress"

tmux -S "$socket" send-keys -t watch C-c
expect_status 0
echo "ok: Ctrl-C ended the watch with exit 0"
echo "PASS: ledger watch in tmux"
