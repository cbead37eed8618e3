-- pgbench script of `rxchain-bench server`, the baseline of the server's durable appends: one
-- append is one row inserted in a transaction of its own, which pgbench counts only once COMMIT
-- answered, that is once the WAL is fsynced (fsync = on, synchronous_commit = on).
-- The body's colons are followed by a space: pgbench would take `:false` for a variable.
-- :n counts this client's transactions (started by `-D n=0`), so ids are unique in the run.
\set n :n + 1
INSERT INTO appends (id, log, body, ts) VALUES ('c' || :client_id || '-' || :n, 'users/bench' || :client_id || '/actions', '{"type": "todo/put", "payload": {"title": "buy milk", "done": false}}', (extract(epoch from clock_timestamp()) * 1000000)::bigint);
