/**
 * Users, sessions, tokens and failed logins on Hibernate ORM (tables of {@code V26_1__access.sql}); both persistence
 * units list this package in {@code application.properties}.
 */
package io.sluice.access.store;
