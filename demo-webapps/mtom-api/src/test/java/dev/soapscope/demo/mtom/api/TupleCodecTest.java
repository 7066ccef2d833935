package dev.soapscope.demo.mtom.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

class TupleCodecTest {

    private static List<Tuple> tuples(int from, int count) {
        return IntStream.range(from, from + count).mapToObj(Tuples::generate).toList();
    }

    @Test
    void roundTripsABatch() throws IOException {
        List<Tuple> batch = tuples(990, 1000);
        byte[] bytes = TupleCodec.encode(batch);
        assertEquals(1000 * TupleCodec.ASCII_TUPLE_BYTES + 1, bytes.length);
        assertEquals(batch, TupleCodec.decode(bytes));
    }

    @Test
    void noTuplesIsNoBytes() throws IOException {
        assertArrayEquals(new byte[0], TupleCodec.encode(List.of()));
        assertEquals(List.of(), TupleCodec.decode(new byte[0]));
        assertEquals(0, TupleCodec.read(new ByteArrayInputStream(new byte[0]), t -> { }));
    }

    @Test
    void layoutIsAsDocumented() throws IOException {
        Tuple tuple = new Tuple(7, -2, 1.5, -0.25, "x".repeat(80), 1_577_836_800_000L);
        byte[] bytes = TupleCodec.encode(List.of(tuple));
        assertEquals(TupleCodec.ASCII_TUPLE_BYTES + 1, bytes.length);
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        assertEquals(0x01, in.readUnsignedByte());
        assertEquals(7, in.readInt());
        assertEquals(-2, in.readInt());
        assertEquals(1.5, in.readDouble());
        assertEquals(-0.25, in.readDouble());
        assertEquals(80, in.readUnsignedShort());
        byte[] text = in.readNBytes(80);
        assertEquals("x".repeat(80), new String(text, StandardCharsets.US_ASCII));
        assertEquals(1_577_836_800_000L, in.readLong());
        assertEquals(0x00, in.readUnsignedByte());
        assertEquals(-1, in.read());
    }

    @Test
    void rejectsATruncatedBatch() {
        byte[] bytes = TupleCodec.encode(tuples(0, 3));
        for (int cut : new int[] {1, TupleCodec.ASCII_TUPLE_BYTES, bytes.length - 1}) {
            byte[] truncated = Arrays.copyOf(bytes, cut);
            assertThrows(EOFException.class, () -> TupleCodec.decode(truncated), "cut at " + cut);
        }
    }

    @Test
    void anUnfinishedWriterLeavesATruncatedBatch() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TupleCodec.Writer writer = new TupleCodec.Writer(out);
        assertDoesNotThrow(() -> writer.write(Tuples.generate(0)));
        assertThrows(EOFException.class, () -> TupleCodec.read(new ByteArrayInputStream(out.toByteArray()), t -> { }));
    }

    @Test
    void rejectsWhatIsNotABatch() {
        assertThrows(IOException.class, () -> TupleCodec.decode(new byte[] {0x00}));
        assertThrows(IOException.class, () -> TupleCodec.decode("<xml/>".getBytes(StandardCharsets.US_ASCII)));
        byte[] twice = TupleCodec.encode(tuples(0, 1));
        byte[] trailing = Arrays.copyOf(twice, twice.length + 1);
        assertThrows(IOException.class, () -> TupleCodec.decode(trailing));
    }

    @Test
    void writerStreamsTupleByTupleAndReaderStopsAtTheEndMarker() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        TupleCodec.Writer writer = new TupleCodec.Writer(out);
        for (Tuple t : tuples(5, 10)) {
            writer.write(t);
        }
        assertEquals(10, writer.count());
        writer.finish();
        new TupleCodec.Writer(out).finish(); // a second, empty batch adds nothing
        out.write(42); // what follows a batch is not read
        ByteArrayInputStream in = new ByteArrayInputStream(out.toByteArray());
        List<Tuple> read = new ArrayList<>();
        assertEquals(10, TupleCodec.read(in, read::add));
        assertEquals(tuples(5, 10), read);
        assertEquals(42, in.read());
    }
}
