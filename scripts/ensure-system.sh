#!/usr/bin/env bash
# Installs what the tests need from Debian's packages when it is missing: Chromium (for
# Playwright and Lighthouse; never a downloaded browser), PostgreSQL (the scale-out database),
# nginx (the reverse proxy of docs/deploy.md, run by the tests and bench:static as their own
# instance; the package's system service is not used) and a Java runtime (for the Nu HTML
# Checker, npm run check:html) and dnsmasq (a real name server the DNS record monitor's tests run on
# a loopback port, from its command line only; the package's service is not used).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v pg_ctl >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing+=(postgresql)
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || missing+=(nginx)
command -v openssl >/dev/null 2>&1 || missing+=(openssl)
command -v java >/dev/null 2>&1 || missing+=(default-jre-headless)
[ -x /usr/sbin/dnsmasq ] || command -v dnsmasq >/dev/null 2>&1 || missing+=(dnsmasq-base)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing from Debian: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  # No package service is started by the install (nginx would take port 80): the tests run their own.
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    trap 'rm -f /usr/sbin/policy-rc.d' EXIT
  fi
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-dejavu-core >/dev/null
fi
