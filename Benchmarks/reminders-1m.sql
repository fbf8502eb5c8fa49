-- A reminders-shaped table of 1,000,000 rows for make bench. Deterministic:
-- every value is a function of the row number. Text exercises CSV quoting
-- (commas, quotes, newlines, non-ASCII) and NULLs appear in two columns.
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
CREATE TABLE remindersLists (id TEXT PRIMARY KEY NOT NULL, color INTEGER NOT NULL, position INTEGER NOT NULL, title TEXT NOT NULL) STRICT;
CREATE TABLE reminders (
  id TEXT PRIMARY KEY NOT NULL,
  dueDate TEXT,
  isFlagged INTEGER NOT NULL DEFAULT 0,
  notes TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0,
  priority INTEGER,
  remindersListID TEXT NOT NULL REFERENCES remindersLists(id) ON DELETE CASCADE,
  status INTEGER NOT NULL DEFAULT 0,
  title TEXT NOT NULL DEFAULT ''
) STRICT;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
INSERT INTO remindersLists SELECT printf('00000000-0000-4000-8000-%012x', i), 1218047999 + i, i, 'List ' || i FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000)
INSERT INTO reminders
SELECT printf('%08x-%04x-4%03x-8%03x-%012x', i * 2654435761 % 4294967296, i % 65536, i % 4096, (i * 7) % 4096, i),
       CASE WHEN i % 7 = 0 THEN NULL ELSE strftime('%Y-%m-%d %H:%M:%f', 1767225600 + i * 37, 'unixepoch') END,
       i % 5 = 0,
       CASE i % 10 WHEN 0 THEN 'Milk, eggs and "good" bread' WHEN 1 THEN 'line one' || char(10) || 'line two'
                   WHEN 2 THEN 'Café au lait' ELSE '' END,
       i,
       CASE WHEN i % 4 = 0 THEN NULL ELSE i % 4 END,
       printf('00000000-0000-4000-8000-%012x', 1 + i % 20),
       i % 3,
       'Reminder number ' || i
FROM n;
