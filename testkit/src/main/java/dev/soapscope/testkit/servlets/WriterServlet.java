package dev.soapscope.testkit.servlets;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Answers through {@code getWriter()}, as many stacks do (Tomcat's writer never touches its output stream): echoes
 * the request body's UTF-8 length in an envelope written in three calls, {@code write(String, int, int)},
 * {@code print(String)} and {@code write(char[])}, then {@code flush()}es, which is where Tomcat sends it.
 */
public class WriterServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    /** Non-ASCII on purpose: bytes out are the body's UTF-8 bytes, not its chars. */
    public static final String TEXT = "grüße ✓ ";

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        InputStream in = request.getInputStream();
        byte[] buffer = new byte[4096];
        long count = 0;
        for (int n; (n = in.read(buffer)) >= 0; ) {
            count += n;
        }
        String body = new String(SoapResponses.payload("writerResponse", "text", TEXT + count), StandardCharsets.UTF_8);
        response.setContentType(SoapResponses.CONTENT_TYPE);
        PrintWriter out = response.getWriter();
        int third = body.length() / 3;
        out.write(body, 0, third);
        out.print(body.substring(third, 2 * third));
        out.write(body.substring(2 * third).toCharArray());
        out.flush();
    }
}
