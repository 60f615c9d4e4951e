#!/bin/sh
# Makes sure the Debian packages the build needs are installed: installs them
# when run as root, otherwise prints the exact apt-get line and fails.
# Usage: scripts/bootstrap.sh  (sourced by run-main.sh and run-tests.sh)
set -eu

HDCTS_PACKAGES="cmake make gcc libc6-dev"

hdcts_missing=""
for p in $HDCTS_PACKAGES; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		hdcts_missing="$hdcts_missing $p"
	fi
done

if [ -n "$hdcts_missing" ]; then
	if [ "$(id -u)" = 0 ]; then
		echo "bootstrap: installing$hdcts_missing"
		DEBIAN_FRONTEND=noninteractive apt-get update -q
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q $hdcts_missing
	else
		echo "bootstrap: missing Debian packages; run:" >&2
		echo "  sudo apt-get install -y$hdcts_missing" >&2
		exit 1
	fi
fi
