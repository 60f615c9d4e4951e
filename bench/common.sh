# Shared by the bench scripts. Source it after setting $tmp (a scratch
# directory) and $runs (how many runs to take the best of).

# best CMD...: the fastest of $runs wall-clock runs of CMD, in seconds. Every
# run must succeed: a tool that stops early has not done the same work, and
# its time means nothing.
best() {
	b=
	i=0
	while [ "$i" -lt "$runs" ]; do
		t0=$(date +%s.%N)
		if ! "$@" >"$tmp/out" 2>&1; then
			echo "bench: $* failed:" >&2
			head -n 5 "$tmp/out" >&2
			exit 1
		fi
		t1=$(date +%s.%N)
		b=$(awk -v a="$t0" -v z="$t1" -v b="$b" \
			'BEGIN { t = z - a; if (b == "" || t < b + 0) b = t; printf "%.3f", b }')
		i=$((i + 1))
	done
	echo "$b"
}

# ratio A B: A / B to two places
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }'
}
