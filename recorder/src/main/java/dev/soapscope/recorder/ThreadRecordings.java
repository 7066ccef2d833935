package dev.soapscope.recorder;

import java.lang.ref.WeakReference;

/**
 * The thread's {@link ThreadRecording}: a thread-local whose {@link #get} first looks in a small table indexed by the
 * thread's id. Every advice starts with this look-up, about 1,500 times in an MTOM request; a server thread's
 * thread-local map holds the container's and the stacks' entries too, and ours was rarely in its first slot (the
 * probing showed in request profiles). The map stays the truth: a slot only remembers, for one thread, what the map
 * gave it.
 * <p>
 * A slot names its thread weakly, so a thread that has ended is never kept; once the collector has taken it, the
 * slot is free, and its last recording (reset after each request: no application object in it) stays until another
 * thread takes the slot, at most {@link #SLOTS} of them.
 * A live thread keeps its slot: a thread whose id shares it goes to the map each time, as before, and never
 * allocates for it.
 */
final class ThreadRecordings extends ThreadLocal<ThreadRecording> {
    static final int SLOTS = 128;

    /** A thread's entry: written only by that thread, read only by a thread that is it. */
    private static final class Slot extends WeakReference<Thread> {
        ThreadRecording recording;

        Slot(Thread thread, ThreadRecording recording) {
            super(thread);
            this.recording = recording;
        }
    }

    private final Slot[] slots = new Slot[SLOTS];

    @Override
    protected ThreadRecording initialValue() {
        return new ThreadRecording();
    }

    @Override
    public ThreadRecording get() {
        Thread current = Thread.currentThread();
        int i = slot(current);
        Slot s = slots[i];
        if (s != null && s.get() == current) {
            return s.recording;
        }
        ThreadRecording r = super.get();
        if (s == null || s.get() == null) { // free, or its thread is gone (no isAlive: a native call on this path)
            slots[i] = new Slot(current, r);
        }
        return r;
    }

    @Override
    public void set(ThreadRecording recording) {
        super.set(recording);
        Slot s = own();
        if (s != null) {
            s.recording = recording;
        }
    }

    @Override
    public void remove() {
        super.remove();
        if (own() != null) {
            slots[slot(Thread.currentThread())] = null;
        }
    }

    /** This thread's slot, when it holds it. */
    private Slot own() {
        Thread current = Thread.currentThread();
        Slot s = slots[slot(current)];
        return s != null && s.get() == current ? s : null;
    }

    @SuppressWarnings("deprecation") // threadId() is Java 19's; getId() answers the same on 8 to 25
    private static int slot(Thread thread) {
        return (int) thread.getId() & (SLOTS - 1);
    }
}
