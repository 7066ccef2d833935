package dev.soapscope.demo.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

class HotspotSiteTest {

    private static HotspotSite site(String... stack) {
        return new HotspotSite("soap.conversion", "envelope -> string (Axis SOAPPart)", 2, 1.0, List.of(stack));
    }

    @Test
    void theCallerIsTheFirstFrameOutsideTheLibraryPackageAndTheJdk() {
        // as the agent keeps it for Axis's logging handler: SOAPPart and Message share a package, the handler does not
        assertEquals("MessageLoggingHandler.invoke(MessageLoggingHandler.java:26)", site(
                "org.apache.axis.SOAPPart.setCurrentForm(SOAPPart.java:367)",
                "org.apache.axis.SOAPPart.getAsString(SOAPPart.java:636)",
                "org.apache.axis.Message.getSOAPPartAsString(Message.java:412)",
                "dev.soapscope.demo.axis1.MessageLoggingHandler.invoke(MessageLoggingHandler.java:26)",
                "org.apache.axis.strategies.InvocationStrategy.visit(InvocationStrategy.java:32)").caller());
        // JDK frames between the event and the code that caused it are skipped
        assertEquals("XmlUtil$FatalErrorHandler.<clinit>(XmlUtil.java:204)", site(
                "java.util.regex.Pattern.compile(Pattern.java:1069)",
                "java.util.function.Function.lambda$andThen$1(Function.java:88)",
                "org.ehcache.xml.XmlUtil$FatalErrorHandler.<clinit>(XmlUtil.java:204)").caller());
    }

    @Test
    void theCallerIsTheOneTheAgentCountedTheSiteAt() {
        // CXF's logging feature: the agent counts UUID.randomUUID at each of its callers, whatever the kept stack says
        HotspotSite messageId = new HotspotSite("uuid.random", "java.util.UUID.randomUUID", 400, 2.0,
                List.of("java.util.UUID.randomUUID(UUID.java:150)",
                        "org.apache.cxf.ext.logging.event.DefaultLogEventMapper.getMessageId(DefaultLogEventMapper.java:281)"),
                "org.apache.cxf.ext.logging.event.DefaultLogEventMapper.getMessageId(DefaultLogEventMapper.java:281)", false);
        assertEquals("DefaultLogEventMapper.getMessageId(DefaultLogEventMapper.java:281)", messageId.caller());
        HotspotSite init = new HotspotSite("uuid.random", "java.util.UUID.randomUUID", 1, 0, List.of(),
                "org.apache.cxf.attachment.AttachmentUtil.<clinit>(AttachmentUtil.java:83)", true);
        assertEquals("AttachmentUtil.<clinit>(AttachmentUtil.java:83)", init.caller());
        assertEquals("(no caller outside the JDK)", new HotspotSite("uuid.random", "java.util.UUID.randomUUID", 1, 1,
                List.of(), "(no caller outside the JDK)", false).caller());
    }

    @Test
    void noCallerWhenTheStackNeverLeavesTheLibrary() {
        assertNull(site("org.apache.axis.SOAPPart.setCurrentForm(SOAPPart.java:367)",
                "org.apache.axis.Message.getSOAPEnvelope(Message.java:435)").caller());
        assertNull(site().caller());
        assertNull(new HotspotSite("uuid.random", "java.util.UUID.randomUUID", 1, 1, null).caller());
    }

    @Test
    void packageOfAFrame() {
        assertEquals("org.apache.axis", HotspotSite.packageOf("org.apache.axis.Message.getSOAPEnvelope(Message.java:435)"));
        assertEquals("", HotspotSite.packageOf("Main.main(Main.java:1)"));
        assertEquals("a.b", HotspotSite.packageOf("a.b.C$D.e"));
    }
}
