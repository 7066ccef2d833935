package dev.soapscope.filter;

import java.net.InetAddress;

/** Whether a client address, as a servlet container reports it, is this machine's loopback. */
final class Loopback {
    private Loopback() {
    }

    /** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms; false for anything else, including no address. */
    static boolean is(String remoteAddr) {
        if (remoteAddr == null || remoteAddr.isEmpty()) {
            return false;
        }
        String a = remoteAddr.startsWith("[") && remoteAddr.endsWith("]")
                ? remoteAddr.substring(1, remoteAddr.length() - 1) : remoteAddr;
        if (!isLiteral(a)) {
            return false; // a host name (a container resolving client names): never looked up, never trusted
        }
        try {
            return InetAddress.getByName(a).isLoopbackAddress(); // a literal: parsed, no name lookup
        } catch (Exception e) {
            return false;
        }
    }

    private static boolean isLiteral(String a) {
        if (a.indexOf(':') >= 0) {
            for (int i = 0; i < a.length(); i++) {
                char c = a.charAt(i);
                if (!(Character.digit(c, 16) >= 0 || c == ':' || c == '.' || c == '%')) {
                    return false;
                }
            }
            return true;
        }
        for (int i = 0; i < a.length(); i++) {
            char c = a.charAt(i);
            if (!(c >= '0' && c <= '9' || c == '.')) {
                return false;
            }
        }
        return true;
    }
}
