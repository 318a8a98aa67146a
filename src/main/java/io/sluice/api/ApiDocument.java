package io.sluice.api;

/** The words of the OpenAPI document that many operations share; the document as a whole is described in package-info. */
public final class ApiDocument {

    /** The words of parameters many operations share. */
    static final String ACTOR = "Who acts, as recorded in the audit trail (a body's launchedBy wins over it); "
            + "anonymous when absent. A name reserved for Sluice's own automation (schedule, schedule:..., sensor, "
            + "sensor:..., trigger, sluice, system, web-ui) is a 400. With authentication on (sluice.auth.enabled), who acts "
            + "is the authenticated user, and naming anyone else here is a 400.";

    static final String LIMIT = "How many items to answer at most.";

    static final String SHORT_ID = "at least its last 4 characters, as the pages show the last 8: the one id that ends"
            + " with them; several such ids are a 422 naming them in candidates";
    static final String RUN_ID = "The run's id (a UUID), as answered by its launch, or " + SHORT_ID + ".";
    static final String BACKFILL_ID = "The backfill's id (a UUID), as answered by its launch, or " + SHORT_ID + ".";
    static final String GROUP =
            "The asset's group, the part of its key before the slash (transform in transform/firm).";
    static final String NAME = "The asset's name, the part of its key after the slash (firm in transform/firm).";
    static final String ASSET_KEY = "The asset's key: its two or more segments joined by slashes, like "
            + "transform/form_adv_firm_identity or sales/eu/orders. The slashes may be sent as they are or "
            + "percent-encoded (%2F), as generated clients send them.";

    /**
     * The path template of an asset key: one or more segments (a key with one is a 404 naming the rule). A key whose
     * last segment is keys, partitions or rollback reads as that sub-resource of the shorter key when its slashes are
     * sent as they are: send them percent-encoded to name such an asset.
     */
    static final String ASSET_KEY_PATH = "[^/]+(?:/[^/]+)*";

    static final String REASON_BODY =
            "Optional: {\"reason\": \"...\"}, kept in the audit trail; an empty body is fine. Who acts comes from the "
                    + "X-Sluice-User header: an actor in the body (launchedBy, actor) is an unknown field.";

    private ApiDocument() {}
}
