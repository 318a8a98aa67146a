package io.sluice.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.sluice.runs.LogLine;
import io.sluice.runs.RunService;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The live log of one run as server-sent events: every half second the lines stored after the last one sent,
 * filtered, each a {@code line} event (a {@link LogRow} as JSON, its id the line's); once the run has ended and every
 * line is out, one {@code end} event, and the stream closes.
 */
final class LogStream {

    static final Duration EVERY = Duration.ofMillis(500);
    static final int BATCH = 500;

    private final RunService runs;
    private final ObjectMapper mapper;
    private final Sse sse;
    private final String runId;
    private final LogFilter filter;
    private long after;
    private final AtomicBoolean ended = new AtomicBoolean();

    LogStream(RunService runs, ObjectMapper mapper, Sse sse, String runId, long after, LogFilter filter) {
        this.runs = runs;
        this.mapper = mapper;
        this.sse = sse;
        this.runId = runId;
        this.after = after;
        this.filter = filter;
    }

    Multi<OutboundSseEvent> events() {
        AtomicBoolean sentEnd = new AtomicBoolean();
        return Multi.createFrom()
                .ticks()
                .every(EVERY)
                .onOverflow()
                .drop()
                .emitOn(Infrastructure.getDefaultWorkerPool())
                .onItem()
                .transformToIterable(tick -> poll())
                .select()
                .first(event -> {
                    // pass everything up to and with the first end event, then stop
                    if (sentEnd.get()) {
                        return false;
                    }
                    if ("end".equals(event.getName())) {
                        sentEnd.set(true);
                    }
                    return true;
                });
    }

    /** The events of one round: new lines, and the end once the run has ended and no line is left. */
    private synchronized List<OutboundSseEvent> poll() {
        List<OutboundSseEvent> events = new ArrayList<>();
        if (ended.get()) {
            events.add(end());
            return events;
        }
        // read the status first: a line stored before the run ended is then read below, or in the next round
        boolean terminal = runs.get(runId).status().isTerminal();
        List<LogLine> lines = runs.logs(runId, after, BATCH);
        for (LogLine line : lines) {
            after = line.id();
            if (filter.matches(line)) {
                events.add(sse.newEventBuilder()
                        .name("line")
                        .id(Long.toString(line.id()))
                        .mediaType(MediaType.TEXT_PLAIN_TYPE)
                        .data(String.class, json(LogRow.of(line)))
                        .build());
            }
        }
        if (terminal && lines.size() < BATCH) {
            ended.set(true);
            events.add(end());
        }
        return events;
    }

    private OutboundSseEvent end() {
        return sse.newEventBuilder()
                .name("end")
                .mediaType(MediaType.TEXT_PLAIN_TYPE)
                .data(String.class, runs.get(runId).status().name())
                .build();
    }

    private String json(LogRow row) {
        try {
            return mapper.writeValueAsString(row);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
