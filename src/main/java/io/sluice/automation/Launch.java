package io.sluice.automation;

import io.sluice.catalog.AssetKey;
import java.util.List;
import java.util.Map;

/**
 * What an automation decision asks to launch: a run ({@link LaunchRequest}) or a backfill
 * ({@link BackfillLaunchRequest}). An intent, never stored as such: an adapter turns it into a real launch through
 * the run queue, and the tags name the schedule, sensor or trigger that asked for it.
 */
public sealed interface Launch permits LaunchRequest, BackfillLaunchRequest {

    /** Tag naming the schedule that launched a run or backfill. */
    String SCHEDULE_TAG = "sluice/schedule";
    /** Tag naming the sensor that launched a run or backfill. */
    String SENSOR_TAG = "sluice/sensor";
    /** Tag marking a launch of an asset-dependency trigger; its value is the policy. */
    String TRIGGER_TAG = "sluice/trigger";
    /** Tag with the attempt (2 or more) of a trigger's launch after its earlier run failed. */
    String TRIGGER_ATTEMPT_TAG = "sluice/trigger-attempt";
    /** Tag with the tick (ISO instant) a schedule launch belongs to. */
    String TICK_TAG = "sluice/tick";

    List<AssetKey> assets();

    LaunchMode mode();

    Map<String, Object> config();

    String reason();

    Map<String, String> tags();

    /** The same launch with one more tag. */
    Launch withTag(String name, String value);
}
