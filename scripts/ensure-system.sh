#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing: Chromium (for
# Playwright and Lighthouse; never a downloaded browser), PostgreSQL (the scale-out database)
# and a Java runtime (for the Nu HTML Checker, npm run check:html).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing+=(postgresql)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing from Debian: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-dejavu-core >/dev/null
fi
