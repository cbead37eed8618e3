-- wrk script of `rxchain-bench server`: every request appends one entry, with an id no other
-- request of the run uses, to the actions log of one of the bench users (round robin).
--
--   wrk ... -s append.lua http://127.0.0.1:PORT -- CLIENTS_FILE RUN_PREFIX [health]
--
-- With `health` every request is a `GET /health` instead (no body, no token, no disk): the
-- ceiling of the HTTP layer, measured the same way.
--
-- CLIENTS_FILE has one "USER ACCESS_TOKEN" line per bench client. An id is
-- RUN_PREFIX-tTHREAD-N: the prefix is unique per run, THREAD per wrk thread, N per request.
-- done() prints one line "wrk-summary {json}" with the counts and the latency percentiles in
-- microseconds, which the benchmark reads (wrk's own --latency table stays for humans).

local threads = 0
local counter = 0
local clients = {}
local prefix = ""
local health = false

-- Runs in the main Lua state, once per thread: numbers the threads. `thread:set` makes
-- `wrk_thread` a global of that thread's own Lua state.
function setup(thread)
   thread:set("wrk_thread", threads)
   threads = threads + 1
end

function init(args)
   prefix = args[2]
   health = args[3] == "health"
   for line in io.lines(args[1]) do
      local user, token = line:match("^(%S+) (%S+)$")
      if user then
         clients[#clients + 1] = {
            path = "/logs/users/" .. user .. "/actions",
            headers = { ["Authorization"] = "Bearer " .. token, ["Content-Type"] = "application/json" },
         }
      end
   end
   -- Threads start at different clients, so together they spread over all of them.
   counter = wrk_thread * 7
end

function request()
   if health then
      return wrk.format("GET", "/health")
   end
   counter = counter + 1
   local client = clients[counter % #clients + 1]
   local id = prefix .. "-t" .. wrk_thread .. "-" .. counter
   local body = '{"entries":[{"id":"' .. id
      .. '","body":{"type":"todo/put","payload":{"title":"buy milk","done":false}}}]}'
   return wrk.format("POST", client.path, client.headers, body)
end

function done(summary, latency, requests)
   local errors = summary.errors
   io.write(string.format(
      'wrk-summary {"requests":%d,"duration_us":%d,"connect_errors":%d,"read_errors":%d,'
         .. '"write_errors":%d,"status_errors":%d,"timeouts":%d,"p50_us":%d,"p99_us":%d}\n',
      summary.requests, summary.duration, errors.connect, errors.read, errors.write, errors.status,
      errors.timeout, latency:percentile(50), latency:percentile(99)))
end
