# Shared by the bench scripts. Source it after setting $tmp (a scratch
# directory) and $runs (how many runs to take the best or median of).

# measure CMD...: "WALL CPU", the wall-clock seconds of one run of CMD and
# the CPU seconds (user + system) of the processes it ran, which other load
# on the machine disturbs less. The run must succeed: a tool that stops
# early has not done the same work, and its time means nothing.
measure() {
	(
		t0=$(date +%s.%N)
		if ! "$@" >"$tmp/out" 2>&1; then
			echo "bench: $* failed:" >&2
			head -n 5 "$tmp/out" >&2
			exit 1
		fi
		t1=$(date +%s.%N)
		# a fresh subshell's children are this command's: `times` line 2
		times >"$tmp/times"
		awk -v a="$t0" -v z="$t1" '
			function secs(s, p) { sub(/s$/, "", s); split(s, p, "m"); return p[1] * 60 + p[2] }
			NR == 2 { printf "%.3f %.3f", z - a, secs($1) + secs($2) }' "$tmp/times"
	)
}

# cpu CMD...: the CPU seconds (user + system) of one run of CMD.
cpu() {
	m=$(measure "$@") || exit 1
	echo "${m#* }"
}

# once CMD...: the wall-clock seconds of one run of CMD.
once() {
	m=$(measure "$@") || exit 1
	echo "${m% *}"
}

# best CMD...: the fastest of $runs runs of CMD, in seconds.
best() {
	b=
	i=0
	while [ "$i" -lt "$runs" ]; do
		t=$(once "$@") || exit 1
		b=$(awk -v t="$t" -v b="$b" \
			'BEGIN { if (b == "" || t < b + 0) b = t; printf "%.3f", b }')
		i=$((i + 1))
	done
	echo "$b"
}

# median T...: the median of the times given, to three places (the mean of
# the middle two for an even count).
median() {
	printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 }
		END { m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		      printf "%.3f", m }'
}

# ratio A B: A / B to two places
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "inf" }'
}
