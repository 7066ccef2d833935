#!/usr/bin/env bash
# Overhead, measured: builds the project, then runs the JMH benchmarks, the end-to-end ratios on the payload-caching
# scenario (no agent / agent / agent + profiler, alternating), the retained heap, start-up (Tomcat with the
# payload-caching WAR and with the minimal servlet app, Spring-WS's echo Boot jar with and without its CDS archive)
# and the side-by-side table
# (soapscope beside the OpenTelemetry and Elastic APM Java agents: start-up, allocation and CPU per request, p50/p99,
# heap, the agent's share of the request threads' CPU samples), and writes benchmarks/target/results.md; a whole run
# begins it with issue 25's targets and what the run measured (method and targets: BENCHMARKS.md).
# Not part of `mvn verify`.
#
#   scripts/benchmarks.sh                  # everything, default scale: about 40 minutes on 2 cores, build included
#   scripts/benchmarks.sh --quick          # everything, small scale: about 20 minutes (side by side included)
#   scripts/benchmarks.sh jmh|e2e|startup|compare  # one part (e2e includes the retained heap); others are kept
#   scripts/benchmarks.sh --quick compare  # the side-by-side table alone, small scale: about 10 minutes
#   scripts/benchmarks.sh --update-doc     # also refresh the results in BENCHMARKS.md from results.md
#   scripts/benchmarks.sh --skip-build ... # use what the last build left in */target
#   scripts/benchmarks.sh report --update-doc --skip-build  # measure nothing: results.md from the sections there are
# Any other option goes to the harness (java -jar benchmarks/target/soapscope-benchmarks.jar --help lists them):
#   --forks N --rounds N --seconds S --warmup-seconds S --concurrency C --heap-requests N --startups N --out DIR
# The OpenTelemetry and Elastic agents' jars come from Maven Central: the benchmarks module's build copies them
# into benchmarks/target/agents.
#
# Needs JDK 17+ and Maven 3.8+ (everything else comes from Maven Central). Run it on a quiet machine: the figures
# are ratios of runs taken side by side, but a busy machine still widens their spread.
set -euo pipefail
cd "$(dirname "$0")/.."

build=1
args=()
for a in "$@"; do
  case "$a" in
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    --skip-build) build=0 ;;
    --update-doc) args+=(--update-doc BENCHMARKS.md) ;;
    *) args+=("$a") ;;
  esac
done

if [ "$build" = 1 ]; then
  echo "[bench] building: mvn -B -q -DskipTests package"
  mvn -B -q -DskipTests package
fi

# The run uses a copy of the jars and the WAR it measures: a build started meanwhile cannot change them under it.
snapshot="$(mktemp -d "${TMPDIR:-/tmp}/soapscope-bench.XXXXXX")"
trap 'rm -rf "$snapshot"' EXIT
cp benchmarks/target/soapscope-benchmarks.jar agent/target/soapscope-agent.jar \
   demo-webapps/payload-caching/target/payload-caching.war \
   demo-webapps/runner/target/soapscope-demo-server.jar demo-webapps/spring-ws-echo/target/echo-server.jar \
   benchmarks/target/agents/opentelemetry-javaagent.jar benchmarks/target/agents/elastic-apm-agent.jar "$snapshot/"

java -jar "$snapshot/soapscope-benchmarks.jar" \
  --agent "$snapshot/soapscope-agent.jar" --war "$snapshot/payload-caching.war" \
  --server-jar "$snapshot/soapscope-demo-server.jar" --boot-jar "$snapshot/echo-server.jar" \
  --otel-agent "$snapshot/opentelemetry-javaagent.jar" --elastic-agent "$snapshot/elastic-apm-agent.jar" --out benchmarks/target ${args[@]+"${args[@]}"}
