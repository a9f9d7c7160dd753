-- Collaborative documents (issue #25): the Yjs documents of `doc:` channels.
--
-- `doc_update` is the log of accepted updates of each document (its channel name),
-- numbered 1, 2, ... in the order the hub accepted them; an update is stored before it
-- is acknowledged. `doc_snapshot` holds a document's state encoded as one update up to
-- `upto_seq`: compaction writes it and deletes the updates it covers, so the document
-- is the snapshot plus the updates after it.
CREATE TABLE doc_update (
    doc TEXT NOT NULL,
    seq BIGINT NOT NULL,
    payload BYTEA NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (doc, seq)
);

CREATE TABLE doc_snapshot (
    doc TEXT PRIMARY KEY,
    state BYTEA NOT NULL,
    upto_seq BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
