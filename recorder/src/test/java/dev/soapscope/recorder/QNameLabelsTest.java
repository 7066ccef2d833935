package dev.soapscope.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;

class QNameLabelsTest {

    @Test
    void anOperationsLabelIsItsCleanedTextMadeOnce() {
        QName op = new QName("http://docs.oasis-open.org/ns/cmis/ws/200908/", "getObject");
        String label = QNameLabels.of(op);
        assertEquals(OperationTable.clean(op.toString()), label);
        assertSame(label, QNameLabels.of(new QName(op.getNamespaceURI(), op.getLocalPart())),
                "an equal name from another request is the same label, no new String");
    }

    @Test
    void anApplicationsOwnNameTypeIsLabelledButNotKept() {
        int before = QNameLabels.size();
        Object own = new Object() {
            @Override
            public String toString() {
                return "{urn:own}op";
            }
        };
        assertEquals("{urn:own}op", QNameLabels.of(own));
        assertEquals(before, QNameLabels.size(), "a class of an application's loader would pin it");
    }

    @Test
    void aNameThatCleansToNothingHasNoLabel() {
        assertNull(QNameLabels.of(new QName("", " ")));
    }

    @Test
    void namesBeyondTheBoundDoNotGrowTheMap() {
        for (int i = 0; i < 3 * QNameLabels.MAX; i++) {
            QNameLabels.of(new QName("urn:flood", "op" + i));
        }
        assertTrue(QNameLabels.size() <= QNameLabels.MAX, "labels kept: " + QNameLabels.size());
    }
}
