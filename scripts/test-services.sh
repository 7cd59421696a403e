#!/bin/sh
# Installs the real servers the tests talk to, where this machine lets us (as
# root with apt): Dovecot for IMAP (and LMTP), Postfix as the MTA in the
# operator's topology.  Elsewhere those tests skip and say why (or fail, when
# JUDGE_REQUIRE_DOVECOT=1 / JUDGE_REQUIRE_POSTFIX=1, as in CI).  The tests
# start their own instances on free ports; the system's daemons are stopped.
missing=""
command -v dovecot >/dev/null 2>&1 || missing="$missing dovecot-imapd"
[ -e /usr/lib/dovecot/lmtp ] || missing="$missing dovecot-lmtpd"
command -v postfix >/dev/null 2>&1 || [ -x /usr/sbin/postfix ] ||
  missing="$missing postfix"
if [ -z "$missing" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing$missing for the IMAP and MTA tests..."
  export DEBIAN_FRONTEND=noninteractive
  # Postfix asks how it is used: a local-only system, nothing listening out.
  if command -v debconf-set-selections >/dev/null 2>&1; then
    echo "postfix postfix/main_mailer_type select Local only" |
      debconf-set-selections
    echo "postfix postfix/mailname string localhost" | debconf-set-selections
  fi
  # A fresh machine has no package lists yet: update only when the plain
  # install cannot find the packages.
  # shellcheck disable=SC2086
  (apt-get install -y -qq $missing >/dev/null 2>&1 ||
   (apt-get update -qq >/dev/null 2>&1 &&
    apt-get install -y -qq $missing >/dev/null 2>&1)) ||
    echo "could not install$missing: the tests that need them will skip"
  # The packages' own daemons are not needed: tests start their own.
  if command -v systemctl >/dev/null 2>&1; then
    systemctl stop dovecot postfix >/dev/null 2>&1 || true
  fi
  if [ -f /run/dovecot/master.pid ]; then
    kill "$(cat /run/dovecot/master.pid)" 2>/dev/null || true
  fi
  if [ -f /var/spool/postfix/pid/master.pid ]; then
    postfix stop >/dev/null 2>&1 || true
  fi
else
  echo "$missing not installed and cannot install here: those tests will skip"
fi
exit 0
