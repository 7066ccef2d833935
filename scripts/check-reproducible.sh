#!/usr/bin/env bash
# Builds the published artifacts twice from one commit, in two fresh clones (different directories, the second in
# another time zone and with umask 002 rather than 022), and checks that they are the same bytes: the agent jar (and so every jar nested in
# it), its SBOM, the extension, the filter and the recorder, as target/repository holds them. Prints the digests.
# It takes minutes (two builds of the modules a release is made of, tests skipped), so it is not part of
# scripts/test.sh. Commit first: a clone holds only what is committed.
#
#   scripts/check-reproducible.sh [COMMIT]      (default: HEAD)
#
# Exit status 0: identical; 1: they differ (the entries that differ are listed). The jar plugin's archives keep the
# files' read bits: a umask that takes others' read away (077) gives other entry modes in the plain jars (the
# recorder's, nested in the agent's), as Reproducible Builds expects of a rebuilder's environment.
set -euo pipefail
cd "$(dirname "$0")/.."
commit=$(git rev-parse "${1:-HEAD}^{commit}")
work=$(mktemp -d "${TMPDIR:-/tmp}/soapscope-reproducible.XXXXXX")
trap 'rm -rf "$work"' EXIT

build() { # clone N with umask U, then build it; extra environment in "$@"
  local n=$1 dir="$work/clone$1" mask=$2; shift 2
  (umask "$mask" && git clone --quiet --no-local . "$dir" && git -C "$dir" checkout --quiet --detach "$commit")
  echo "building $commit in $dir (umask $mask, $*)" >&2
  (cd "$dir" && umask "$mask" && env "$@" mvn -B -q -DskipTests verify -pl release -am >"$work/build$n.log" 2>&1) || {
    tail -50 "$work/build$n.log" >&2
    exit 2
  }
}
build 1 0022 TZ=UTC
build 2 0002 TZ=Pacific/Chatham

# what is published, without the repository's own bookkeeping (maven-metadata.xml holds the time of the deploy)
published() {
  (cd "$work/clone$1/target/repository" && find . -type f ! -name 'maven-metadata.xml*' ! -name '*.sha1' \
     ! -name '*.md5' ! -name '*.sha256' | sort | xargs sha256sum)
}
published 1 >"$work/1.sha256"
published 2 >"$work/2.sha256"
agent() { echo "$work/clone$1/agent/target/soapscope-agent.jar"; }

echo "commit $commit"
echo "agent jar, clone 1: $(sha256sum <"$(agent 1)" | cut -c1-64)"
echo "agent jar, clone 2: $(sha256sum <"$(agent 2)" | cut -c1-64)"
for nested in $(unzip -Z1 "$(agent 1)" | grep '\.jar$'); do
  echo "  nested $nested: $(unzip -p "$(agent 1)" "$nested" | sha256sum | cut -c1-64)" \
       "/ $(unzip -p "$(agent 2)" "$nested" | sha256sum | cut -c1-64)"
done
echo "published (target/repository), clone 1:"
sed 's/^/  /' "$work/1.sha256"
if diff -q "$work/1.sha256" "$work/2.sha256" >/dev/null && cmp -s "$(agent 1)" "$(agent 2)"; then
  echo "REPRODUCIBLE: both clones built the same bytes"
  exit 0
fi
echo "NOT REPRODUCIBLE:"
diff "$work/1.sha256" "$work/2.sha256" | sed 's/^/  /' || true
# which entries of the agent jar differ (name, size, time, CRC), to tell what leaked into it
entries() { unzip -v "$(agent "$1")" | awk 'NR>3 {print $8, $1, $5, $6, $7}'; }
diff <(entries 1) <(entries 2) | sed 's/^/  /' | head -40 || true
exit 1
