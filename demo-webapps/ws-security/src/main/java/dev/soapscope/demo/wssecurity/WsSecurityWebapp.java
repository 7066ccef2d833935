package dev.soapscope.demo.wssecurity;

import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.annotation.WebListener;

/** The webapp without web.xml or Spring: {@link QuoteServlet} at {@code /services/*}. */
@WebListener
public class WsSecurityWebapp implements ServletContextListener {

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletRegistration.Dynamic soap = event.getServletContext().addServlet("soap", new QuoteServlet());
        soap.addMapping("/services/*");
        soap.setLoadOnStartup(1); // a broken endpoint fails the deployment, not the first request
    }
}
