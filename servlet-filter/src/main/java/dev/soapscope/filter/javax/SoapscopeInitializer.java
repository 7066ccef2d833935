package dev.soapscope.filter.javax;

import dev.soapscope.filter.FilterCore;
import dev.soapscope.recorder.Log;
import javax.servlet.DispatcherType;
import javax.servlet.FilterRegistration;
import javax.servlet.ServletContainerInitializer;
import javax.servlet.ServletContext;

import java.util.EnumSet;
import java.util.Set;

/**
 * Adds {@link SoapscopeFilter} for {@code /*} when the filter jar is in WEB-INF/lib (listed in
 * META-INF/services/javax.servlet.ServletContainerInitializer), ahead of the webapp's own filters, unless
 * {@code soapscope.filter.autoregister=false} (context init-parameter, system property or
 * {@code SOAPSCOPE_FILTER_AUTOREGISTER}) or web.xml already declares it.
 */
public final class SoapscopeInitializer implements ServletContainerInitializer {
    static final String FILTER_NAME = "soapscope";

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) {
        try {
            if (!FilterCore.autoregister(context::getInitParameter)) {
                Log.info("soapscope filter: not registered in '" + context.getContextPath()
                        + "' (soapscope.filter.autoregister=false)");
                return;
            }
            for (FilterRegistration r : context.getFilterRegistrations().values()) {
                if (isSoapscope(r.getClassName())) {
                    return; // declared by the webapp itself
                }
            }
            FilterRegistration.Dynamic r = context.addFilter(FILTER_NAME, SoapscopeFilter.class);
            if (r == null) {
                Log.warn("soapscope filter: not registered in '" + context.getContextPath()
                        + "': the webapp has a filter named '" + FILTER_NAME + "'");
                return;
            }
            r.setAsyncSupported(true); // or every async servlet behind it would fail
            r.addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
        } catch (Throwable e) {
            Log.warnOnce("filter:initializer", "soapscope filter: cannot register; the webapp runs without it", e);
        }
    }

    static boolean isSoapscope(String className) {
        return SoapscopeFilter.class.getName().equals(className)
                || "dev.soapscope.filter.jakarta.SoapscopeFilter".equals(className);
    }
}
