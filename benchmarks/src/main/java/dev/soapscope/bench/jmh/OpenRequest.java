package dev.soapscope.bench.jmh;

import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Naming;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A request kept open on the benchmark thread for a whole iteration, as a server thread has one open while its
 * probes fire. A benchmark method that takes it as a parameter runs inside it.
 */
@State(Scope.Thread)
public class OpenRequest {
    private int token;

    @Setup(Level.Iteration)
    public void open() {
        token = Recorder.requestStart();
        Naming.nameFromHttp(null, null, "/probe");
    }

    @TearDown(Level.Iteration)
    public void close() {
        Recorder.requestEnd(token, 200, false);
    }
}
