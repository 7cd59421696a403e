#!/bin/sh
# Installs the real programs the tests talk to, where this machine lets us
# (as root with apt): Dovecot for IMAP (and LMTP), Postfix as the MTA in the
# operator's topology, SpamAssassin to score the judge's mail.  Elsewhere
# those tests skip and say why (or fail, when JUDGE_REQUIRE_DOVECOT=1,
# JUDGE_REQUIRE_POSTFIX=1 or JUDGE_REQUIRE_SPAMASSASSIN=1, as in CI).
#
# The tests start private Dovecot and Postfix instances, with their own
# configuration folders and free ports.  This script never stops, starts or
# reconfigures the machine's own mail services: if the packages' daemons are
# running, they keep running, and the tests do not touch them.
missing=""
command -v dovecot >/dev/null 2>&1 || missing="$missing dovecot-imapd"
[ -e /usr/lib/dovecot/lmtp ] || missing="$missing dovecot-lmtpd"
command -v postfix >/dev/null 2>&1 || [ -x /usr/sbin/postfix ] ||
  missing="$missing postfix"
command -v spamassassin >/dev/null 2>&1 || missing="$missing spamassassin"
if [ -z "$missing" ]; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing$missing for the IMAP, MTA and spam-score tests..."
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
  (apt-get -o DPkg::Lock::Timeout=300 install -y -qq $missing >/dev/null 2>&1 ||
   (apt-get update -qq >/dev/null 2>&1 &&
    apt-get -o DPkg::Lock::Timeout=300 install -y -qq $missing >/dev/null 2>&1)) ||
    echo "could not install$missing: the tests that need them will skip"
else
  echo "$missing not installed and cannot install here: those tests will skip"
fi
exit 0
