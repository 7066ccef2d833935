package dev.soapscope.junit5;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Records what soapscope sees during each test of the class or method, and checks the {@code @Expect...} annotations
 * on it. The agent must be on the test JVM ({@code -javaagent}); the test fails with the line to add when it is not.
 * The {@code @Expect...} annotations bring the extension themselves: this one is for tests that use the fluent
 * {@link SoapScope} API or {@link SoapScope#current()} alone.
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@ExtendWith(SoapScopeExtension.class)
public @interface SoapScopeTest {
}
