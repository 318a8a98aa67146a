-- The cursor a tick leaves is kept once, on automation_state, not copied into every tick: a sensor's cursor can be as
-- large as the folder it watches (hundreds of KB) and a sensor ticks every few seconds.
ALTER TABLE automation_tick DROP COLUMN cursor_value;
