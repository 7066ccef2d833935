package dev.soapscope.demo.scenario;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.soapscope.demo.scenario.orders.OrderRequests;
import dev.soapscope.demo.scenario.orders.OrderResponseValidator;

/** Every scenario the runner knows, declared here and nowhere else, in the order they run and are compared. */
public final class Scenarios {

    private static final List<Scenario> ALL = List.of(
            orders("payload-caching/saaj", "/saaj/orders", 34.35,
                    "Spring-WS with SAAJ: the message becomes a DOM before the payload is unmarshalled"),
            orders("payload-caching/axiom-caching", "/axiom-caching/orders", 31.02,
                    "Spring-WS with Axiom, payload caching on: the payload is built into an object model, then read"),
            orders("payload-caching/axiom-streaming", "/axiom-streaming/orders", 182.22,
                    "Spring-WS with Axiom, payload caching off: JAXB reads the payload straight from the parser"));

    private Scenarios() {
    }

    private static Scenario orders(String name, String path, double classicRps, String description) {
        return Scenario.of(name, path, classicRps, description, new OrderRequests(), new OrderResponseValidator());
    }

    public static List<Scenario> all() {
        return ALL;
    }

    /**
     * The scenarios named by {@code names}, each a scenario ({@code payload-caching/saaj}) or a group
     * ({@code payload-caching}); in registry order, each once. An empty list selects all.
     *
     * @throws IllegalArgumentException naming what matched nothing, and what exists
     */
    public static List<Scenario> select(List<String> names) {
        if (names.isEmpty()) {
            return ALL;
        }
        Set<Scenario> chosen = new LinkedHashSet<>();
        List<String> unknown = new ArrayList<>();
        for (String n : names) {
            List<Scenario> matches = ALL.stream().filter(s -> s.name().equals(n) || s.group().equals(n)).toList();
            if (matches.isEmpty()) {
                unknown.add(n);
            }
            chosen.addAll(matches);
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown scenario " + String.join(", ", unknown) + " (known: "
                    + String.join(", ", ALL.stream().map(Scenario::name).toList()) + ", or a group such as "
                    + ALL.get(0).group() + ")");
        }
        return ALL.stream().filter(chosen::contains).toList();
    }
}
