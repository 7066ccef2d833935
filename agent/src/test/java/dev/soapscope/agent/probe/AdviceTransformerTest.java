package dev.soapscope.agent.probe;

import net.bytebuddy.ByteBuddy;
import net.bytebuddy.asm.Advice;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.loading.ClassLoadingStrategy;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.concurrent.atomic.AtomicInteger;

import static net.bytebuddy.matcher.ElementMatchers.named;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Public, as are its members: the advice inlined into a class of another loader reads {@link #CALLS}. */
public class AdviceTransformerTest {
    public static final AtomicInteger CALLS = new AtomicInteger();

    public static class Target {
        public String greet() {
            return "hello";
        }
    }

    public static class CountCalls {
        @Advice.OnMethodEnter(suppress = Throwable.class)
        static void enter() {
            CALLS.incrementAndGet();
        }
    }

    private final AdviceTransformer transformer = Advices.plain()
            .advice(named("greet"), Advices.nested(AdviceTransformerTest.class, "CountCalls"));

    @Test
    void inlinesTheAdviceAsByteBuddysForAdviceWould() throws Exception {
        ClassLoader loader = AdviceTransformerTest.class.getClassLoader();
        Class<?> advised = transformer.transform(new ByteBuddy().redefine(Target.class),
                        TypeDescription.ForLoadedType.of(Target.class), loader, null, null)
                .make().load(loader, ClassLoadingStrategy.Default.CHILD_FIRST).getLoaded();
        int before = CALLS.get();
        assertEquals("hello", advised.getMethod("greet").invoke(advised.getConstructor().newInstance()));
        assertEquals(before + 1, CALLS.get());
    }

    /** The advice class is read once per class loader, not once per class it goes into. */
    @Test
    void resolvedOncePerLoader() throws Exception {
        ClassLoader loader = AdviceTransformerTest.class.getClassLoader();
        assertSame(transformer.resolvedIn(loader, null), transformer.resolvedIn(loader, null));
        assertSame(transformer.resolvedIn(null, null), transformer.resolvedIn(null, null));
        try (URLClassLoader other = new URLClassLoader(new URL[0], loader)) {
            assertNotSame(transformer.resolvedIn(loader, null), transformer.resolvedIn(other, null));
        }
    }
}
