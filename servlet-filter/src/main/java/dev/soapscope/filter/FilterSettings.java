package dev.soapscope.filter;

import dev.soapscope.config.Config;
import dev.soapscope.config.ConfigKey;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;

/**
 * The filter's settings: every {@link ConfigKey} can also be given as a filter or context init-parameter named
 * like its system property ({@code soapscope.filter.path}); such a parameter wins over the system property,
 * which wins over the environment variable. A parameter {@link Config} would reject is ignored with a warning.
 */
final class FilterSettings {
    final Config config;
    /** Init-parameters that were ignored, one line each. */
    final List<String> problems;

    private FilterSettings(Config config, List<String> problems) {
        this.config = config;
        this.problems = Collections.unmodifiableList(problems);
    }

    /** {@code initParameters} maps a name to its value or null (filter init-params first, then the context's). */
    static FilterSettings resolve(Function<String, String> initParameters) {
        Properties layered = new Properties();
        for (Map.Entry<Object, Object> e : System.getProperties().entrySet()) {
            if (e.getKey() instanceof String && e.getValue() instanceof String) {
                layered.setProperty((String) e.getKey(), (String) e.getValue());
            }
        }
        List<String> problems = new ArrayList<String>();
        if (initParameters != null) {
            for (ConfigKey k : ConfigKey.values()) {
                String v = initParameters.apply(k.systemProperty());
                if (v == null) {
                    continue;
                }
                if (accepts(k, v.trim())) {
                    layered.setProperty(k.systemProperty(), v.trim());
                } else {
                    problems.add("soapscope: ignoring init-parameter " + k.systemProperty() + "=" + v.trim()
                            + ": expected " + k.type().expectation());
                }
            }
        }
        return new FilterSettings(Config.load(null, layered, System.getenv()), problems);
    }

    /** Whether {@link Config} takes this value for the key (it is the one place values are checked). */
    private static boolean accepts(ConfigKey k, String value) {
        Properties one = new Properties();
        one.setProperty(k.systemProperty(), value);
        return Config.load(null, one, Collections.<String, String>emptyMap()).problems().isEmpty();
    }

    /** Whether the initializer should add the filter by itself. */
    static boolean autoregister(Function<String, String> contextParameters) {
        return resolve(contextParameters).config.getBoolean(ConfigKey.FILTER_AUTOREGISTER);
    }
}
