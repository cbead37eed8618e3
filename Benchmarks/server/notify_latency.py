"""Append-to-event latency of PostgreSQL LISTEN/NOTIFY: the baseline of the follower figure of
`rxchain-bench server`, which runs it as

    python notify_latency.py CONNINFO ROUNDS

One connection LISTENs (on a thread of its own); another, once per round, inserts one row into
`appends` and NOTIFYs its id in one transaction (committed with synchronous_commit = on). The
latency of a round is the time the listener receives the notification minus the time the
transaction was sent, on one monotonic clock. As the server's figure does, each round starts
10 ms after the previous one ended (the listener is parked again) and round 0 warms up, untimed.

Prints one JSON object, {"latencies_ns": [...]}; the benchmark computes the percentiles, the
same way as for the server.
"""

import json
import queue
import sys
import threading
import time

import psycopg

BODY = '{"type":"todo/put","payload":{"title":"buy milk","done":false}}'


def main() -> None:
    conninfo, rounds = sys.argv[1], int(sys.argv[2])
    received: "queue.Queue[tuple[str, int]]" = queue.Queue()

    listener = psycopg.connect(conninfo, autocommit=True)
    listener.execute("LISTEN appended")

    def listen() -> None:
        # notifies() yields each notification as it arrives; the time is taken at once.
        for notification in listener.notifies():
            received.put((notification.payload, time.perf_counter_ns()))
            if notification.payload == "stop":
                return

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()

    writer = psycopg.connect(conninfo, autocommit=True)
    latencies = []
    for round_number in range(rounds + 1):
        entry_id = f"follow-{round_number}"
        time.sleep(0.01)
        sent = time.perf_counter_ns()
        with writer.transaction():
            writer.execute(
                "INSERT INTO appends (id, log, body, ts) VALUES (%s, 'users/follower/actions', %s, %s)",
                (entry_id, BODY, time.time_ns() // 1000),
            )
            writer.execute("SELECT pg_notify('appended', %s)", (entry_id,))
        payload, at = received.get(timeout=30)
        if payload != entry_id:
            sys.exit(f"notify_latency: expected {entry_id}, received {payload}")
        if round_number > 0:
            latencies.append(at - sent)

    writer.execute("SELECT pg_notify('appended', 'stop')")
    thread.join(timeout=30)
    print(json.dumps({"latencies_ns": latencies}))


if __name__ == "__main__":
    main()
