"""Shared fixtures: the repository root and the `tabula` command-line tool to compare with."""

import json
import os
import pathlib
import subprocess

import pytest

# Ray on Linux puts its nodes on the machine's network address; this keeps the test cluster
# (test_ray.py) on the loopback address, like Ray's local mode on macOS. Set before Ray is
# imported, and inherited by the Ray processes the tests start.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    """A function running the CLI with arguments and returning its standard output.

    The binary is $TABULA_CLI, else the repository's target/release/tabula, built with
    cargo if it is missing."""
    exe = os.environ.get("TABULA_CLI") or str(ROOT / "target" / "release" / "tabula")
    if not os.path.exists(exe):
        subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)

    def run(*args):
        out = subprocess.run([exe, *map(str, args)], cwd=ROOT, check=True,
                             capture_output=True, text=True)
        return out.stdout

    run.json = lambda *args: json.loads(run(*args, "--json"))
    return run


def game_path(name):
    return str(ROOT / "games" / f"{name}.game")
