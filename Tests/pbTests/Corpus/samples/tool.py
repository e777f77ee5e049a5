#!/usr/bin/env python3
import sys

def main():
    print(sys.argv)

main()
