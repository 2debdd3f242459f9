-- wrk script: alternate like and unlike over many posts, so every request is a real write.
local counter = 0
request = function()
  counter = counter + 1
  local post = (counter % 200) + 1
  local method = (math.floor(counter / 200) % 2 == 0) and "PUT" or "DELETE"
  return wrk.format(method, "/api/posts/" .. post .. "/like")
end
