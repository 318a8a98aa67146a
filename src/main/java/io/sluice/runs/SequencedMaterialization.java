package io.sluice.runs;

/**
 * A materialization event with its id in the event log: ids grow in the order events are stored, so a reader (the
 * trigger evaluator) keeps the last id it read as a cursor.
 */
public record SequencedMaterialization(long id, Materialization materialization) {}
