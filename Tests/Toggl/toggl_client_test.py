"""toggl-api-wrapper, unmodified, against rxchain-server's Toggl Track v9 subset.

Run by Tests/Toggl/toggl-client.sh with TOGGL_SERVER (http://127.0.0.1:PORT) and TOGGL_API_TOKEN
(`rxchain account token`) set; writes the ids it leaves behind to the file named by its argument,
for the second device's check. Every step is an assertion on what the client returned.
"""

import json
import os
import sys
from datetime import datetime, timedelta, timezone

from httpx import BasicAuth
from toggl_api import TrackerBody, TrackerEndpoint, UserEndpoint
from toggl_api.meta import TogglEndpoint

# The only setting changed: where the API is (the client's documented base URL attribute).
TogglEndpoint.BASE_ENDPOINT = os.environ["TOGGL_SERVER"] + "/api/v9/"
auth = BasicAuth(os.environ["TOGGL_API_TOKEN"], "api_token")

assert UserEndpoint.verify_authentication(auth), "the API token signs in"
assert not UserEndpoint.verify_authentication(BasicAuth("0" * 32, "api_token")), "a wrong token is refused (403)"
details = UserEndpoint(auth).get_details()
assert details["api_token"] == os.environ["TOGGL_API_TOKEN"], details
workspace = details["default_workspace_id"]
print(f"ok: /me answers user {details['id']}, workspace {workspace}")

trackers = TrackerEndpoint(workspace, auth)

# Create: a running entry (the client sends start = now, duration = -1).
created = trackers.add(TrackerBody(description="written by toggl-api-wrapper", tags=["toggl"]))
assert created.running() and created.workspace == workspace, created
assert [getattr(tag, "name", tag) for tag in created.tags] == ["toggl"], created.tags
print(f"ok: add created entry {created.id}, running")

# Current: the one just created.
current = trackers.current()
assert current is not None and current.id == created.id, current

# A second, finished entry, to delete later; creating it does not stop the running one.
start = datetime.now(tz=timezone.utc).replace(microsecond=0) - timedelta(hours=3)
finished = trackers.add(TrackerBody(description="to be deleted", start=start, stop=start + timedelta(minutes=30)))
assert not finished.running() and finished.duration == timedelta(minutes=30), finished

# List: both, also by date range.
listed = {tracker.id: tracker for tracker in trackers.collect(refresh=True)}
assert {created.id, finished.id} <= set(listed), listed
# (Datetimes: this version of the client compares a date start_date with datetime.now() and fails.)
now = datetime.now(tz=timezone.utc)
ranged = trackers.collect(start_date=now - timedelta(days=1), end_date=now + timedelta(hours=1), refresh=True)
assert {created.id, finished.id} <= {tracker.id for tracker in ranged}, ranged
print(f"ok: collect lists {len(listed)} entries")

# Update with tags: the client sends tag_action "add" and a null description it leaves alone.
edited = trackers.edit(created, TrackerBody(tags=["client"]))
assert sorted(getattr(tag, "name", tag) for tag in edited.tags) == ["client", "toggl"], edited.tags
assert edited.name == "written by toggl-api-wrapper", edited
print("ok: edit added a tag and kept the description")

# Stop.
stopped = trackers.stop(created)
assert stopped is not None and not stopped.running() and stopped.duration is not None, stopped
assert trackers.current() is None
assert trackers.stop(created) is None, "stopping a stopped entry is the client's 409, answered None"
print("ok: stop stopped it; nothing runs")

# Get by id, then delete the finished one: it is gone for the client.
assert trackers.get(finished.id, refresh=True).id == finished.id
trackers.delete(finished)
assert trackers.get(finished.id, refresh=True) is None
assert finished.id not in {tracker.id for tracker in trackers.collect(refresh=True)}
print("ok: delete removed the second entry")

with open(sys.argv[1], "w") as ids:
    json.dump({"kept": created.id, "deleted": finished.id}, ids)
