package dev.soapscope.recorder;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.util.HashMap;
import java.util.Map;

/**
 * The HTTP client requests calls made, while the client works for them on threads of its own: by identity (the JDK's
 * requests are equal when their URI, method and headers are, as two calls' requests often are), weakly held (a
 * request the client is done with goes with it), at most {@link #MAX} at once (past that, a request is not kept and a
 * connection opened for it is no call's).
 */
final class CallRequests {
    static final int MAX = 1024;
    private static final ReferenceQueue<Object> GONE = new ReferenceQueue<Object>();
    private static final Map<Key, CallHandle> KEPT = new HashMap<Key, CallHandle>();

    private CallRequests() {
    }

    static void keep(Object request, CallHandle call) {
        synchronized (KEPT) {
            expunge();
            if (KEPT.size() < MAX) {
                KEPT.put(new Key(request, GONE), call);
            }
        }
    }

    /** The call that made {@code request}, forgotten from now on; null if none. */
    static CallHandle take(Object request) {
        synchronized (KEPT) {
            expunge();
            return KEPT.remove(new Key(request, null));
        }
    }

    static int size() {
        synchronized (KEPT) {
            expunge();
            return KEPT.size();
        }
    }

    private static void expunge() {
        for (Reference<?> gone; (gone = GONE.poll()) != null; ) {
            KEPT.remove(gone);
        }
    }

    /** A request, by identity, weakly. */
    private static final class Key extends WeakReference<Object> {
        private final int hash;

        Key(Object request, ReferenceQueue<Object> queue) {
            super(request, queue);
            hash = System.identityHashCode(request);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object other) {
            if (this == other) {
                return true;
            }
            Object mine = get();
            return other instanceof Key && mine != null && mine == ((Key) other).get();
        }
    }
}
