package io.sluice;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import io.sluice.identity.Caller;
import java.util.Map;
import java.util.Set;

/** The dependency directions of GUIDE.md, kept true by the build. */
@AnalyzeClasses(packages = "io.sluice", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule partitionsUseTheJdkOnly = noClasses()
            .that()
            .resideInAPackage("io.sluice.partitions..")
            .should()
            .dependOnClassesThat()
            .resideOutsideOfPackages("io.sluice.partitions..", "io.sluice.text..", "java..");

    /** The automation core is pure: decisions on values; Quartz, the store and the run queue come in through adapters. */
    @ArchTest
    static final ArchRule automationIsPure = noClasses()
            .that()
            .resideInAPackage("io.sluice.automation")
            .should()
            .dependOnClassesThat()
            .resideOutsideOfPackages("io.sluice.automation", "io.sluice.partitions..", "io.sluice.catalog..", "java..");

    /** The periodic loop: a leaf every layer may use, on the JDK alone. */
    @ArchTest
    static final ArchRule thePeriodicLoopIsALeaf = noClasses()
            .that()
            .resideInAPackage("io.sluice.periodic..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.sluice..")
            .andShould()
            .dependOnClassesThat()
            .resideOutsideOfPackages("io.sluice.periodic..", "java..");

    /**
     * The CLI client: a thin client of the REST API on a small class path (the launcher gives it the app jar, picocli and
     * Jackson only), so it touches no other Sluice package and nothing of Quarkus.
     */
    @ArchTest
    static final ArchRule theCliClientStandsAlone = noClasses()
            .that()
            .resideInAPackage("io.sluice.client..")
            .should()
            .dependOnClassesThat()
            .resideOutsideOfPackages("io.sluice.client..", "java..", "picocli..", "com.fasterxml.jackson..");

    /** What user text may hold: a leaf every layer may use. */
    @ArchTest
    static final ArchRule textUsesTheJdkOnly = noClasses()
            .that()
            .resideInAPackage("io.sluice.text..")
            .should()
            .dependOnClassesThat()
            .resideOutsideOfPackages("io.sluice.text..", "java..");

    /**
     * Who acts (the Caller, its service identities and the request's resolved caller): a leaf the faces, the automation
     * and the domain may use. It knows no HTTP, no face, no store: the faces read the request and hand it the name.
     */
    @ArchTest
    static final ArchRule identityIsALeafThatKnowsNoHttp = noClasses()
            .that()
            .resideInAPackage("io.sluice.identity..")
            .should()
            .dependOnClassesThat()
            .resideOutsideOfPackages("io.sluice.identity..", "io.sluice.text..", "java..", "jakarta.enterprise..");

    /**
     * Authentication (users, sessions, tokens, the throttle) knows no face: the faces read cookies and headers and hand
     * the credential to it; it gives them the Caller.
     */
    @ArchTest
    static final ArchRule accessKnowsNoFace = noClasses()
            .that()
            .resideInAPackage("io.sluice.access..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.sluice.api..", "io.sluice.web..", "io.sluice.cli..", "io.sluice.app..", "io.sluice.mcp..");

    /** Only the access stores touch the tables of users, sessions and tokens. */
    @ArchTest
    static final ArchRule onlyAccessReachesItsStores = noClasses()
            .that()
            .resideOutsideOfPackage("io.sluice.access..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.sluice.access.store..");

    @ArchTest
    static final ArchRule onlyTheLakeTouchesDuckDb = noClasses()
            .that()
            .resideOutsideOfPackage("io.sluice.lake.duckdb..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.duckdb..");

    /**
     * The lake port: what assets, runs and pages see of the lake, and what a second engine implements without touching
     * anything outside its own package.
     */
    @ArchTest
    static final ArchRule theLakePortUsesTheJdkAndPartitionsOnly = noClasses()
            .that()
            .resideInAPackage("io.sluice.lake")
            .should()
            .dependOnClassesThat()
            .resideOutsideOfPackages("java..", "io.sluice.lake", "io.sluice.partitions..");

    /** No lake engine knows the catalog, runs or the edges: the arrows point from them to the lake. */
    @ArchTest
    static final ArchRule theLakeKnowsNoCatalogNorRuns = noClasses()
            .that()
            .resideInAPackage("io.sluice.lake..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.sluice.catalog..",
                    "io.sluice.runs..",
                    "io.sluice.backfill..",
                    "io.sluice.api..",
                    "io.sluice.web..",
                    "io.sluice.cli..");

    /** The engine-free values of a bi-temporal write, which every engine takes. */
    @ArchTest
    static final ArchRule bitemporalValuesUseTheJdkOnly = noClasses()
            .that()
            .resideInAPackage("io.sluice.lake.bitemporal")
            .should()
            .dependOnClassesThat()
            .resideOutsideOfPackages("java..", "io.sluice.lake.bitemporal");

    /**
     * The DuckDB engine is reached through the port only; CDI wires DuckDbLake and DuckDbLakeTables to the port's Lake
     * and LakeTables without any import. Two exceptions, both about the DuckDB file itself: the start-up wiring's
     * Preflight (is the lake file usable before the server starts) and the {@code sluice lake replay} command (cli), a
     * tool of the DuckDB engine that replays a file into a DuckDB table.
     */
    @ArchTest
    static final ArchRule theDuckDbEngineIsReachedThroughThePort = noClasses()
            .that()
            .resideOutsideOfPackage("io.sluice.lake.duckdb..")
            .and()
            .doNotHaveFullyQualifiedName("io.sluice.Preflight")
            .and()
            .doNotHaveFullyQualifiedName("io.sluice.cli.ReplayCommand")
            .and()
            .doNotHaveFullyQualifiedName("io.sluice.cli.ReplayOutputs")
            .and()
            .doNotHaveFullyQualifiedName("io.sluice.cli.StagedFile")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.sluice.lake.duckdb..");

    @ArchTest
    static final ArchRule runsNeverImportTheLakeOrTheEdges = noClasses()
            .that()
            .resideInAnyPackage("io.sluice.runs..", "io.sluice.catalog..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.sluice.lake.duckdb..", "io.sluice.api..", "io.sluice.web..");

    @ArchTest
    static final ArchRule catalogDoesNotKnowRuns = noClasses()
            .that()
            .resideInAPackage("io.sluice.catalog..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.sluice.runs..", "io.sluice.audit..");

    @ArchTest
    static final ArchRule onlyStoresTouchJpa = noClasses()
            .that()
            .resideOutsideOfPackages("..store..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("jakarta.persistence..", "org.hibernate..");

    /**
     * The faces are adapters onto the application layer: they reach no store and no engine (the DuckDB lake, the run
     * queue's dispatcher, the execution), and not each other.
     */
    @ArchTest
    static final ArchRule edgesDoNotCallEachOtherOrTheStores = noClasses()
            .that()
            .resideInAnyPackage("io.sluice.api..", "io.sluice.web..", "io.sluice.mcp..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "..store..",
                    "io.sluice.lake.duckdb..",
                    "io.sluice.lake.postgres..",
                    "io.sluice.runs.dispatch..",
                    "io.sluice.runs.execute..")
            .orShould()
            .dependOnClassesThat()
            .resideInAnyPackage("io.sluice.cli..");

    /** Alerting's core decides and formats; it reads nothing and sends nothing (the outbox and delivery build on it). */
    @ArchTest
    static final ArchRule alertingsCoreIsPure = noClasses()
            .that()
            .resideInAPackage("io.sluice.alerts")
            .should()
            .dependOnClassesThat()
            .resideOutsideOfPackages(
                    "java..", "javax.crypto..", "io.sluice.alerts", "io.sluice.catalog", "io.sluice.text..");

    /** The MCP server is a face of its own: it reads through the domain and the application layer, not the other faces. */
    @ArchTest
    static final ArchRule theMcpServerKnowsNoOtherFace = noClasses()
            .that()
            .resideInAPackage("io.sluice.mcp..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.sluice.api..", "io.sluice.web..", "io.sluice.cli..", "io.sluice.client..");

    /** The application layer serves every face and knows none of them. */
    @ArchTest
    static final ArchRule theApplicationLayerKnowsNoFace = noClasses()
            .that()
            .resideInAPackage("io.sluice.app..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.sluice.api..", "io.sluice.web..", "io.sluice.cli..", "io.sluice.mcp..", "jakarta.ws.rs..");

    /** The domain's mutating entry points, by class: what changes what is stored on a person's request. */
    static final Map<String, Set<String>> CHANGES = Map.of(
            "io.sluice.runs.RunService", Set.of("launch", "launchInCurrentTransaction", "cancel", "rollback"),
            "io.sluice.runs.RunReexecutor", Set.of("reexecute"),
            "io.sluice.backfill.BackfillService", Set.of("launch", "launchInCurrentTransaction", "retryFailed"),
            "io.sluice.backfill.BackfillSteering", Set.of("pause", "resume", "cancel"),
            "io.sluice.automation.schedule.ScheduleSwitch", Set.of("start", "stop"),
            "io.sluice.automation.sensor.SensorService", Set.of("start", "stop"),
            "io.sluice.pools.PoolService", Set.of("set", "remove"),
            "io.sluice.runs.DynamicPartitionService",
                    Set.of("add", "addInCurrentTransaction", "remove", "removeInCurrentTransaction"),
            "io.sluice.lake.LakeTables", Set.of("rollbackPreview"),
            "io.sluice.alerts.watch.AlertRules", Set.of("edit", "reset"));

    static final DescribedPredicate<JavaMethodCall> CHANGE_STORED_STATE = DescribedPredicate.describe(
            "change what is stored through a domain service (launch, cancel, roll back, re-execute, steer a backfill,"
                    + " switch automation, set pool limits, add or remove partition keys, edit alert rules) or preview a rollback",
            call -> CHANGES.getOrDefault(call.getTargetOwner().getName(), Set.of())
                    .contains(call.getName()));

    /**
     * Every change a face asks for goes through a command of {@code io.sluice.app}, which authorises the caller and
     * records its name as the actor: no face calls a domain service's mutating method itself.
     */
    @ArchTest
    static final ArchRule facesChangeThingsThroughCommandsOnly = noClasses()
            .that()
            .resideInAnyPackage("io.sluice.api..", "io.sluice.web..", "io.sluice.cli..", "io.sluice.mcp..")
            .should()
            .callMethodWhere(CHANGE_STORED_STATE);

    /** A face never names the actor itself: the command records the caller's name. */
    @ArchTest
    static final ArchRule facesNeverNameTheActor = noClasses()
            .that()
            .resideInAnyPackage("io.sluice.api..", "io.sluice.web..", "io.sluice.mcp..")
            .should()
            .callMethod(Caller.class, "name");

    @ArchTest
    static final ArchRule webDoesNotCallTheApi = noClasses()
            .that()
            .resideInAPackage("io.sluice.web..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.sluice.api..");

    @ArchTest
    static final ArchRule apiDoesNotCallTheWeb = noClasses()
            .that()
            .resideInAPackage("io.sluice.api..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.sluice.web..");

    /** The example pipeline is a user of Sluice like any other: CDI finds its beans, nothing imports it. */
    @ArchTest
    static final ArchRule nothingDependsOnTheExample = noClasses()
            .that()
            .resideOutsideOfPackage("io.sluice.example..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.sluice.example..");

    /** The test kit is for users' tests (and Sluice's own): nothing in the main code depends on it. */
    @ArchTest
    static final ArchRule nothingDependsOnTheTestKit = noClasses()
            .that()
            .resideOutsideOfPackage("io.sluice.testkit..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.sluice.testkit..");

    /** The top-level packages form no cycle: every arrow between them points one way. */
    @ArchTest
    static final ArchRule noPackageCycles =
            slices().matching("io.sluice.(*)..").should().beFreeOfCycles();

    /**
     * The domain is not written against Quarkus: from it, it uses only the life-cycle events and annotations
     * ({@code io.quarkus.runtime}) and the programmatic transaction boundary ({@code QuarkusTransaction} and its options).
     */
    @ArchTest
    static final ArchRule theDomainUsesQuarkusOnlyForLifeCycleAndTransactions = noClasses()
            .that()
            .resideInAnyPackage(
                    "io.sluice.runs",
                    "io.sluice.runs.launch",
                    "io.sluice.runs.dispatch",
                    "io.sluice.runs.execute",
                    "io.sluice.pools",
                    "io.sluice.backfill",
                    "io.sluice.catalog..",
                    "io.sluice.partitions..",
                    "io.sluice.lake",
                    "io.sluice.lake.bitemporal",
                    "io.sluice.automation..",
                    "io.sluice.audit")
            .should()
            .dependOnClassesThat(DescribedPredicate.describe(
                    "are Quarkus classes other than io.quarkus.runtime and the transaction API (io.quarkus.narayana.jta)",
                    c -> c.getPackageName().startsWith("io.quarkus")
                            && !c.getPackageName().startsWith("io.quarkus.runtime")
                            && !c.getPackageName().equals("io.quarkus.narayana.jta")));

    /** Backfills plug into runs (Admission, RetryPolicy, a group and tags on runs); runs never reach back. */
    @ArchTest
    static final ArchRule runsDoNotDependOnBackfills = noClasses()
            .that()
            .resideInAPackage("io.sluice.runs..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.sluice.backfill..");

    /**
     * Inside runs the arrows point to the dispatcher, never from it: what a launch builds and how a run executes know
     * nothing of the I/O loop that queues and starts them (runs.dispatch); the facades and the stores may use it.
     */
    @ArchTest
    static final ArchRule launchAndExecutionDoNotKnowTheDispatcher = noClasses()
            .that()
            .resideInAnyPackage("io.sluice.runs.launch..", "io.sluice.runs.execute..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.sluice.runs.dispatch..");

    /** Validating and building a launch comes before execution and does not know it (execution may bind config). */
    @ArchTest
    static final ArchRule launchDoesNotKnowExecution = noClasses()
            .that()
            .resideInAPackage("io.sluice.runs.launch..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.sluice.runs.execute..");

    /**
     * Pools plug into runs: they use the model and the launch rules, and give the dispatcher the limits in force
     * through the stored limits ({@code io.sluice.runs.RunLimits}); they never reach into the dispatcher or the execution.
     */
    @ArchTest
    static final ArchRule poolsDoNotKnowDispatchNorExecution = noClasses()
            .that()
            .resideInAPackage("io.sluice.pools..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.sluice.runs.dispatch..", "io.sluice.runs.execute..");

    /** Runs read the pools' limits through their own port (RunLimits); they never import the pools. */
    @ArchTest
    static final ArchRule runsDoNotDependOnPools = noClasses()
            .that()
            .resideInAPackage("io.sluice.runs..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.sluice.pools..");

    /**
     * The cluster (nodes, leases, takeover) plugs into runs through {@code io.sluice.runs.RunOwner}: what runs, automates
     * and stores data never knows about other nodes.
     */
    @ArchTest
    static final ArchRule nothingBelowTheClusterKnowsIt = noClasses()
            .that()
            .resideInAnyPackage(
                    "io.sluice.runs..",
                    "io.sluice.automation..",
                    "io.sluice.lake..",
                    "io.sluice.backfill..",
                    "io.sluice.pools..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.sluice.cluster..");

    private static final Set<String> CLOCK_OWNERS = Set.of(
            "java.time.Instant",
            "java.time.LocalDate",
            "java.time.LocalDateTime",
            "java.time.ZonedDateTime",
            "java.time.OffsetDateTime");

    private static final DescribedPredicate<JavaMethodCall> READ_THE_SYSTEM_CLOCK =
            new DescribedPredicate<>(
                    "read the system clock (Instant.now(), LocalDate.now(), LocalDateTime.now(), System.currentTimeMillis(), ...)") {
                @Override
                public boolean test(JavaMethodCall call) {
                    String owner = call.getTargetOwner().getName();
                    return call.getName().equals("now") && CLOCK_OWNERS.contains(owner)
                            || call.getName().equals("currentTimeMillis") && owner.equals("java.lang.System");
                }
            };

    /**
     * Time comes from the injected {@code java.time.InstantSource}, so tests set it instead of sleeping; only its producer
     * reads the system clock (System.nanoTime for elapsed time is fine). The merge benchmark measures wall time and is
     * leaving the product jar.
     */
    @ArchTest
    static final ArchRule timeComesFromTheInjectedClock = noClasses()
            .that()
            .doNotHaveFullyQualifiedName("io.sluice.runs.Clock")
            .and()
            .resideOutsideOfPackage("io.sluice.lake.benchmark..")
            .should()
            .callMethodWhere(READ_THE_SYSTEM_CLOCK);

    /** Quartz only wakes automation: its adapters (under io.sluice.automation, not the pure core) are the only users. */
    @ArchTest
    static final ArchRule onlyAutomationAdaptersUseQuartz = noClasses()
            .that()
            .resideOutsideOfPackage("io.sluice.automation..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.quartz..");

    /** Of the sensors' adapter, only its Quartz job and its triggers know Quartz; the ticker and the service do not. */
    @ArchTest
    static final ArchRule onlyTheSensorJobAndTriggersKnowQuartz = noClasses()
            .that()
            .resideInAPackage("io.sluice.automation.sensor")
            .and()
            .doNotHaveFullyQualifiedName("io.sluice.automation.sensor.SensorJob")
            .and()
            .doNotHaveFullyQualifiedName("io.sluice.automation.sensor.SensorTriggers")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.quartz..");
}
