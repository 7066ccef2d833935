package dev.soapscope.testkit.servlets;

import java.io.BufferedReader;
import java.io.IOException;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Reads the request body through {@code getReader()} (Tomcat's reader never touches its input stream), in bulk
 * {@code read(char[])} calls. Answers {@code <charCountResponse><count>N</count></charCountResponse>}.
 */
public class ReaderServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        BufferedReader in = request.getReader();
        char[] buffer = new char[1024];
        long count = 0;
        for (int n; (n = in.read(buffer)) >= 0; ) {
            count += n;
        }
        SoapResponses.send(response, 200, SoapResponses.payload("charCountResponse", "count", Long.toString(count)));
    }
}
