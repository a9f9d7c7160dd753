-- Collaborative documents (issue #25): the Yjs documents of `doc:` channels.
--
-- `doc_update` is the log of accepted updates of each document (its channel name),
-- numbered 1, 2, ... in the order the hub accepted them; an update is stored before it
-- is acknowledged. `doc_snapshot` holds a document's state encoded as one update up to
-- `upto_seq`: compaction writes it and deletes the updates it covers, so the document
-- is the snapshot plus the updates after it.
CREATE TABLE doc_update (
    doc TEXT NOT NULL,
    seq INTEGER NOT NULL,
    payload BLOB NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (doc, seq)
);

CREATE TABLE doc_snapshot (
    doc TEXT PRIMARY KEY,
    state BLOB NOT NULL,
    upto_seq INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
);
