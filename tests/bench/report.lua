-- wrk script: count responses whose status is not 2xx, and print one JSON line of results.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  non2xx = 0
  first_bad = 0
end

function response(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
    if first_bad == 0 then
      first_bad = status
    end
  end
end

function done(summary, latency, requests)
  local bad, first = 0, 0
  for _, thread in ipairs(threads) do
    bad = bad + thread:get("non2xx")
    if first == 0 then
      first = thread:get("first_bad")
    end
  end
  local e = summary.errors
  io.write(string.format(
    'WRK-RESULT {"requests": %.0f, "duration_us": %.0f, "bytes": %.0f, ' ..
    '"p50_us": %.0f, "p90_us": %.0f, "p99_us": %.0f, "max_us": %.0f, "mean_us": %.1f, ' ..
    '"connect": %.0f, "read": %.0f, "write": %.0f, "timeout": %.0f, "status_errors": %.0f, ' ..
    '"non2xx": %.0f, "first_bad_status": %.0f}\n',
    summary.requests, summary.duration, summary.bytes,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    e.connect, e.read, e.write, e.timeout, e.status, bad, first))
end
