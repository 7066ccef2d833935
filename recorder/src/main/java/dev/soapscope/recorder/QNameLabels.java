package dev.soapscope.recorder;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A stack's operation {@code QName} as its label, {@code {namespace}local} cleaned by {@link OperationTable}'s rules:
 * made once per name, not a new String per request (a stack hands the same few names over and over). Only the JDK's
 * own {@code QName} is kept: one an application brings (an old stax-api jar) would hold its class loader after an
 * undeploy, so its name is made each time. Bounded: the names come from the services' WSDLs, but the map is cleared
 * if ever they do not.
 */
final class QNameLabels {
    static final int MAX = 1024;
    private static final ConcurrentHashMap<Object, String> LABELS = new ConcurrentHashMap<>();

    private QNameLabels() {
    }

    /** The label of {@code name}, or null when its text cleans to nothing. */
    static String of(Object name) {
        if (name.getClass().getClassLoader() != null) {
            return OperationTable.clean(name.toString());
        }
        String label = LABELS.get(name);
        if (label != null) {
            return label;
        }
        label = OperationTable.clean(name.toString());
        if (label != null) {
            if (LABELS.size() >= MAX) {
                LABELS.clear();
            }
            LABELS.put(name, label);
        }
        return label;
    }

    static int size() {
        return LABELS.size();
    }
}
