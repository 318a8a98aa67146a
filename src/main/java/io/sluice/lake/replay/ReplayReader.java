package io.sluice.lake.replay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Collectors;

/** Reads a replay file strictly (unknown fields are errors) and explains any problem in one line. */
public final class ReplayReader {

    private final ObjectMapper mapper = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    public ReplayFile read(Path file) {
        String json;
        try {
            json = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ReplayInputException("no such file: " + file);
        } catch (IOException e) {
            throw new ReplayInputException("cannot read " + file + ": " + e.getMessage());
        }
        try {
            ReplayFile replay = mapper.readValue(json, ReplayFile.class);
            if (replay == null) {
                throw new ReplayInputException(file + ": the file holds no replay object");
            }
            return replay;
        } catch (UnrecognizedPropertyException e) {
            throw new ReplayInputException(file + ": unknown field \"" + e.getPropertyName() + "\"" + at(e));
        } catch (JsonMappingException e) {
            throw new ReplayInputException(file + ": " + firstLine(e.getOriginalMessage()) + at(e));
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
            throw new ReplayInputException(file + ": invalid JSON: " + firstLine(e.getOriginalMessage()) + where);
        }
    }

    private static String at(JsonMappingException e) {
        String path = e.getPath().stream()
                .map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining());
        return path.isEmpty() ? "" : " at " + (path.startsWith(".") ? path.substring(1) : path);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "unreadable input";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
