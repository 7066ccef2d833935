package dev.soapscope.agent;

import dev.soapscope.agent.profiler.ProfilerControl;
import dev.soapscope.flamegraphs.BadInputException;
import dev.soapscope.flamegraphs.FlameGraphs;
import dev.soapscope.metrics.Json;
import dev.soapscope.recorder.Aggregates;
import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Recorder;

import java.io.File;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;

/**
 * Profiles the page starts: one at a time, each taken on its own daemon thread (the page polls for progress instead
 * of holding a connection), kept as a JFR file with its request count and the recorder's totals at both ends, so
 * the page can draw its flame graphs per phase, and diff and judge two of them. At most {@link #KEPT} are kept; the
 * oldest file is deleted when another is taken.
 */
final class ProfileSessions {
    static final int KEPT = 4;

    private final ProfilerControl profiler;
    private final Deque<Taken> taken = new ArrayDeque<Taken>();
    private Running running;
    private String error;
    private int nextId = 1;

    ProfileSessions(ProfilerControl profiler) {
        this.profiler = profiler;
    }

    /** Starts a profile in the background; null when started, else why not (one is already running). */
    synchronized String start(final int seconds, final String event) {
        if (running != null) {
            return "a profile is already being taken (#" + running.id + "); try again when it is done";
        }
        final Running r = new Running(nextId++, event, seconds);
        running = r;
        error = null;
        new DaemonThreads("soapscope-page-profile").newThread(() -> take(r)).start();
        return null;
    }

    private void take(Running r) {
        WindowTotals before = WindowTotals.now();
        long startedMillis = System.currentTimeMillis();
        File jfr = null;
        try {
            jfr = profiler.profile(r.seconds, r.event);
            WindowTotals after = WindowTotals.now();
            FlameGraphs.Profile profile = FlameGraphs.read(Collections.singletonList(jfr.toPath()), null);
            Taken t = new Taken(r.id, r.event, r.seconds, startedMillis, jfr, before, after, profile.samples(),
                    profile.phases());
            jfr = null;
            keep(t);
        } catch (IllegalStateException | BadInputException e) {
            failed(e.getMessage());
        } catch (Throwable e) {
            failed(e.toString());
        } finally {
            delete(jfr);
            synchronized (this) {
                running = null;
            }
        }
    }

    private synchronized void failed(String why) {
        error = why;
    }

    private synchronized void keep(Taken t) {
        taken.addLast(t);
        while (taken.size() > KEPT) {
            delete(taken.removeFirst().jfr);
        }
    }

    synchronized Taken get(int id) {
        for (Taken t : taken) {
            if (t.id == id) {
                return t;
            }
        }
        return null;
    }

    /** {@code /profiles}: the running profile, if any, with its progress; the kept ones; the last failure. */
    synchronized String json() {
        Json j = new Json().beginObject().name("running");
        if (running == null) {
            j.value((String) null);
        } else {
            j.beginObject().name("id").value(running.id).name("event").value(running.event)
                    .name("seconds").value(running.seconds)
                    .name("elapsed_s").value((System.nanoTime() - running.startNanos) / 1e9, 1).endObject();
        }
        j.name("error").value(error).name("profiles").beginArray();
        for (Taken t : taken) {
            j.beginObject().name("id").value(t.id).name("event").value(t.event).name("seconds").value(t.seconds)
                    .name("started_epoch_ms").value(t.startedMillis).name("requests").value(t.requests())
                    .name("samples").value(t.samples).name("phases").beginArray();
            for (String p : t.phases) {
                j.value(p);
            }
            j.endArray().endObject();
        }
        return j.endArray().endObject().toString();
    }

    private static void delete(File f) {
        if (f != null && !f.delete()) {
            f.deleteOnExit();
        }
    }

    /** The profile being taken. */
    private static final class Running {
        final int id;
        final String event;
        final int seconds;
        final long startNanos = System.nanoTime();

        Running(int id, String event, int seconds) {
            this.id = id;
            this.event = event;
            this.seconds = seconds;
        }
    }

    /** A profile taken: its recording, and the recorder's totals when it started and ended. */
    static final class Taken {
        final int id;
        final String event;
        final int seconds;
        final long startedMillis;
        final File jfr;
        final WindowTotals before;
        final WindowTotals after;
        final long samples;
        final List<String> phases;

        Taken(int id, String event, int seconds, long startedMillis, File jfr, WindowTotals before, WindowTotals after,
              long samples, List<String> phases) {
            this.id = id;
            this.event = event;
            this.seconds = seconds;
            this.startedMillis = startedMillis;
            this.jfr = jfr;
            this.before = before;
            this.after = after;
            this.samples = samples;
            this.phases = new ArrayList<String>(phases);
        }

        /** Requests served while it ran. */
        long requests() {
            return after.requests() - before.requests();
        }

        String label() {
            return "#" + id + " (" + event + ", " + seconds + " s)";
        }
    }

    /** The recorder's per-operation totals at one moment, for the difference over a profile's window. */
    static final class WindowTotals {
        final List<String> names = new ArrayList<String>();
        final List<OperationStatsCopy> stats = new ArrayList<OperationStatsCopy>();

        static WindowTotals now() {
            WindowTotals w = new WindowTotals();
            Aggregates a = Recorder.aggregates();
            if (a == null) {
                return w;
            }
            OperationTable ops = a.operations();
            for (int i = 0; i < ops.size(); i++) {
                OperationStats s = a.stats(i);
                if (i != OperationTable.NO_REQUEST && s != null && s.requests() > 0) {
                    w.names.add(ops.name(i));
                    w.stats.add(OperationStatsCopy.of(s));
                }
            }
            return w;
        }

        long requests() {
            long n = 0;
            for (OperationStatsCopy s : stats) {
                n += s.requests;
            }
            return n;
        }

        OperationStatsCopy of(String operation) {
            int i = names.indexOf(operation);
            return i < 0 ? OperationStatsCopy.EMPTY : stats.get(i);
        }
    }
}
