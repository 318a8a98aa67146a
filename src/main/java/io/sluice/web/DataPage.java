package io.sluice.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.sluice.lake.LakeTables;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** The data browser's list: the lake's tables with their write mode, row counts and last write. */
@Path("/data")
@Produces(MediaType.TEXT_HTML)
public class DataPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance page(List<DataPageRow> tables);
    }

    private final LakeTables tables;

    public DataPage(LakeTables tables) {
        this.tables = tables;
    }

    @GET
    public TemplateInstance page() {
        return Templates.page(tables.tables().stream().map(DataPageRow::of).toList());
    }
}
