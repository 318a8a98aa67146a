package io.sluice.lake.duckdb.replay;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a replay file strictly (unknown or repeated fields, a fraction or a string where a number or a boolean
 * belongs, dates outside years 1 to 9999 are errors) and explains any problem in one line that names the file and
 * the field.
 */
public final class ReplayReader {

    private final ObjectMapper mapper = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            // "1" for a number or "true" for a boolean; a column value (a string) still takes a number's text
            .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    public ReplayFile.Checked read(Path file) {
        String json;
        try {
            json = Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new ReplayInputException("no such file: " + file);
        } catch (CharacterCodingException e) {
            throw new ReplayInputException(file + ": not UTF-8 text");
        } catch (IOException e) {
            throw new ReplayInputException("cannot read " + file + ": " + e.getMessage());
        }
        if (json.isBlank()) {
            throw new ReplayInputException(file + ": the file is empty");
        }
        try {
            return parse(json).check();
        } catch (ReplayInputException e) {
            throw new ReplayInputException(file + ": " + e.getMessage());
        }
    }

    private ReplayFile parse(String json) {
        try (JsonParser parser = mapper.createParser(json)) {
            try {
                return bind(parser);
            } catch (JsonProcessingException e) {
                throw new ReplayInputException(JsonProblem.describe(e)); // before closing: it reads the parser's token
            }
        } catch (IOException e) {
            throw new ReplayInputException("unreadable input: " + e.getMessage());
        }
    }

    private ReplayFile bind(JsonParser parser) throws IOException {
        ReplayFile replay = mapper.readValue(parser, ReplayFile.class);
        if (replay == null) {
            throw new ReplayInputException("the file holds null, not a replay object");
        }
        if (parser.nextToken() != null) {
            throw new ReplayInputException(
                    "unexpected content after the replay object" + JsonProblem.where(parser.currentTokenLocation()));
        }
        return replay;
    }
}
