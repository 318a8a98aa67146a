package io.sluice.lake.postgres.bitemporal;

import static io.sluice.lake.bitemporal.Sql.list;
import static io.sluice.lake.bitemporal.Sql.literal;
import static io.sluice.lake.bitemporal.Sql.quote;

import io.sluice.lake.bitemporal.BitemporalTable;
import io.sluice.lake.bitemporal.RejectionTexts;
import io.sluice.lake.bitemporal.Replace;
import io.sluice.lake.bitemporal.Sql;
import io.sluice.lake.bitemporal.ValueHash;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The statements of one write on PostgreSQL (14 and later: no MERGE, no TRY_CAST), as text; no I/O. System times are
 * bound as text and cast ({@code CAST(? AS TIMESTAMPTZ)}); every other part of a statement is an identifier that the
 * table's declaration checked, or a literal this class writes.
 *
 * <p>A write uses four temp tables, made in its transaction and dropped at its end ({@code ON COMMIT DROP}):
 * {@code rows} (the batch typed, hashed and grouped by key, date and hash), {@code marks} (the markers typed),
 * {@code scopes} (the scopes whose knowledge the write changed) and {@code delta} (the versions to close and to open).
 */
final class PgMergeSql {

    /** Table names are limited so that the names of their indexes and temp tables stay within 63 bytes. */
    static final int MAX_NAME = 40;

    private final BitemporalTable table;
    private final String schema;
    /** Key, value and scope columns; {@code indexed}: the scope columns, then the other key columns (every index's). */
    private final List<String> keys, values, scope, indexed;
    /** The version table and its companion tables, in the schema; the temp tables of the class comment. */
    private final String versions, assertions, filings, rowsT, marksT, scopesT, deltaT;

    PgMergeSql(String schema, BitemporalTable table) {
        if (table.name().length() > MAX_NAME) {
            throw new IllegalArgumentException("table name " + table.name() + " is longer than " + MAX_NAME
                    + " characters, which the PostgreSQL lake's index names need");
        }
        Sql.identifier(schema, "schema name");
        this.table = table;
        this.schema = schema;
        this.keys = table.keyColumns();
        this.values = table.valueColumns();
        this.scope = table.scopeColumns();
        List<String> lead = new ArrayList<>(scope);
        keys.stream().filter(k -> !scope.contains(k)).forEach(lead::add);
        this.indexed = List.copyOf(lead);
        this.versions = Sql.qualified(schema, table.name());
        this.assertions = Sql.qualified(schema, table.assertionsTable());
        this.filings = Sql.qualified(schema, table.filingsTable());
        String prefix = "sluice_pg_" + table.name() + "_";
        this.rowsT = quote(prefix + "rows");
        this.marksT = quote(prefix + "marks");
        this.scopesT = quote(prefix + "scopes");
        this.deltaT = quote(prefix + "delta");
    }

    /** A table named {@code name} or {@code schema.name}, quoted. */
    static String relation(String name) {
        int dot = name == null ? -1 : name.indexOf('.');
        return dot < 0
                ? quote(Sql.identifier(name, "staged table name"))
                : Sql.qualified(name.substring(0, dot), name.substring(dot + 1));
    }

    // ---- tables

    /** The first key of the advisory locks of bi-temporal writes (the second is the hash of the table's name). */
    static final int LOCK_CLASS = 0x5B17;

    /**
     * One query, parameter 1 the version table's name ({@link #lockName()}): takes the table's write lock until the end
     * of the transaction, so that writes of one table (from any connection or node) run one after the other, as system
     * times must strictly increase and the knowledge base compares the batch with what is current.
     */
    static String lock() {
        return "SELECT pg_advisory_xact_lock(" + LOCK_CLASS + ", hashtext(?))";
    }

    /** The text whose hash names the table's write lock. */
    String lockName() {
        return versions;
    }

    /** One query: whether the version table exists. */
    String tableExists() {
        return "SELECT to_regclass(" + literal(versions) + ") IS NOT NULL";
    }

    /** The version table and its companion tables, with the indexes a write and the reads need ({@link #indexes()}). */
    List<String> createTables() {
        List<String> ddl = new ArrayList<>();
        ddl.add("CREATE TABLE IF NOT EXISTS " + versions + " (" + columns(keys, " NOT NULL") + columns(values, "")
                + "valid_from DATE NOT NULL, valid_to DATE, value_hash VARCHAR NOT NULL, "
                + "system_from TIMESTAMPTZ NOT NULL, system_to TIMESTAMPTZ)");
        ddl.add("CREATE TABLE IF NOT EXISTS " + assertions + " (" + columns(keys, " NOT NULL")
                + "filing_date DATE NOT NULL, value_hash VARCHAR, sys_from TIMESTAMPTZ NOT NULL, sys_to TIMESTAMPTZ)");
        if (table.completeMode()) {
            ddl.add("CREATE TABLE IF NOT EXISTS " + filings + " (" + columns(scope, " NOT NULL")
                    + "filing_date DATE NOT NULL, sys_from TIMESTAMPTZ NOT NULL, sys_to TIMESTAMPTZ)");
        }
        ddl.addAll(createIndexes());
        return ddl;
    }

    /** One secondary index of the version table or of a companion table. */
    record Index(String name, String on, String columns, String where) {

        String create() {
            return "CREATE INDEX IF NOT EXISTS " + quote(name) + " ON " + on + " (" + columns + ")"
                    + (where == null ? "" : " WHERE " + where);
        }
    }

    /**
     * The indexes of the version table and its companion tables, the only place they are defined: {@link
     * #createTables()} creates them, and a first load ({@link #dropIndexes()}) drops and builds them again.
     */
    List<Index> indexes() {
        String name = table.name();
        List<Index> indexes = new ArrayList<>(List.of(
                new Index(name + "__cur", versions, list(indexed, "") + ", valid_from", "system_to IS NULL"),
                new Index(name + "__hash", versions, list(indexed, "") + ", value_hash", null),
                new Index(name + "__sfrom", versions, "system_from", null),
                new Index(name + "__sto", versions, "system_to", null),
                new Index(name + "__a_cur", assertions, list(indexed, "") + ", filing_date", "sys_to IS NULL"),
                new Index(name + "__a_sfrom", assertions, "sys_from", null),
                new Index(name + "__a_sto", assertions, "sys_to", null)));
        if (table.completeMode()) {
            indexes.add(new Index(name + "__f_cur", filings, list(scope, "") + ", filing_date", "sys_to IS NULL"));
            indexes.add(new Index(name + "__f_sfrom", filings, "sys_from", null));
            indexes.add(new Index(name + "__f_sto", filings, "sys_to", null));
        }
        return indexes;
    }

    /** Creates {@link #indexes()} if they do not exist. */
    List<String> createIndexes() {
        return indexes().stream().map(Index::create).toList();
    }

    /**
     * The first load's statements before it writes (see {@code PostgresBitemporalMerge}): drops {@link #indexes()}, so
     * that the rows are written without index entries, and gives the index builds after it the memory to sort in
     * ({@code maintenance_work_mem}, for the rest of the transaction; only index builds and vacuums use it).
     */
    List<String> dropIndexes() {
        List<String> ddl = new ArrayList<>();
        ddl.add("SET LOCAL maintenance_work_mem = '" + FIRST_LOAD_INDEX_MEMORY + "'");
        indexes().forEach(i -> ddl.add("DROP INDEX IF EXISTS " + Sql.qualified(schema, i.name())));
        return ddl;
    }

    /** The memory a first load's index builds sort in (PostgreSQL's default, 64MB, sorts 1.8M keys on disk). */
    static final String FIRST_LOAD_INDEX_MEMORY = "256MB";

    /** One query: whether the version table and its companion tables hold no row, not even a closed one. */
    String isEmpty() {
        List<String> empty = new ArrayList<>();
        for (String t : table.completeMode() ? List.of(versions, assertions, filings) : List.of(versions, assertions)) {
            empty.add("NOT EXISTS (SELECT 1 FROM " + t + ")");
        }
        return "SELECT " + String.join(" AND ", empty);
    }

    /** The write's temp tables, created if this transaction has none yet, and emptied. */
    List<String> temps() {
        List<String> ddl = new ArrayList<>();
        ddl.add(temp(
                rowsT,
                columns(keys, "") + "filing_date DATE, " + columns(values, "")
                        + "value_hash VARCHAR, sluice_n BIGINT, sluice_problem BOOLEAN"));
        ddl.add(temp(marksT, columns(scope, "") + "filing_date DATE, sluice_problem VARCHAR"));
        ddl.add(temp(scopesT, columns(scope, "").replaceAll(", $", "")));
        ddl.add(temp(
                deltaT,
                columns(keys, "") + columns(values, "")
                        + "valid_from DATE, valid_to DATE, value_hash VARCHAR, sluice_close BOOLEAN, "
                        + "sluice_found BOOLEAN"));
        for (String t : List.of(rowsT, marksT, scopesT, deltaT)) {
            ddl.add("DELETE FROM " + t);
        }
        return ddl;
    }

    private static String temp(String name, String columns) {
        return "CREATE TEMP TABLE IF NOT EXISTS " + name + " (" + columns + ") ON COMMIT DROP";
    }

    /** {@code "x" TYPE<constraint>, } for each column, in PostgreSQL's types. */
    private String columns(List<String> columns, String constraint) {
        return columns.stream()
                .map(c -> quote(c) + " " + pgType(c) + constraint + ", ")
                .collect(Collectors.joining());
    }

    private String pgType(String column) {
        return PgTypes.of(table.type(column));
    }

    // ---- staging and validation (section 2)

    /**
     * The staged rows typed and hashed, grouped by (key, date, value_hash) with their count, so that identical rows
     * count once; {@code sluice_problem} marks a NULL key or date. A value that cannot be read as its type fails the
     * statement (see {@link #firstUnreadable}).
     */
    String stageRows(String source) {
        String typed = "SELECT " + casts(keys) + casts(values) + "CAST(__sluice_src." + quote(table.dateColumn())
                + " AS DATE) AS filing_date, " + nullIn(keys, "__sluice_src.") + " OR __sluice_src."
                + quote(table.dateColumn())
                + " IS NULL AS sluice_problem FROM " + source + " AS __sluice_src";
        String firstValues =
                values.stream().map(v -> "(array_agg(" + quote(v) + "))[1], ").collect(Collectors.joining());
        String group = list(keys, "") + ", filing_date, value_hash";
        return "INSERT INTO " + rowsT + " (" + list(keys, "") + ", filing_date, " + prefixed(values)
                + "value_hash, sluice_n, sluice_problem) SELECT " + list(keys, "") + ", filing_date, " + firstValues
                + "value_hash, count(*), bool_or(sluice_problem) FROM (SELECT *, " + ValueHash.sql(values, "")
                + " AS value_hash FROM (" + typed + ") AS __sluice_typed) AS __sluice_hashed GROUP BY " + group;
    }

    /** Gives the planner the staged rows' statistics (temp tables are not analyzed by autovacuum). */
    String analyzeRows() {
        return "ANALYZE " + rowsT;
    }

    /**
     * The knowledge base's statistics, after a bulk write changed it: autovacuum analyzes a table a while after it
     * changed, and until then the planner sees a freshly loaded table as nearly empty (after a first load of 1.8M rows
     * a SINGLE_KEY write scanned every current assertion, estimated at 9,096: 1.1 s instead of 0.1 s).
     */
    String analyzeKnowledge() {
        return "ANALYZE " + assertions + (table.completeMode() ? ", " + filings : "");
    }

    /** The version table's statistics, after a bulk write changed it (see {@link #analyzeKnowledge()}). */
    String analyzeVersions() {
        return "ANALYZE " + versions;
    }

    /** The changed scopes' statistics: with few of them, the timelines are read by index instead of by scans. */
    String analyzeScopes() {
        return "ANALYZE " + scopesT;
    }

    /** The staged markers typed, once each, with the words of their problem (a NULL scope or date) if they have one. */
    String stageMarkers(String source) {
        List<String> checks = new ArrayList<>();
        scope.forEach(s -> checks.add("WHEN __sluice_src." + quote(s) + " IS NULL THEN "
                + literal(RejectionTexts.nullIn(RejectionTexts.SCOPE, s))));
        checks.add("WHEN __sluice_src." + quote(table.dateColumn()) + " IS NULL THEN "
                + literal(RejectionTexts.nullIn(RejectionTexts.DATE, table.dateColumn())));
        return "INSERT INTO " + marksT + " SELECT DISTINCT " + casts(scope) + "CAST(__sluice_src."
                + quote(table.dateColumn()) + " AS DATE), CASE " + String.join(" ", checks) + " END FROM " + source
                + " AS __sluice_src";
    }

    private String casts(List<String> columns) {
        return columns.stream()
                .map(c -> "CAST(__sluice_src." + quote(c) + " AS " + pgType(c) + ") AS " + quote(c) + ", ")
                .collect(Collectors.joining());
    }

    private static String prefixed(List<String> columns) {
        return columns.stream().map(c -> quote(c) + ", ").collect(Collectors.joining());
    }

    private static String nullIn(List<String> columns, String prefix) {
        return columns.stream().map(c -> prefix + quote(c) + " IS NULL").collect(Collectors.joining(" OR "));
    }

    /**
     * One row: the rows in (before identical ones count once), the first row's problem, the first marker's, the first
     * conflict (two values for one key and date), and the write's system time in microseconds since the epoch (see
     * {@link #systemTime()}; its parameters).
     */
    String validation() {
        String rowProblem = "CASE "
                + keys.stream()
                        .map(k -> "WHEN " + quote(k) + " IS NULL THEN "
                                + literal(RejectionTexts.nullIn(RejectionTexts.KEY, k)))
                        .collect(Collectors.joining(" "))
                + " ELSE " + literal(RejectionTexts.nullIn(RejectionTexts.DATE, table.dateColumn())) + " END";
        String conflicts = "SELECT " + list(keys, "") + ", filing_date FROM " + rowsT + " GROUP BY " + list(keys, "")
                + ", filing_date HAVING count(*) > 1";
        return "SELECT (SELECT coalesce(sum(sluice_n), 0) FROM " + rowsT + "), (SELECT " + rowProblem + " FROM "
                + rowsT + " WHERE sluice_problem LIMIT 1), (SELECT " + literal(RejectionTexts.MARKER)
                + " || sluice_problem FROM " + marksT + " WHERE sluice_problem IS NOT NULL LIMIT 1), (SELECT "
                + RejectionTexts.conflictSql(keys) + " FROM (" + conflicts + ") AS __sluice_c LIMIT 1), ("
                + systemTime() + ")";
    }

    /** How many parameters {@link #validation()} and {@link #systemTime()} take: all the requested system time. */
    int systemTimeParameters() {
        return 1;
    }

    /**
     * A scalar: the write's system time in microseconds since the epoch, the requested one (parameter 1) if it is later
     * than every system time of the table and its companion tables, else the latest of those + 1 µs. Each maximum is
     * read from an index.
     */
    String systemTime() {
        List<String> latest = new ArrayList<>();
        for (String[] column : systemColumns()) {
            latest.add("(SELECT max(" + column[1] + ") FROM " + column[0] + ") + INTERVAL '1 microsecond'");
        }
        return "SELECT CAST(EXTRACT(EPOCH FROM greatest(CAST(? AS TIMESTAMPTZ), " + String.join(", ", latest)
                + ")) * 1000000 AS BIGINT)";
    }

    private List<String[]> systemColumns() {
        List<String[]> columns = new ArrayList<>(List.of(
                new String[] {versions, "system_from"},
                new String[] {versions, "system_to"},
                new String[] {assertions, "sys_from"},
                new String[] {assertions, "sys_to"}));
        if (table.completeMode()) {
            columns.add(new String[] {filings, "sys_from"});
            columns.add(new String[] {filings, "sys_to"});
        }
        return columns;
    }

    /** One query: how many rows the staged rows table holds. */
    static String count(String source) {
        return "SELECT count(*) FROM " + source;
    }

    /**
     * Creates the function the explanation of an unreadable value needs (in this session's temp schema): whether a
     * text reads as a type.
     */
    static String readableFunction() {
        return "CREATE OR REPLACE FUNCTION pg_temp.sluice_readable(v text, t text) RETURNS boolean LANGUAGE plpgsql AS "
                + "$sluice$ BEGIN EXECUTE format('SELECT CAST(%L AS %s)', v, t); RETURN true; "
                + "EXCEPTION WHEN data_exception THEN RETURN false; END $sluice$";
    }

    /**
     * A scalar query: the words of the first row of {@code source} that has a NULL or unreadable key or date or an
     * unreadable value (NULL if none), as the DuckDB engine words it; with {@code markers}, of the first marker with a
     * NULL or unreadable scope or date, after {@link RejectionTexts#MARKER}. Needs {@link #readableFunction()}.
     */
    String firstUnreadable(String source, boolean markers) {
        List<String> checks = new ArrayList<>();
        String what = markers ? RejectionTexts.SCOPE : RejectionTexts.KEY;
        (markers ? scope : keys).forEach(c -> checks.addAll(required(c, what, table.type(c), pgType(c))));
        checks.addAll(required(table.dateColumn(), RejectionTexts.DATE, "DATE", "DATE"));
        for (String v : markers ? List.<String>of() : values) {
            checks.add("WHEN __sluice_src." + quote(v) + " IS NOT NULL AND " + unreadable(v, pgType(v)) + " THEN "
                    + RejectionTexts.cannotReadSql(RejectionTexts.VALUE, v, "__sluice_src." + quote(v), table.type(v)));
        }
        return firstProblem(source, checks, markers ? RejectionTexts.MARKER : "");
    }

    private static String firstProblem(String source, List<String> checks, String before) {
        return "SELECT " + (before.isEmpty() ? "" : literal(before) + " || ") + "sluice_problem FROM (SELECT CASE "
                + String.join(" ", checks) + " END AS sluice_problem FROM " + source
                + " AS __sluice_src) AS __sluice_checked WHERE sluice_problem IS NOT NULL LIMIT 1";
    }

    private static List<String> required(String column, String what, String declared, String type) {
        return List.of(
                "WHEN __sluice_src." + quote(column) + " IS NULL THEN " + literal(RejectionTexts.nullIn(what, column)),
                "WHEN " + unreadable(column, type) + " THEN "
                        + RejectionTexts.cannotReadSql(what, column, "__sluice_src." + quote(column), declared));
    }

    private static String unreadable(String column, String type) {
        return "NOT pg_temp.sluice_readable(CAST(__sluice_src." + quote(column) + " AS VARCHAR), " + literal(type)
                + ")";
    }

    // ---- the knowledge base (section 3)

    /**
     * Changes the knowledge base as {@code replace} says, in one statement at the system time (every parameter): closes
     * the current filings and assertions that the batch replaces and does not repeat, opens the batch's that are not
     * current yet, and records the scopes of every row closed or opened in the {@code scopes} temp table. Its update
     * count is the number of those scopes: 0 when the knowledge stays as it was.
     *
     * <p>With {@code empty} (the companion tables hold no row: {@link #isEmpty()}), nothing is current to close or to
     * compare with, so the statement only opens the batch's rows (whose filings and assertions are distinct already),
     * without the anti-joins; its parameters: {@link #knowledgeParameters(boolean)}.
     */
    String changeKnowledge(Replace replace, boolean empty) {
        String batchFilings = "SELECT " + list(scope, "") + ", filing_date FROM " + rowsT + " UNION SELECT "
                + list(scope, "") + ", filing_date FROM " + marksT;
        String batchAssertions = "SELECT " + list(keys, "") + ", filing_date, value_hash FROM " + rowsT
                + (table.completeMode()
                        ? ""
                        : " UNION ALL SELECT " + list(keys, "__sluice_m")
                                + ", __sluice_m.filing_date, CAST(NULL AS VARCHAR) FROM "
                                + marksT + " AS __sluice_m WHERE NOT EXISTS (SELECT 1 FROM " + rowsT
                                + " AS __sluice_r WHERE "
                                + Sql.equal(keys, "__sluice_r", "__sluice_m")
                                + " AND __sluice_r.filing_date = __sluice_m.filing_date)");
        String region = table.completeMode() ? "sluice_bf" : "sluice_ba";
        List<String> ctes = new ArrayList<>();
        if (table.completeMode()) {
            ctes.add("sluice_bf AS (" + batchFilings + ")");
        }
        ctes.add("sluice_ba AS (" + batchAssertions + ")");
        return changes(ctes, replaced(replace, region), empty);
    }

    /**
     * The end of {@link #changeKnowledge} and {@link #rollbackKnowledge}, after the CTEs of the knowledge to make
     * current ({@code sluice_bf}: filings, in complete mode; {@code sluice_ba}: assertions): closes the current rows
     * where {@code closable} holds (of current row {@code x}) that it does not hold, opens its rows that are not current
     * (each at the system time, a parameter), and records the scopes of every row closed or opened.
     */
    private String changes(List<String> ctes, String closable, boolean empty) {
        List<String> changed = new ArrayList<>();
        if (table.completeMode()) {
            String same = Sql.equal(scope, "__sluice_b", "__sluice_x")
                    + " AND __sluice_b.filing_date = __sluice_x.filing_date";
            if (!empty) {
                ctes.add("sluice_fc AS (UPDATE " + filings
                        + " AS __sluice_x SET sys_to = CAST(? AS TIMESTAMPTZ) WHERE __sluice_x.sys_to "
                        + "IS NULL AND " + closable + " AND NOT EXISTS (SELECT 1 FROM sluice_bf AS __sluice_b WHERE "
                        + same + ") RETURNING " + list(scope, "__sluice_x") + ")");
                changed.add("sluice_fc");
            }
            ctes.add("sluice_fo AS (INSERT INTO " + filings + " (" + list(scope, "")
                    + ", filing_date, sys_from, sys_to) SELECT " + list(scope, "__sluice_b")
                    + ", __sluice_b.filing_date, CAST(? AS TIMESTAMPTZ), NULL FROM sluice_bf AS __sluice_b"
                    + (empty
                            ? ""
                            : " WHERE NOT EXISTS (SELECT 1 FROM " + filings
                                    + " AS __sluice_x WHERE __sluice_x.sys_to IS NULL AND " + same + ")")
                    + " RETURNING " + list(scope, "") + ")");
            changed.add("sluice_fo");
        }
        String sameAssertion = Sql.equal(keys, "__sluice_b", "__sluice_x")
                + " AND __sluice_b.filing_date = __sluice_x.filing_date AND __sluice_b.value_hash IS NOT DISTINCT FROM __sluice_x.value_hash";
        if (!empty) {
            ctes.add("sluice_ac AS (UPDATE " + assertions
                    + " AS __sluice_x SET sys_to = CAST(? AS TIMESTAMPTZ) WHERE __sluice_x.sys_to "
                    + "IS NULL AND " + closable + " AND NOT EXISTS (SELECT 1 FROM sluice_ba AS __sluice_b WHERE "
                    + sameAssertion + ") RETURNING " + list(scope, "__sluice_x") + ")");
            changed.add("sluice_ac");
        }
        ctes.add("sluice_ao AS (INSERT INTO " + assertions + " (" + list(keys, "")
                + ", filing_date, value_hash, sys_from, sys_to) SELECT " + list(keys, "__sluice_b")
                + ", __sluice_b.filing_date, __sluice_b.value_hash, CAST(? AS TIMESTAMPTZ), NULL FROM sluice_ba AS __sluice_b"
                + (empty
                        ? ""
                        : " WHERE NOT EXISTS (SELECT 1 FROM " + assertions
                                + " AS __sluice_x WHERE __sluice_x.sys_to IS NULL AND " + sameAssertion + ")")
                + " RETURNING " + list(scope, "") + ")");
        changed.add("sluice_ao");
        return "WITH " + String.join(", ", ctes) + " INSERT INTO " + scopesT + " SELECT DISTINCT * FROM ("
                + changed.stream().map(c -> "SELECT * FROM " + c).collect(Collectors.joining(" UNION ALL "))
                + ") AS sluice_changed";
    }

    /**
     * Rollback: makes the knowledge believed at a system time current again, in one statement, as {@link
     * #changeKnowledge} changes it for a batch: closes the current filings and assertions (of the dates {@code
     * [from, until)} when given) that were not believed then, opens those believed then that are not current, and
     * records the scopes of every row closed or opened. Parameters, in order: with dates, from and until; for each
     * companion table (filings first in complete mode) the believed-at time twice; then the rollback's system time
     * twice per companion table. Its update count is 0 when the knowledge stays as it was.
     */
    String rollbackKnowledge(boolean dated) {
        String within = dated
                ? " AND filing_date >= (SELECT __sluice_f FROM sluice_range) AND filing_date < (SELECT __sluice_u FROM sluice_range)"
                : "";
        String believed = " WHERE sys_from <= CAST(? AS TIMESTAMPTZ) AND (sys_to IS NULL OR CAST(? AS TIMESTAMPTZ) < "
                + "sys_to)" + within;
        List<String> ctes = new ArrayList<>();
        String inRange = dated
                ? "__sluice_x.filing_date >= (SELECT __sluice_f FROM sluice_range) AND __sluice_x.filing_date < (SELECT __sluice_u FROM sluice_range)"
                : "TRUE";
        if (dated) {
            ctes.add("sluice_range AS (SELECT CAST(? AS DATE) AS __sluice_f, CAST(? AS DATE) AS __sluice_u)");
        }
        if (table.completeMode()) {
            ctes.add("sluice_bf AS (SELECT " + list(scope, "") + ", filing_date FROM " + filings + believed + ")");
        }
        ctes.add("sluice_ba AS (SELECT " + list(keys, "") + ", filing_date, value_hash FROM " + assertions + believed
                + ")");
        return changes(ctes, inRange, false);
    }

    /** How many parameters {@link #changeKnowledge} takes: all the system time. */
    int knowledgeParameters(boolean empty) {
        return (table.completeMode() ? 2 : 1) * (empty ? 1 : 2);
    }

    /** The condition that the current companion row {@code x} lies in the part of the knowledge the batch replaces. */
    private String replaced(Replace replace, String region) {
        return switch (replace) {
            case NONE ->
                "EXISTS (SELECT 1 FROM " + region + " AS __sluice_r WHERE "
                        + Sql.equal(scope, "__sluice_r", "__sluice_x")
                        + " AND __sluice_r.filing_date = __sluice_x.filing_date)";
            case SCOPES ->
                "EXISTS (SELECT 1 FROM " + region + " AS __sluice_r WHERE "
                        + Sql.equal(scope, "__sluice_r", "__sluice_x") + ")";
            case ALL -> "TRUE";
        };
    }

    // ---- versions

    /**
     * Fills the {@code delta} temp table: for the changed scopes, the versions of their timeline (section 3) that are
     * not current ({@code sluice_close} false, with their values and whether any were found) and the current versions
     * that are not in it ({@code sluice_close} true), compared by key, valid_from, valid_to and value_hash.
     *
     * <p>The timeline is read from the scopes' whole current knowledge: every filing date with the dates before and
     * after it (in key mode the key's own assertion dates, tombstones included), every assertion with whether it
     * continues the key's previous one (same hash on the scope's previous filing date), a run number that grows at
     * every assertion that does not, and one version per run: from its first date to the filing date after its last.
     *
     * <p>With {@code empty} (a first load: the version table was empty and every current assertion is the batch's),
     * every scope of the knowledge changed and no version is current, so the timeline is read without the scopes and
     * every version of it is opened, with the values of the batch's row on its first date.
     */
    String delta(boolean empty) {
        String known = "SELECT " + list(scope, "__sluice_f") + ", __sluice_f.filing_date FROM "
                + (table.completeMode() ? filings : assertions) + " AS __sluice_f";
        String dates = empty
                ? known + " WHERE __sluice_f.sys_to IS NULL"
                : known + " JOIN " + scopesT + " AS __sluice_c ON " + Sql.equal(scope, "__sluice_f", "__sluice_c")
                        + " WHERE __sluice_f.sys_to IS NULL";
        String filingDates = "sluice_fd AS (SELECT " + list(scope, "") + ", filing_date, lag(filing_date) OVER w AS "
                + "sluice_before, lead(filing_date) OVER w AS sluice_after FROM (" + dates
                + ") AS __sluice_d WINDOW w AS "
                + "(PARTITION BY " + list(scope, "") + " ORDER BY filing_date))";
        String knowledge =
                "sluice_k AS (SELECT " + list(keys, "__sluice_a") + ", __sluice_a.filing_date, __sluice_a.value_hash, "
                        + "__sluice_fd.sluice_after, (lag(__sluice_a.filing_date) OVER w = __sluice_fd.sluice_before AND lag(__sluice_a.value_hash) OVER w = "
                        + "__sluice_a.value_hash) IS TRUE AS sluice_goes_on FROM " + assertions
                        + " AS __sluice_a JOIN sluice_fd AS __sluice_fd ON "
                        + Sql.equal(scope, "__sluice_a", "__sluice_fd")
                        + " AND __sluice_a.filing_date = __sluice_fd.filing_date WHERE __sluice_a.sys_to IS NULL WINDOW w AS "
                        + "(PARTITION BY " + list(keys, "__sluice_a") + " ORDER BY __sluice_a.filing_date))";
        String runs = "sluice_runs AS (SELECT *, count(*) FILTER (WHERE NOT sluice_goes_on) OVER (PARTITION BY "
                + list(keys, "") + " ORDER BY filing_date) AS sluice_run FROM sluice_k WHERE value_hash IS NOT NULL)";
        String timeline = "sluice_new AS (SELECT " + list(keys, "") + ", min(filing_date) AS valid_from, "
                + "(array_agg(sluice_after ORDER BY filing_date DESC))[1] AS valid_to, min(value_hash) AS value_hash "
                + "FROM sluice_runs GROUP BY " + list(keys, "") + ", sluice_run)";
        String current = "sluice_now AS (SELECT " + list(keys, "__sluice_t")
                + ", __sluice_t.valid_from, __sluice_t.valid_to, __sluice_t.value_hash FROM "
                + versions + " AS __sluice_t JOIN " + scopesT + " AS __sluice_c ON "
                + Sql.equal(scope, "__sluice_t", "__sluice_c")
                + " WHERE __sluice_t.system_to IS NULL)";
        String gone = "sluice_gone AS (SELECT * FROM sluice_now EXCEPT SELECT * FROM sluice_new)";
        String born = "sluice_born AS (SELECT * FROM sluice_new EXCEPT SELECT * FROM sluice_now)";
        String noValues =
                values.stream().map(v -> "CAST(NULL AS " + pgType(v) + "), ").collect(Collectors.joining());
        // values from the batch (one row per key and hash, joined), else from any version with the key and hash (by
        // index, only for the versions the batch does not carry)
        String batchValues = "SELECT DISTINCT ON (" + list(keys, "") + ", value_hash) " + list(keys, "") + ", "
                + prefixed(values) + "value_hash FROM " + rowsT;
        String tableValues = "LEFT JOIN LATERAL (SELECT " + prefixed(values) + "TRUE AS sluice_found FROM " + versions
                + " AS __sluice_s WHERE __sluice_r.value_hash IS NULL AND "
                + Sql.equal(keys, "__sluice_s", "__sluice_b")
                + " AND __sluice_s.value_hash = __sluice_b.value_hash LIMIT 1) AS __sluice_k ON TRUE";
        String chosen = values.stream()
                .map(v -> "CASE WHEN __sluice_r.value_hash IS NULL THEN __sluice_k." + quote(v) + " ELSE __sluice_r."
                        + quote(v) + " END, ")
                .collect(Collectors.joining());
        if (empty) {
            return "INSERT INTO " + deltaT + " WITH " + String.join(", ", filingDates, knowledge, runs, timeline)
                    + " SELECT " + list(keys, "__sluice_b") + ", "
                    + values.stream().map(v -> "__sluice_r." + quote(v) + ", ").collect(Collectors.joining())
                    + "__sluice_b.valid_from, __sluice_b.valid_to, __sluice_b.value_hash, FALSE,"
                    + " __sluice_r.value_hash IS NOT NULL FROM sluice_new AS __sluice_b LEFT JOIN " + rowsT
                    + " AS __sluice_r ON " + Sql.equal(keys, "__sluice_r", "__sluice_b")
                    + " AND __sluice_r.filing_date = __sluice_b.valid_from AND __sluice_r.value_hash = __sluice_b.value_hash";
        }
        return "INSERT INTO " + deltaT + " WITH "
                + String.join(", ", filingDates, knowledge, runs, timeline, current, gone, born)
                + " SELECT " + list(keys, "__sluice_g") + ", " + noValues
                + "__sluice_g.valid_from, __sluice_g.valid_to, __sluice_g.value_hash, TRUE, TRUE "
                + "FROM sluice_gone AS __sluice_g UNION ALL SELECT " + list(keys, "__sluice_b") + ", " + chosen
                + "__sluice_b.valid_from, __sluice_b.valid_to, __sluice_b.value_hash, FALSE, __sluice_r.value_hash IS NOT NULL OR __sluice_k.sluice_found IS NOT NULL "
                + "FROM sluice_born AS __sluice_b LEFT JOIN (" + batchValues + ") AS __sluice_r ON "
                + Sql.equal(keys, "__sluice_r", "__sluice_b")
                + " AND __sluice_r.value_hash = __sluice_b.value_hash " + tableValues;
    }

    /** One row: the versions to close, to open, and to open without values. */
    String pending() {
        return "SELECT count(*) FILTER (WHERE sluice_close), count(*) FILTER (WHERE NOT sluice_close), "
                + "count(*) FILTER (WHERE NOT sluice_found) FROM " + deltaT;
    }

    /**
     * One row, in one statement at the system time (both parameters): closes the current versions that {@code delta}
     * closes and inserts those it opens; the versions closed and opened.
     */
    String applyDelta() {
        List<String> columns = table.versionColumns();
        String opened = String.join(
                ", ",
                columns.subList(0, columns.size() - 2).stream().map(Sql::quote).toList());
        return "WITH sluice_closed AS (UPDATE " + versions
                + " AS __sluice_t SET system_to = CAST(? AS TIMESTAMPTZ) FROM "
                + deltaT + " AS __sluice_d WHERE __sluice_d.sluice_close AND __sluice_t.system_to IS NULL AND "
                + Sql.equal(keys, "__sluice_t", "__sluice_d")
                + " AND __sluice_t.valid_from = __sluice_d.valid_from AND __sluice_t.value_hash = __sluice_d.value_hash RETURNING 1), sluice_opened AS "
                + "(INSERT INTO " + versions + " (" + opened + ", system_from, system_to) SELECT " + opened
                + ", CAST(? AS TIMESTAMPTZ), NULL FROM " + deltaT + " WHERE NOT sluice_close RETURNING 1) "
                + "SELECT (SELECT count(*) FROM sluice_closed), (SELECT count(*) FROM sluice_opened)";
    }
}
