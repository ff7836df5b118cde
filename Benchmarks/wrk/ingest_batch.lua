-- Batches of 100 positions, as Overland sends them: POST /ingest/overland with a Bearer token and GeoJSON features.
-- wrk -s ingest_batch.lua URL -- TOKENS_FILE BASE_EPOCH THREADS
-- As ingest_single.lua: devices split between threads; a device's positions are dated BASE + k seconds.
local count = 0
local size = 100

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
      table.insert(origins, { 59.3 + (i % 100) * 0.002, 24.6 + math.floor(i / 100) * 0.02 })
      table.insert(steps, 0)
    end
  end
  next_device = 1
end

local function iso(t)
  return os.date("!%Y-%m-%dT%H:%M:%SZ", t)
end

function request()
  local d = next_device
  next_device = next_device % #tokens + 1
  local k0 = steps[d]
  steps[d] = k0 + size
  local o = origins[d]
  local features = {}
  for k = k0, k0 + size - 1 do
    features[#features + 1] = string.format(
      '{"type":"Feature","geometry":{"type":"Point","coordinates":[%.6f,%.6f]},' ..
      '"properties":{"timestamp":"%s","speed":13.6,"course":90,"horizontal_accuracy":5}}',
      o[2] + k * 0.000123, o[1], iso(base + k))
  end
  local body = '{"locations":[' .. table.concat(features, ",") .. ']}'
  return wrk.format("POST", "/ingest/overland", {
    ["Authorization"] = "Bearer " .. tokens[d],
    ["Content-Type"] = "application/json",
  }, body)
end
