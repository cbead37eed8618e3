#!/usr/bin/env bash
# A real, unmodified Toggl Track v9 client against rxchain-server: `toggl-api-wrapper` (PyPI, the
# version pinned below) creates, lists, reads the running entry, edits with tags, stops and deletes
# time entries with HTTP Basic `API_TOKEN:api_token`; then `rxchain time` on a second device syncs
# and must see the same entries.
#
#   Tests/Toggl/toggl-client.sh RXCHAIN_BINARY SERVER_BINARY
#
# Run by .ci/test after the Swift suites. Installs the client into .build-venv on first use.
set -euo pipefail
cd "$(dirname "$0")/../.."
rxchain=$1
server_binary=$2
client_version=2.2.0

venv=.build-venv
[ -x "$venv/bin/pip" ] || python3 -m venv "$venv"
if ! "$venv/bin/python" -c "import toggl_api, sys; sys.exit(toggl_api.__version__ != '$client_version')" 2>/dev/null; then
    echo "installing toggl-api-wrapper==$client_version into $venv" >&2
    "$venv/bin/pip" install -q "toggl-api-wrapper==$client_version"
fi

work=$(mktemp -d /tmp/rxchain-toggl-XXXXXX)
server_pid=""
cleanup() {
    [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

"$server_binary" --data "$work/data" --port 0 --password-iterations 1000 >"$work/server.out" 2>"$work/server.log" &
server_pid=$!
url=""
for _ in $(seq 1 100); do
    url=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/server.out" 2>/dev/null | head -1 || true)
    [ -n "$url" ] && break
    sleep 0.1
done
[ -n "$url" ] || { echo "FAIL: the server did not start: $(cat "$work/server.log")" >&2; exit 1; }

as() { RXCHAIN_HOME="$work/home" NO_COLOR=1 "$rxchain" "$@"; }
echo "correct horse" | as account signup --server "$url" --user alice --password-stdin >/dev/null
echo "correct horse" | as account login --server "$url" --user alice --device laptop --password-stdin >/dev/null
token=$(as account token --server "$url")

# The client, unmodified: only its base URL (a class attribute it documents) points at this server.
TOGGL_SERVER="$url" TOGGL_API_TOKEN="$token" "$venv/bin/python" Tests/Toggl/toggl_client_test.py "$work/ids"

# The second device: `rxchain time` syncs with the same account and sees what the client left.
as time --store "$work/phone" sync --server "$url" --user alice >/dev/null
as time --store "$work/phone" list --json >"$work/phone.json"
"$venv/bin/python" - "$work/ids" "$work/phone.json" <<'PY'
import json, sys
ids = json.load(open(sys.argv[1]))
state = json.load(open(sys.argv[2]))
entries = {e["remoteId"]: e for e in state["entries"].values() if e.get("remoteId") is not None}
kept = entries.get(ids["kept"])
assert kept is not None, f"the kept entry {ids['kept']} is not on the second device: {state}"
assert kept["description"] == "written by toggl-api-wrapper", kept
assert sorted(kept["tags"]) == ["client", "toggl"], kept
assert kept["stop"] is not None and kept["syncState"] == "synced", kept
assert ids["deleted"] not in entries, f"the deleted entry {ids['deleted']} came back: {state}"
assert state["running"] is None, state
print("ok: rxchain time on a second device sees the client's entry, stopped and tagged, and not the deleted one")
PY

# And back: an entry the second device starts is the client's current one.
as time --store "$work/phone" start "started on the phone" >/dev/null
as time --store "$work/phone" sync >/dev/null
TOGGL_SERVER="$url" TOGGL_API_TOKEN="$token" "$venv/bin/python" - <<'PY'
import os
from httpx import BasicAuth
from toggl_api import TrackerEndpoint, UserEndpoint
from toggl_api.meta import TogglEndpoint
TogglEndpoint.BASE_ENDPOINT = os.environ["TOGGL_SERVER"] + "/api/v9/"
auth = BasicAuth(os.environ["TOGGL_API_TOKEN"], "api_token")
workspace = UserEndpoint(auth).get_details()["default_workspace_id"]
current = TrackerEndpoint(workspace, auth).current()
assert current is not None and current.name == "started on the phone", current
print("ok: the client sees the entry the second device started as its current one")
PY
echo "PASS: toggl-api-wrapper $client_version against rxchain-server"
