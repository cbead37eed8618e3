#!/usr/bin/env bash
# `rxchain expenses add` in a real terminal (tmux): the add-expense flow asks whom to share with,
# what for, the amount, the currency and the split, and confirms; the spending it adds reaches
# the other member. A run cancelled at the picker (an empty answer) sends nothing. Then
# `rxchain expenses watch` redraws when another member's spending arrives, and Ctrl-C (or
# SIGTERM) ends it with exit 0.
#
#   Tests/Terminal/expenses-add.sh RXCHAIN_BINARY SERVER_BINARY
#
# Run by .ci/test after the Swift suites (it needs the example server, which .ci/server builds).
# Prints what it checks; exits 1 with the screen on the first failure.
set -euo pipefail
source "$(dirname "$0")/terminal-test.sh" expenses "$1" "$2"

# Answers the prompt showing $1 with $2 (Enter included).
answer() {
    wait_for_screen "$1"
    tmux -S "$socket" send-keys -t add "$2" Enter
}

# Runs `rxchain expenses add` as alice in a new tmux session `add` (see `start_pane`).
start_add() {
    start_pane add "RXCHAIN_HOME='$work/home-alice' NO_COLOR=1 '$rxchain' expenses --store '$work/alice' add"
}


start_server

as() { local user=$1; shift; RXCHAIN_HOME="$work/home-$user" NO_COLOR=1 "$rxchain" expenses --store "$work/$user" "$@"; }
for user in alice bob; do
    echo "correct horse" | RXCHAIN_HOME="$work/home-$user" "$rxchain" account signup --server "$url" --user "$user" --password-stdin >/dev/null
    echo "correct horse" | RXCHAIN_HOME="$work/home-$user" "$rxchain" account login --server "$url" --user "$user" --device d --password-stdin >/dev/null
    as "$user" --server "$url" --user "$user" groups >/dev/null
done
as alice new-group Trip --with bob --id G1 >/dev/null
as alice sync >/dev/null

start_add
answer "choice \[1-1\]" ""
wait_for_screen "cancelled"
expect_status 0
as alice sync --json | grep -q '"pending":0' || fail "the cancelled run queued something"
as bob sync >/dev/null
[ "$(as bob balances --json)" = '{"balances":{"G1":{}}}' ] || fail "a cancelled run sent a spending"
echo "ok: a run cancelled at the picker sent nothing"

start_add
answer "choice \[1-1\]" "1"
answer "what for" "dinner"
answer "amount" "10.01"
answer "currency" "eur"
answer "split 10.01 among alice, bob" "equal"
answer "\[y/N\]" "y"
wait_for_screen "added spending"
expect_status 0
echo "ok: the prompts were answered in the terminal"

as alice sync >/dev/null
as bob sync >/dev/null
balances=$(as bob balances --json)
[ "$balances" = '{"balances":{"G1":{"alice":{"EUR":500},"bob":{"EUR":-500}}}}' ] || fail "bob sees $balances"
as bob balances | grep -q "dinner 10.01 EUR" || fail "bob does not see the dinner"
echo "ok: the spending reached the other member, no cent lost"

# The shell in the pane outlives Ctrl-C (its trap is a handler, so the watch gets the default
# SIGINT action back on exec) and records the watch's exit status.
start_pane watch "trap true INT; RXCHAIN_HOME='$work/home-bob' NO_COLOR=1 '$rxchain' expenses --store '$work/bob' watch"
wait_for_screen "remote: *$url as bob"
wait_for_screen "state: *synced"
as alice add --group G1 --name taxi --amount 3.00 --currency EUR --split equal --yes >/dev/null
as alice sync >/dev/null
wait_for_screen "taxi 3.00 EUR"
echo "ok: another member's spending appeared without a keypress"
tmux -S "$socket" send-keys -t watch C-c
expect_status 0
echo "ok: Ctrl-C ended the watch with exit 0"

RXCHAIN_HOME="$work/home-bob" NO_COLOR=1 "$rxchain" expenses --store "$work/bob" watch >"$work/watch.out" 2>&1 &
watch_pid=$!
wait_until "the watch without a terminal never synced" grep -q "state: *synced" "$work/watch.out"
kill -TERM "$watch_pid"
status=0
wait "$watch_pid" || status=$?
[ "$status" = "0" ] || fail "watch did not exit 0 on SIGTERM (status: $status)"
echo "ok: SIGTERM ended the watch with exit 0"
echo "PASS: expenses add and watch in tmux"
