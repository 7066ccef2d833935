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
 * At most so many hot spots of a kind per request served ({@link #perRequest}) or per call made ({@link #perCall}),
 * during the test: {@code @ExpectHotSpots(kind = "factory.create", perRequest = 0)},
 * {@code @ExpectHotSpots(kind = "client.create", perCall = 0)}. A failure names the operation, the figure against
 * the limit, each site with the application's line that reached it, and what to do instead.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Repeatable(ExpectHotSpots.List.class)
@ExtendWith(SoapScopeExtension.class)
public @interface ExpectHotSpots {
    /** A hot-spot kind's tag: factory.create, soap.conversion, client.create, connection.new... (docs/measures.md lists them). */
    String kind();

    /** At most this many per request served; -1 (the default): not checked. */
    double perRequest() default -1;

    /** At most this many per call made, counting those met outside the requests served; -1: not checked. */
    double perCall() default -1;

    /** Only this operation's requests or calls (its full name or local part); all when empty. */
    String operation() default "";

    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @Documented
    @Inherited
    @ExtendWith(SoapScopeExtension.class)
    @interface List {
        ExpectHotSpots[] value();
    }
}
