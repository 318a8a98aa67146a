package io.sluice.lake.duckdb.bitemporal;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The engine stays framework-free, and only its loader touches the DuckDB driver's own classes. */
class EngineDependenciesTest {

    private final JavaClasses engine = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.sluice.lake.bitemporal", "io.sluice.lake.duckdb.bitemporal");

    @Test
    void the_engine_uses_no_framework() {
        noClasses()
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage("io.quarkus..", "jakarta..", "javax.inject..", "com.fasterxml..", "picocli..")
                .check(engine);
    }

    @Test
    void only_the_loader_imports_org_duckdb() {
        noClasses()
                .that()
                .doNotHaveSimpleName("BatchLoader")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("org.duckdb..")
                .check(engine);
    }
}
