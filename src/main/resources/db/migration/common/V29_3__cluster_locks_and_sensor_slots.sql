-- Sensors fire once per interval across a cluster: the slot a sensor last evaluated, as the epoch millisecond of the
-- slot's middle (see SensorSlots); NULL: none since the sensor was last started.
ALTER TABLE automation_state ADD COLUMN last_slot BIGINT;

-- One lake per cluster (issue 29): which lake the cluster writes and which node writes it (cluster_lock is V29_2's)
INSERT INTO cluster_lock (name) VALUES ('lake');
