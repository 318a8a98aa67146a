package io.sluice.web;

import io.sluice.runs.QueuePlace;
import io.sluice.runs.RunIds;
import java.util.List;

/**
 * Where a queued run stands, as the run page says it: a sentence, then the runs it waits for as links (those ahead of it
 * for its asset partitions, and the upstream runs of its backfill, the first of them). Pure.
 */
public record QueueView(String headline, List<Waited> ahead, List<Waited> upstream, long moreUpstream) {

    /** A run waited for: a link to it, its status and what of the queued run's it holds or materializes. */
    public record Waited(String id, String shortId, String status, String covers) {
        static Waited of(QueuePlace.Waited w) {
            return new Waited(w.runId(), RunIds.shortForm(w.runId()), w.status().name(), w.covers());
        }
    }

    static QueueView of(QueuePlace place) {
        List<Waited> ahead = place.ahead().stream().map(Waited::of).toList();
        List<Waited> upstream = place.upstream().stream().map(Waited::of).toList();
        return new QueueView(headline(place), ahead, upstream, Math.max(0, place.upstreamCount() - upstream.size()));
    }

    private static String headline(QueuePlace place) {
        StringBuilder s = new StringBuilder();
        if (!place.ahead().isEmpty()) {
            s.append(ordinal(place.position()))
                    .append(" in line for its asset partitions: it starts once ")
                    .append(
                            place.ahead().size() == 1
                                    ? "this run has"
                                    : "these " + place.ahead().size() + " runs have")
                    .append(" ended");
        }
        if (place.upstreamCount() > 0) {
            s.append(s.isEmpty() ? "it" : "; it")
                    .append(" waits for ")
                    .append(Format.count(place.upstreamCount(), "upstream run", "upstream runs"))
                    .append(" of its backfill to succeed");
        }
        if (s.isEmpty()) {
            return "Waiting for a free worker (or for its pool's or its backfill's limit): it waits for no other run";
        }
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
    static String ordinal(int n) {
        int lastTwo = n % 100;
        String suffix = lastTwo >= 11 && lastTwo <= 13
                ? "th"
                : switch (n % 10) {
                    case 1 -> "st";
                    case 2 -> "nd";
                    case 3 -> "rd";
                    default -> "th";
                };
        return n + suffix;
    }
}
