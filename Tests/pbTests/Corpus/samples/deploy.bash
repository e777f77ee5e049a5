#!/bin/bash
set -eu
echo deploying
