package dev.soapscope.demo.axis1;

import org.apache.axis.AxisFault;
import org.apache.axis.Message;
import org.apache.axis.MessageContext;
import org.apache.axis.handlers.BasicHandler;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The request/response logging handler found in many Axis 1 deployments: in a service's requestFlow it logs the
 * request, in its responseFlow the response, each read whole with {@code getSOAPPartAsString()}. The text is taken
 * whatever the log level (the usual way these handlers are written), so every message is converted to a string even
 * when nothing is logged: Axis's SOAPPart then has to turn the string back into an envelope, or into bytes to send.
 * Logged at debug level, off by default, so a load test writes nothing.
 */
public class MessageLoggingHandler extends BasicHandler {
    private static final Log LOG = LogFactory.getLog(MessageLoggingHandler.class);

    public void invoke(MessageContext context) throws AxisFault {
        boolean response = context.getPastPivot();
        Message message = response ? context.getResponseMessage() : context.getRequestMessage();
        if (message == null) {
            return;
        }
        String xml = message.getSOAPPartAsString();
        LOG.debug((response ? "SOAP response from " : "SOAP request to ") + context.getTargetService() + ": " + xml);
    }
}
