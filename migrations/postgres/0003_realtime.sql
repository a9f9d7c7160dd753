-- The hub's durable events (the outbox) and the entities whose channels need
-- authorization. Contest, project and bid start with the columns access rules read;
-- their areas add the rest in later migrations.

-- Head of each durable channel: the last seq handed out. Allocating a seq is an
-- upsert on this row, so concurrent writers to one channel take turns on its lock
-- and seqs are consecutive.
CREATE TABLE channel_head (
    channel TEXT PRIMARY KEY,
    seq     BIGINT NOT NULL
);

-- One row per event, written in the same transaction as the change it announces.
-- published_at is set once the event went out on the bus; the relay republishes
-- rows committed but left unpublished (a crash between commit and publish).
CREATE TABLE event (
    id           BIGSERIAL PRIMARY KEY,
    channel      TEXT NOT NULL,
    seq          BIGINT NOT NULL,
    event_type   TEXT NOT NULL,
    data         TEXT NOT NULL,
    ts           BIGINT NOT NULL,
    published_at BIGINT,
    CONSTRAINT event_channel_seq_key UNIQUE (channel, seq)
);
CREATE INDEX event_unpublished_idx ON event (id) WHERE published_at IS NULL;
CREATE INDEX event_ts_idx ON event (ts);

-- status_id: 1 unpaid, 2 active, 3 deciding, 4 no winner, 5-9 award and delivery.
CREATE TABLE contest (
    id              BIGSERIAL PRIMARY KEY,
    contest_type_id BIGINT NOT NULL CONSTRAINT contest_type_fk REFERENCES contest_type (id),
    created_by      BIGINT NOT NULL CONSTRAINT contest_creator_fk REFERENCES app_user (id),
    title           TEXT NOT NULL,
    status_id       SMALLINT NOT NULL DEFAULT 1 CONSTRAINT contest_status_check CHECK (status_id BETWEEN 1 AND 9),
    is_private      SMALLINT NOT NULL DEFAULT 0,
    is_blind        SMALLINT NOT NULL DEFAULT 0,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE INDEX contest_creator_idx ON contest (created_by, status_id);

-- status_id: 1 live and accepting bids ... 6 completed.
CREATE TABLE project (
    id          BIGSERIAL PRIMARY KEY,
    created_by  BIGINT NOT NULL CONSTRAINT project_creator_fk REFERENCES app_user (id),
    title       TEXT NOT NULL,
    status_id   SMALLINT NOT NULL DEFAULT 1 CONSTRAINT project_status_check CHECK (status_id BETWEEN 1 AND 6),
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX project_creator_idx ON project (created_by, status_id);

CREATE TABLE bid (
    id          BIGSERIAL PRIMARY KEY,
    project_id  BIGINT NOT NULL CONSTRAINT bid_project_fk REFERENCES project (id) ON DELETE CASCADE,
    created_by  BIGINT NOT NULL CONSTRAINT bid_creator_fk REFERENCES app_user (id),
    created_at  BIGINT NOT NULL
);
CREATE INDEX bid_project_idx ON bid (project_id);
