-- The Reminders sample: the database of the SQLiteData / StructuredQueries
-- Reminders example. Ids are lowercase UUID text, dates are UTC text
-- 'yyyy-MM-dd HH:mm:ss.SSS' relative to the session clock, booleans are 0/1,
-- enums are integers (status: incomplete 0, completed 1, completing 2;
-- priority: low 1, medium 2, high 3).
--
-- Everything here is stored in the file and works in any SQLite (3.37 or
-- later, with FTS5): the ids' default builds a version 4 UUID from SQLite's
-- own randomblob() (the app's schema calls uuid(), which only an app or rql
-- provides). The foreign keys' cascades run only on a connection with
-- PRAGMA foreign_keys = ON, which rql sets and SQLite leaves off. The two
-- triggers that call back into the app are in reminders-app.sql: rql creates
-- them as TEMP triggers on each connection, as SQLiteData advises for app
-- logic, so a file without the app never calls a function it lacks.

CREATE TABLE remindersLists (
  id TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
  color INTEGER NOT NULL DEFAULT 1218047999,
  position INTEGER NOT NULL DEFAULT 0,
  title TEXT NOT NULL DEFAULT ''
) STRICT;

CREATE TABLE remindersListAssets (
  remindersListID TEXT PRIMARY KEY NOT NULL REFERENCES remindersLists(id) ON DELETE CASCADE,
  coverImage BLOB NOT NULL
) STRICT;

CREATE TABLE reminders (
  id TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
  dueDate TEXT,
  isFlagged INTEGER NOT NULL DEFAULT 0,
  notes TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0,
  priority INTEGER,
  remindersListID TEXT NOT NULL REFERENCES remindersLists(id) ON DELETE CASCADE,
  status INTEGER NOT NULL DEFAULT 0,
  title TEXT NOT NULL DEFAULT ''
) STRICT;
CREATE INDEX index_reminders_on_remindersListID ON reminders(remindersListID);
-- The position triggers read max(position): with these indexes SQLite finds
-- it at the end of the index instead of scanning every row on each insert.
CREATE INDEX index_reminders_on_position ON reminders(position);
CREATE INDEX index_remindersLists_on_position ON remindersLists(position);

CREATE TABLE tags (
  title TEXT PRIMARY KEY NOT NULL COLLATE NOCASE
) STRICT;

CREATE TABLE remindersTags (
  id TEXT PRIMARY KEY NOT NULL ON CONFLICT REPLACE DEFAULT (lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (random() & 3), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))),
  reminderID TEXT NOT NULL REFERENCES reminders(id) ON DELETE CASCADE,
  tagID TEXT NOT NULL COLLATE NOCASE REFERENCES tags(title) ON DELETE CASCADE ON UPDATE CASCADE
) STRICT;
CREATE INDEX index_remindersTags_on_reminderID ON remindersTags(reminderID);
CREATE INDEX index_remindersTags_on_tagID ON remindersTags(tagID);

-- Full-text search over titles, notes and tags; rowid mirrors reminders.rowid.
CREATE VIRTUAL TABLE reminderTexts USING fts5(title, notes, tags, tokenize = 'trigram');

-- A new list or reminder goes after every other one in its table.
CREATE TRIGGER remindersLists_position_after_insert
AFTER INSERT ON remindersLists
BEGIN
  UPDATE remindersLists
  SET position = (SELECT coalesce(max(position), 0) + 1 FROM remindersLists WHERE id <> new.id)
  WHERE id = new.id;
END;

CREATE TRIGGER reminders_position_after_insert
AFTER INSERT ON reminders
BEGIN
  UPDATE reminders
  SET position = (SELECT coalesce(max(position), 0) + 1 FROM reminders WHERE id <> new.id)
  WHERE id = new.id;
END;

-- At most five tags a reminder.
CREATE TRIGGER remindersTags_limit_before_insert
BEFORE INSERT ON remindersTags
WHEN (SELECT count(*) FROM remindersTags WHERE reminderID = new.reminderID) >= 5
BEGIN
  SELECT RAISE(ABORT, 'a reminder can have at most 5 tags');
END;

-- Keep reminderTexts in sync with reminders and their tags.
CREATE TRIGGER reminderTexts_after_insert_on_reminders
AFTER INSERT ON reminders
BEGIN
  INSERT INTO reminderTexts (rowid, title, notes, tags)
  VALUES (new.rowid, new.title, new.notes, '');
END;

CREATE TRIGGER reminderTexts_after_update_on_reminders
AFTER UPDATE OF title, notes ON reminders
BEGIN
  UPDATE reminderTexts SET title = new.title, notes = new.notes WHERE rowid = new.rowid;
END;

CREATE TRIGGER reminderTexts_after_delete_on_reminders
AFTER DELETE ON reminders
BEGIN
  DELETE FROM reminderTexts WHERE rowid = old.rowid;
END;

CREATE TRIGGER reminderTexts_after_insert_on_remindersTags
AFTER INSERT ON remindersTags
BEGIN
  UPDATE reminderTexts
  SET tags = (SELECT group_concat('#' || tagID, ' ') FROM remindersTags WHERE reminderID = new.reminderID)
  WHERE rowid = (SELECT rowid FROM reminders WHERE id = new.reminderID);
END;

CREATE TRIGGER reminderTexts_after_delete_on_remindersTags
AFTER DELETE ON remindersTags
BEGIN
  UPDATE reminderTexts
  SET tags = coalesce((SELECT group_concat('#' || tagID, ' ') FROM remindersTags WHERE reminderID = old.reminderID), '')
  WHERE rowid = (SELECT rowid FROM reminders WHERE id = old.reminderID);
END;

-- Renaming a tag reaches remindersTags through ON UPDATE CASCADE, as an
-- UPDATE of tagID: each reminder it links is indexed again (and one a link
-- moved away from, when reminderID changes).
CREATE TRIGGER reminderTexts_after_update_on_remindersTags
AFTER UPDATE OF reminderID, tagID ON remindersTags
BEGIN
  UPDATE reminderTexts
  SET tags = coalesce((SELECT group_concat('#' || tagID, ' ') FROM remindersTags WHERE reminderID = new.reminderID), '')
  WHERE rowid = (SELECT rowid FROM reminders WHERE id = new.reminderID);
  UPDATE reminderTexts
  SET tags = coalesce((SELECT group_concat('#' || tagID, ' ') FROM remindersTags WHERE reminderID = old.reminderID), '')
  WHERE old.reminderID <> new.reminderID AND rowid = (SELECT rowid FROM reminders WHERE id = old.reminderID);
END;

-- Seed: three lists, eleven reminders, seven tags, twelve links.
INSERT INTO remindersLists (id, color, title) VALUES
  ('00000000-0000-4000-8000-00000000a001', 1218047999, 'Personal'),
  ('00000000-0000-4000-8000-00000000a002', 3985191935, 'Family'),
  ('00000000-0000-4000-8000-00000000a003', 2012508671, 'Business');

INSERT INTO reminders (id, remindersListID, title, notes, isFlagged, priority, status) VALUES
  ('00000000-0000-4000-8000-00000000b001', '00000000-0000-4000-8000-00000000a001', 'Groceries',
   'Milk
Eggs
Apples
Oatmeal
Spinach', 0, NULL, 0),
  ('00000000-0000-4000-8000-00000000b002', '00000000-0000-4000-8000-00000000a001', 'Haircut', '', 1, NULL, 0),
  ('00000000-0000-4000-8000-00000000b003', '00000000-0000-4000-8000-00000000a001', 'Doctor appointment',
   'Ask about diet', 0, 3, 0),
  ('00000000-0000-4000-8000-00000000b004', '00000000-0000-4000-8000-00000000a001', 'Take a walk', '', 0, NULL, 1),
  ('00000000-0000-4000-8000-00000000b005', '00000000-0000-4000-8000-00000000a001', 'Buy concert tickets', '', 0, NULL, 0),
  ('00000000-0000-4000-8000-00000000b006', '00000000-0000-4000-8000-00000000a002', 'Pick up kids from school', '', 1, 3, 0),
  ('00000000-0000-4000-8000-00000000b007', '00000000-0000-4000-8000-00000000a002', 'Get laundry', '', 0, 1, 1),
  ('00000000-0000-4000-8000-00000000b008', '00000000-0000-4000-8000-00000000a002', 'Take out trash', '', 0, 3, 0),
  ('00000000-0000-4000-8000-00000000b009', '00000000-0000-4000-8000-00000000a003', 'Call accountant',
   'Tax forms
Receipts from the conference
Questions about deductions', 0, NULL, 0),
  ('00000000-0000-4000-8000-00000000b010', '00000000-0000-4000-8000-00000000a003', 'Send weekly emails', '', 0, 2, 1),
  ('00000000-0000-4000-8000-00000000b011', '00000000-0000-4000-8000-00000000a003', 'Prepare for WWDC', '', 0, NULL, 0);

INSERT INTO tags (title) VALUES
  ('car'), ('kids'), ('someday'), ('optional'), ('social'), ('night'), ('adulting');

INSERT INTO remindersTags (id, reminderID, tagID) VALUES
  ('00000000-0000-4000-8000-00000000c001', '00000000-0000-4000-8000-00000000b001', 'someday'),
  ('00000000-0000-4000-8000-00000000c002', '00000000-0000-4000-8000-00000000b001', 'optional'),
  ('00000000-0000-4000-8000-00000000c003', '00000000-0000-4000-8000-00000000b001', 'adulting'),
  ('00000000-0000-4000-8000-00000000c004', '00000000-0000-4000-8000-00000000b002', 'someday'),
  ('00000000-0000-4000-8000-00000000c005', '00000000-0000-4000-8000-00000000b002', 'optional'),
  ('00000000-0000-4000-8000-00000000c006', '00000000-0000-4000-8000-00000000b003', 'adulting'),
  ('00000000-0000-4000-8000-00000000c007', '00000000-0000-4000-8000-00000000b004', 'car'),
  ('00000000-0000-4000-8000-00000000c008', '00000000-0000-4000-8000-00000000b004', 'kids'),
  ('00000000-0000-4000-8000-00000000c009', '00000000-0000-4000-8000-00000000b004', 'social'),
  ('00000000-0000-4000-8000-00000000c010', '00000000-0000-4000-8000-00000000b005', 'social'),
  ('00000000-0000-4000-8000-00000000c011', '00000000-0000-4000-8000-00000000b005', 'night'),
  ('00000000-0000-4000-8000-00000000c012', '00000000-0000-4000-8000-00000000b011', 'social');

-- Due dates, relative to the clock: 'now' is the moment the sample opens (or
-- a notebook's @now). Groceries has none. rql keeps the database the
-- statements above make, built once, and runs only this last one as it opens
-- the sample.
UPDATE reminders SET dueDate = strftime('%Y-%m-%d %H:%M:%f', 'now', CASE id
  WHEN '00000000-0000-4000-8000-00000000b002' THEN '-2 days'
  WHEN '00000000-0000-4000-8000-00000000b003' THEN '+0 days'
  WHEN '00000000-0000-4000-8000-00000000b004' THEN '-190 days'
  WHEN '00000000-0000-4000-8000-00000000b005' THEN '+0 days'
  WHEN '00000000-0000-4000-8000-00000000b006' THEN '+2 days'
  WHEN '00000000-0000-4000-8000-00000000b007' THEN '-2 days'
  WHEN '00000000-0000-4000-8000-00000000b008' THEN '+4 days'
  WHEN '00000000-0000-4000-8000-00000000b009' THEN '+2 days'
  WHEN '00000000-0000-4000-8000-00000000b010' THEN '-2 days'
  WHEN '00000000-0000-4000-8000-00000000b011' THEN '+2 days'
END)
WHERE id <> '00000000-0000-4000-8000-00000000b001';
