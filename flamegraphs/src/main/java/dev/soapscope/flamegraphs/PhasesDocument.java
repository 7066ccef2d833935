package dev.soapscope.flamegraphs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parts of a run's {@code phases.json} (the agent's {@code /phases} document) the commands use: whether
 * allocation was measured, and per operation its request count and, per phase, the mean and standard deviation
 * of the self time and of the allocated bytes per request over all the operation's requests (zeros included).
 * The SOAP calls the JVM made ({@code clients}) are operations too, named {@value #CALL_PREFIX}OPERATION, or
 * {@value #CALL_PREFIX}OPERATION {@value #PEER_SEPARATOR}PEER when the run called that operation on several peers
 * (a peer's port often changes from run to run; the operation does not). Other members are ignored.
 */
final class PhasesDocument {
    /** How a SOAP call this JVM made is named among the operations. */
    static final String CALL_PREFIX = "call ";
    static final String PEER_SEPARATOR = "@ ";

    private final Path file;
    private final boolean allocationMeasured;
    private final List<Operation> operations;

    private PhasesDocument(Path file, boolean allocationMeasured, List<Operation> operations) {
        this.file = file;
        this.allocationMeasured = allocationMeasured;
        this.operations = operations;
    }

    static PhasesDocument read(Path file) throws BadInputException {
        String text;
        try {
            text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new BadInputException("cannot read " + file + ": " + e);
        }
        Object root;
        try {
            root = JsonReader.parse(text);
        } catch (JsonReader.SyntaxException e) {
            throw new BadInputException("malformed JSON in " + file + ": " + e.getMessage());
        }
        Reader r = new Reader(file);
        Map<String, Object> doc = r.object(root, "the document");
        List<Object> ops = r.array(doc.get("operations"), "operations");
        List<Operation> operations = new ArrayList<>(ops.size());
        for (int i = 0; i < ops.size(); i++) {
            operations.add(r.operation(ops.get(i), "operations[" + i + "]"));
        }
        Object clientsValue = doc.get("clients");
        if (clientsValue != null) {
            List<Object> calls = r.array(clientsValue, "clients");
            List<Operation> rows = new ArrayList<>(calls.size());
            Map<String, Integer> peers = new HashMap<>();
            for (int i = 0; i < calls.size(); i++) {
                Operation row = r.operation(calls.get(i), "clients[" + i + "]");
                rows.add(row);
                peers.merge(row.name, 1, Integer::sum);
            }
            for (int i = 0; i < rows.size(); i++) {
                Operation row = rows.get(i);
                String name = CALL_PREFIX + row.name;
                if (peers.get(row.name) > 1) {
                    name += " " + PEER_SEPARATOR + r.string(r.object(calls.get(i), "clients[" + i + "]").get("peer"),
                            "clients[" + i + "].peer");
                }
                operations.add(new Operation(name, row.requests, row.phases, false));
            }
        }
        boolean allocation = Boolean.TRUE.equals(doc.get("allocation_measured"));
        return new PhasesDocument(file, allocation, Collections.unmodifiableList(operations));
    }

    Path file() {
        return file;
    }

    /** Whether the agent measured allocation (so 0 bytes means none, not unknown). */
    boolean allocationMeasured() {
        return allocationMeasured;
    }

    /** Whether every phase has the spread of its allocation ({@code alloc_sd_bytes}, agents since issue 12). */
    boolean hasAllocationSpread() {
        for (Operation o : operations) {
            for (PhaseTime p : o.phases.values()) {
                if (Double.isNaN(p.allocSdBytes)) {
                    return false;
                }
            }
        }
        return true;
    }

    List<Operation> operations() {
        return operations;
    }

    /** The operation of that name, or null. */
    Operation operation(String name) {
        for (Operation o : operations) {
            if (o.name.equals(name)) {
                return o;
            }
        }
        return null;
    }

    /**
     * Requests over all operations served, what a run's samples are divided by to compare runs per request; a JVM
     * that served none (a client, a batch job): the calls it made.
     */
    long totalRequests() {
        long served = 0;
        long calls = 0;
        for (Operation o : operations) {
            if (o.served) {
                served += o.requests;
            } else {
                calls += o.requests;
            }
        }
        return served > 0 ? served : calls;
    }

    static final class Operation {
        final String name;
        final long requests;
        /** By phase tag, in document order. */
        final Map<String, PhaseTime> phases;
        /** False for a SOAP call the JVM made: its requests are calls. */
        final boolean served;

        Operation(String name, long requests, Map<String, PhaseTime> phases, boolean served) {
            this.name = name;
            this.requests = requests;
            this.phases = phases;
            this.served = served;
        }
    }

    /**
     * Self time and allocated bytes per request in one phase, over all the operation's requests; an allocation
     * figure the document lacks is NaN.
     */
    static final class PhaseTime {
        final double meanUs;
        final double sdUs;
        final double allocBytes;
        final double allocSdBytes;

        PhaseTime(double meanUs, double sdUs, double allocBytes, double allocSdBytes) {
            this.meanUs = meanUs;
            this.sdUs = sdUs;
            this.allocBytes = allocBytes;
            this.allocSdBytes = allocSdBytes;
        }
    }

    /** Checks shapes and types; each complaint names the file and the member path. */
    private static final class Reader {
        private final Path file;

        Reader(Path file) {
            this.file = file;
        }

        Operation operation(Object value, String where) throws BadInputException {
            Map<String, Object> op = object(value, where);
            String name = string(op.get("operation"), where + ".operation");
            double requests = number(op.get("requests"), where + ".requests");
            if (requests < 0 || requests != Math.rint(requests)) {
                throw bad(where + ".requests", "expected a whole number of requests, found " + requests);
            }
            Map<String, PhaseTime> phases = new LinkedHashMap<>();
            Object phasesValue = op.get("phases");
            if (phasesValue != null) {
                for (Map.Entry<String, Object> e : object(phasesValue, where + ".phases").entrySet()) {
                    String at = where + ".phases." + e.getKey();
                    Map<String, Object> p = object(e.getValue(), at);
                    phases.put(e.getKey(), new PhaseTime(number(p.get("mean_us"), at + ".mean_us"),
                            number(p.get("sd_us"), at + ".sd_us"),
                            optionalNumber(p.get("alloc_bytes"), at + ".alloc_bytes"),
                            optionalNumber(p.get("alloc_sd_bytes"), at + ".alloc_sd_bytes")));
                }
            }
            return new Operation(name, (long) requests, Collections.unmodifiableMap(phases), true);
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> object(Object value, String where) throws BadInputException {
            if (value instanceof Map) {
                return (Map<String, Object>) value;
            }
            throw bad(where, "expected an object, found " + describe(value));
        }

        @SuppressWarnings("unchecked")
        List<Object> array(Object value, String where) throws BadInputException {
            if (value instanceof List) {
                return (List<Object>) value;
            }
            throw bad(where, "expected an array, found " + describe(value));
        }

        String string(Object value, String where) throws BadInputException {
            if (value instanceof String) {
                return (String) value;
            }
            throw bad(where, "expected a string, found " + describe(value));
        }

        double number(Object value, String where) throws BadInputException {
            if (value instanceof Double) {
                return (Double) value;
            }
            throw bad(where, "expected a number, found " + describe(value));
        }

        /** A number, or NaN when the member is missing. */
        double optionalNumber(Object value, String where) throws BadInputException {
            return value == null ? Double.NaN : number(value, where);
        }

        private BadInputException bad(String where, String what) {
            return new BadInputException("unexpected content in " + file + ": " + where + ": " + what);
        }

        private static String describe(Object value) {
            if (value == null) {
                return "nothing (missing or null)";
            }
            if (value instanceof Map) {
                return "an object";
            }
            if (value instanceof List) {
                return "an array";
            }
            if (value instanceof String) {
                return "a string";
            }
            if (value instanceof Boolean) {
                return value.toString();
            }
            return "a number";
        }
    }
}
