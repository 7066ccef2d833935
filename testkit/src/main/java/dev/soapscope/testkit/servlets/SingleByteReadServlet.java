package dev.soapscope.testkit.servlets;

import java.io.IOException;
import java.io.InputStream;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Reads the request body one byte per {@code read()} call, on purpose: it provokes the
 * {@code stream.single_byte_read} hot spot. Answers {@code <byteCountResponse><count>N</count></byteCountResponse>}.
 */
public class SingleByteReadServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        InputStream in = request.getInputStream();
        long count = 0;
        while (in.read() >= 0) {
            count++;
        }
        SoapResponses.send(response, 200, SoapResponses.payload("byteCountResponse", "count", Long.toString(count)));
    }
}
