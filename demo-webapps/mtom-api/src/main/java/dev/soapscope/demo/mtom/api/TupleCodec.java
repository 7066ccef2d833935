package dev.soapscope.demo.mtom.api;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The binary form of a batch of tuples, the same for base64, MTOM and the JAX-RS stream. Big-endian, as written by
 * {@link DataOutputStream}:
 *
 * <pre>
 * batch  := (0x01 tuple)* 0x00       one or more tuples, then the end marker
 *         | (nothing)                no tuples: the query is exhausted (SOAP: an empty byte[]; JAX-RS: an empty body)
 * tuple  := a       int32              4 bytes
 *           b       int32              4 bytes
 *           x       IEEE 754 float64   8 bytes (Double.doubleToLongBits: every value round-trips, NaN too)
 *           y       IEEE 754 float64   8 bytes
 *           text    uint16 n, n bytes  DataOutput.writeUTF: length, then modified UTF-8 (82 bytes for 80 ASCII chars)
 *           date    int64              8 bytes, milliseconds since the epoch
 * </pre>
 *
 * A tuple of ASCII text (every tuple of {@link Tuples#generate}) is {@value #ASCII_TUPLE_BYTES} bytes with its marker,
 * so a batch of {@code n >= 1} such tuples is {@code 115 n + 1} bytes and a whole query of 100,000 about 11.5 MB. The
 * marker before each tuple lets a reader consume a stream of unknown length and still tell a complete batch from a
 * truncated one (an end of stream before {@code 0x00} is an {@link EOFException}).
 */
public final class TupleCodec {

    /** Bytes per tuple of {@value Tuple#TEXT_LENGTH} ASCII characters, including its 0x01 marker. */
    public static final int ASCII_TUPLE_BYTES = 1 + 4 + 4 + 8 + 8 + (2 + Tuple.TEXT_LENGTH) + 8;

    static final int TUPLE = 0x01;
    static final int END = 0x00;

    private TupleCodec() {
    }

    /** The batch holding {@code tuples}; an empty array for none. */
    public static byte[] encode(List<Tuple> tuples) {
        if (tuples.isEmpty()) {
            return new byte[0];
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(tuples.size() * ASCII_TUPLE_BYTES + 1);
        try {
            Writer writer = new Writer(bytes);
            for (Tuple tuple : tuples) {
                writer.write(tuple);
            }
            writer.finish();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not from a ByteArrayOutputStream
        }
        return bytes.toByteArray();
    }

    /**
     * The tuples of a whole batch; none for an empty array.
     *
     * @throws IOException if {@code batch} is truncated, malformed or has bytes after its end marker
     */
    public static List<Tuple> decode(byte[] batch) throws IOException {
        List<Tuple> tuples = new ArrayList<>();
        ByteArrayInputStream in = new ByteArrayInputStream(batch);
        read(in, tuples::add);
        if (in.available() > 0) {
            throw new IOException(in.available() + " bytes after the end of the batch");
        }
        return tuples;
    }

    /**
     * Reads one batch from {@code in}, handing each tuple to {@code sink} as soon as it is read (nothing is buffered
     * beyond the tuple), and returns how many there were: 0 if {@code in} ends at once (the exhausted query). Reads
     * nothing past the end marker.
     *
     * @throws EOFException if the stream ends inside the batch
     * @throws IOException  for a byte that is neither marker
     */
    public static int read(InputStream in, Consumer<? super Tuple> sink) throws IOException {
        DataInputStream data = in instanceof DataInputStream d ? d : new DataInputStream(in);
        int marker = data.read();
        if (marker < 0) {
            return 0;
        }
        int count = 0;
        for (; marker == TUPLE; marker = data.read()) {
            sink.accept(readTuple(data));
            count++;
        }
        if (marker < 0) {
            throw new EOFException("the batch ends after " + count + " tuples without its end marker");
        }
        if (marker != END || count == 0) {
            throw new IOException("not a tuple batch: byte 0x" + Integer.toHexString(marker) + " after " + count
                    + " tuples");
        }
        return count;
    }

    private static Tuple readTuple(DataInputStream in) throws IOException {
        int a = in.readInt();
        int b = in.readInt();
        double x = in.readDouble();
        double y = in.readDouble();
        String text = in.readUTF();
        long date = in.readLong();
        try {
            return new Tuple(a, b, x, y, text, date);
        } catch (IllegalArgumentException e) {
            throw new IOException("not a tuple: " + e.getMessage(), e);
        }
    }

    /**
     * Writes a batch tuple by tuple, for streams: {@link #finish()} writes the end marker if any tuple was written
     * (none: nothing at all, the exhausted form) and flushes, but does not close the underlying stream. A writer that
     * fails half way must not be finished: without its end marker, readers see the batch as truncated.
     */
    public static final class Writer {
        private final DataOutputStream out;
        private int count;
        private boolean finished;

        public Writer(OutputStream out) {
            this.out = new DataOutputStream(out);
        }

        public void write(Tuple tuple) throws IOException {
            if (finished) {
                throw new IllegalStateException("the batch is finished");
            }
            out.writeByte(TUPLE);
            out.writeInt(tuple.a());
            out.writeInt(tuple.b());
            out.writeDouble(tuple.x());
            out.writeDouble(tuple.y());
            out.writeUTF(tuple.text());
            out.writeLong(tuple.date());
            count++;
        }

        /** Tuples written so far. */
        public int count() {
            return count;
        }

        /** Ends the batch (the end marker, if any tuple was written) and flushes. */
        public void finish() throws IOException {
            if (finished) {
                return;
            }
            finished = true;
            if (count > 0) {
                out.writeByte(END);
            }
            out.flush();
        }
    }
}
