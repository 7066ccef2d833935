package dev.soapscope.jfr;

import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.MetadataDefinition;
import jdk.jfr.Name;
import jdk.jfr.Relational;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks the fields that tie a request's, its calls' and its hot spots' events together (JMC relates them by it). */
@MetadataDefinition
@Relational
@Name("soapscope.RequestId")
@Label("Request Id")
@Description("A request's id, unique in its JVM: on a call or a hot spot, the request it was made in (0: none)")
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
public @interface RequestId {
}
