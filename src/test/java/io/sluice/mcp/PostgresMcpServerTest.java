package io.sluice.mcp;

import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.sluice.testing.PostgresLakeProfile;

/** The MCP server's tools and the sample session's queries on the PostgreSQL lake (the store's embedded database). */
@QuarkusTest
@TestProfile(PostgresLakeProfile.class)
class PostgresMcpServerTest extends McpServerTest {}
