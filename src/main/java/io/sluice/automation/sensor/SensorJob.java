package io.sluice.automation.sensor;

import jakarta.enterprise.inject.spi.CDI;
import org.quartz.DisallowConcurrentExecution;
import org.quartz.Job;
import org.quartz.JobExecutionContext;

/**
 * What Quartz runs at a sensor's interval: one fire of the sensor named in the job's data ({@link SensorTicker#fire},
 * which evaluates at most once per slot across the cluster). Never two at once for one sensor on one node; the tick
 * locks the sensor's state row besides.
 */
@DisallowConcurrentExecution
public class SensorJob implements Job {

    static final String SENSOR = "sensor";

    @Override
    public void execute(JobExecutionContext context) {
        String name = context.getMergedJobDataMap().getString(SENSOR);
        CDI.current().select(SensorTicker.class).get().fire(name);
    }
}
