package dev.soapscope.demo.scenario;

/**
 * The servers the runner forks: one JVM each, with the agent, started in this order and one at a time (the javax demos
 * need Tomcat 9, the jakarta ones Tomcat 11; one container cannot run both).
 */
public enum Container {
    TOMCAT_11("Tomcat 11", "profile"),
    TOMCAT_9("Tomcat 9", "profile-tomcat9");

    private final String title;
    private final String profileDir;

    Container(String title, String profileDir) {
        this.title = title;
        this.profileDir = profileDir;
    }

    /** {@code Tomcat 11}, as the runner's messages say it. */
    public String title() {
        return title;
    }

    /** Where this server's agent profiles into, under the report's directory: one directory per JVM. */
    public String profileDir() {
        return profileDir;
    }
}
