#!/bin/sh
# Installs Debian's Chromium and its chromedriver for the browser tests
# (tests/browser/), where this machine lets us (as root with apt).  Nothing
# is downloaded by the tests themselves: Selenium drives the system's
# chromedriver.  Elsewhere the browser tests skip and say why (or fail, when
# JUDGE_REQUIRE_BROWSER=1, as in CI).
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1
then
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing chromium and chromium-driver for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  (apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1 ||
   (apt-get update -qq >/dev/null 2>&1 &&
    apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1)) ||
    echo "could not install chromium: the browser tests will skip"
else
  echo "chromium not installed and cannot install here: browser tests will skip"
fi
exit 0
