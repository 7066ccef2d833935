package dev.soapscope.recorder;

import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The services this JVM calls, as {@code host:port}: made from an endpoint address or a socket address, and the
 * peers its calls have connected to (bounded: past {@link #MAX_CONNECTED} peers, new ones are not tracked).
 */
final class Peers {
    static final int MAX_CONNECTED = 1024;
    private static final ConcurrentHashMap<String, Boolean> CONNECTED = new ConcurrentHashMap<String, Boolean>();

    private Peers() {
    }

    /** {@code host:port} of an endpoint address ({@code scheme://[user@]host[:port]/...}), a socket address or a string; null if none. */
    static String of(Object address) {
        if (address instanceof InetSocketAddress) {
            InetSocketAddress a = (InetSocketAddress) address;
            return OperationTable.clean(a.getHostString() + ":" + a.getPort());
        }
        if (address == null) {
            return null;
        }
        String s = address.toString();
        int scheme = s.indexOf("://");
        if (scheme < 0) {
            return OperationTable.clean(s);
        }
        int start = scheme + 3;
        int end = start;
        while (end < s.length() && "/?#".indexOf(s.charAt(end)) < 0) {
            end++;
        }
        String authority = s.substring(start, end);
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            authority = authority.substring(at + 1); // never a user's name or password
        }
        boolean hasPort = authority.lastIndexOf(':') > authority.lastIndexOf(']');
        if (!hasPort && !authority.isEmpty()) {
            authority = authority + (s.regionMatches(true, 0, "https", 0, 5) ? ":443" : ":80");
        }
        return OperationTable.clean(authority);
    }

    /** Notes a connection to {@code peer}; whether one had been made before. */
    static boolean connectedBefore(String peer) {
        if (CONNECTED.containsKey(peer)) {
            return true;
        }
        if (CONNECTED.size() < MAX_CONNECTED) {
            CONNECTED.putIfAbsent(peer, Boolean.TRUE);
        }
        return false;
    }
}
