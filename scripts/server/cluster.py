#!/usr/bin/env python3
"""Several `lots serve` instances on one PostgreSQL database, behind an nginx load balancer.

A small library for the multi-instance tests (stdlib only; everything listens on 127.0.0.1):

    cluster = Cluster("App/.build/debug/lots", "postgres://lots@127.0.0.1:5432/lots")
    try:
        call(cluster.lb_url, "GET", "/api/feed")
        cluster.kill(0)       # SIGKILL instance 0; nginx routes around it
        cluster.start(0)      # the same instance again, on the same port
    finally:
        cluster.stop()        # every instance and nginx, always

The instances share one temporary data directory (the images), as instances on several machines
would share a volume. nginx (Debian's; `scripts/setup --test` installs it) runs in the
foreground as a child process with its configuration, logs, pid file and temporary files in a
temporary prefix. Also here: `call` (one HTTP request), `Client` (a keep-alive connection for
many), `Stream` (an SSE reader with deadlines that can resume with `Last-Event-ID`) and `psql`.
"""
import hashlib, http.client, json, os, re, shutil, signal, socket, subprocess, tempfile, time
import urllib.error, urllib.parse, urllib.request

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def call(base, method, path, body=None, token=None, headers=None, timeout=60, full=False):
    """One request on a new connection: (status, JSON or bytes), or with `full`, (status, body,
    headers). An error's JSON body is returned too. Connection errors raise OSError."""
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    request = urllib.request.Request(base + path, data=data, method=method)
    if isinstance(body, dict):
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", "Bearer " + token)
    for key, value in (headers or {}).items():
        request.add_header(key, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            status, response_headers, text = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, response_headers, text = error.code, error.headers, error.read()
    is_json = (response_headers.get("Content-Type") or "").startswith("application/json")
    parsed = json.loads(text) if text and is_json else text
    return (status, parsed, response_headers) if full else (status, parsed)

class Client:
    """Requests over one keep-alive connection (reopened after an error); for load."""

    def __init__(self, base, timeout=10):
        parsed = urllib.parse.urlsplit(base)
        self.host, self.port, self.timeout = parsed.hostname, parsed.port, timeout
        self.connection = None

    def call(self, method, path, body=None, token=None, headers=None):
        """(status, JSON or bytes); raises OSError (or http.client's errors, which are
        HTTPException) when the connection fails, after closing it."""
        all_headers = dict(headers or {})
        if isinstance(body, dict):
            body = json.dumps(body).encode()
            all_headers["Content-Type"] = "application/json"
        if token:
            all_headers["Authorization"] = "Bearer " + token
        if body is None and method in ("PUT", "POST", "DELETE"):
            all_headers["Content-Length"] = "0"
        if self.connection is None:
            self.connection = http.client.HTTPConnection(self.host, self.port,
                                                         timeout=self.timeout)
        try:
            self.connection.request(method, path, body=body, headers=all_headers)
            response = self.connection.getresponse()
            text = response.read()
        except (OSError, http.client.HTTPException):
            self.close()
            raise
        if response.will_close:
            self.close()
        is_json = (response.getheader("Content-Type") or "").startswith("application/json")
        return response.status, (json.loads(text) if text and is_json else text)

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None

def psql(database_url, sql, timeout=60):
    """Runs SQL (any number of statements) with `$LOTS_PG_BIN/psql`; returns the rows of the
    output as lists of strings (unaligned, tuples only, `|` between fields)."""
    program = os.path.join(os.environ.get("LOTS_PG_BIN", "/usr/bin"), "psql")
    result = subprocess.run(
        [program, "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", database_url, "-f", "-"],
        input=sql, capture_output=True, text=True, timeout=timeout)
    if result.returncode != 0:
        raise RuntimeError(f"psql failed ({result.returncode}): {result.stderr.strip()}")
    return [line.split("|") for line in result.stdout.splitlines() if line]

def token_hash(token):
    """How the server stores a session token: lowercase hex SHA-256 of its UTF-8 bytes."""
    return hashlib.sha256(token.encode()).hexdigest()

def make_users(database_url, prefix, count):
    """Inserts `count` accounts (named PREFIX0…) with a session each, with psql (sign-up's
    bcrypt would take minutes for a thousand); returns [(user id, name, token)]."""
    now_ms = int(time.time() * 1000)
    secret = os.urandom(8).hex()
    tokens = {f"{prefix}{i}": f"{secret}-{prefix}{i}" for i in range(count)}
    values = ",".join(f"('{name}', 'not-a-hash', {now_ms})" for name in tokens)
    rows = psql(database_url,
                f"INSERT INTO account (username, passwordhash, createdat) VALUES {values} "
                "RETURNING id, username;")
    ids = {name: int(user_id) for user_id, name in rows}
    expires = now_ms + 24 * 3600 * 1000
    sessions = ",".join(f"('{token_hash(tokens[name])}', {ids[name]}, {expires})"
                        for name in tokens)
    psql(database_url,
         f"INSERT INTO session (tokenhash, userid, expiresat) VALUES {sessions};")
    return [(ids[name], name, tokens[name]) for name in tokens]

class Stream:
    """One Server-Sent Events connection to `GET /api/stream`, read with deadlines.

    `events` holds every event read so far as (id, data) with id an int (None if absent) and
    data the parsed JSON; `closed` is set when the server ended the stream (or the connection
    broke). Comments, `retry:` and named events (`heartbeat`) are skipped."""

    def __init__(self, base, last_event_id=None, since=None, token=None, timeout=10):
        parsed = urllib.parse.urlsplit(base)
        self.address = (parsed.hostname, parsed.port)
        path = "/api/stream" + (f"?since={since}" if since is not None else "")
        lines = [f"GET {path} HTTP/1.1", f"Host: {parsed.netloc}", "Accept: text/event-stream"]
        if last_event_id is not None:
            lines.append(f"Last-Event-ID: {last_event_id}")
        if token:
            lines.append(f"Authorization: Bearer {token}")
        self.events, self.closed = [], False
        self.raw, self.text, self.chunked, self.chunk_left = b"", b"", False, 0
        self.chunk_end_left = False
        deadline = time.monotonic() + timeout
        self.sock = socket.create_connection(self.address, timeout=timeout)
        try:
            self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
            while b"\r\n\r\n" not in self.raw:
                if not self._receive(deadline):
                    raise OSError("the stream closed before its headers")
            head, self.raw = self.raw.split(b"\r\n\r\n", 1)
            status_line, *header_lines = head.decode("latin-1").split("\r\n")
            self.status = int(status_line.split()[1])
            self.headers = {k.strip().lower(): v.strip()
                            for k, v in (h.split(":", 1) for h in header_lines if ":" in h)}
            self.chunked = "chunked" in self.headers.get("transfer-encoding", "").lower()
            if self.status != 200:
                raise OSError(f"GET {path} answered {self.status}: {self.raw[:300]!r}")
            # The server writes ": connected" at once; wait for it so that the stream is
            # subscribed before the caller makes changes.
            while b": connected" not in self.text:
                if not self._receive(deadline):
                    raise OSError("the stream closed before `: connected`")
                self._decode()
        except BaseException:
            self.sock.close()
            raise

    def _receive(self, deadline):
        """Reads what arrives before the deadline into `raw`; False at EOF or a broken
        connection (and `closed` is set), True otherwise (even if nothing came)."""
        if self.closed:
            return False
        left = deadline - time.monotonic()
        if left <= 0:
            return True
        self.sock.settimeout(min(left, 1.0))
        try:
            chunk = self.sock.recv(65536)
        except socket.timeout:
            return True
        except OSError:
            chunk = b""
        if not chunk:
            self.closed = True
            return False
        self.raw += chunk
        return True

    def _decode(self):
        """Moves the body bytes of `raw` to `text`, undoing chunked encoding."""
        if not self.chunked:
            self.text, self.raw = self.text + self.raw, b""
            return
        while self.raw:
            if self.chunk_left > 0:
                piece = self.raw[:self.chunk_left]
                self.text += piece
                self.raw = self.raw[len(piece):]
                self.chunk_left -= len(piece)
            elif self.chunk_end_left:
                if len(self.raw) < 2:
                    return
                self.raw, self.chunk_end_left = self.raw[2:], False
            elif b"\r\n" in self.raw:
                size_line, self.raw = self.raw.split(b"\r\n", 1)
                size = int(size_line.split(b";")[0], 16)
                if size == 0:
                    self.closed, self.raw = True, b""
                    return
                self.chunk_left, self.chunk_end_left = size, True
            else:
                return

    def _parse(self):
        """Turns complete events of `text` into `events`; returns how many were added."""
        added = 0
        while b"\n\n" in self.text:
            block, self.text = self.text.split(b"\n\n", 1)
            event_id, data, name = None, [], "message"
            for line in block.decode().split("\n"):
                if line.startswith("id:"):
                    event_id = int(line[3:].strip())
                elif line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip(" "))
            if data and name == "message":
                self.events.append((event_id, json.loads("\n".join(data))))
                added += 1
        return added

    def poll(self, seconds):
        """Reads for up to `seconds` (or until the stream ends); returns the new events."""
        before = len(self.events)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if not self._receive(deadline):
                break
            self._decode()
            self._parse()
        self._decode()
        self._parse()
        return self.events[before:]

    def wait_for(self, predicate, seconds):
        """Reads until an event read from now on satisfies `predicate(id, data)` and returns it,
        or returns None after `seconds` or when the stream ends."""
        start = len(self.events)
        deadline = time.monotonic() + seconds
        while True:
            for event in self.events[start:]:
                if predicate(*event):
                    return event
            start = len(self.events)
            if self.closed or time.monotonic() >= deadline:
                return None
            if not self._receive(deadline):
                self._decode()
                self._parse()
                continue
            self._decode()
            self._parse()

    def until_id(self, sequence, seconds):
        """Reads until an event with id ≥ `sequence` has been read (counting events already
        read); True if one was."""
        if any(i is not None and i >= sequence for i, _ in self.events):
            return True
        return self.wait_for(lambda i, _: i is not None and i >= sequence, seconds) is not None

    @property
    def last_id(self):
        ids = [i for i, _ in self.events if i is not None]
        return ids[-1] if ids else None

    def ids(self):
        return [i for i, _ in self.events if i is not None]

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass

NGINX_CONF = """\
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 4096; }}
http {{
  access_log off;
  client_body_temp_path {prefix}/client_body;
  proxy_temp_path {prefix}/proxy;
  fastcgi_temp_path {prefix}/fastcgi;
  uwsgi_temp_path {prefix}/uwsgi;
  scgi_temp_path {prefix}/scgi;
  client_max_body_size 20m;
  upstream lots {{
{servers}
    keepalive 32;
  }}
  server {{
    listen 127.0.0.1:{port};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_next_upstream error timeout;
    proxy_connect_timeout 2s;
    location = /api/stream {{
      proxy_pass http://lots;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }}
    location / {{
      proxy_pass http://lots;
    }}
  }}
}}
"""

class Cluster:
    """N instances of `BINARY serve --database URL` sharing one data directory, and nginx in
    front of them. Call `stop()` in a finally: it ends every process it started.

    For benchmarks: `database_url=None` is one instance on SQLite in the data directory;
    `demo=True` seeds the demo content through the first instance before the others start;
    `env` is added to the instances' environment."""

    def __init__(self, binary, database_url, instances=2, demo=False, env=None):
        if database_url is None and instances != 1:
            raise ValueError("SQLite is one instance")
        self.binary, self.database_url = binary, database_url
        self.demo, self.env = demo, dict(os.environ, **(env or {}))
        self.data = tempfile.mkdtemp(prefix="lots-cluster-data-")
        self.prefix = tempfile.mkdtemp(prefix="lots-cluster-nginx-")
        self.ports = [free_port() for _ in range(instances)]
        self.processes = [None] * instances
        self.logs = [os.path.join(self.prefix, f"instance{i}.log") for i in range(instances)]
        self.nginx = None
        try:
            if demo:  # seeded once, before the others start
                self._spawn(0)
                self._wait_healthy(0)
                self._wait_demo(0, seconds=600)
            for index in range(1 if demo else 0, instances):
                self._spawn(index)
            for index in range(instances):
                self._wait_healthy(index)
            self._start_nginx()
        except BaseException:
            self.stop()
            raise

    def url(self, index):
        return f"http://127.0.0.1:{self.ports[index]}"

    @property
    def lb_url(self):
        return f"http://127.0.0.1:{self.lb_port}"

    def _spawn(self, index):
        with open(self.logs[index], "ab") as log:
            database = ["--database", self.database_url] if self.database_url else []
            demo = ["--demo"] if self.demo and index == 0 else []
            self.processes[index] = subprocess.Popen(
                [self.binary, "serve", *database, "--data", self.data, *demo,
                 "--port", str(self.ports[index]), "--no-rate-limits", "--web", "/nonexistent"],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=self.env)

    def _wait_healthy(self, index, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.processes[index].poll() is not None:
                code = self.processes[index].returncode
                raise RuntimeError(f"instance {index} exited with {code} at start; its log "
                                   f"ends: {self.log_tail(index)}")
            try:
                if call(self.url(index), "GET", "/health", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"instance {index} did not answer /health within {seconds} s; "
                           f"its log ends: {self.log_tail(index)}")

    def _wait_demo(self, index, seconds):
        """Waits until instance `index` has made every demo post, then its lists and comments
        (`lots serve --demo` answers at once and makes them while it runs; it logs "seeded N
        demo posts" once all is made): a benchmark never measures the seeding's work."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            status, info = call(self.url(index), "GET", "/api/demo")
            if status == 200 and info["postsReady"] >= info["postsTotal"]:
                with open(self.logs[index], errors="replace") as log:
                    text = log.read()
                seeding = "seeding demo content" in text or "going on with the demo" in text
                if not seeding or re.search(r"seeded \d+ demo posts", text):
                    return
            time.sleep(0.25)
        raise RuntimeError(f"instance {index} did not finish its demo posts within {seconds} s")

    def log_tail(self, index, lines=15):
        try:
            with open(self.logs[index], errors="replace") as log:
                return "".join(log.readlines()[-lines:])
        except OSError:
            return ""

    def _start_nginx(self):
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        if not os.path.exists(nginx):
            raise RuntimeError("nginx is missing: run scripts/setup --test (Debian's nginx)")
        # The workers run as nobody when the master is root: they must reach the prefix (the
        # temporary directories inside it nginx creates and hands to them itself).
        os.chmod(self.prefix, 0o755)
        servers = "\n".join(f"    server 127.0.0.1:{port} max_fails=1 fail_timeout=2s;"
                            for port in self.ports)
        for attempt in range(3):
            self.lb_port = free_port()
            conf = os.path.join(self.prefix, "nginx.conf")
            with open(conf, "w") as file:
                file.write(NGINX_CONF.format(prefix=self.prefix, servers=servers,
                                             port=self.lb_port))
            with open(os.path.join(self.prefix, "nginx.out"), "ab") as out:
                self.nginx = subprocess.Popen(
                    [nginx, "-p", self.prefix, "-e", os.path.join(self.prefix, "error.log"),
                     "-c", conf, "-g", "daemon off;"],
                    stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                    start_new_session=True)
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and self.nginx.poll() is None:
                try:
                    if call(self.lb_url, "GET", "/health", timeout=2)[0] == 200:
                        return
                except OSError:
                    pass
                time.sleep(0.05)
            self._end_nginx()
        with open(os.path.join(self.prefix, "error.log"), errors="replace") as log:
            raise RuntimeError("nginx did not start: " + log.read()[-2000:])

    def kill(self, index):
        """SIGKILL, as a crash: nothing is flushed or closed."""
        process = self.processes[index]
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=10)
        self.processes[index] = None

    def start(self, index):
        """Starts instance `index` again on its port (after `kill`), waiting for /health."""
        if self.processes[index] is not None and self.processes[index].poll() is None:
            raise RuntimeError(f"instance {index} is running")
        # Its port may linger a moment in the kernel after the kill; the server retries not,
        # so try a few times.
        for attempt in range(5):
            self._spawn(index)
            try:
                self._wait_healthy(index)
                return
            except RuntimeError:
                if attempt == 4:
                    raise
                self.kill(index)
                time.sleep(0.5)

    @staticmethod
    def _end(process, first_signal):
        if process is None or process.poll() is not None:
            return
        try:
            process.send_signal(first_signal)
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)

    def _end_nginx(self):
        """Fast shutdown (SIGTERM: open streams are cut, not waited for); its workers are in
        its own process group, which is killed too should the master not end in time."""
        process, self.nginx = self.nginx, None
        if process is None:
            return
        if process.poll() is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)

    def stop(self):
        """Ends nginx and every instance (TERM, then KILL after 10 s) and removes the
        temporary directories. Safe to call twice."""
        self._end_nginx()
        for index, process in enumerate(self.processes):
            self._end(process, signal.SIGTERM)
            self.processes[index] = None
        shutil.rmtree(self.data, ignore_errors=True)
        shutil.rmtree(self.prefix, ignore_errors=True)
