package dev.soapscope.junit5;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * At most so many bytes allocated in a phase per request served or per call made:
 * {@code @ExpectPhaseAllocation(phase = "soap.parse", perRequest = 65_536)}. Allocation moves with the JIT's warm-up
 * and library versions: set the limit from a measured figure with a margin, and leave warm-up out
 * ({@link SoapScope#warmUpDone()}).
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Repeatable(ExpectPhaseAllocation.List.class)
@ExtendWith(SoapScopeExtension.class)
public @interface ExpectPhaseAllocation {
    /** A phase's tag: transport.read, soap.parse, unmarshal, invoke, marshal... (docs/measures.md lists them). */
    String phase();

    /** Bytes per request served; -1: not checked. */
    long perRequest() default -1;

    /** Bytes per call made; -1: not checked. */
    long perCall() default -1;

    String operation() default "";

    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @Inherited
    @ExtendWith(SoapScopeExtension.class)
    @interface List {
        ExpectPhaseAllocation[] value();
    }
}
