/**
 * The pools' limits on Hibernate ORM: {@link io.sluice.pools.store.PoolLimitEntity} (table {@code pool_limit}) and
 * {@link io.sluice.pools.store.JpaPoolLimitStore}. Both persistence units list this package in
 * {@code application.properties}, so the entity is found with the H2 and the PostgreSQL backend alike.
 */
package io.sluice.pools.store;
