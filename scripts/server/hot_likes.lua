-- wrk script: many people like one post, then take their likes back, round after round, so
-- every request is a real write on the same row. Reads the post id and one bearer token per
-- line from the file named by HOT_LIKES (written by cluster_bench.py).
local tokens, post = {}, nil
local threads = {}

setup = function(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

init = function(args)
  local file = assert(io.open(os.getenv("HOT_LIKES")))
  post = file:read("*l")
  for line in file:lines() do table.insert(tokens, line) end
  file:close()
  counter = 0
end

request = function()
  -- Each thread walks its own half of the people; a whole walk likes, the next unlikes.
  local share = math.floor(#tokens / 2)
  local person = (id * share) + (counter % share) + 1
  local method = (math.floor(counter / share) % 2 == 0) and "PUT" or "DELETE"
  counter = counter + 1
  local headers = {}
  for name, value in pairs(wrk.headers) do headers[name] = value end
  headers["Authorization"] = "Bearer " .. tokens[person]
  return wrk.format(method, "/api/posts/" .. post .. "/like", headers)
end

-- A refusal is printed (wrk only counts them): the benchmark fails on any.
response = function(status, headers, body)
  if status ~= 200 then io.stderr:write("hot_likes: " .. status .. " " .. body .. "\n") end
end
