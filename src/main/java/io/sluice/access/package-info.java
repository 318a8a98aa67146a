/**
 * Authentication, behind {@code sluice.auth.enabled}: users (bcrypt password hashes through Quarkus security), login
 * sessions kept server-side, personal API tokens, the throttle on failed logins, the first admin and the loopback rule.
 * Quarkus security's identity providers ({@link io.sluice.access.AccessIdentityProviders}) turn a session cookie or a
 * bearer token into the {@link io.sluice.identity.Caller} the faces act as. The stores' implementations are in
 * {@code access.store}; nothing here knows the faces (api, web), and ArchUnit keeps it so.
 */
package io.sluice.access;
