#!/bin/sh
# Installs the real servers the tests talk to (Dovecot for IMAP), where this
# machine lets us: as root with apt.  Elsewhere the IMAP tests skip and say why.
if command -v dovecot >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing dovecot-imapd for the IMAP tests..."
  (apt-get install -y -qq dovecot-imapd >/dev/null 2>&1 ||
   (apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq dovecot-imapd >/dev/null 2>&1)) ||
    echo "could not install dovecot: IMAP tests will skip"
  # The package's own daemon is not needed: tests start their own.
  (command -v systemctl >/dev/null 2>&1 && systemctl stop dovecot >/dev/null 2>&1) || true
else
  echo "dovecot not installed and cannot install it here: IMAP tests will skip"
fi
exit 0
