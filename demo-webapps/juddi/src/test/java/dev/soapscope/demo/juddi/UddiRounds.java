package dev.soapscope.demo.juddi;

import org.apache.juddi.v3.client.UDDIConstants;
import org.apache.juddi.v3.client.config.UDDIClient;
import org.apache.juddi.v3.client.transport.Transport;
import org.uddi.api_v3.AccessPoint;
import org.uddi.api_v3.AuthToken;
import org.uddi.api_v3.BindingTemplate;
import org.uddi.api_v3.BindingTemplates;
import org.uddi.api_v3.BusinessDetail;
import org.uddi.api_v3.BusinessEntity;
import org.uddi.api_v3.BusinessInfo;
import org.uddi.api_v3.BusinessList;
import org.uddi.api_v3.BusinessService;
import org.uddi.api_v3.DeleteBusiness;
import org.uddi.api_v3.Description;
import org.uddi.api_v3.DiscardAuthToken;
import org.uddi.api_v3.DispositionReport;
import org.uddi.api_v3.FindBusiness;
import org.uddi.api_v3.FindQualifiers;
import org.uddi.api_v3.GetAuthToken;
import org.uddi.api_v3.GetBusinessDetail;
import org.uddi.api_v3.GetServiceDetail;
import org.uddi.api_v3.Name;
import org.uddi.api_v3.SaveBusiness;
import org.uddi.api_v3.SaveService;
import org.uddi.api_v3.ServiceDetail;
import org.uddi.v3_service.DispositionReportFaultMessage;
import org.uddi.v3_service.UDDIInquiryPortType;
import org.uddi.v3_service.UDDIPublicationPortType;
import org.uddi.v3_service.UDDISecurityPortType;

import javax.xml.ws.soap.SOAPFaultException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The jUDDI 3.3.10 client ({@code juddi-client}: {@link UDDIClient} and its JAX-WS transport over the UDDI v3 port
 * types of {@code uddi-ws}), run by the IT in a JVM of its own under the agent. It is configured as jUDDI's own examples
 * configure it: a {@code uddi.xml} naming the registry's security, inquiry and publication URLs (the IT writes it).
 *
 * <p>Each round is a publisher's session: {@code get_authToken}, {@code save_business} (a new business),
 * {@code save_service} (a service with one binding template under it), {@code find_business} (by a name pattern that
 * must find exactly this round's business, so it also proves the previous round's delete), {@code get_businessDetail}
 * (its name and its one service), {@code get_serviceDetail} (the binding's access point), {@code delete_business} and
 * {@code discard_authToken}; every fifth round, before the discard, {@code get_businessDetail} of a key that does not
 * exist, which jUDDI answers with a SOAP fault (a {@code dispositionReport} with {@code E_invalidKeyPassed}). Any wrong answer ends the JVM with status 1.
 * At the end it prints its calls per UDDI operation, then {@link #DONE}, and waits for its standard input to close (the
 * test reads its agent's endpoint meanwhile).
 *
 * <pre>java ... UddiRounds /path/to/uddi.xml ROUNDS</pre>
 */
public final class UddiRounds {
    static final String DONE = "UDDI rounds done";
    static final String CALLS = "calls per operation: ";
    static final String PUBLISHER = "soapscope";
    static final String NAME_PREFIX = "soapscope-round-";
    static final int MISSING_EVERY = 5;
    /** A key in the registry's own partition that no entity has: jUDDI answers E_invalidKeyPassed. */
    static final String MISSING_KEY_PREFIX = "uddi:juddi.apache.org:no-such-business-";

    private final Map<String, Integer> calls = new TreeMap<>();

    private UddiRounds() {
    }

    public static void main(String[] args) throws Exception {
        String config = args[0];
        int rounds = Integer.parseInt(args[1]);
        UddiRounds driver = new UddiRounds();
        try {
            UDDIClient client = new UDDIClient(config);
            Transport transport = client.getTransport("default");
            driver.run(transport.getUDDISecurityService(), transport.getUDDIPublishService(),
                    transport.getUDDIInquiryService(), rounds);
        } catch (Throwable e) {
            System.out.println("UDDI rounds FAILED: " + e);
            e.printStackTrace(System.out);
            System.out.flush();
            System.exit(1);
        }
        System.out.println(CALLS + driver.calls);
        System.out.println(DONE);
        System.out.flush();
        while (System.in.read() >= 0) {
            // until the test closes our stdin
        }
        System.exit(0);
    }

    private void run(UDDISecurityPortType security, UDDIPublicationPortType publish, UDDIInquiryPortType inquiry,
            int rounds) throws Exception {
        for (int round = 1; round <= rounds; round++) {
            GetAuthToken login = new GetAuthToken();
            login.setUserID(PUBLISHER);
            login.setCred(PUBLISHER);
            AuthToken token = security.getAuthToken(login);
            count("get_authToken");
            String auth = token.getAuthInfo();
            check(auth != null && !auth.isEmpty(), "no authInfo in the auth token");

            String name = NAME_PREFIX + round;
            BusinessEntity business = new BusinessEntity();
            business.getName().add(name(name));
            business.getDescription().add(description("published by soapscope's UDDI rounds, round " + round));
            SaveBusiness saveBusiness = new SaveBusiness();
            saveBusiness.setAuthInfo(auth);
            saveBusiness.getBusinessEntity().add(business);
            BusinessDetail saved = publish.saveBusiness(saveBusiness);
            count("save_business");
            check(saved.getBusinessEntity().size() == 1, "save_business returned " + saved.getBusinessEntity().size()
                    + " entities");
            String businessKey = saved.getBusinessEntity().get(0).getBusinessKey();
            check(businessKey != null && businessKey.startsWith("uddi:"), "business key " + businessKey);
            check(name.equals(saved.getBusinessEntity().get(0).getName().get(0).getValue()),
                    "saved business name " + saved.getBusinessEntity().get(0).getName().get(0).getValue());

            String serviceName = "soapscope-service-" + round;
            String endpoint = "http://127.0.0.1/soapscope/round/" + round;
            BusinessService service = new BusinessService();
            service.setBusinessKey(businessKey);
            service.getName().add(name(serviceName));
            BindingTemplate binding = new BindingTemplate();
            binding.setAccessPoint(new AccessPoint(endpoint, "endPoint"));
            BindingTemplates bindings = new BindingTemplates();
            bindings.getBindingTemplate().add(binding);
            service.setBindingTemplates(bindings);
            SaveService saveService = new SaveService();
            saveService.setAuthInfo(auth);
            saveService.getBusinessService().add(service);
            ServiceDetail savedService = publish.saveService(saveService);
            count("save_service");
            check(savedService.getBusinessService().size() == 1, "save_service returned "
                    + savedService.getBusinessService().size() + " services");
            String serviceKey = savedService.getBusinessService().get(0).getServiceKey();
            check(serviceKey != null && serviceKey.startsWith("uddi:"), "service key " + serviceKey);

            FindBusiness find = new FindBusiness();
            find.setAuthInfo(auth);
            FindQualifiers qualifiers = new FindQualifiers();
            qualifiers.getFindQualifier().add(UDDIConstants.APPROXIMATE_MATCH);
            find.setFindQualifiers(qualifiers);
            find.getName().add(name(NAME_PREFIX + "%"));
            BusinessList found = inquiry.findBusiness(find);
            count("find_business");
            List<String> foundKeys = new ArrayList<>();
            if (found.getBusinessInfos() != null) {
                for (BusinessInfo info : found.getBusinessInfos().getBusinessInfo()) {
                    foundKeys.add(info.getBusinessKey() + " " + info.getName().get(0).getValue());
                }
            }
            check(foundKeys.equals(List.of(businessKey + " " + name)), "find_business found " + foundKeys + ", want only "
                    + businessKey + " " + name);

            GetBusinessDetail getBusiness = new GetBusinessDetail();
            getBusiness.setAuthInfo(auth);
            getBusiness.getBusinessKey().add(businessKey);
            BusinessDetail detail = inquiry.getBusinessDetail(getBusiness);
            count("get_businessDetail");
            check(detail.getBusinessEntity().size() == 1, "get_businessDetail returned "
                    + detail.getBusinessEntity().size() + " entities");
            BusinessEntity read = detail.getBusinessEntity().get(0);
            check(name.equals(read.getName().get(0).getValue()), "business name read back: "
                    + read.getName().get(0).getValue());
            check(read.getBusinessServices() != null && read.getBusinessServices().getBusinessService().size() == 1
                    && serviceKey.equals(read.getBusinessServices().getBusinessService().get(0).getServiceKey()),
                    "the business's services do not hold exactly " + serviceKey);

            GetServiceDetail getService = new GetServiceDetail();
            getService.setAuthInfo(auth);
            getService.getServiceKey().add(serviceKey);
            ServiceDetail serviceDetail = inquiry.getServiceDetail(getService);
            count("get_serviceDetail");
            check(serviceDetail.getBusinessService().size() == 1, "get_serviceDetail returned "
                    + serviceDetail.getBusinessService().size() + " services");
            BusinessService readService = serviceDetail.getBusinessService().get(0);
            check(serviceName.equals(readService.getName().get(0).getValue()), "service name read back: "
                    + readService.getName().get(0).getValue());
            check(readService.getBindingTemplates() != null
                    && readService.getBindingTemplates().getBindingTemplate().size() == 1
                    && endpoint.equals(readService.getBindingTemplates().getBindingTemplate().get(0).getAccessPoint()
                            .getValue()), "the service's binding does not point at " + endpoint);

            DeleteBusiness delete = new DeleteBusiness();
            delete.setAuthInfo(auth);
            delete.getBusinessKey().add(businessKey);
            publish.deleteBusiness(delete);
            count("delete_business");

            if (round % MISSING_EVERY == 0) {
                GetBusinessDetail missing = new GetBusinessDetail();
                missing.setAuthInfo(auth);
                missing.getBusinessKey().add(MISSING_KEY_PREFIX + round);
                try {
                    BusinessDetail none = inquiry.getBusinessDetail(missing);
                    throw new AssertionError("a business that does not exist was found: "
                            + none.getBusinessEntity().size() + " entities");
                } catch (DispositionReportFaultMessage | SOAPFaultException expected) {
                    // CXF hands jUDDI's fault to the caller as a SOAPFaultException (its detail is not mapped to the
                    // declared fault): jUDDI's own helper reads the dispositionReport out of either
                    DispositionReport report = DispositionReportFaultMessage.getDispositionReport(expected);
                    String code = report == null || report.getResult().isEmpty()
                            || report.getResult().get(0).getErrInfo() == null ? null
                            : report.getResult().get(0).getErrInfo().getErrCode();
                    check("E_invalidKeyPassed".equals(code), "fault for a missing key: " + code + " "
                            + expected.getMessage());
                    count("get_businessDetail(missing)");
                }
            }

            DiscardAuthToken logout = new DiscardAuthToken();
            logout.setAuthInfo(auth);
            security.discardAuthToken(logout);
            count("discard_authToken");
        }
    }

    private static Name name(String value) {
        Name name = new Name();
        name.setValue(value);
        name.setLang("en");
        return name;
    }

    private static Description description(String value) {
        Description description = new Description();
        description.setValue(value);
        description.setLang("en");
        return description;
    }

    private void count(String operation) {
        calls.merge(operation, 1, Integer::sum);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
