#!/bin/sh
# Installs the real servers the tests talk to (Dovecot for IMAP), where this
# machine lets us: as root with apt.  Elsewhere the IMAP tests skip and say
# why (or fail, when JUDGE_REQUIRE_DOVECOT=1, as in CI).
if command -v dovecot >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing dovecot-imapd for the IMAP tests..."
  export DEBIAN_FRONTEND=noninteractive
  # A fresh machine has no package lists yet: update only when the plain
  # install cannot find the package.
  (apt-get install -y -qq dovecot-imapd >/dev/null 2>&1 ||
   (apt-get update -qq >/dev/null 2>&1 &&
    apt-get install -y -qq dovecot-imapd >/dev/null 2>&1)) ||
    echo "could not install dovecot: IMAP tests will skip"
  # The package's own daemon is not needed: tests start their own.
  if command -v systemctl >/dev/null 2>&1; then
    systemctl stop dovecot >/dev/null 2>&1 || true
  fi
  if [ -f /run/dovecot/master.pid ]; then
    kill "$(cat /run/dovecot/master.pid)" 2>/dev/null || true
  fi
else
  echo "dovecot not installed and cannot install it here: IMAP tests will skip"
fi
exit 0
