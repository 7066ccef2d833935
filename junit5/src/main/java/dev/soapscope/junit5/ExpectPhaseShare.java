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
 * At most this share (0 to 1) of the requests' or calls' time in a phase:
 * {@code @ExpectPhaseShare(phase = "logging", ofRequests = 0.05)}. A share, not a duration: a slower machine moves
 * every phase alike.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Repeatable(ExpectPhaseShare.List.class)
@ExtendWith(SoapScopeExtension.class)
public @interface ExpectPhaseShare {
    String phase();

    /** At most this share of the requests served's time; -1: not checked. */
    double ofRequests() default -1;

    /** At most this share of the calls made's time; -1: not checked. */
    double ofCalls() default -1;

    String operation() default "";

    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @Inherited
    @ExtendWith(SoapScopeExtension.class)
    @interface List {
        ExpectPhaseShare[] value();
    }
}
