package dev.soapscope.agent.probe;

import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.matcher.ElementMatcher;
import net.bytebuddy.utility.StreamDrainer;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;

/**
 * Advice classes put on the methods matchers select, with the constants their custom annotations bind. Each advice
 * class file is read from the agent jar the first time a method needs it: most probes never match a class.
 */
final class AdviceSet implements Weaving {
    private final Map<String, Object> constants;
    private final List<ElementMatcher<? super MethodDescription>> methods;
    private final List<String> advices;
    /** Each advice, read once; null until a method needs it. */
    private final AdviceInliner.AdviceCode[] read;
    /**
     * Per matcher, the method names it can match (null: any), read off it the first time a class is woven: a method of
     * another name is not asked, and most of a woven class's methods are of another name.
     */
    private volatile List<Set<String>> names;

    AdviceSet(Map<String, Object> constants) {
        this(constants, Collections.<ElementMatcher<? super MethodDescription>>emptyList(), Collections.<String>emptyList());
    }

    private AdviceSet(Map<String, Object> constants, List<ElementMatcher<? super MethodDescription>> methods,
                      List<String> advices) {
        this.constants = constants;
        this.methods = methods;
        this.advices = advices;
        this.read = new AdviceInliner.AdviceCode[advices.size()];
    }

    /** This set, also applying the advice class {@code advice} (a binary name) to {@code matching} methods. */
    AdviceSet advice(ElementMatcher<? super MethodDescription> matching, String advice) {
        List<ElementMatcher<? super MethodDescription>> m = new ArrayList<ElementMatcher<? super MethodDescription>>(methods);
        m.add(matching);
        List<String> a = new ArrayList<String>(advices);
        a.add(advice);
        return new AdviceSet(constants, m, a);
    }

    @Override
    public void adviceFor(TypeDescription type, MethodDescription method, List<AdviceInliner.AdviceCode> into) {
        List<Set<String>> names = names();
        for (int i = 0; i < advices.size(); i++) {
            if (mayMatch(names.get(i), method) && methods.get(i).matches(method)) {
                into.add(code(i));
            }
        }
    }

    @Override
    public boolean advises(TypeDescription type, MethodDescription method) {
        List<Set<String>> names = names();
        for (int i = 0; i < methods.size(); i++) {
            if (mayMatch(names.get(i), method) && methods.get(i).matches(method)) {
                return true;
            }
        }
        return false;
    }

    private static boolean mayMatch(Set<String> names, MethodDescription method) {
        return names == null || names.contains(method.getInternalName());
    }

    private List<Set<String>> names() {
        List<Set<String>> n = names;
        if (n == null) {
            n = new ArrayList<Set<String>>(methods.size());
            for (ElementMatcher<? super MethodDescription> m : methods) {
                n.add(MatcherNames.methodNames(m));
            }
            names = n; // a race reads them twice, harmlessly
        }
        return n;
    }

    @Override
    public List<ElementMatcher<? super MethodDescription>> methodMatchers() {
        return methods;
    }

    /** Advice {@code i}, read from the agent jar (a race reads it twice, harmlessly). */
    AdviceInliner.AdviceCode code(int i) {
        AdviceInliner.AdviceCode c = read[i];
        if (c == null) {
            c = AdviceInliner.AdviceCode.read(classFile(advices.get(i)), constants);
            read[i] = c;
        }
        return c;
    }

    /**
     * The agent jar, once the installer names it. The probes' classes may come from the bootstrap path (the weaver jar,
     * {@code BootstrapJar}), where they have no code source to find it by, nor a class loader to ask.
     */
    private static volatile JarFile agentJar;

    /** Advice class files are read from {@code jar} (null: through this class's loader, as the tests' are). */
    static void readFrom(JarFile jar) {
        agentJar = jar;
    }

    /** The class file of the agent's class {@code name}, without loading the class. */
    static byte[] classFile(String name) {
        try {
            InputStream in = open(name.replace('.', '/') + ".class");
            if (in == null) {
                throw new IllegalStateException("no class file for advice " + name);
            }
            try {
                return StreamDrainer.DEFAULT.drain(in);
            } finally {
                in.close();
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot read advice " + name + ": " + e, e);
        }
    }

    private static InputStream open(String resource) throws IOException {
        JarFile jar = agentJar;
        ZipEntry entry = jar == null ? null : jar.getEntry(resource);
        if (entry != null) {
            return jar.getInputStream(entry);
        }
        ClassLoader loader = AdviceSet.class.getClassLoader();
        return loader == null ? ClassLoader.getSystemResourceAsStream(resource) : loader.getResourceAsStream(resource);
    }
}
