package io.sluice.catalog;

/** The declared assets do not form a valid catalog (duplicate key, missing dependency, cycle). */
public class CatalogException extends RuntimeException {
    public CatalogException(String message) {
        super(message);
    }
}
