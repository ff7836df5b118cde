-- One position per request, as Traccar Client sends it: GET /ingest/osmand?id=TOKEN&lat&lon&timestamp&speed&accuracy.
-- wrk -s ingest_single.lua URL -- TOKENS_FILE BASE_EPOCH THREADS
-- Devices are split between wrk's threads (device i goes to thread i % threads), so no two threads send a position
-- of the same device; each device's k-th position is dated BASE + k seconds and lies 7 m east of the one before.
local count = 0

function setup(thread)
  thread:set("id", count)
  count = count + 1
end

function init(args)
  local file = assert(io.open(args[1]))
  base = tonumber(args[2])
  local threads = tonumber(args[3])
  local all = {}
  for line in file:lines() do table.insert(all, line) end
  file:close()
  tokens, origins, steps = {}, {}, {}
  for i = 1, #all do
    if (i - 1) % threads == id then
      table.insert(tokens, all[i])
      -- Each device somewhere else around 59.4 N, 24.7 E.
      table.insert(origins, { 59.3 + (i % 100) * 0.002, 24.6 + math.floor(i / 100) * 0.02 })
      table.insert(steps, 0)
    end
  end
  next_device = 1
end

function request()
  local d = next_device
  next_device = next_device % #tokens + 1
  local k = steps[d]
  steps[d] = k + 1
  local o = origins[d]
  local path = string.format(
    "/ingest/osmand?id=%s&lat=%.6f&lon=%.6f&timestamp=%d&speed=13.6&bearing=90&accuracy=5",
    tokens[d], o[1], o[2] + k * 0.000123, base + k)
  return wrk.format("GET", path)
end
