package dev.soapscope.demo.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.soapscope.demo.scenario.axis1.QuoteRequests;
import dev.soapscope.demo.scenario.client.CallsWorkload;
import dev.soapscope.demo.scenario.client.ClientStack;
import dev.soapscope.demo.scenario.mtom.EchoWorkload;
import dev.soapscope.demo.scenario.mtom.FetchWorkload;
import dev.soapscope.demo.scenario.orders.OrderRequests;
import dev.soapscope.demo.scenario.orders.OrderResponseValidator;
import dev.soapscope.demo.scenario.wssecurity.SignedQuoteRequests;

/**
 * Every scenario the runner knows, declared here and nowhere else, in the order they run and are compared.
 *
 * <p>The mtom scenarios' classic figures: Axis 1.4 and Apache CXF, seconds for the whole 100,000-tuple result, mean
 * of 5 runs after a warm-up, at fetch sizes 10, 100, 1000 and 100000.
 */
public final class Scenarios {

    /** The classic Axis2/Rampart finding, as the rampart pair's explanation quotes it. */
    static final String RAMPART_CLASSIC = "caching the crypto objects and removing the OM <-> DOOM conversions "
            + "gained about 20%";
    /** Axis2 finds the operation from this SOAPAction before Rampart's Security phase; any other action is a fault. */
    static final String RAMPART_ACTION = "urn:getQuote";
    /** Metro names each request by the WSDL operation it dispatched it to, whatever its SOAPAction. */
    private static final String METRO_QUERY = "{urn:soapscope:demo:query}query";
    private static final String METRO_BATCH = "{urn:soapscope:demo:query}getNTuples";
    /** Axis2 names each request by the service and operation it dispatched it to (on the body's element). */
    private static final String AXIS2 = "query";
    private static final String AXIS2_MTOM = "query-mtom";
    /** The client scenarios' service, and how CXF names its query operation. */
    private static final String QUERY_PATH = "/mtom/services/query";
    private static final String CXF_QUERY = "{urn:soapscope:demo:query}query";

    private static final List<Scenario> ALL = List.of(
            orders("payload-caching/saaj", "/saaj/orders", 34.35,
                    "Spring-WS with SAAJ: the message becomes a DOM before the payload is unmarshalled"),
            orders("payload-caching/axiom-caching", "/axiom-caching/orders", 31.02,
                    "Spring-WS with Axiom, payload caching on: the payload is built into an object model, then read"),
            orders("payload-caching/axiom-streaming", "/axiom-streaming/orders", 182.22,
                    "Spring-WS with Axiom, payload caching off: JAXB reads the payload straight from the parser"),
            fetch("mtom/base64", FetchWorkload.Transport.BASE64, "/mtom/services/query",
                    "POST /mtom/services/query (query, then getNTuples per batch)",
                    "CXF JAX-WS: each batch of tuples inline as base64 in the SOAP body", classic(11.8, 3.5, 2.3, 2.6)),
            fetch("mtom/mtom", FetchWorkload.Transport.MTOM, "/mtom/services/query-mtom",
                    "POST /mtom/services/query-mtom (query, then getNTuples per batch)",
                    "CXF JAX-WS with MTOM: each batch as a binary attachment (multipart/related, xop:Include)",
                    classic(13.0, 3.2, 2.0, 2.0)),
            fetch("mtom/jaxrs", FetchWorkload.Transport.REST, "/mtom",
                    "POST /mtom/rest/query, then GET /mtom/rest/{id}/{n} per batch",
                    "CXF JAX-RS: each batch streamed as application/octet-stream, tuple by tuple as it is produced",
                    classic(12.4, 3.0, 1.7, 1.4)),
            fetch("mtom/metro", Webapp.MTOM_METRO, FetchWorkload.Transport.BASE64, "/mtom-metro/services/query",
                    "POST /mtom-metro/services/query (query, then getNTuples per batch)",
                    "Metro (JAX-WS RI) 4.0.5: each batch of tuples inline as base64 in the SOAP body", Map.of())
                    .namedByDispatch(METRO_QUERY, METRO_BATCH),
            fetch("mtom/metro-mtom", Webapp.MTOM_METRO, FetchWorkload.Transport.MTOM,
                    "/mtom-metro/services/query-mtom",
                    "POST /mtom-metro/services/query-mtom (query, then getNTuples per batch)",
                    "Metro (JAX-WS RI) 4.0.5 with MTOM: each batch as a binary attachment", Map.of())
                    .namedByDispatch(METRO_QUERY, METRO_BATCH),
            fetch("mtom/spring-ws", Webapp.MTOM_SPRING_WS, FetchWorkload.Transport.BASE64,
                    "/mtom-spring-ws/services/query",
                    "POST /mtom-spring-ws/services/query (query, then getNTuples per batch)",
                    "Spring-WS 5 with Axiom, payload caching off (JAXB reads the request from the parser): each batch "
                            + "inline as base64, JAXB-bound to QueryService's wrapper elements", Map.of()),
            fetch("mtom/axis2", Webapp.MTOM_AXIS2, FetchWorkload.Transport.AXIS2, "/mtom-axis2/services/query",
                    "POST /mtom-axis2/services/query (query, then getNTuples per batch)",
                    "Axis2 1.8 POJO service: each batch of tuples inline as base64 in the SOAP body",
                    classic(27.0, 5.8, 3.2, 3.3)).namedByDispatch(AXIS2 + ".query", AXIS2 + ".getNTuples"),
            fetch("mtom/axis2-mtom", Webapp.MTOM_AXIS2, FetchWorkload.Transport.AXIS2,
                    "/mtom-axis2/services/query-mtom",
                    "POST /mtom-axis2/services/query-mtom (query, then getNTuples per batch)",
                    "Axis2 1.8 POJO service with MTOM on: each batch as a binary attachment", Map.of())
                    .namedByDispatch(AXIS2_MTOM + ".query", AXIS2_MTOM + ".getNTuples"),
            fetch("mtom/axis1", Webapp.MTOM_AXIS1, FetchWorkload.Transport.AXIS1_RPC, "/mtom-axis1/services/query",
                    "POST /mtom-axis1/services/query (query, then getNTuples per batch)",
                    "Axis 1.4 RPC/encoded (Tomcat 9): each batch inline as xsd:base64Binary, read by a StAX client",
                    classic(19.7, 4.9, 3.4, 3.8)),
            echo("mtom-echo/mtom", "/mtom/services/echo-mtom", true,
                    "MtomEcho with MTOM on both ways: the bytes travel as attachments"),
            echo("mtom-echo/base64", "/mtom/services/echo", false,
                    "MtomEcho without MTOM: the bytes travel inline as base64 both ways"),
            signed("ws-security/crypto-cached", "/ws-security/services/crypto-cached",
                    "CXF with WSS4J verifying signed requests, its Crypto (Merlin and its key store) loaded once and "
                            + "cached, the normal configuration"),
            signed("ws-security/crypto-per-request", "/ws-security/services/crypto-per-request",
                    "The same, with an interceptor that loads the Crypto again for every request, as the classic "
                            + "Axis2/Rampart setup did"),
            axis1("axis1/plain", "/axis1/services/plain",
                    "Axis 1.4 RPC/encoded, no handlers: SOAPPart turns the request stream into an envelope and the "
                            + "response envelope into bytes"),
            axis1("axis1/logging-handler", "/axis1/services/logging",
                    "The same service with a request/response logging handler that reads each message as a string, "
                            + "so SOAPPart converts it back and forth (the classic report: 3 req/s, 10 to 100 once "
                            + "SOAPPart kept one form)"),
            orders("logging/info", "/logging-info/orders", Double.NaN,
                    "Spring-WS with SAAJ and its SoapEnvelopeLoggingInterceptor, the interceptor's logger at INFO: its "
                            + "level check skips the messages"),
            orders("logging/debug", "/logging-debug/orders", Double.NaN,
                    "The same interceptor with its logger at DEBUG (Logback, to a rolling file): each request and "
                            + "response envelope serialized to a string and logged whole"),
            orders("validation/off", "/validation-off/orders", Double.NaN,
                    "Spring-WS with SAAJ and its PayloadValidatingInterceptor loaded with the orders schema, "
                            + "validating nothing"),
            orders("validation/on", "/validation-on/orders", Double.NaN,
                    "The same interceptor validating the request and response payloads against the schema"),
            rampart("rampart/crypto-cached", "crypto-cached",
                    "Axis2 1.7 with Rampart 1.7.1 (WSS4J 1.6) verifying signed requests against a signature policy, "
                            + "its Crypto cached by Rampart (enableCryptoCaching); Rampart converts each request "
                            + "OM -> DOOM for WSS4J and back"),
            rampart("rampart/crypto-per-request", "crypto-per-request",
                    "The same service with Rampart's crypto caching off: the Crypto (Merlin and its key store) built "
                            + "again for each use, several times per request, as the classic Axis2/Rampart benchmark "
                            + "found"),
            calls("client/cxf-reuse", ClientStack.CXF, false),
            calls("client/cxf-per-call", ClientStack.CXF, true),
            calls("client/metro-reuse", ClientStack.METRO, false),
            calls("client/metro-per-call", ClientStack.METRO, true),
            calls("client/spring-ws-reuse", ClientStack.SPRING_WS, false),
            calls("client/spring-ws-per-call", ClientStack.SPRING_WS, true),
            calls("client/axis2-reuse", ClientStack.AXIS2, false),
            calls("client/axis2-per-call", ClientStack.AXIS2, true),
            calls("client/saaj-reuse", ClientStack.SAAJ, false),
            calls("client/saaj-per-call", ClientStack.SAAJ, true));

    /**
     * The scenarios whose flame graphs are also drawn against each other: the costly way of doing a thing against the
     * lean one, so red and yellow in the differential graph are what the costly way spends more.
     */
    private static final List<Pair> PAIRS = List.of(
            new Pair("payload-caching/axiom-caching", "payload-caching/axiom-streaming"),
            new Pair("mtom/base64", "mtom/mtom"),
            new Pair("mtom-echo/base64", "mtom-echo/mtom"),
            new Pair("ws-security/crypto-per-request", "ws-security/crypto-cached"),
            new Pair("axis1/logging-handler", "axis1/plain"),
            new Pair("logging/debug", "logging/info", "logging", "message.logged"),
            new Pair("validation/on", "validation/off", "validation", null),
            new Pair("rampart/crypto-per-request", "rampart/crypto-cached", "security", "crypto.load",
                    "soap.conversion", RAMPART_CLASSIC));

    /**
     * Two scenarios compared in a differential flame graph: {@code current} drawn against {@code baseline}.
     *
     * @param phase   the phase the pair is there to show, whose figures its explanation line states for both; or null
     * @param hotspot the hot-spot kind it is there to show, likewise; or null
     * @param sites   a hot-spot kind both halves hit alike, whose sites the line names with the code that called them;
     *                or null
     * @param classic the classic finding the pair reproduces, quoted beside the gain measured; or null
     */
    public record Pair(String current, String baseline, String phase, String hotspot, String sites, String classic) {

        public Pair(String current, String baseline) {
            this(current, baseline, null, null);
        }

        public Pair(String current, String baseline, String phase, String hotspot) {
            this(current, baseline, phase, hotspot, null, null);
        }

        /** The pair of {@code a} and {@code b}, in either order, or null. */
        public static Pair of(String a, String b) {
            return PAIRS.stream().filter(p -> p.current.equals(a) && p.baseline.equals(b)
                    || p.current.equals(b) && p.baseline.equals(a)).findFirst().orElse(null);
        }
    }

    /** Why the axis1 scenarios run one request at a time, as the reports say it. */
    static final String AXIS1_CONCURRENCY_NOTE = "Axis 1.4 faults now and then under concurrent requests, agent or not";

    private Scenarios() {
    }

    private static Scenario orders(String name, String path, double classicRps, String description) {
        return Scenario.of(name, path, classicRps, description, new OrderRequests(), new OrderResponseValidator());
    }

    private static Scenario signed(String name, String path, String description) {
        return Scenario.of(name, Webapp.WS_SECURITY, path, Double.NaN, description, new SignedQuoteRequests(),
                new dev.soapscope.demo.scenario.wssecurity.QuoteResponseValidator());
    }

    /**
     * Axis2 names each request after its dispatch ({@code crypto-cached.getQuote}), whatever the SOAPAction, and
     * Rampart needs the operation's own action: warm-up and measured requests share that name.
     */
    private static Scenario rampart(String name, String service, String description) {
        return Scenario.of(name, Webapp.RAMPART, Webapp.RAMPART.context() + "/services/" + service, Double.NaN,
                description, new SignedQuoteRequests(), new dev.soapscope.demo.scenario.wssecurity.QuoteResponseValidator())
                .dispatchedBy(new Scenario.StackDispatch(RAMPART_ACTION, List.of(service + ".getQuote")));
    }

    /**
     * One request at a time: Axis 1.4 on Java 8 and later faults now and then under concurrent requests (a
     * ConcurrentModificationException from {@code JavaServiceDesc.getOperationsByQName}, which sorts a shared list on
     * every call), with or without the agent.
     */
    private static Scenario axis1(String name, String path, String description) {
        return Scenario.of(name, Webapp.AXIS1, path, Double.NaN, description + "; one request at a time ("
                        + AXIS1_CONCURRENCY_NOTE + ")", new QuoteRequests(),
                new dev.soapscope.demo.scenario.axis1.QuoteResponseValidator()).atMostConcurrent(1);
    }

    private static Scenario fetch(String name, FetchWorkload.Transport transport, String path, String endpoint,
                                  String description, Map<Integer, Double> classic) {
        return fetch(name, Webapp.MTOM, transport, path, endpoint, description, classic);
    }

    private static Scenario fetch(String name, Webapp webapp, FetchWorkload.Transport transport, String path,
                                  String endpoint, String description, Map<Integer, Double> classic) {
        return Scenario.transfer(name, webapp, path, endpoint, description, new FetchWorkload(transport, path),
                classic);
    }

    /**
     * A client scenario: {@code query} on the mtom WAR's CXF service through {@code stack}'s client, built once or per
     * call. The server names each call by its WSDL operation, whatever client sent it.
     */
    private static Scenario calls(String name, ClientStack stack, boolean perCall) {
        return Scenario.transfer(name, Webapp.MTOM, QUERY_PATH, "POST " + QUERY_PATH + " (query)",
                stack.title() + (perCall ? ": a new client built, used for one call and closed, for every call"
                        : ": one client built, then reused for every call"),
                new CallsWorkload(stack, perCall, QUERY_PATH), Map.of()).namedByDispatch(CXF_QUERY);
    }

    private static Scenario echo(String name, String path, boolean mtom, String description) {
        return Scenario.transfer(name, Webapp.MTOM, path, "POST " + path + " (testMtom)", description,
                new EchoWorkload(path, mtom), Map.of());
    }

    /** Classic seconds at fetch sizes 10, 100, 1000, 100000. */
    private static Map<Integer, Double> classic(double f10, double f100, double f1000, double f100000) {
        Map<Integer, Double> classic = new LinkedHashMap<>();
        classic.put(10, f10);
        classic.put(100, f100);
        classic.put(1000, f1000);
        classic.put(100000, f100000);
        return classic;
    }

    public static List<Scenario> all() {
        return ALL;
    }

    /** Every pair, in registry order. */
    public static List<Pair> pairs() {
        return PAIRS;
    }

    /**
     * The scenarios named by {@code names}, each a scenario ({@code payload-caching/saaj}), a group
     * ({@code payload-caching}, {@code mtom-echo}) or a family of groups ({@code mtom}: the groups {@code mtom} and
     * {@code mtom-*}); in registry order, each once. An empty list selects all.
     *
     * @throws IllegalArgumentException naming what matched nothing, and what exists
     */
    public static List<Scenario> select(List<String> names) {
        if (names.isEmpty()) {
            return ALL;
        }
        Set<Scenario> chosen = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        for (String n : names) {
            List<Scenario> matches = ALL.stream()
                    .filter(s -> s.name().equals(n) || s.group().equals(n) || s.group().startsWith(n + "-")).toList();
            if (matches.isEmpty()) {
                unknown.add(n);
            }
            chosen.addAll(matches);
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown scenario " + String.join(", ", unknown) + " (known: "
                    + String.join(", ", ALL.stream().map(Scenario::name).toList()) + ", or a group such as "
                    + ALL.get(0).group() + ")");
        }
        return ALL.stream().filter(chosen::contains).toList();
    }
}
