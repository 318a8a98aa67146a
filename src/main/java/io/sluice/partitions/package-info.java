/**
 * Partitions: how an asset is split, which partitions exist at an instant, sets of them, and how the partitions
 * of dependent assets map onto each other. Pure JDK (an ArchUnit rule keeps it so).
 *
 * <h2>Definitions and spaces</h2>
 * A {@link io.sluice.partitions.PartitionsDefinition} is declared on an asset: {@link io.sluice.partitions.Unpartitioned},
 * {@link io.sluice.partitions.TimeWindowPartitions} (any {@link io.sluice.partitions.CronSchedule}, zone, start, optional
 * end, end offset, key format), {@link io.sluice.partitions.StaticPartitions},
 * {@link io.sluice.partitions.DynamicPartitions} (a name; keys from a {@link io.sluice.partitions.DynamicPartitionKeys}
 * lookup) and {@link io.sluice.partitions.MultiPartitions} (any number of named dimensions). {@code definition.at(now)}
 * gives a {@link io.sluice.partitions.PartitionSpace}: the partitions that exist then, numbered {@code 0..size-1} in key
 * order. Time-window indexes count windows from the start, so they never change; key, index, window and instant
 * convert by arithmetic in constant time.
 *
 * <h2>Time windows and daylight saving</h2>
 * Windows are {@code [start, end)} between consecutive fire times of the schedule, in local time, as instants. A fire
 * time inside a gap takes the offset from before the gap (02:30 becomes 03:30 new time); boundaries that coincide count
 * once, so the Berlin spring-forward day has 23 hourly windows and no key {@code 02:00}. A fire time inside a repeated
 * period fires at the earlier offset, and again at the later one when the previous fire time is at most the repetition
 * long ago: hourly and finer schedules get 25 windows on the fall-back day, daily and coarser ones one 25-hour window.
 * Keys are the local start in the key format ({@code yyyy-MM-dd} or {@code yyyy-MM-dd-HH:mm} by default); only the two
 * starts of a repeated local time get their offset appended ({@code 2024-10-27-02:00+02:00}, then {@code +01:00}).
 *
 * <h2>Subsets and mappings</h2>
 * A {@link io.sluice.partitions.PartitionSubset} is a space plus {@link io.sluice.partitions.IndexRanges}: sorted,
 * disjoint index ranges, so union, intersection, difference, complement, count and membership cost the number of ranges.
 * A {@link io.sluice.partitions.PartitionMapping} maps a whole subset upstream or downstream and reports, as
 * {@link io.sluice.partitions.MappedPartitions#incomplete()}, the source partitions that need target partitions which
 * do not exist.
 */
package io.sluice.partitions;
