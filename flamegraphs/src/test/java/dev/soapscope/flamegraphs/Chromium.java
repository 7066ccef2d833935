package dev.soapscope.flamegraphs;

import dev.soapscope.testkit.HeadlessChromium;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Debian's headless Chromium taking a screenshot of a page, as a reader's browser would draw it. */
final class Chromium {
    private Chromium() {
    }

    /** The page drawn in a window of {@code width} x {@code height} CSS pixels, at one device pixel each. */
    static BufferedImage screenshot(Path page, int width, int height, Path png) throws IOException, InterruptedException {
        Path profile = Files.createTempDirectory("soapscope-chromium-");
        Process p = new ProcessBuilder(HeadlessChromium.command(profile, width, height, "--hide-scrollbars",
                "--force-device-scale-factor=1", "--screenshot=" + png, page.toUri().toString()))
                .redirectErrorStream(true).redirectOutput(profile.resolve("chromium.log").toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium took over 120 s for a screenshot of " + page);
        }
        if (p.exitValue() != 0 || !Files.isRegularFile(png)) {
            throw new AssertionError("chromium failed (exit " + p.exitValue() + "): "
                    + Files.readString(profile.resolve("chromium.log")));
        }
        return ImageIO.read(png.toFile());
    }

    /** Pixels of exactly {@code #rrggbb} within the top {@code rows} rows. */
    static int pixels(BufferedImage image, String colour, int rows) {
        int rgb = Integer.parseInt(colour.substring(1), 16);
        int n = 0;
        for (int y = 0; y < Math.min(rows, image.getHeight()); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                n += (image.getRGB(x, y) & 0xffffff) == rgb ? 1 : 0;
            }
        }
        return n;
    }
}
