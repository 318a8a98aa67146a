-- Sensors fire once per interval across a cluster: the slot a sensor last evaluated, as the epoch millisecond of the
-- slot's middle (see SensorSlots); NULL: none since the sensor was last started.
ALTER TABLE automation_state ADD COLUMN last_slot BIGINT;
