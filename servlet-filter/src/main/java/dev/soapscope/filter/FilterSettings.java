package dev.soapscope.filter;

import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;

import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

/**
 * The filter's settings: every {@link ConfigKey} can also be given as a filter or context init-parameter named
 * like its system property ({@code soapscope.filter.path}); such a parameter wins over the system property,
 * which wins over the environment variable. Values are checked by {@link Config} like any other.
 */
final class FilterSettings {
    private FilterSettings() {
    }

    /** {@code initParameters} maps a name to its value or null (filter init-params first, then the context's). */
    static Config resolve(Function<String, String> initParameters) {
        Properties layered = new Properties();
        for (Map.Entry<Object, Object> e : System.getProperties().entrySet()) {
            if (e.getKey() instanceof String && e.getValue() instanceof String) {
                layered.setProperty((String) e.getKey(), (String) e.getValue());
            }
        }
        if (initParameters != null) {
            for (ConfigKey k : ConfigKey.values()) {
                String v = initParameters.apply(k.systemProperty());
                if (v != null) {
                    layered.setProperty(k.systemProperty(), v);
                }
            }
        }
        return Config.load(null, layered, System.getenv());
    }

    /** Whether the initializer should add the filter by itself. */
    static boolean autoregister(Function<String, String> contextParameters) {
        return resolve(contextParameters).getBoolean(ConfigKey.FILTER_AUTOREGISTER);
    }
}
