#!/usr/bin/env bash
# The README's run command: installs the npm packages when needed, builds the site once, and
# starts the server on SQLite with the local game-server driver at http://127.0.0.1:4321.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x node_modules/.bin/node ] || npm install --no-audit --no-fund --loglevel=error
exec npm start
