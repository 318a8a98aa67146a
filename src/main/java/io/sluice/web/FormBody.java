package io.sluice.web;

import io.sluice.text.Text;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.core.MediaType;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An {@code application/x-www-form-urlencoded} body read strictly, from its bytes: a malformed percent escape ({@code %},
 * {@code %zz}) or bytes that are not text in the body's charset (UTF-8 unless it declares another), percent-encoded or
 * not ({@code reason=caf\xe9}), are a 400 naming the field, where the framework's reader threw (a 500) or put U+FFFD in
 * their place (stored as typed, e.g. in a run's reason). Text that is not percent-encoded, as curl may send it, is read
 * as it is when it is valid text.
 */
final class FormBody {

    private static final byte[] SEPARATORS = "&=+%".getBytes(StandardCharsets.US_ASCII);

    private FormBody() {}

    /**
     * The form field that carries the anti-forgery token: checked before any page runs (io.sluice.api.CsrfGuard) and
     * not one of a page's own fields.
     */
    static final String CSRF = "csrf";

    /** The fields in the order sent, each with its values, without the anti-forgery token. */
    static Map<String, List<String>> parse(byte[] body, Charset charset) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        if (body == null || body.length == 0) {
            return fields;
        }
        if (!Arrays.equals("&=+%".getBytes(charset), SEPARATORS)) {
            throw new BadRequestException(
                    "the form's charset " + charset.name() + " is not one a form is sent in; send UTF-8");
        }
        int start = 0;
        for (int i = 0; i <= body.length; i++) {
            if (i < body.length && body[i] != '&') {
                continue;
            }
            if (i > start) {
                field(body, start, i, charset, fields);
            }
            start = i + 1;
        }
        fields.remove(CSRF);
        return fields;
    }

    private static void field(byte[] body, int from, int to, Charset charset, Map<String, List<String>> fields) {
        int eq = from;
        while (eq < to && body[eq] != '=') {
            eq++;
        }
        String name = decode(body, from, eq, charset, null);
        String value = eq >= to ? "" : decode(body, eq + 1, to, charset, name);
        fields.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
    }

    private static String decode(byte[] text, int from, int to, Charset charset, String field) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(to - from);
        for (int i = from; i < to; i++) {
            byte b = text[i];
            if (b == '+') {
                bytes.write(' ');
            } else if (b == '%') {
                int high = i + 2 < to ? Character.digit(text[i + 1], 16) : -1;
                int low = high < 0 ? -1 : Character.digit(text[i + 2], 16);
                if (low < 0) {
                    throw invalid(field, "a '%' not followed by two hex digits");
                }
                bytes.write(high * 16 + low);
                i += 2;
            } else {
                bytes.write(b);
            }
        }
        try {
            return charset.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw invalid(field, "bytes that are not " + charset.name() + " text");
        }
    }

    private static BadRequestException invalid(String field, String what) {
        return new BadRequestException("the form "
                + (field == null ? "has a field name with " : "field " + Text.quote(field) + " has ") + what);
    }

    /**
     * The charset a form body declares in its content type, UTF-8 if none; a charset this JVM does not know (or a name
     * that is not one) is a 400: the body cannot be read as what it says it is.
     */
    static Charset charset(MediaType type) {
        String name = type == null ? null : type.getParameters().get("charset");
        if (name == null) {
            return StandardCharsets.UTF_8;
        }
        try {
            return Charset.forName(name.trim());
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(
                    "the form's charset " + Text.quote(name.strip()) + " is not one Sluice knows; send UTF-8");
        }
    }
}
