package io.sluice.lake.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The port's numbered parameters, as PostgreSQL's driver takes them. */
class PgSqlTest {

    @Test
    void numberedParametersBecomeQuestionMarksWithTheirValuesInOrder() {
        PgSql sql = PgSql.of("SELECT $2, $1, $2", List.of("a", "b"));
        assertThat(sql.text()).isEqualTo("SELECT ?, ?, ?");
        assertThat(sql.params()).containsExactly("b", "a", "b");
    }

    @Test
    void aDollarInLiteralsIdentifiersCommentsAndDollarQuotesIsText() {
        String text = "SELECT '$1', E'\\'$1', \"$1\", $$ $1 $$, $q$ $1 $q$ -- $1\n, /* $1 */ $1";
        PgSql sql = PgSql.of(text, List.of("x"));
        assertThat(sql.text()).isEqualTo("SELECT '$1', E'\\'$1', \"$1\", $$ $1 $$, $q$ $1 $q$ -- $1\n, /* $1 */ ?");
        assertThat(sql.params()).containsExactly("x");
    }

    @Test
    void questionMarksStayAsTheyAre() {
        PgSql sql = PgSql.of("SELECT ? || 'it''s $1'", List.of("y"));
        assertThat(sql.text()).isEqualTo("SELECT ? || 'it''s $1'");
        assertThat(sql.params()).containsExactly("y");
    }

    @Test
    void aNumberWithoutAValueIsRefused() {
        assertThatThrownBy(() -> PgSql.of("SELECT $3", List.of("a"))).hasMessageContaining("$3 has no value");
    }
}
