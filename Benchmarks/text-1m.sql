-- A reminders-shaped table of 1,000,000 rows whose text is like users' text:
-- titles of 3 to 6 words (about 20 to 40 characters), and in 30% of the rows
-- some words are not ASCII (accents, Greek, Cyrillic, CJK, emoji, a family
-- emoji joined by ZWJ, a flag). NULLs in three columns. Deterministic: every
-- value is a function of the row number.
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
CREATE TABLE words (id INTEGER PRIMARY KEY, word TEXT NOT NULL) STRICT;
INSERT INTO words (id, word) VALUES
  (0, 'buy'), (1, 'milk'), (2, 'call'), (3, 'mom'), (4, 'review'), (5, 'draft'),
  (6, 'book'), (7, 'flights'), (8, 'pay'), (9, 'rent'), (10, 'fix'), (11, 'bike'),
  (12, 'send'), (13, 'invoice'), (14, 'water'), (15, 'plants'), (16, 'clean'),
  (17, 'garage'), (18, 'renew'), (19, 'passport'), (20, 'pick'), (21, 'up'),
  (22, 'kids'), (23, 'at'), (24, 'school'), (25, 'dentist'), (26, 'appointment'),
  (27, 'before'), (28, 'Friday'), (29, 'weekly'), (30, 'report'), (31, 'notes'),
  (32, 'Café'), (33, 'crème brûlée'), (34, 'naïve'), (35, 'Zoë'), (36, 'São Paulo'),
  (37, 'Ελληνικά'), (38, 'Москва'), (39, '東京'), (40, '買い物リスト'), (41, '会议纪要'),
  (42, '서울'), (43, '🎉'), (44, '🛒 groceries'), (45, '👨‍👩‍👧 family'), (46, '🇫🇷'),
  (47, 'Ünïcödé'), (48, 'señor'), (49, 'Straße'), (50, 'résumé'), (51, 'façade'),
  (52, 'jalapeño'), (53, 'Ørsted'), (54, 'Kraków'), (55, 'İstanbul'), (56, '北京烤鸭'),
  (57, 'ラーメン'), (58, '🍣 sushi'), (59, '☕️ coffee'), (60, 'piñata'), (61, 'Åland'),
  (62, 'Łódź'), (63, 'Reykjavík');
CREATE TABLE remindersLists (id TEXT PRIMARY KEY NOT NULL, color INTEGER NOT NULL, position INTEGER NOT NULL, title TEXT NOT NULL) STRICT;
CREATE TABLE reminders (
  id TEXT PRIMARY KEY NOT NULL,
  dueDate TEXT,
  isFlagged INTEGER NOT NULL DEFAULT 0,
  notes TEXT,
  position INTEGER NOT NULL DEFAULT 0,
  priority INTEGER,
  remindersListID TEXT NOT NULL REFERENCES remindersLists(id) ON DELETE CASCADE,
  status INTEGER NOT NULL DEFAULT 0,
  title TEXT NOT NULL DEFAULT ''
) STRICT;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
INSERT INTO remindersLists SELECT printf('00000000-0000-4000-8000-%012x', i), 1218047999 + i, i, 'List ' || i FROM n;
-- w(i, k): the k-th word of row i; rows with i % 10 < 3 draw some words from
-- the non-ASCII half of the vocabulary.
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000000),
  picks AS (
    SELECT i,
           (i * 2654435761) % 4294967296 AS h,
           3 + i % 4 AS count,
           CASE WHEN i % 10 < 3 THEN 32 ELSE 0 END AS base
    FROM n)
INSERT INTO reminders
SELECT printf('%08x-%04x-4%03x-8%03x-%012x', h, i % 65536, i % 4096, (i * 7) % 4096, i),
       CASE WHEN i % 7 = 0 THEN NULL ELSE strftime('%Y-%m-%d %H:%M:%f', 1767225600 + i * 37, 'unixepoch') END,
       i % 5 = 0,
       CASE i % 10 WHEN 0 THEN 'Milk, eggs and "good" bread' WHEN 1 THEN 'line one' || char(10) || 'line two'
                   WHEN 2 THEN 'Café au lait ☕️' WHEN 3 THEN NULL ELSE '' END,
       i,
       CASE WHEN i % 4 = 0 THEN NULL ELSE i % 4 END,
       printf('00000000-0000-4000-8000-%012x', 1 + i % 20),
       i % 3,
       (SELECT word FROM words WHERE id = base + h % 32) || ' ' ||
       (SELECT word FROM words WHERE id = (h / 32) % 32) || ' ' ||
       (SELECT word FROM words WHERE id = base + (h / 1024) % 32) ||
       CASE WHEN count > 3 THEN ' ' || (SELECT word FROM words WHERE id = (h / 32768) % 32) ELSE '' END ||
       CASE WHEN count > 4 THEN ' ' || (SELECT word FROM words WHERE id = (h / 1048576) % 32) ELSE '' END ||
       CASE WHEN count > 5 THEN ' #' || i ELSE '' END
FROM picks;
DROP TABLE words;
