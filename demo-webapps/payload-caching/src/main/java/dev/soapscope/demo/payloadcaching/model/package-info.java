/**
 * The JAXB-bound order messages, all elements in {@code urn:soapscope:demo:orders} (prefix {@code ord}).
 */
@XmlSchema(namespace = Orders.NS, elementFormDefault = XmlNsForm.QUALIFIED,
        xmlns = @XmlNs(prefix = "ord", namespaceURI = Orders.NS))
@XmlAccessorType(XmlAccessType.FIELD)
package dev.soapscope.demo.payloadcaching.model;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlNs;
import jakarta.xml.bind.annotation.XmlNsForm;
import jakarta.xml.bind.annotation.XmlSchema;
