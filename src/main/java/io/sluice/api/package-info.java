/**
 * The JSON API under /api. The OpenAPI document at /q/openapi (written to target/openapi by the build) says here what the API
 * is as a whole: its purpose, its sections, the problem body of every refusal and which properties answers always hold (see {@link io.sluice.api.ApiDocumentFilter}).
 */
@OpenAPIDefinition(
        info =
                @Info(
                        title = "Sluice API",
                        version = "0.1",
                        description =
                                "Launch and follow runs and backfills of Sluice's software-defined assets, browse the assets, their "
                                        + "partitions and the lake's tables as of any time, steer concurrency pools, and read the audit trail. "
                                        + "Every refusal is an RFC 9457 problem (application/problem+json): 400 when a value is not written as it "
                                        + "must be, 404 when the thing named does not exist, 409 when the state forbids it, 422 when a value is "
                                        + "well written but not allowed. With authentication on (sluice.auth.enabled), every call needs Authorization: Bearer <token> "
                                        + "(a personal token, see Tokens) and who acts is its user; with it off, the X-Sluice-User header.",
                        license =
                                @License(
                                        name = "Proprietary: no license has been granted yet",
                                        identifier = "LicenseRef-Proprietary")),
        tags = {
            @Tag(
                    name = "Runs",
                    description =
                            "Launch a materialization of assets, follow it, read its logs and checks, cancel it."),
            @Tag(
                    name = "Backfills",
                    description = "Materialize many partitions in planned runs; pause, resume, cancel, retry."),
            @Tag(
                    name = "Assets",
                    description = "The declared assets, their keys and partitions, and rollbacks of their tables."),
            @Tag(
                    name = "Lake",
                    description =
                            "The lake's tables: listings, rows as of a business date and system time, a run's changes."),
            @Tag(name = "Partitions", description = "Keys of dynamic partitions, added and removed at run time."),
            @Tag(
                    name = "Pools",
                    description =
                            "Concurrency pools: how many runs of the assets that declare a pool may run at once."),
            @Tag(
                    name = "Nodes",
                    description =
                            "The Sluice processes sharing this metadata store, their leases and the runs they own."),
            @Tag(
                    name = "Alerts",
                    description = "Alert rules (declared in code, edited at run time), their channels, and every"
                            + " notification sent, due or given up."),
            @Tag(
                    name = "Audit",
                    description = "The append-only trail of who did what, when, why, with which scope and outcome."),
            @Tag(
                    name = "Tokens",
                    description =
                            "Personal API tokens (authentication on): made, listed and revoked; sent as Authorization: Bearer."),
            @Tag(
                    name = "Users",
                    description = "Users and their roles (authentication on, admins only): create, disable, reset."),
            @Tag(
                    name = "Sensors",
                    description =
                            "Sensors: user code evaluated at an interval that asks for runs; their ticks, start and stop.")
        },
        components =
                @Components(
                        schemas = {
                            @Schema(name = "Problem", implementation = Problem.class),
                            @Schema(
                                    name = "MaterializationMode",
                                    implementation = io.sluice.runs.MaterializationMode.class,
                                    description =
                                            "Which keys a run processes: INCREMENTAL those changed since its last success (all on the first "
                                                    + "run), FULL_REFRESH every key, SINGLE_KEY only the keys given. Written in any case."),
                            @Schema(
                                    name = "RunStatus",
                                    implementation = io.sluice.runs.RunStatus.class,
                                    description =
                                            "Where a run or a step is: QUEUED, STARTED, then SUCCESS, FAILURE or CANCELED; SKIPPED for "
                                                    + "a step downstream of one that did not succeed."),
                            @Schema(
                                    name = "RunOrder",
                                    implementation = io.sluice.backfill.RunOrder.class,
                                    description = "Which partitions a backfill runs first. Written in any case.")
                        }))
package io.sluice.api;

import org.eclipse.microprofile.openapi.annotations.Components;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.info.License;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
