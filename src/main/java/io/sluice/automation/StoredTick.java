package io.sluice.automation;

/** An entry of tick history as stored, with its id (ids grow with time; pages of history are read by id). */
public record StoredTick(long id, TickRecord tick) {}
