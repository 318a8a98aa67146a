package io.sluice.automation.sensor;

import io.sluice.automation.SensorSpec;
import io.sluice.runs.RequestRejected;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The declared sensors (every {@link DeclaredSensor} bean), by name; two with one name stop the start-up. */
@ApplicationScoped
public class SensorRegistry {

    private final Map<String, DeclaredSensor> byName;

    public SensorRegistry(Instance<DeclaredSensor> declared) {
        List<DeclaredSensor> all = new ArrayList<>();
        declared.forEach(all::add);
        this.byName = byName(all);
    }

    /** The sensors by name; a name declared twice is an error naming both classes. */
    static Map<String, DeclaredSensor> byName(Collection<DeclaredSensor> sensors) {
        Map<String, DeclaredSensor> byName = new TreeMap<>();
        for (DeclaredSensor sensor : sensors) {
            SensorSpec spec = sensor.spec();
            DeclaredSensor other = byName.putIfAbsent(spec.name(), sensor);
            if (other != null) {
                throw new IllegalStateException("two sensors are named '" + spec.name() + "': " + className(other)
                        + " and " + className(sensor) + "; sensor names must be unique");
            }
        }
        return Map.copyOf(byName);
    }

    private static String className(DeclaredSensor sensor) {
        String name = sensor.getClass().getName();
        int proxy = name.indexOf("_ClientProxy");
        return proxy < 0 ? name : name.substring(0, proxy);
    }

    /** Every declared sensor, by name. */
    public List<DeclaredSensor> all() {
        return new TreeMap<>(byName).values().stream().toList();
    }

    /** The sensor named {@code name}, or a 404 problem. */
    public DeclaredSensor require(String name) {
        DeclaredSensor sensor = name == null ? null : byName.get(name);
        if (sensor == null) {
            throw RequestRejected.notFound("name", "no sensor is named '" + name + "'");
        }
        return sensor;
    }
}
