package io.sluice.web;

import jakarta.ws.rs.BadRequestException;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An {@code application/x-www-form-urlencoded} body read strictly: a malformed percent escape ({@code %}, {@code %zz})
 * or bytes that are not text in the body's charset (UTF-8 unless it declares another) are a 400 naming the field
 * (text that is not percent-encoded, as curl may send it, is read as it is),
 * where the framework's reader threw (a 500) or put U+FFFD in their place (stored as typed, e.g. in a run's reason).
 */
final class FormBody {

    private FormBody() {
    }

    /** The fields in the order sent, each with its values. */
    static Map<String, List<String>> parse(String body, Charset charset) {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        if (body == null || body.isEmpty()) {
            return fields;
        }
        for (String pair : body.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq), charset, null);
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1), charset, name);
            fields.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
        }
        return fields;
    }

    private static String decode(String text, Charset charset, String field) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '+') {
                bytes.write(' ');
            } else if (c == '%') {
                int high = i + 2 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
                int low = high < 0 ? -1 : Character.digit(text.charAt(i + 2), 16);
                if (low < 0) {
                    throw invalid(field, "a '%' not followed by two hex digits");
                }
                bytes.write(high * 16 + low);
                i += 2;
            } else if (c > 0x7f) {
                // text sent without percent-encoding (curl -d 'reason=café'), already decoded as the body's charset
                int end = Character.isHighSurrogate(c) && i + 1 < text.length() ? i + 2 : i + 1;
                bytes.writeBytes(text.substring(i, end).getBytes(charset));
                i = end - 1;
            } else {
                bytes.write(c);
            }
        }
        try {
            return charset.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw invalid(field, "bytes that are not " + charset.name() + " text");
        }
    }

    private static BadRequestException invalid(String field, String what) {
        return new BadRequestException("the form " + (field == null ? "has a field name with " : "field " + field + " has ") + what);
    }

    /** The charset a form body declares in its content type, UTF-8 if none (or one this JVM does not know). */
    static Charset charset(jakarta.ws.rs.core.MediaType type) {
        String name = type == null ? null : type.getParameters().get("charset");
        try {
            return name == null ? StandardCharsets.UTF_8 : Charset.forName(name.trim());
        } catch (IllegalArgumentException e) {
            return StandardCharsets.UTF_8;
        }
    }
}
