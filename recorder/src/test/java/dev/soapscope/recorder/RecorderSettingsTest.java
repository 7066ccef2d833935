package dev.soapscope.recorder;

import dev.soapscope.config.Config;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The recorder's built-in limits and the configuration's defaults are declared apart: they must agree. */
class RecorderSettingsTest {

    @Test
    void defaultsAgreeWithTheConfigDefaults() {
        RecorderSettings fromConfig = Config.defaults().recorderSettings();
        RecorderSettings d = RecorderSettings.DEFAULTS;
        assertEquals(d.maxOperations, fromConfig.maxOperations);
        assertEquals(d.maxSites, fromConfig.maxSites);
        assertEquals(d.stackDepth, fromConfig.stackDepth);
        assertEquals(d.allocation, fromConfig.allocation);
    }
}
