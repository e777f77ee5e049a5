"""Runs a command and prints its exit status and peak resident memory in KiB, as
`STATUS KIB`, after what it wrote to standard error (its standard output is dropped).

  peak_rss.py COMMAND [ARGUMENTS...]
"""
import resource
import subprocess
import sys

result = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
sys.stderr.buffer.write(result.stderr)
print(result.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
