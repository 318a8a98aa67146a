package io.sluice.app;

import io.sluice.automation.AutomationState;
import io.sluice.automation.schedule.ScheduleSwitch;
import io.sluice.automation.sensor.SensorService;
import io.sluice.automation.sensor.SensorView;
import io.sluice.identity.Action;
import io.sluice.identity.Caller;
import jakarta.enterprise.context.ApplicationScoped;

/** Starting and stopping schedules and sensors, as the caller. */
@ApplicationScoped
public class AutomationCommands {

    private final ScheduleSwitch schedules;
    private final SensorService sensors;

    public AutomationCommands(ScheduleSwitch schedules, SensorService sensors) {
        this.schedules = schedules;
        this.sensors = sensors;
    }

    public AutomationState startSchedule(Caller caller, String name, String reason) {
        caller.require(Action.SWITCH_AUTOMATION);
        return schedules.start(name, caller.name(), reason);
    }

    public AutomationState stopSchedule(Caller caller, String name, String reason) {
        caller.require(Action.SWITCH_AUTOMATION);
        return schedules.stop(name, caller.name(), reason);
    }

    public SensorView startSensor(Caller caller, String name, String reason) {
        caller.require(Action.SWITCH_AUTOMATION);
        return sensors.start(name, caller.name(), reason);
    }

    public SensorView stopSensor(Caller caller, String name, String reason) {
        caller.require(Action.SWITCH_AUTOMATION);
        return sensors.stop(name, caller.name(), reason);
    }
}
