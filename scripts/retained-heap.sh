#!/usr/bin/env bash
# Retained heap of the agent after start-up, on more than one app: the demo runner's embedded Tomcat 11 with the
# payload-caching WAR alone, then with the payload-caching, mtom (CXF) and ws-security WARs side by side. For each
# app, alternating, ROUNDS times: a server without the agent, then one with it. Each server deploys, answers six small
# orders (axiom-streaming and saaj), idles SETTLE seconds (class loading has stopped: the agent's type-description
# cache is emptied), then reports the heap in use after System.gc() (the launcher's heap-reset, lower of two) and
# `jcmd PID GC.class_histogram`: the live bytes, the live objects of the agent's own classes (dev.soapscope.*) and of
# Byte Buddy's type descriptions. Method and figures: BENCHMARKS.md, "Retained heap".
#
#   scripts/retained-heap.sh                 # build the agent and the demo WARs first (about 4 minutes in all)
#   scripts/retained-heap.sh --skip-build    # use what the last build left in */target
#   AGENT=/path/to/soapscope-agent.jar ROUNDS=2 SETTLE=15 scripts/retained-heap.sh --skip-build
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" != --skip-build ]; then
  mvn -B -q -pl agent,demo-webapps/runner,demo-webapps/payload-caching,demo-webapps/mtom,demo-webapps/ws-security \
    -am -DskipTests package
fi
agent=${AGENT:-agent/target/soapscope-agent.jar}
rounds=${ROUNDS:-2}
settle=${SETTLE:-15}
work=$(mktemp -d "${TMPDIR:-/tmp}/soapscope-heap.XXXXXX")
trap 'rm -rf "$work"' EXIT
# a copy: a build started meanwhile cannot change what is measured
cp "$agent" demo-webapps/runner/target/soapscope-demo-server.jar demo-webapps/payload-caching/target/payload-caching.war \
   demo-webapps/mtom/target/mtom.war demo-webapps/ws-security/target/ws-security.war "$work/"
cat > "$work/order.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>
<ord:orderRequest xmlns:ord="urn:soapscope:demo:orders"><ord:orderId>S-1</ord:orderId>
<ord:customer><ord:name>C 1</ord:name><ord:email>c1@example.org</ord:email><ord:street>1 Harbour Street</ord:street><ord:city>Lyon</ord:city><ord:country>FR</ord:country></ord:customer>
<ord:line><ord:sku>SKU-00001</ord:sku><ord:description>bolt</ord:description><ord:quantity>1</ord:quantity><ord:unitPrice>1.25</ord:unitPrice></ord:line>
</ord:orderRequest>
</soapenv:Body></soapenv:Envelope>
EOF

# measure APP-NAME yes|no WAR=/CONTEXT...: one line of figures
measure() {
  local app=$1 withAgent=$2; shift 2
  local opts=(-Xms1g -Xmx1g) wars=() run="$work/run-$RANDOM"
  [ "$withAgent" = yes ] && opts+=("-javaagent:$work/$(basename "$agent")=port=0,host=127.0.0.1,log=warn")
  for w in "$@"; do wars+=(--war "$work/$w"); done
  mkdir "$run" && mkfifo "$run/in"
  java "${opts[@]}" -cp "$work/soapscope-demo-server.jar" dev.soapscope.demo.server.TomcatLauncher "${wars[@]}" \
    --port 0 < "$run/in" > "$run/out" 2>&1 &
  local pid=$!
  exec 9> "$run/in"
  for _ in $(seq 600); do grep -q '^SOAPSCOPE_DEMO_PORT=' "$run/out" && break; sleep 0.2; done
  local port status=""
  port=$(grep -o '^SOAPSCOPE_DEMO_PORT=[0-9]*' "$run/out" | cut -d= -f2)
  for _ in 1 2 3; do for path in axiom-streaming saaj; do
    status+=$(curl -s -o /dev/null -w '%{http_code} ' -H 'Content-Type: text/xml; charset=utf-8' \
      -H "SOAPAction: \"urn:soapscope:demo:payload-caching/$path\"" --data-binary "@$work/order.xml" \
      "http://127.0.0.1:$port/$path/orders")
  done; done
  sleep "$settle"
  echo heap-reset >&9; sleep 2; echo heap-reset >&9; sleep 2
  local heap histo
  heap=$(grep -o '^SOAPSCOPE_DEMO_HEAP=[0-9]*' "$run/out" | cut -d= -f2 | sort -n | head -1)
  histo=$(jcmd "$pid" GC.class_histogram)
  exec 9>&-
  wait "$pid" || true
  echo "$histo" | awk -v app="$app" -v agent="$withAgent" -v heap="$heap" -v status="$status" '
    $4 ~ /^dev\.soapscope\./ && $4 !~ /^dev\.soapscope\.demo\./ { own += $2; ownBytes += $3 }
    $4 ~ /bytebuddy\.pool\.TypePool\$Default\$LazyTypeDescription$/ { descriptions += $2 }
    $1 == "Total" { live = $3 }
    END { printf "%-16s agent=%-3s heap after GC %7.2f MB | histogram %7.2f MB live | agent objects %7d (%.2f MB) | type descriptions %5d | answers %s\n",
          app, agent, heap / 1e6, live / 1e6, own, ownBytes / 1e6, descriptions, status }'
}

for r in $(seq "$rounds"); do
  measure payload-caching no payload-caching.war=/
  measure payload-caching yes payload-caching.war=/
done
for r in $(seq "$rounds"); do
  measure three-webapps no payload-caching.war=/ mtom.war=/mtom ws-security.war=/wss
  measure three-webapps yes payload-caching.war=/ mtom.war=/mtom ws-security.war=/wss
done
