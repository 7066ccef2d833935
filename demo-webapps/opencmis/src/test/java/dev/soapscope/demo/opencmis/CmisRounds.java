package dev.soapscope.demo.opencmis;

import org.apache.chemistry.opencmis.client.api.CmisObject;
import org.apache.chemistry.opencmis.client.api.Document;
import org.apache.chemistry.opencmis.client.api.Folder;
import org.apache.chemistry.opencmis.client.api.OperationContext;
import org.apache.chemistry.opencmis.client.api.QueryResult;
import org.apache.chemistry.opencmis.client.api.Session;
import org.apache.chemistry.opencmis.client.runtime.SessionFactoryImpl;
import org.apache.chemistry.opencmis.commons.PropertyIds;
import org.apache.chemistry.opencmis.commons.SessionParameter;
import org.apache.chemistry.opencmis.commons.data.ContentStream;
import org.apache.chemistry.opencmis.commons.data.RepositoryInfo;
import org.apache.chemistry.opencmis.commons.enums.BindingType;
import org.apache.chemistry.opencmis.commons.enums.VersioningState;
import org.apache.chemistry.opencmis.commons.exceptions.CmisObjectNotFoundException;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The OpenCMIS 1.1.0 client over the CMIS 1.1 Web Services binding, run by the IT in a JVM of its own under the agent.
 * Each round: the repository infos, the root folder and its children, a document created with 100 KB to 1 MB of
 * content, its content read back whole and compared byte for byte, a query that must find exactly that document (so
 * also proves the previous round's delete), and its delete; every fifth round, an object that does not exist (a SOAP
 * fault: {@link CmisObjectNotFoundException}). One client: two at once gave the server's profile more request samples,
 * but OpenCMIS InMemory's query then failed now and then ("An error occurred!", a query while the other client created
 * or deleted its document: about one run in fifteen). Any wrong answer ends the JVM with status 1. At the end it prints what it did per API call, the content bytes it read back and
 * the time it spent reading them, then {@link #DONE}, and waits for its standard input to close (the test reads its
 * agent's endpoint meanwhile).
 *
 * <pre>java ... CmisRounds http://127.0.0.1:PORT ROUNDS</pre>
 */
public final class CmisRounds {
    static final String DONE = "CMIS rounds done";
    /**
     * Printed before the warm-up calls: the test profiles the server while they run, as a user's first look, and
     * creates the file {@code -DwarmUpUntil} names when it is done; the calls go on until then (at least
     * {@link #WARM_UP_CALLS}). So the code that runs only while a profile does (the agent's Flight Recorder events and
     * phase spans, the JDK's event writer) is compiled by the measured profile, as in a server profiled before.
     */
    static final String WARMING = "CMIS warm-up calls start";
    /**
     * Printed after this many rounds and {@link #WARM_UP_CALLS} more: the JIT has compiled the hot paths, the test
     * profiles the server from here.
     */
    static final String WARMED = "CMIS rounds warmed up";
    /** Full rounds before the light ones: the large contents' code paths (their loops compile quickly) warm here. */
    static final int WARM_UP_ROUNDS = 20;
    /**
     * Calls the warm-up's light rounds make at least, as a server in production has served many requests: what runs
     * once a request (the agent's start and end of it, naming, its event; each operation's own code) is compiled by C2
     * only after thousands of them; in 40 full rounds that code still ran in C1 or the interpreter. The rounds of the
     * whole mix, not one light call over and over: with only the root folder's object, 45% of the measured profile's
     * request samples had an interpreted or C1 frame on top (the other operations' code), so the agent's share was
     * read against a cold application.
     */
    static final int WARM_UP_CALLS = Integer.getInteger("warmUpCalls", 1000);
    static final String WARM_UP_DONE = "warm-up calls: ";
    static final String MEASURED = "measured rounds: ";
    static final String READ_BYTES = "content bytes read: ";
    static final String READ_NANOS = "content read nanos: ";
    static final String CALL_NANOS = "getContentStream call nanos: ";
    static final String API_CALLS = "API calls: ";
    static final String REPOSITORY = "A1";
    static final String NAME_PREFIX = "soapscope-round-";
    static final int MISSING_EVERY = 5;
    private static final int MIN_CONTENT = 100 * 1024;
    private static final int MAX_CONTENT = 1024 * 1024;
    /** A warm-up round's content: its calls run the same code as a round's, at a fraction of the bytes. */
    private static final int WARM_UP_CONTENT = 16 * 1024;
    /** All getContentStream calls, the warm-up's too, as the client's agent counts them. */
    static final String CONTENT_CALLS = "getContentStream calls: ";
    /** Printed at the end: how many missing objects were asked for (SOAP faults), the warm-up's too. */
    static final String MISSING_ASKED = "missing objects asked for: ";

    private final Map<String, Integer> apiCalls = new TreeMap<>();
    private long bytesRead;
    private long readNanos;
    private long callNanos;
    private int contentCalls;
    private int missingAsked;

    private CmisRounds() {
    }

    public static void main(String[] args) throws Exception {
        String base = args[0];
        int rounds = Integer.parseInt(args[1]);
        CmisRounds driver = new CmisRounds();
        try {
            driver.run(session(base), rounds);
        } catch (Throwable e) {
            System.out.println("CMIS rounds FAILED: " + e);
            e.printStackTrace(System.out);
            System.out.flush();
            System.exit(1);
        }
        System.out.println(API_CALLS + driver.apiCalls);
        System.out.println(READ_BYTES + driver.bytesRead);
        System.out.println(READ_NANOS + driver.readNanos);
        System.out.println(CALL_NANOS + driver.callNanos);
        System.out.println(DONE);
        System.out.flush();
        while (System.in.read() >= 0) {
            // until the test closes our stdin
        }
        System.exit(0);
    }

    private static Session session(String base) {
        Map<String, String> p = new HashMap<>();
        p.put(SessionParameter.BINDING_TYPE, BindingType.WEBSERVICES.value());
        p.put(SessionParameter.WEBSERVICES_JAXWS_IMPL, "cxf");
        String services = base + "/services11/";
        p.put(SessionParameter.WEBSERVICES_REPOSITORY_SERVICE, services + "RepositoryService?wsdl");
        p.put(SessionParameter.WEBSERVICES_NAVIGATION_SERVICE, services + "NavigationService?wsdl");
        p.put(SessionParameter.WEBSERVICES_OBJECT_SERVICE, services + "ObjectService?wsdl");
        p.put(SessionParameter.WEBSERVICES_VERSIONING_SERVICE, services + "VersioningService?wsdl");
        p.put(SessionParameter.WEBSERVICES_DISCOVERY_SERVICE, services + "DiscoveryService?wsdl");
        p.put(SessionParameter.WEBSERVICES_RELATIONSHIP_SERVICE, services + "RelationshipService?wsdl");
        p.put(SessionParameter.WEBSERVICES_MULTIFILING_SERVICE, services + "MultiFilingService?wsdl");
        p.put(SessionParameter.WEBSERVICES_POLICY_SERVICE, services + "PolicyService?wsdl");
        p.put(SessionParameter.WEBSERVICES_ACL_SERVICE, services + "ACLService?wsdl");
        p.put(SessionParameter.USER, "soapscope");
        p.put(SessionParameter.PASSWORD, "soapscope");
        p.put(SessionParameter.REPOSITORY_ID, REPOSITORY);
        return SessionFactoryImpl.newInstance().createSession(p);
    }

    private void run(Session session, int rounds) throws Exception {
        // no client-side cache: every object asked for is asked of the server
        OperationContext uncached = session.createOperationContext();
        uncached.setCacheEnabled(false);
        Random random = new Random(42);
        for (int round = 1; round <= WARM_UP_ROUNDS; round++) {
            round(session, uncached, random, NAME_PREFIX, String.valueOf(round), MIN_CONTENT, MAX_CONTENT, "");
            if (round % MISSING_EVERY == 0) {
                askMissing(session, uncached, String.valueOf(round), "");
            }
        }
        warmUp(session, uncached, random);
        long began = System.nanoTime();
        int measured = measuredRounds(session, uncached, rounds - WARM_UP_ROUNDS);
        System.out.printf(MEASURED + "%d in %.1f s%n", measured, (System.nanoTime() - began) / 1e9);
        System.out.println(CONTENT_CALLS + contentCalls);
        System.out.println(MISSING_ASKED + missingAsked);
    }

    /**
     * The rounds the test profiles, at least {@code rounds} of them and on until the file {@code -DmeasuredUntil} names
     * exists (the test's profile is done: 50 rounds take a few seconds of a 12 s profile). Returns how many ran.
     */
    private int measuredRounds(Session session, OperationContext uncached, int rounds) throws Exception {
        Path until = Path.of(System.getProperty("measuredUntil", "-"));
        Random random = new Random(43);
        int round = 1;
        for (; round <= rounds || !"-".equals(until.toString()) && !Files.exists(until); round++) {
            round(session, uncached, random, NAME_PREFIX, String.valueOf(round), MIN_CONTENT, MAX_CONTENT, "");
            if (round % MISSING_EVERY == 0) {
                askMissing(session, uncached, String.valueOf(round), "");
            }
        }
        return round - 1;
    }

    /** Asks for an object that does not exist: a SOAP fault, a 500, and Tomcat closes the connection. */
    private void askMissing(Session session, OperationContext uncached, String id, String tag) {
        missingAsked++;
        try {
            CmisObject missing = session.getObject("no-such-object-" + id, uncached);
            throw new AssertionError("a missing object was found: " + missing);
        } catch (CmisObjectNotFoundException expected) {
            count("getObject(missing)" + tag);
        }
    }

    /**
     * Light rounds (the same calls, {@link #WARM_UP_CONTENT} bytes of content) until the test says it is done, at least
     * {@link #WARM_UP_CALLS} calls: the server's code for every operation has run often enough to be compiled.
     */
    private void warmUp(Session session, OperationContext uncached, Random random) throws Exception {
        System.out.println(WARMING);
        System.out.flush();
        Path until = Path.of(System.getProperty("warmUpUntil", "-"));
        int before = calls();
        int calls = 0;
        long began = System.nanoTime();
        for (int light = 1; calls < WARM_UP_CALLS || !"-".equals(until.toString()) && !Files.exists(until); light++) {
            round(session, uncached, random, NAME_PREFIX + "warm-up-", String.valueOf(light), WARM_UP_CONTENT,
                    WARM_UP_CONTENT, "(warm-up)");
            if (light % MISSING_EVERY == 0) { // the fault's path warms too: it ran cold in the measured profile
                askMissing(session, uncached, "warm-up-" + light, "(warm-up)");
            }
            calls = calls() - before;
        }
        System.out.printf(WARM_UP_DONE + "%d in %.1f s%n", calls, (System.nanoTime() - began) / 1e9);
        System.out.println(WARMED);
        System.out.flush();
    }

    /**
     * One round (see the class comment), its document named {@code prefix + id} with {@code min} to {@code max} bytes
     * of content, the only document named {@code prefix...} while the round runs; the calls are counted under their
     * names followed by {@code tag}.
     */
    private void round(Session session, OperationContext uncached, Random random, String prefix, String id, int min,
                       int max, String tag) throws Exception {
        String name = prefix + id;
        List<RepositoryInfo> infos = session.getBinding().getRepositoryService().getRepositoryInfos(null);
        count("getRepositoryInfos" + tag);
        check(infos.stream().anyMatch(i -> REPOSITORY.equals(i.getId())), "repository " + REPOSITORY + " in " + infos);

        Folder root = session.getRootFolder(uncached);
        count("getRootFolder" + tag);
        check(root.isRootFolder() && "/".equals(root.getPath()), "root folder: " + root.getPath());
        List<String> children = new ArrayList<>();
        for (CmisObject child : root.getChildren(uncached)) {
            check(child.getId() != null && child.getName() != null, "child without id or name: " + child);
            children.add(child.getName());
        }
        count("getChildren" + tag);
        check(!children.isEmpty(), "the InMemory repository's filler puts folders and documents under the root");

        byte[] content = new byte[min + random.nextInt(max - min + 1)];
        random.nextBytes(content);
        Map<String, Object> properties = new HashMap<>();
        properties.put(PropertyIds.OBJECT_TYPE_ID, "cmis:document");
        properties.put(PropertyIds.NAME, name);
        ContentStream upload = session.getObjectFactory().createContentStream(name + ".bin", content.length,
                "application/octet-stream", new ByteArrayInputStream(content));
        Document doc = root.createDocument(properties, upload, VersioningState.NONE);
        count("createDocument" + tag);
        check(name.equals(doc.getName()) && doc.getContentStreamLength() == content.length,
                "created " + doc.getName() + " of " + doc.getContentStreamLength() + " bytes, sent " + content.length);

        long called = System.nanoTime();
        ContentStream download = doc.getContentStream();
        long returned = System.nanoTime();
        count("getContentStream" + tag);
        byte[] back;
        try (InputStream in = download.getStream()) {
            back = in.readAllBytes();
        }
        long done = System.nanoTime();
        contentCalls++;
        callNanos += returned - called;
        readNanos += done - returned;
        bytesRead += back.length;
        check(back.length == content.length, "read back " + back.length + " bytes of " + content.length);
        // byte for byte, not a digest: this JVM runs C1 only, where SHA-256 (no intrinsic) took about half its CPU and
        // so held the server to a few requests a second and its profile to a few hundred samples
        check(Arrays.equals(back, content), "the content read back differs from the content sent");

        List<String> found = new ArrayList<>();
        for (QueryResult r : session.query("SELECT cmis:objectId, cmis:name FROM cmis:document WHERE cmis:name LIKE '"
                + prefix + "%'", false)) {
            found.add(r.getPropertyValueById(PropertyIds.OBJECT_ID) + " " + r.getPropertyValueById(PropertyIds.NAME));
        }
        count("query" + tag);
        check(found.equals(List.of(doc.getId() + " " + name)), "query found " + found + ", want only " + name);

        doc.delete(true);
        count("delete" + tag);
    }

    private void count(String call) {
        count(call, 1);
    }

    private void count(String call, int times) {
        apiCalls.merge(call, times, Integer::sum);
    }

    private int calls() {
        return apiCalls.values().stream().mapToInt(Integer::intValue).sum();
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
