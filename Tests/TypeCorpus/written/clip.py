"""Copies a file's text to pb's general board."""
import subprocess
import sys


def copy(path):
    with open(path, "rb") as f:
        subprocess.run(["pb", "copy"], stdin=f, check=True)


if __name__ == "__main__":
    copy(sys.argv[1])
