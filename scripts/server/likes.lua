-- wrk script: alternate like and unlike over many posts, so every request is a real write.
local counter = 0
request = function()
  counter = counter + 1
  local post = (counter % 200) + 1
  local method = (math.floor(counter / 200) % 2 == 0) and "PUT" or "DELETE"
  return wrk.format(method, "/api/posts/" .. post .. "/like")
end

-- A refusal is printed (wrk only counts them).
response = function(status, headers, body)
  if status ~= 200 then io.stderr:write("likes: " .. status .. " " .. body .. "\n") end
end
