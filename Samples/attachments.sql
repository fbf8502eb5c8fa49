-- The attachments sample: schema composition. One table holds every kind of
-- attachment (single-table inheritance: nullable columns per case, a CHECK per
-- case over all its columns: set only on rows of that kind, and its required
-- one always set there), and the timestamps column group
-- (createdAt, updatedAt) is reused by two tables.

CREATE TABLE notes (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')),
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))
) STRICT;

CREATE TABLE attachments (
  id INTEGER PRIMARY KEY,
  noteID INTEGER NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('link', 'image', 'voiceMemo')),
  linkURL TEXT,
  linkTitle TEXT,
  imageData BLOB,
  imageCaption TEXT,
  voiceMemoSeconds REAL,
  voiceMemoTranscript TEXT,
  createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')),
  updatedAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now')),
  CHECK (CASE kind WHEN 'link' THEN linkURL IS NOT NULL ELSE linkURL IS NULL AND linkTitle IS NULL END),
  CHECK (CASE kind WHEN 'image' THEN imageData IS NOT NULL ELSE imageData IS NULL AND imageCaption IS NULL END),
  CHECK (CASE kind WHEN 'voiceMemo' THEN voiceMemoSeconds IS NOT NULL ELSE voiceMemoSeconds IS NULL AND voiceMemoTranscript IS NULL END)
) STRICT;
CREATE INDEX index_attachments_on_noteID ON attachments(noteID);

-- Keep updatedAt current on both tables that carry the column group.
CREATE TRIGGER notes_touch_after_update
AFTER UPDATE OF title, body ON notes
BEGIN
  UPDATE notes SET updatedAt = strftime('%Y-%m-%d %H:%M:%f', 'now') WHERE id = new.id;
END;

CREATE TRIGGER attachments_touch_after_update
AFTER UPDATE ON attachments
WHEN old.updatedAt = new.updatedAt
BEGIN
  UPDATE attachments SET updatedAt = strftime('%Y-%m-%d %H:%M:%f', 'now') WHERE id = new.id;
END;

-- One view per case, as an app's enum would see them.
CREATE VIEW linkAttachments AS
  SELECT id, noteID, linkURL AS url, linkTitle AS title, createdAt, updatedAt
  FROM attachments WHERE kind = 'link';
CREATE VIEW imageAttachments AS
  SELECT id, noteID, imageData AS data, imageCaption AS caption, createdAt, updatedAt
  FROM attachments WHERE kind = 'image';
CREATE VIEW voiceMemoAttachments AS
  SELECT id, noteID, voiceMemoSeconds AS seconds, voiceMemoTranscript AS transcript, createdAt, updatedAt
  FROM attachments WHERE kind = 'voiceMemo';

INSERT INTO notes (id, title, body) VALUES
  (1, 'Trip to Lisbon', 'Flights, the hotel and a list of places to eat.'),
  (2, 'Kitchen renovation', 'Quotes and pictures.'),
  (3, 'Standup', '');

INSERT INTO attachments (id, noteID, kind, linkURL, linkTitle) VALUES
  (1, 1, 'link', 'https://example.com/lisbon-guide', 'Lisbon in three days'),
  (2, 2, 'link', 'https://example.com/tiles', NULL);
INSERT INTO attachments (id, noteID, kind, imageData, imageCaption) VALUES
  (3, 1, 'image', x'89504e470d0a1a0a0000000d49484452', 'Tram 28'),
  (4, 2, 'image', x'ffd8ffe000104a464946000101', NULL);
INSERT INTO attachments (id, noteID, kind, voiceMemoSeconds, voiceMemoTranscript) VALUES
  (5, 3, 'voiceMemo', 42.5, 'Shipped the importer; reviewing the profiler next.'),
  (6, 1, 'voiceMemo', 8.0, NULL);
