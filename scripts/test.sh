#!/usr/bin/env bash
# The README's test command: sets up a fresh machine of this kind (Debian packages, npm
# packages, a PostgreSQL on loopback) and runs every test. CI runs exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system.sh
npm install --no-audit --no-fund --loglevel=error
TEST_DATABASE_URL=$(bash scripts/test-postgres.sh)
export TEST_DATABASE_URL
npm test
