#!/usr/bin/env bash
# Installs Bun and Deno from the npm registry into .runtimes/ (git-ignored), never as dependencies every
# `npm ci` fetches: the fetch handler's tests run the HTTP kit under each when it is there.
set -euo pipefail
cd "$(dirname "$0")/.."
BUN_VERSION=1.4.5
DENO_VERSION=2.9.6
mkdir -p .runtimes
npm install --prefix .runtimes --no-save --no-audit --no-fund --loglevel=error "bun@$BUN_VERSION" "deno@$DENO_VERSION"
echo "runtimes: Bun $(.runtimes/node_modules/.bin/bun --version), $(.runtimes/node_modules/.bin/deno --version | head -1)"
