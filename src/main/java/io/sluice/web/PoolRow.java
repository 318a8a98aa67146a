package io.sluice.web;

import java.util.List;

/** One pool on the pools page: the assets that declare it, its limit (null: none) and the runs it has executing. */
public record PoolRow(String name, List<String> assets, Integer limit, int running) {

    public boolean declared() {
        return !assets.isEmpty();
    }

    /** How full the pool is, 0 to 100 (0 without a limit). */
    public int percent() {
        return limit == null || limit == 0 ? 0 : Math.min(100, running * 100 / limit);
    }

    public boolean full() {
        return limit != null && running >= limit;
    }
}
