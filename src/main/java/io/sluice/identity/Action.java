package io.sluice.identity;

/**
 * What a caller asks to do, each with the role it needs. A scoped action is about assets: a role granted for chosen
 * asset groups allows it on those groups' assets only. An action that is not scoped needs a role granted for every
 * group, except reading, which any grant allows.
 */
public enum Action {
    READ(Role.VIEWER, false, "read"),
    /** Launch runs and backfills, re-execute runs, retry a backfill's failed partitions. */
    LAUNCH(Role.OPERATOR, true, "launch"),
    /** Cancel runs; pause, resume or cancel backfills. */
    STEER(Role.OPERATOR, true, "cancel, pause or resume what materializes"),
    /** Start or stop schedules and sensors. */
    SWITCH_AUTOMATION(Role.OPERATOR, false, "start or stop schedules and sensors"),
    ADD_PARTITIONS(Role.OPERATOR, false, "add dynamic partitions"),
    /** Switch alert rules on or off, change whom and what they watch; reset them to their code. */
    EDIT_ALERT_RULES(Role.OPERATOR, false, "edit alert rules"),
    ROLLBACK(Role.ADMIN, true, "roll back"),
    REMOVE_PARTITIONS(Role.ADMIN, false, "remove dynamic partitions"),
    SET_POOL_LIMITS(Role.ADMIN, false, "set pool limits"),
    MANAGE_ACCESS(Role.ADMIN, false, "manage users and tokens"),
    /** Drain a node (it claims nothing more and hands its runs back) or put it back to work. */
    MANAGE_NODES(Role.ADMIN, false, "drain or resume nodes");

    private final Role needs;
    private final boolean scoped;
    private final String doing;

    Action(Role needs, boolean scoped, String doing) {
        this.needs = needs;
        this.scoped = scoped;
        this.doing = doing;
    }

    /** The least role that allows this action. */
    public Role needs() {
        return needs;
    }

    /** Whether a role granted for chosen asset groups allows this action on those groups' assets. */
    public boolean scoped() {
        return scoped;
    }

    /** The action in a refusal's words: "may not roll back". */
    public String doing() {
        return doing;
    }
}
