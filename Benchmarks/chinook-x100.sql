-- Chinook ×100: applied to a copy of chinook.sqlite, adds copies 1..99 of the
-- music and sales tables so the DSL suite (dsl-suite.sh) measures plans, not
-- start-up. Copy c offsets every primary and foreign key by c × the table's
-- max key, so each foreign key points into its own copy and the relationships
-- keep their shape (a copy's tracks sit on that copy's albums and playlists).
-- Genre, MediaType and Employee are shared; text is kept as is (100
-- playlists are named 'Grunge'). The file's indexes come with it; ANALYZE at
-- the end gives the planner statistics for the new sizes.
-- Usage: cp chinook.sqlite COPY.sqlite && sqlite3 COPY.sqlite < Benchmarks/chinook-x100.sql
PRAGMA journal_mode=OFF;
PRAGMA synchronous=OFF;

BEGIN;

-- The max keys of the original rows, read before any copy raises them.
CREATE TEMP TABLE k AS SELECT
  (SELECT max(ArtistId) FROM Artist) AS artist,
  (SELECT max(AlbumId) FROM Album) AS album,
  (SELECT max(TrackId) FROM Track) AS track,
  (SELECT max(PlaylistId) FROM Playlist) AS playlist,
  (SELECT max(CustomerId) FROM Customer) AS customer,
  (SELECT max(InvoiceId) FROM Invoice) AS invoice,
  (SELECT max(InvoiceLineId) FROM InvoiceLine) AS invoiceLine;

CREATE TEMP TABLE copies AS
  WITH RECURSIVE n(c) AS (SELECT 1 UNION ALL SELECT c + 1 FROM n WHERE c < 99)
  SELECT c FROM n;

-- Each insert runs copy by copy in key order, so rows append to the b-trees.
INSERT INTO Artist (ArtistId, Name)
  SELECT a.ArtistId + c * k.artist, a.Name
  FROM copies, k, Artist a WHERE a.ArtistId <= k.artist ORDER BY 1;

INSERT INTO Album (AlbumId, Title, ArtistId)
  SELECT a.AlbumId + c * k.album, a.Title, a.ArtistId + c * k.artist
  FROM copies, k, Album a WHERE a.AlbumId <= k.album ORDER BY 1;

-- AlbumId and GenreId may be NULL in Chinook's schema: NULL stays NULL.
INSERT INTO Track (TrackId, Name, AlbumId, MediaTypeId, GenreId, Composer, Milliseconds, Bytes, UnitPrice)
  SELECT t.TrackId + c * k.track, t.Name, t.AlbumId + c * k.album, t.MediaTypeId, t.GenreId,
         t.Composer, t.Milliseconds, t.Bytes, t.UnitPrice
  FROM copies, k, Track t WHERE t.TrackId <= k.track ORDER BY 1;

INSERT INTO Playlist (PlaylistId, Name)
  SELECT p.PlaylistId + c * k.playlist, p.Name
  FROM copies, k, Playlist p WHERE p.PlaylistId <= k.playlist ORDER BY 1;

INSERT INTO PlaylistTrack (PlaylistId, TrackId)
  SELECT pt.PlaylistId + c * k.playlist, pt.TrackId + c * k.track
  FROM copies, k, PlaylistTrack pt WHERE pt.PlaylistId <= k.playlist ORDER BY 1, 2;

-- SupportRepId points at the shared employees: kept as is.
INSERT INTO Customer (CustomerId, FirstName, LastName, Company, Address, City, State, Country,
                      PostalCode, Phone, Fax, Email, SupportRepId)
  SELECT cu.CustomerId + c * k.customer, cu.FirstName, cu.LastName, cu.Company, cu.Address, cu.City,
         cu.State, cu.Country, cu.PostalCode, cu.Phone, cu.Fax, cu.Email, cu.SupportRepId
  FROM copies, k, Customer cu WHERE cu.CustomerId <= k.customer ORDER BY 1;

INSERT INTO Invoice (InvoiceId, CustomerId, InvoiceDate, BillingAddress, BillingCity, BillingState,
                     BillingCountry, BillingPostalCode, Total)
  SELECT i.InvoiceId + c * k.invoice, i.CustomerId + c * k.customer, i.InvoiceDate, i.BillingAddress,
         i.BillingCity, i.BillingState, i.BillingCountry, i.BillingPostalCode, i.Total
  FROM copies, k, Invoice i WHERE i.InvoiceId <= k.invoice ORDER BY 1;

INSERT INTO InvoiceLine (InvoiceLineId, InvoiceId, TrackId, UnitPrice, Quantity)
  SELECT l.InvoiceLineId + c * k.invoiceLine, l.InvoiceId + c * k.invoice, l.TrackId + c * k.track,
         l.UnitPrice, l.Quantity
  FROM copies, k, InvoiceLine l WHERE l.InvoiceLineId <= k.invoiceLine ORDER BY 1;

DROP TABLE k;
DROP TABLE copies;
COMMIT;

ANALYZE;
