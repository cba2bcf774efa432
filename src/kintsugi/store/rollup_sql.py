"""Rollup tables kept at write time by triggers, so the dashboard never scans all events.

Three summaries, each keyed so that one agent (one node) only ever touches its own rows and
hundreds of concurrent writers do not queue on a shared row:

- ``run_nodes``: per run and node, first and last event time and the event count.
- ``step_buckets``: rank 0's steps per run in fixed time buckets (10 s and 600 s wide):
  count, summed step time, summed finite loss, highest step. Only rank 0 writes them.
- ``first_steps``: per run, node and attempt, the first step event (of rank 0, and of any
  rank), which is all the badput accounting needs from the bulk of step events.

Triggers fire only for rows actually inserted, so redelivered events (same ``eid``) are not
counted twice. The migration fills the tables from events already stored.
"""

from __future__ import annotations

BUCKET_WIDTHS_S = (10, 600)
"""Widths of the step buckets, in seconds: fine for short runs, coarse for month-long ones."""

_TABLES = (
    """CREATE TABLE run_nodes (
        run_id TEXT NOT NULL,
        node TEXT NOT NULL,
        first_ts {real} NOT NULL,
        last_ts {real} NOT NULL,
        n_events BIGINT NOT NULL,
        PRIMARY KEY (run_id, node))""",
    """CREATE TABLE step_buckets (
        run_id TEXT NOT NULL,
        width INTEGER NOT NULL,
        bucket BIGINT NOT NULL,
        n BIGINT NOT NULL,
        step_time_sum {real} NOT NULL,
        loss_sum {real} NOT NULL,
        loss_n BIGINT NOT NULL,
        max_step BIGINT,
        PRIMARY KEY (run_id, width, bucket))""",
    """CREATE TABLE first_steps (
        run_id TEXT NOT NULL,
        node TEXT NOT NULL,
        attempt INTEGER NOT NULL,
        rank0 INTEGER NOT NULL,
        ts {real} NOT NULL,
        eid TEXT NOT NULL,
        PRIMARY KEY (run_id, node, attempt, rank0))""",
    """CREATE TABLE run_state (
        run_id TEXT PRIMARY KEY,
        start_ts {real},
        end_ts {real},
        outcome TEXT,
        max_attempt INTEGER,
        n_diagnoses BIGINT NOT NULL,
        last_diag_ts {real},
        last_diag_eid TEXT)""",
    # A run's control events by kind (all nodes), and one node's within a run, without
    # touching the run's step events.
    "CREATE INDEX events_run_kind_ts ON events (run_id, kind, ts)",
    "CREATE INDEX events_run_node_kind_ts ON events (run_id, node, kind, ts)",
)

# The run's life from its rare control events; the newest end and diagnosis win.
_RUN_STATE_UPSERT = """INSERT INTO run_state {alias} VALUES (
        NEW.run_id,
        CASE WHEN NEW.kind = 'run_start' THEN NEW.ts END,
        CASE WHEN NEW.kind = 'run_end' THEN NEW.ts END,
        CASE WHEN NEW.kind = 'run_end' THEN {outcome} END,
        CASE WHEN NEW.kind = 'attempt_start' THEN NEW.attempt END,
        CASE WHEN NEW.kind = 'diagnosis' THEN 1 ELSE 0 END,
        CASE WHEN NEW.kind = 'diagnosis' THEN NEW.ts END,
        CASE WHEN NEW.kind = 'diagnosis' THEN NEW.eid END)
    ON CONFLICT (run_id) DO UPDATE SET
        start_ts = coalesce({min}({t}.start_ts, excluded.start_ts), {t}.start_ts,
            excluded.start_ts),
        end_ts = coalesce({max}({t}.end_ts, excluded.end_ts), {t}.end_ts, excluded.end_ts),
        outcome = CASE WHEN excluded.end_ts IS NOT NULL
            AND ({t}.end_ts IS NULL OR excluded.end_ts >= {t}.end_ts)
            THEN excluded.outcome ELSE {t}.outcome END,
        max_attempt = coalesce({max}({t}.max_attempt, excluded.max_attempt), {t}.max_attempt,
            excluded.max_attempt),
        n_diagnoses = {t}.n_diagnoses + excluded.n_diagnoses,
        last_diag_eid = CASE WHEN excluded.last_diag_ts IS NOT NULL
            AND ({t}.last_diag_ts IS NULL OR excluded.last_diag_ts >= {t}.last_diag_ts)
            THEN excluded.last_diag_eid ELSE {t}.last_diag_eid END,
        last_diag_ts = coalesce({max}({t}.last_diag_ts, excluded.last_diag_ts), {t}.last_diag_ts,
            excluded.last_diag_ts)"""
_CONTROL = "('run_start', 'run_end', 'attempt_start', 'diagnosis')"

_RUN_STATE_FILL = (
    """INSERT INTO run_state
    SELECT run_id,
        min(CASE WHEN kind = 'run_start' THEN ts END),
        max(CASE WHEN kind = 'run_end' THEN ts END),
        (SELECT {outcome} FROM events AS x
            WHERE x.run_id = e.run_id AND x.kind = 'run_end' ORDER BY x.ts DESC LIMIT 1),
        max(CASE WHEN kind = 'attempt_start' THEN attempt END),
        sum(CASE WHEN kind = 'diagnosis' THEN 1 ELSE 0 END),
        max(CASE WHEN kind = 'diagnosis' THEN ts END),
        (SELECT x.eid FROM events AS x
            WHERE x.run_id = e.run_id AND x.kind = 'diagnosis' ORDER BY x.ts DESC LIMIT 1)
    FROM events AS e WHERE kind IN """
    + _CONTROL
    + " GROUP BY run_id"
)


_WIDTHS_SQL = " UNION ALL ".join(f"SELECT {w} AS width" for w in BUCKET_WIDTHS_S)

ROLLUP_SQLITE: tuple[str, ...] = (
    *(t.format(real="REAL") for t in _TABLES),
    """CREATE TRIGGER events_rollup_run_nodes AFTER INSERT ON events BEGIN
        INSERT INTO run_nodes VALUES (NEW.run_id, NEW.node, NEW.ts, NEW.ts, 1)
        ON CONFLICT (run_id, node) DO UPDATE SET
            first_ts = min(first_ts, excluded.first_ts),
            last_ts = max(last_ts, excluded.last_ts),
            n_events = n_events + 1;
    END""",
    f"""CREATE TRIGGER events_rollup_steps AFTER INSERT ON events
    WHEN NEW.kind = 'step' AND NEW.rank = 0 BEGIN
        INSERT INTO step_buckets
        SELECT NEW.run_id, w.width, CAST(NEW.ts / w.width AS INTEGER), 1,
            coalesce(json_extract(NEW.data, '$.step_time_s'), 0),
            CASE WHEN json_type(NEW.data, '$.loss') IN ('real', 'integer')
                THEN json_extract(NEW.data, '$.loss') ELSE 0 END,
            CASE WHEN json_type(NEW.data, '$.loss') IN ('real', 'integer') THEN 1 ELSE 0 END,
            json_extract(NEW.data, '$.step')
        FROM ({_WIDTHS_SQL}) AS w WHERE true
        ON CONFLICT (run_id, width, bucket) DO UPDATE SET
            n = n + 1,
            step_time_sum = step_time_sum + excluded.step_time_sum,
            loss_sum = loss_sum + excluded.loss_sum,
            loss_n = loss_n + excluded.loss_n,
            max_step = coalesce(max(max_step, excluded.max_step), max_step, excluded.max_step);
    END""",
    f"""CREATE TRIGGER events_rollup_run_state AFTER INSERT ON events
    WHEN NEW.kind IN {_CONTROL} BEGIN
        {
        _RUN_STATE_UPSERT.format(
            alias="",
            t="run_state",
            outcome="json_extract(NEW.data, '$.outcome')",
            min="min",
            max="max",
        )
    };
    END""",
    """CREATE TRIGGER events_rollup_first_steps AFTER INSERT ON events
    WHEN NEW.kind = 'step' BEGIN
        INSERT INTO first_steps
        SELECT NEW.run_id, NEW.node, coalesce(NEW.attempt, -1), r.rank0, NEW.ts, NEW.eid
        FROM (SELECT 0 AS rank0 UNION ALL SELECT 1 WHERE NEW.rank = 0) AS r WHERE true
        ON CONFLICT (run_id, node, attempt, rank0) DO UPDATE SET
            ts = excluded.ts, eid = excluded.eid
        WHERE excluded.ts < first_steps.ts;
    END""",
    # Fill the summaries from what is already stored.
    """INSERT INTO run_nodes
        SELECT run_id, node, min(ts), max(ts), count(*) FROM events GROUP BY run_id, node""",
    _RUN_STATE_FILL.format(outcome="json_extract(x.data, '$.outcome')"),
    f"""INSERT INTO step_buckets
        SELECT e.run_id, w.width, CAST(e.ts / w.width AS INTEGER), count(*),
            sum(coalesce(json_extract(e.data, '$.step_time_s'), 0)),
            sum(CASE WHEN json_type(e.data, '$.loss') IN ('real', 'integer')
                THEN json_extract(e.data, '$.loss') ELSE 0 END),
            sum(CASE WHEN json_type(e.data, '$.loss') IN ('real', 'integer') THEN 1 ELSE 0 END),
            max(json_extract(e.data, '$.step'))
        FROM events AS e, ({_WIDTHS_SQL}) AS w
        WHERE e.kind = 'step' AND e.rank = 0
        GROUP BY e.run_id, w.width, CAST(e.ts / w.width AS INTEGER)""",
    # One pass each, no sort of every step event: with a single min() SQLite takes the bare
    # columns (eid) from the row that holds the minimum (a window over 10 M step events did
    # not finish in 18 minutes).
    """INSERT INTO first_steps
        SELECT run_id, node, coalesce(attempt, -1), 0, min(ts), eid FROM events
        WHERE kind = 'step' GROUP BY run_id, node, coalesce(attempt, -1)""",
    """INSERT INTO first_steps
        SELECT run_id, node, coalesce(attempt, -1), 1, min(ts), eid FROM events
        WHERE kind = 'step' AND rank = 0 GROUP BY run_id, node, coalesce(attempt, -1)""",
)

_PG_FUNCTION = f"""CREATE FUNCTION kintsugi_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    loss DOUBLE PRECISION := NULL;
BEGIN
    INSERT INTO run_nodes AS r VALUES (NEW.run_id, NEW.node, NEW.ts, NEW.ts, 1)
    ON CONFLICT (run_id, node) DO UPDATE SET
        first_ts = LEAST(r.first_ts, EXCLUDED.first_ts),
        last_ts = GREATEST(r.last_ts, EXCLUDED.last_ts),
        n_events = r.n_events + 1;
    IF NEW.kind IN {_CONTROL} THEN
        {
    _RUN_STATE_UPSERT.format(
        alias="AS s", t="s", outcome="NEW.data ->> 'outcome'", min="LEAST", max="GREATEST"
    )
};
    END IF;
    IF NEW.kind <> 'step' THEN
        RETURN NULL;
    END IF;
    INSERT INTO first_steps AS f
    SELECT NEW.run_id, NEW.node, coalesce(NEW.attempt, -1), k.rank0, NEW.ts, NEW.eid
    FROM (SELECT 0 AS rank0 UNION ALL SELECT 1 WHERE NEW.rank = 0) AS k
    ON CONFLICT (run_id, node, attempt, rank0) DO UPDATE SET
        ts = EXCLUDED.ts, eid = EXCLUDED.eid
    WHERE EXCLUDED.ts < f.ts;
    IF NEW.rank IS DISTINCT FROM 0 THEN
        RETURN NULL;
    END IF;
    IF jsonb_typeof(NEW.data -> 'loss') = 'number' THEN
        loss := (NEW.data ->> 'loss')::double precision;
    END IF;
    INSERT INTO step_buckets AS b
    SELECT NEW.run_id, w.width, floor(NEW.ts / w.width)::bigint, 1,
        coalesce((NEW.data ->> 'step_time_s')::double precision, 0),
        coalesce(loss, 0), CASE WHEN loss IS NULL THEN 0 ELSE 1 END,
        (NEW.data ->> 'step')::bigint
    FROM ({_WIDTHS_SQL}) AS w
    ON CONFLICT (run_id, width, bucket) DO UPDATE SET
        n = b.n + 1,
        step_time_sum = b.step_time_sum + EXCLUDED.step_time_sum,
        loss_sum = b.loss_sum + EXCLUDED.loss_sum,
        loss_n = b.loss_n + EXCLUDED.loss_n,
        max_step = GREATEST(b.max_step, EXCLUDED.max_step);
    RETURN NULL;
END $$"""

_PG_LOSS = "CASE WHEN jsonb_typeof(e.data -> 'loss') = 'number'"

ROLLUP_POSTGRESQL: tuple[str, ...] = (
    *(t.format(real="DOUBLE PRECISION") for t in _TABLES),
    _PG_FUNCTION,
    """CREATE TRIGGER events_rollup AFTER INSERT ON events
        FOR EACH ROW EXECUTE FUNCTION kintsugi_rollup()""",
    """INSERT INTO run_nodes
        SELECT run_id, node, min(ts), max(ts), count(*) FROM events GROUP BY run_id, node""",
    _RUN_STATE_FILL.format(outcome="x.data ->> 'outcome'"),
    f"""INSERT INTO step_buckets
        SELECT e.run_id, w.width, floor(e.ts / w.width)::bigint, count(*),
            sum(coalesce((e.data ->> 'step_time_s')::double precision, 0)),
            sum({_PG_LOSS} THEN (e.data ->> 'loss')::double precision ELSE 0 END),
            sum({_PG_LOSS} THEN 1 ELSE 0 END),
            max((e.data ->> 'step')::bigint)
        FROM events AS e, ({_WIDTHS_SQL}) AS w
        WHERE e.kind = 'step' AND e.rank = 0
        GROUP BY e.run_id, w.width, floor(e.ts / w.width)::bigint""",
    """INSERT INTO first_steps
        SELECT DISTINCT ON (run_id, node, coalesce(attempt, -1), r.rank0)
            run_id, node, coalesce(attempt, -1), r.rank0, ts, eid
        FROM events, (SELECT 0 AS rank0 UNION ALL SELECT 1) AS r
        WHERE kind = 'step' AND (r.rank0 = 0 OR rank = 0)
        ORDER BY run_id, node, coalesce(attempt, -1), r.rank0, ts, id""",
)
