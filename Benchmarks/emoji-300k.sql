-- A table of 300,000 rows where every title is text-heavy: 3 to 6 words
-- drawn from accents, CJK, emoji and the sequences real data holds (a family
-- joined by ZWJ, flags, skin tones, a variation selector, a keycap, a
-- Devanagari conjunct, Hangul), beside a REAL, a text that is mostly NULL
-- and a date. Deterministic: every value is a function of the row number.
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
CREATE TABLE words (id INTEGER PRIMARY KEY, word TEXT NOT NULL) STRICT;
INSERT INTO words (id, word) VALUES
  (0, 'Café'), (1, '東京'), (2, '北京市'), (3, 'emoji 😀'), (4, 'family 👨‍👩‍👧'), (5, 'São Paulo'),
  (6, '🇫🇷'), (7, '🇯🇵 trip'), (8, '👍🏽'), (9, '🧑🏿‍💻 dev'), (10, '❤️'), (11, '☕️ coffee'),
  (12, '1️⃣ first'), (13, 'क्षत्रिय'), (14, 'हिन्दी'), (15, '한국어'), (16, 'Ελληνικά'), (17, 'Москва'),
  (18, '🏳️‍🌈'), (19, '👩‍🚀'), (20, 'naïve'), (21, 'crème brûlée'), (22, '買い物リスト'), (23, '🎉 party'),
  (24, 'Zoë'), (25, 'Łódź'), (26, 'ラーメン'), (27, '🍣 sushi'), (28, '✈️ flight'), (29, 'Straße'),
  (30, '🏴‍☠️'), (31, '🤝🏻 deal');
CREATE TABLE items (
  id INTEGER PRIMARY KEY,
  title TEXT NOT NULL,
  amount REAL,
  note TEXT,
  due TEXT
) STRICT;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000),
  picks AS (SELECT i, (i * 2654435761) % 4294967296 AS h, 3 + i % 4 AS count FROM n)
INSERT INTO items
SELECT i,
       (SELECT word FROM words WHERE id = h % 32) || ' ' ||
       (SELECT word FROM words WHERE id = (h / 32) % 32) || ' ' ||
       (SELECT word FROM words WHERE id = (h / 1024) % 32) ||
       CASE WHEN count > 3 THEN ' ' || (SELECT word FROM words WHERE id = (h / 32768) % 32) ELSE '' END ||
       CASE WHEN count > 4 THEN ' ' || (SELECT word FROM words WHERE id = (h / 1048576) % 32) ELSE '' END ||
       CASE WHEN count > 5 THEN ' ' || (SELECT word FROM words WHERE id = (h / 33554432) % 32) ELSE '' END,
       round((h % 100000) / 7.0, 2),
       CASE WHEN i % 10 = 0 THEN 'note ' || (SELECT word FROM words WHERE id = (h / 64) % 32) ELSE NULL END,
       strftime('%Y-%m-%d', 1767225600 + i * 3600, 'unixepoch')
FROM picks;
DROP TABLE words;
