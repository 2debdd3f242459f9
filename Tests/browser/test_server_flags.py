"""The test servers' own setting, against the debug `lots` the tests run: it hashes passwords at
the cost `LOTS_TEST_BCRYPT_COST` names (4 for these tests; lots_server.py), and a value out of
its range is refused at start with exit status 64 and a message, before anything is opened."""
import os
import sqlite3
import subprocess
import tempfile

from lots_server import lots_binary


def test_the_tests_server_hashes_at_the_cost_it_was_given(server):
    server.sign_up("cost")
    with sqlite3.connect(os.path.join(server.data, "lots.sqlite")) as db:
        [(hash,)] = db.execute("SELECT passwordHash FROM account WHERE username = 'cost'")
    assert hash.startswith("$2b$04$"), hash[:7]


def test_a_cost_out_of_range_is_refused_at_start():
    binary = lots_binary()
    with tempfile.TemporaryDirectory() as data:
        for value in ["99", "3", "13", "twelve", ""]:
            done = subprocess.run(
                [binary, "serve", "--port", "0", "--data", data],
                env={**os.environ, "LOTS_TEST_BCRYPT_COST": value},
                capture_output=True, text=True, timeout=60)
            assert done.returncode == 64, (value, done.returncode, done.stderr)
            assert f"LOTS_TEST_BCRYPT_COST must be 4 to 12, not '{value}'" in done.stderr
            assert os.listdir(data) == [], os.listdir(data)
