import os
import sys


def walk(path):
    for root, dirs, files in os.walk(path):
        print(root)
