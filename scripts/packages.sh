# shellcheck shell=sh
# Sourced, not run: hdcts_need_packages WHO PKG... makes sure the Debian
# packages are installed. As root it installs the missing ones with apt-get;
# otherwise it prints the exact apt-get line and returns 1, so a user without
# root sees what to run instead of a failure deep inside a build.
# Used by bootstrap.sh and debian-kernels.sh, one copy of the rule.

hdcts_need_packages() {
	hdcts_who=$1
	shift
	if ! command -v dpkg-query >/dev/null 2>&1; then
		echo "$hdcts_who: dpkg-query not found; this script expects Debian 12 and its packages:" >&2
		echo "  $*" >&2
		return 1
	fi
	hdcts_missing=""
	for p in "$@"; do
		if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
			hdcts_missing="$hdcts_missing $p"
		fi
	done
	[ -z "$hdcts_missing" ] && return 0
	if [ "$(id -u)" = 0 ]; then
		echo "$hdcts_who: installing$hdcts_missing"
		DEBIAN_FRONTEND=noninteractive apt-get update -q
		# shellcheck disable=SC2086 # one word per package
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q $hdcts_missing
	else
		echo "$hdcts_who: missing Debian packages; run:" >&2
		echo "  sudo apt-get install -y$hdcts_missing" >&2
		return 1
	fi
}
