package dev.soapscope.metrics;

import dev.soapscope.recorder.OperationStats;
import dev.soapscope.recorder.OperationTable;
import dev.soapscope.recorder.Phase;
import dev.soapscope.recorder.SeenStacks;
import dev.soapscope.recorder.Stack;

/** What {@code /phases} says was seen: the stacks found and what is measured there, or that none was. */
final class StacksJson {
    private StacksJson() {
    }

    /** {@code "stacks": [{name, title, version, measured}]}, the stacks whose classes soapscope instrumented. */
    static void stacks(Json j) {
        j.name("stacks").beginArray();
        for (Stack s : SeenStacks.all()) {
            j.beginObject().name("name").value(s.tag()).name("title").value(s.title())
                    .name("version").value(SeenStacks.version(s)).name("measured").value(s.measured()).endObject();
        }
        j.endArray();
    }

    /** {@code "stack": "on no known SOAP stack..."} for an operation whose requests entered no stack's phase
     * (not for work outside requests, which is no service). */
    static void noStack(Json j, String operation, OperationStats s) {
        if (OperationTable.NO_REQUEST_NAME.equals(operation)) {
            return;
        }
        for (Phase p : Phase.values()) {
            if (Stack.recordedByStacks(p) && s.phaseSeen(p) != 0) {
                return;
            }
        }
        j.name("stack").value(Stack.NONE);
    }
}
