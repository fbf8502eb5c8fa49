-- Rows whose parent is gone, added to Chinook x100 as a database that never
-- turned foreign keys on holds them: invoices of customers that no longer
-- exist with lines of tracks that no longer exist, playlist links to a
-- missing playlist and to missing tracks, albums whose artist is gone,
-- tracks with no album or genre.
PRAGMA foreign_keys = OFF;
INSERT INTO Invoice (InvoiceId, CustomerId, InvoiceDate, Total)
  SELECT 10000000 + value, 9000000 + value, '2024-01-01', value % 30 FROM generate_series(1, 100);
INSERT INTO InvoiceLine (InvoiceLineId, InvoiceId, TrackId, UnitPrice, Quantity)
  SELECT 10000000 + value, 10000000 + value, 9000000 + value, 0.99, 1 FROM generate_series(1, 100);
INSERT INTO PlaylistTrack (PlaylistId, TrackId) SELECT 9000000 + value, value FROM generate_series(1, 100);
INSERT INTO PlaylistTrack (PlaylistId, TrackId) SELECT 1, 9000000 + value FROM generate_series(1, 100);
INSERT INTO Album (AlbumId, Title, ArtistId) SELECT 10000000 + value, 'Lost ' || value, 9000000 + value FROM generate_series(1, 100);
INSERT INTO Track (TrackId, Name, AlbumId, MediaTypeId, GenreId, Milliseconds, UnitPrice)
  SELECT 10000000 + value, 'Loose ' || value, NULL, 1, NULL, 1000 * value, 0.99 FROM generate_series(1, 100);
