package dev.soapscope.demo.payloadcaching.model;

/** {@code <ord:customer>} */
public class Customer {

    public String name;
    public String email;
    public String street;
    public String city;
    public String country;
}
