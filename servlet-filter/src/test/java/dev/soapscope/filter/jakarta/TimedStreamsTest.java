package dev.soapscope.filter.jakarta;

import dev.soapscope.filter.RecordedRequests;
import dev.soapscope.filter.RecorderPort;
import dev.soapscope.filter.StreamTimer;
import dev.soapscope.filter.TimedReader;
import dev.soapscope.filter.TimedWriter;
import dev.soapscope.recorder.Recorder;
import dev.soapscope.recorder.Naming;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
// servlet-6.1 only {
import java.nio.ByteBuffer;
// } servlet-6.1 only
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimedStreamsTest {
    private static final byte[] BODY = "<Envelope><Body>hello</Body></Envelope>\nsecond line, long enough for every kind of read\n".getBytes(StandardCharsets.UTF_8);

    @Test
    void readsDelegateAndCountBytesOnce() throws IOException {
        FakeIn fake = new FakeIn(BODY);
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        RecordedRequests.Request r = inRequest("urn:read", () -> {
            // a wrapper around a wrapper: nested reads are counted once
            TimedInputStream in = new TimedInputStream(new TimedInputStream(fake, timer(fake)), timer(fake));
            seen.write(in.read());
            byte[] line = new byte[64];
            int n = in.readLine(line, 0, line.length);
            seen.write(line, 0, n);
            byte[] some = new byte[5];
            assertEquals(5, in.read(some));
            seen.write(some);
            byte[] more = new byte[10];
            assertEquals(3, in.read(more, 2, 3));
            seen.write(more, 2, 3);
            assertEquals(2, in.skip(2));
            seen.write(BODY, seen.size(), 2);
            seen.write(in.readAllBytes());
            assertEquals(-1, in.read());
            assertEquals(-1, in.read(some, 0, some.length));
        });
        assertArrayEquals(BODY, seen.toByteArray(), "the application sees the body unchanged");
        assertEquals(BODY.length, r.bytesIn);
        assertEquals(2, r.singleByteReads, "read() twice (one at the end of the stream), counted once each");
        assertTrue(r.readNanos > 0);
        assertEquals(0, r.bytesOut);
        assertEquals(-1, r.timeToFirstByteNanos);
    }

    @Test
    void everyOtherInputMethodDelegates() throws IOException {
        FakeIn fake = new FakeIn(BODY);
        TimedInputStream in = new TimedInputStream(fake, timer(fake));
        ReadListener listener = new ReadListener() {
            @Override
            public void onDataAvailable() {
            }

            @Override
            public void onAllDataRead() {
            }

            @Override
            public void onError(Throwable t) {
            }
        };
        assertEquals(BODY.length, in.available());
        assertTrue(in.markSupported());
        in.mark(10);
        in.read(new byte[3]);
        in.reset();
        assertEquals(BODY[0], in.read());
        assertTrue(in.isReady());
        assertEquals(false, in.isFinished());
        in.setReadListener(listener);
        assertSame(listener, fake.listener);
        in.close();
        assertEquals(List.of("available", "markSupported", "mark", "read[]", "reset", "read", "isReady", "isFinished",
                "setReadListener", "close"), fake.calls);
    }

    // servlet-6.1 only {
    @Test
    void servlet61BufferAndNBytesMethodsAreTimedToo() throws IOException {
        FakeOut fakeOut = new FakeOut();
        RecordedRequests.Request w = inRequest("urn:write61", () -> {
            TimedOutputStream out = new TimedOutputStream(fakeOut, timer(fakeOut));
            out.write(ByteBuffer.wrap("ghi".getBytes(StandardCharsets.US_ASCII)));
        });
        assertEquals("ghi", fakeOut.bytes.toString(StandardCharsets.ISO_8859_1));
        assertEquals(3, w.bytesOut);
    }

    // } servlet-6.1 only
    @Test
    void writesDelegateCountBytesAndMarkTheFirstByte() throws IOException {
        FakeOut fake = new FakeOut();
        RecordedRequests.Request r = inRequest("urn:write", () -> {
            TimedOutputStream out = new TimedOutputStream(new TimedOutputStream(fake, timer(fake)), timer(fake));
            out.write('<');
            out.write("abc".getBytes(StandardCharsets.US_ASCII));
            out.write("xxdefxx".getBytes(StandardCharsets.US_ASCII), 2, 3);
            out.write("ghi".getBytes(StandardCharsets.US_ASCII), 0, 3);
            out.print("jk");
            out.print(7);
            out.println(true);
            out.println();
            out.flush();
            out.close();
        });
        assertEquals("<abcdefghijk7true\r\n\r\n", fake.bytes.toString(StandardCharsets.ISO_8859_1));
        assertEquals(fake.bytes.size(), r.bytesOut);
        assertTrue(r.timeToFirstByteNanos >= 0, "time to first byte");
        assertTrue(r.writeNanos > 0);
        assertTrue(fake.calls.containsAll(List.of("flush", "close")), fake.calls.toString());
    }

    @Test
    void writerCallsAreTimedAndCountedInTheResponseEncodingOnce() {
        StringWriter sink = new StringWriter();
        PrintWriter container = new PrintWriter(sink);
        RecordedRequests.Request r = inRequest("urn:writer", () -> {
            // a wrapper around a wrapper: nested writes are counted once
            TimedWriter out = new TimedWriter(new TimedWriter(container, timer(container), "UTF-8"), timer(container), "UTF-8");
            out.write('<');
            out.write("é€");
            out.write("xx✓xx", 2, 1);
            out.write("ab".toCharArray());
            out.print(7);
            out.printf("%s", "ü");
            out.append('c');
            out.println("!");
            out.flush();
            out.close();
        });
        String expected = "<é€✓ab7üc!" + System.lineSeparator();
        assertEquals(expected, sink.toString());
        assertEquals(expected.getBytes(StandardCharsets.UTF_8).length, r.bytesOut);
        assertTrue(r.timeToFirstByteNanos >= 0, "time to first byte");
        assertTrue(r.writeNanos > 0);
    }

    @Test
    void readerCallsAreTimedAndCountedInTheRequestEncoding() throws IOException {
        String body = "ä€\nline two\nrest";
        StringBuilder seen = new StringBuilder();
        RecordedRequests.Request r = inRequest("urn:reader", () -> {
            BufferedReader container = new BufferedReader(new StringReader(body));
            TimedReader in = new TimedReader(container, timer(container), "ISO-8859-1");
            seen.append((char) in.read());
            char[] some = new char[2];
            assertEquals(2, in.read(some));
            seen.append(some);
            seen.append(in.readLine()).append('\n');
            assertEquals(2, in.skip(2));
            seen.append("re");
            seen.append((char) in.read()).append((char) in.read());
            assertEquals(null, in.readLine());
            assertEquals(-1, in.read());
        });
        assertEquals(body, seen.toString());
        assertEquals(1 + 2 + 8 + 1 + 2 + 2, r.bytesIn, "one byte a char in ISO-8859-1, one for the line end");
        assertTrue(r.readNanos > 0);
    }

    @Test
    void everyOtherOutputMethodDelegates() {
        FakeOut fake = new FakeOut();
        TimedOutputStream out = new TimedOutputStream(fake, timer(fake));
        WriteListener listener = new WriteListener() {
            @Override
            public void onWritePossible() {
            }

            @Override
            public void onError(Throwable t) {
            }
        };
        assertTrue(out.isReady());
        out.setWriteListener(listener);
        assertSame(listener, fake.listener);
    }

    @Test
    void exceptionsReachTheApplicationUnchangedAndThePhaseCloses() {
        FakeIn broken = new FakeIn(BODY);
        broken.failWith = new IOException("connection reset");
        RecordedRequests.Request r = inRequest("urn:broken", () -> {
            TimedInputStream in = new TimedInputStream(broken, timer(broken));
            IOException e = assertThrows(IOException.class, () -> in.read(new byte[8], 0, 8));
            assertSame(broken.failWith, e);
            assertSame(broken.failWith, assertThrows(IOException.class, in::read));
        });
        assertEquals(0, r.bytesIn);
        assertEquals(0, r.singleByteReads, "a read() that threw is not a single-byte read");
        assertTrue(r.readNanos > 0, "the read phase was entered and left");
    }

    private static StreamTimer timer(Object delegate) {
        return new StreamTimer(RecorderPort.get(), delegate);
    }

    interface Body {
        void run() throws IOException;
    }

    /** Runs {@code body} inside a request named {@code operation} and returns what the recorder made of it. */
    static RecordedRequests.Request inRequest(String operation, Body body) {
        try (RecordedRequests recorded = new RecordedRequests()) {
            int token = Recorder.requestStart();
            Naming.nameFromHttp(operation, null, "/test");
            try {
                body.run();
            } catch (IOException e) {
                throw new AssertionError(e);
            } finally {
                Recorder.requestEnd(token, 200, false);
            }
            RecordedRequests.Request r = recorded.only();
            assertEquals(operation, r.operation);
            return r;
        }
    }

    static final class FakeIn extends ServletInputStream {
        final ByteArrayInputStream in;
        final List<String> calls = new ArrayList<>();
        ReadListener listener;
        IOException failWith;

        FakeIn(byte[] body) {
            in = new ByteArrayInputStream(body);
        }

        private void fail() throws IOException {
            if (failWith != null) {
                throw failWith;
            }
        }

        @Override
        public int read() throws IOException {
            calls.add("read");
            fail();
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            calls.add("read[]");
            fail();
            return in.read(b, off, len);
        }

        @Override
        public long skip(long n) {
            calls.add("skip");
            return in.skip(n);
        }

        @Override
        public int available() {
            calls.add("available");
            return in.available();
        }

        @Override
        public boolean markSupported() {
            calls.add("markSupported");
            return true;
        }

        @Override
        public synchronized void mark(int limit) {
            calls.add("mark");
            in.mark(limit);
        }

        @Override
        public synchronized void reset() {
            calls.add("reset");
            in.reset();
        }

        @Override
        public void close() {
            calls.add("close");
        }

        @Override
        public boolean isFinished() {
            calls.add("isFinished");
            return in.available() == 0;
        }

        @Override
        public boolean isReady() {
            calls.add("isReady");
            return true;
        }

        @Override
        public void setReadListener(ReadListener l) {
            calls.add("setReadListener");
            listener = l;
        }
    }

    static final class FakeOut extends ServletOutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final List<String> calls = new ArrayList<>();
        WriteListener listener;

        @Override
        public void write(int b) {
            calls.add("write");
            bytes.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            calls.add("write[]");
            bytes.write(b, off, len);
        }

        @Override
        public void flush() {
            calls.add("flush");
        }

        @Override
        public void close() {
            calls.add("close");
        }

        @Override
        public boolean isReady() {
            calls.add("isReady");
            return true;
        }

        @Override
        public void setWriteListener(WriteListener l) {
            calls.add("setWriteListener");
            listener = l;
        }
    }
}
