package io.sluice;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The dependency directions of GUIDE.md, kept true by the build. */
@AnalyzeClasses(packages = "io.sluice", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule partitionsUseTheJdkOnly = noClasses().that().resideInAPackage("io.sluice.partitions..")
            .should().dependOnClassesThat().resideOutsideOfPackages("io.sluice.partitions..", "io.sluice.text..", "java..");

    /** The automation core is pure: decisions on values; Quartz, the store and the run queue come in through adapters. */
    @ArchTest
    static final ArchRule automationIsPure = noClasses().that().resideInAPackage("io.sluice.automation")
            .should().dependOnClassesThat().resideOutsideOfPackages("io.sluice.automation", "io.sluice.partitions..",
                    "io.sluice.catalog..", "java..");

    /** What user text may hold: a leaf every layer may use. */
    @ArchTest
    static final ArchRule textUsesTheJdkOnly = noClasses().that().resideInAPackage("io.sluice.text..")
            .should().dependOnClassesThat().resideOutsideOfPackages("io.sluice.text..", "java..");

    @ArchTest
    static final ArchRule onlyTheLakeTouchesDuckDb = noClasses().that().resideOutsideOfPackage("io.sluice.lake..")
            .should().dependOnClassesThat().resideInAPackage("org.duckdb..");

    @ArchTest
    static final ArchRule runsNeverImportTheLakeOrTheEdges = noClasses().that().resideInAnyPackage("io.sluice.runs..", "io.sluice.catalog..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sluice.lake..", "io.sluice.api..", "io.sluice.web..");

    @ArchTest
    static final ArchRule catalogDoesNotKnowRuns = noClasses().that().resideInAPackage("io.sluice.catalog..")
            .should().dependOnClassesThat().resideInAnyPackage("io.sluice.runs..", "io.sluice.audit..");

    @ArchTest
    static final ArchRule onlyStoresTouchJpa = noClasses().that().resideOutsideOfPackages("..store..")
            .should().dependOnClassesThat().resideInAnyPackage("jakarta.persistence..", "org.hibernate..");

    @ArchTest
    static final ArchRule edgesDoNotCallEachOtherOrTheStores = noClasses().that().resideInAnyPackage("io.sluice.api..", "io.sluice.web..")
            .should().dependOnClassesThat().resideInAnyPackage("..store..", "io.sluice.lake..")
            .orShould().dependOnClassesThat().resideInAnyPackage(
                    "io.sluice.cli..");

    @ArchTest
    static final ArchRule webDoesNotCallTheApi = noClasses().that().resideInAPackage("io.sluice.web..")
            .should().dependOnClassesThat().resideInAPackage("io.sluice.api..");

    @ArchTest
    static final ArchRule apiDoesNotCallTheWeb = noClasses().that().resideInAPackage("io.sluice.api..")
            .should().dependOnClassesThat().resideInAPackage("io.sluice.web..");
}
