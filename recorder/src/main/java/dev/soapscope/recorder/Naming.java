package dev.soapscope.recorder;

import static dev.soapscope.recorder.Recorder.THREADS;
import static dev.soapscope.recorder.Recorder.failed;

/**
 * Naming a request or call: by the stack's operation, the payload's root element, the SOAPAction, the HTTP request.
 * Called by every stack's probes and the servlet entries. State: the name (and its rank) of the thread's open request
 * or call in its {@link ThreadRecording}, and the thread's recently cleaned names; names are cleaned by
 * {@link OperationTable}'s rules, and given a row there only when the request ends.
 */
public final class Naming {
    private Naming() {
    }

    /**
     * Names the current request; a name only replaces one from a lower-ranked source. The stack's own name is
     * kept as well, for when the operation table refuses a header's name. The reserved bucket names are ignored.
     */
    public static void nameRequest(NameSource source, String name) {
        try {
            ThreadRecording t = THREADS.get();
            if (wantsName(t, source)) {
                name(t, source, OperationTable.clean(name));
            }
        } catch (Throwable e) {
            failed("nameRequest", e);
        }
    }

    /** {@link #nameRequest(NameSource, String)} by a stack's operation {@code QName}: its label made once, not per request. */
    public static void nameOperation(NameSource source, Object operation) {
        try {
            ThreadRecording t = THREADS.get();
            if (operation != null && wantsName(t, source)) {
                name(t, source, QNameLabels.of(operation));
            }
        } catch (Throwable e) {
            failed("nameOperation", e);
        }
    }

    /** Whether a name from {@code source} would change anything: a higher rank, or the stack's first name. */
    private static boolean wantsName(ThreadRecording t, NameSource source) {
        return t.open && !t.implicit
                && (source.ordinal() > t.nameRank || (source.resolvedByStack() && t.stackName == null));
    }

    private static void name(ThreadRecording t, NameSource source, String clean) {
        if (clean == null || OperationTable.isReserved(clean)) {
            return;
        }
        if (source.resolvedByStack() && t.stackName == null) {
            t.stackName = clean;
        }
        if (source.ordinal() > t.nameRank) {
            t.name = clean;
            t.nameRank = source.ordinal();
        }
    }

    /**
     * Names the current request or call by the payload's root element, the first element under a SOAP body (a DOM
     * node, as SAAJ's {@code SOAPBody} is): {@code {namespace}local}, as the stacks name operations.
     */
    public static void nameFromPayloadRoot(org.w3c.dom.Node body) {
        try {
            ThreadRecording t = THREADS.get();
            if (body == null || !wantsName(t, NameSource.STACK)) {
                return;
            }
            org.w3c.dom.Node n = body.getFirstChild();
            while (n != null && n.getNodeType() != org.w3c.dom.Node.ELEMENT_NODE) {
                n = n.getNextSibling();
            }
            if (n != null) {
                String ns = n.getNamespaceURI();
                String local = n.getLocalName() != null ? n.getLocalName() : n.getNodeName();
                name(t, NameSource.STACK, OperationTable.clean("{" + (ns == null ? "" : ns) + "}" + local));
            }
        } catch (Throwable e) {
            failed("nameFromPayloadRoot", e);
        }
    }

    /**
     * The root element of a payload the application handed to the stack ({@link PayloadRoot}), {@code {namespace}local},
     * or null: for a probe that resolves it to the operation of the port's WSDL that takes it.
     */
    public static String payloadRoot(Object payload) {
        try {
            return payload == null ? null : PayloadRoot.of(payload);
        } catch (Throwable e) {
            return null; // not a payload we read: named otherwise
        }
    }

    /**
     * Names the current call by the payload the application handed to the stack (a JAX-WS {@code Dispatch}'s
     * argument: a SAAJ message, a DOM source or node, a JAXB element), by its root element ({@link PayloadRoot}).
     */
    public static void nameFromPayload(Object payload) {
        try {
            ThreadRecording t = THREADS.get();
            if (payload != null && wantsName(t, NameSource.STACK)) {
                name(t, NameSource.STACK, OperationTable.clean(PayloadRoot.of(payload)));
            }
        } catch (Throwable e) {
            failed("nameFromPayload", e);
        }
    }

    /**
     * Names the current request from what HTTP tells: the SOAPAction header, else the SOAP 1.2 {@code action}
     * parameter of the content type, and the servlet path as the fallback.
     */
    public static void nameFromHttp(String soapAction, String contentType, String servletPath) {
        nameFromHttp("POST", null, soapAction, contentType, servletPath);
    }

    /**
     * Names the current request from HTTP, the method and query string included: a request that is no SOAP call
     * (a GET of a WSDL, an XSD or a service page) is named {@code GET /path?wsdl}, apart from the SOAP operations
     * at the same path; only the markers {@link HttpGetName} lists are taken from the query.
     */
    public static void nameFromHttp(String method, String query, String soapAction, String contentType,
                                    String servletPath) {
        try {
            ThreadRecording t = THREADS.get();
            String other = HttpGetName.of(method, query, servletPath);
            if (other != null && HttpGetName.hasMarker(query)) {
                nameRequest(NameSource.SERVLET_PATH, other); // a WSDL or XSD fetch, whatever header it carries
                return;
            }
            if (wantsName(t, NameSource.SOAP_ACTION)) {
                String action = headerName(t, soapAction);
                if (action == null) {
                    action = SoapAction.fromContentType(contentType);
                }
                if (action != null) {
                    name(t, NameSource.SOAP_ACTION, action); // a client's own label, also on a GET (a REST call)
                }
            }
            if (wantsName(t, NameSource.SERVLET_PATH)) {
                name(t, NameSource.SERVLET_PATH, OperationTable.clean(other != null ? other
                        : servletPath == null || servletPath.isEmpty() ? "/" : servletPath));
            }
        } catch (Throwable e) {
            failed("nameFromHttp", e);
        }
    }

    /**
     * A header the SOAP call open on this thread sends ({@code HttpURLConnection.setRequestProperty}, an HTTP client's
     * request builder): its {@code SOAPAction}, else the SOAP 1.2 {@code action} of its {@code Content-Type}, names the
     * call as the server names the request it causes (the same {@link NameSource} ranks on both sides), so a call and
     * its request join. Any other header, or one sent outside a call, is passed over at the cost of a comparison.
     */
    public static void nameCallFromHeader(String header, String value) {
        try {
            boolean action = header != null && header.equalsIgnoreCase("SOAPAction");
            if (value == null || !action && !"Content-Type".equalsIgnoreCase(header)) {
                return;
            }
            ThreadRecording t = THREADS.get();
            if (t.client && !t.busy && wantsName(t, NameSource.SOAP_ACTION)) {
                name(t, NameSource.SOAP_ACTION, action ? headerName(t, value) : SoapAction.fromContentType(value));
            }
        } catch (Throwable e) {
            failed("nameCallFromHeader", e);
        }
    }

    /**
     * Whether naming from HTTP needs the content type: only when the SOAPAction header names nothing (absent or
     * {@code ""}), as SOAP 1.2 carries the action there. Lets the servlet probe skip asking the container for it.
     */
    public static boolean needsContentType(String soapAction) {
        try {
            return headerName(THREADS.get(), soapAction) == null;
        } catch (Throwable e) {
            failed("needsContentType", e);
            return true;
        }
    }

    /** The SOAPAction header made a label; one this thread met lately costs a comparison, not a new String. */
    private static String headerName(ThreadRecording t, String soapAction) {
        if (soapAction == null) {
            return null;
        }
        String name = t.recentName(soapAction);
        if (name == null) {
            name = OperationTable.clean(soapAction);
            if (name != null) {
                t.rememberName(name);
            }
        }
        return name;
    }

}
