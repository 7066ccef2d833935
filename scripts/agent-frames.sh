#!/usr/bin/env bash
# The agent's share of a cheap CXF request's CPU samples (BENCHMARKS.md, issue 33): CXF's own java_first_jaxws sample
# served by Endpoint.publish on Jetty 12 under the agent, profiled every millisecond, 3,000 then 10,000 sayHi requests on
# one keep-alive connection; prints the request threads' samples and those with a soapscope frame.
# Usage: scripts/agent-frames.sh [AGENT_JAR [OUT_DIR]]  (after `mvn -B -q -DskipTests package`; uses port 9000)
set -euo pipefail
cd "$(dirname "$0")/.."
agent=$(realpath "${1:-agent/target/soapscope-agent.jar}")
out=$(realpath -m "${2:-target/agent-frames}")
classpath=demo-webapps/cxf-endpoint-publish/target/classpaths/jetty12/target/classpath.txt
[[ -f $agent && -f $classpath ]] || { echo "build first: mvn -B -q -DskipTests package (no $agent or $classpath)" >&2; exit 2; }
rm -rf "$out"; mkdir -p "$out/run"
java -cp "demo-webapps/cxf-endpoint-publish/target/classes:$(cat "$classpath")" \
    "-javaagent:$agent=port=0,profiler=cpu,profiler.interval.ms=1,profiler.dir=$out/run" demo.hw.server.Server > "$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do grep -q "Server ready" "$out/server.log" && break; sleep 0.5; done
grep -q "Server ready" "$out/server.log" || { echo "the sample's server did not start: $out/server.log" >&2; exit 1; }
python3 - <<'PY'
import http.client
body = ('<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>'
        '<ns:sayHi xmlns:ns="http://server.hw.demo/"><arg0>x</arg0></ns:sayHi></soap:Body></soap:Envelope>')
c = http.client.HTTPConnection('localhost', 9000)
for _ in range(13000):
    c.request('POST', '/helloWorld', body, {'Content-Type': 'text/xml'})
    r = c.getresponse(); r.read()
    assert r.status == 200, r.status
PY
kill -TERM $server; wait $server || true
java -jar "$agent" flame "$out/run" --out "$out/flame" > "$out/flame.log"
awk '/JettyHTTPHandler/ { n = $NF; all += n; if ($0 ~ /dev\/soapscope\//) ours += n; if ($0 ~ /Callers\.find/) walks += n }
     END { printf "request samples %d; with an agent frame %d (%.1f%%); in the stack walk %d (%.1f%%)\n",
           all, ours, 100 * ours / all, walks, 100 * walks / all }' "$out/flame/flame.collapsed"
