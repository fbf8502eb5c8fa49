import Testing
import RQLEngine

/// Chinook with rows whose parent is gone, as databases that never turned
/// foreign keys on hold them: an invoice of a customer that no longer
/// exists with a line of a track that no longer exists, playlist links to
/// a missing playlist and to missing tracks, an album whose artist is gone,
/// a track with no album or genre (rql turns foreign keys on; the rows go
/// in with them off). Each DSL query gives the rows of SQL
/// written to the definition: a relationship's rows are rows that exist.
@Suite(.enabled(if: Chinook.isAvailable, "../shared/data/chinook.sqlite is absent"))
struct DSLOrphanTests {
    static let orphans = """
        PRAGMA foreign_keys = OFF;
        INSERT INTO Invoice (InvoiceId, CustomerId, InvoiceDate, Total) VALUES (413, 999, '2024-01-01', 25);
        INSERT INTO InvoiceLine (InvoiceLineId, InvoiceId, TrackId, UnitPrice, Quantity) VALUES (2241, 413, 99999, 0.99, 1);
        INSERT INTO PlaylistTrack VALUES (999, 1), (1, 99998), (8, 99999);
        INSERT INTO Album (AlbumId, Title, ArtistId) VALUES (348, 'Lost', 9999);
        INSERT INTO Track (TrackId, Name, AlbumId, MediaTypeId, GenreId, Milliseconds, UnitPrice)
          VALUES (3504, 'Loose', NULL, 1, NULL, 1000, 0.99);
        """

    @Test(arguments: [
        ("Customer | where any Invoice.Total > 20 | count",
         "SELECT count(*) FROM Customer c WHERE EXISTS (SELECT 1 FROM Invoice i WHERE i.CustomerId = c.CustomerId AND i.Total > 20)"),
        ("Customer | where any Invoice | count",
         "SELECT count(*) FROM Customer c WHERE EXISTS (SELECT 1 FROM Invoice i WHERE i.CustomerId = c.CustomerId)"),
        ("Track | where any Playlist | count",
         "SELECT count(*) FROM Track t WHERE EXISTS (SELECT 1 FROM PlaylistTrack pt JOIN Playlist p ON p.PlaylistId = pt.PlaylistId WHERE pt.TrackId = t.TrackId)"),
        ("Track | where any Playlist.Name == 'Music' | count",
         "SELECT count(*) FROM Track t WHERE EXISTS (SELECT 1 FROM PlaylistTrack pt JOIN Playlist p ON p.PlaylistId = pt.PlaylistId WHERE pt.TrackId = t.TrackId AND p.Name = 'Music')"),
        ("Playlist | select PlaylistId, Name, n = count(Track) | order PlaylistId",
         "SELECT PlaylistId, Name, (SELECT count(*) FROM PlaylistTrack pt JOIN Track t ON t.TrackId = pt.TrackId WHERE pt.PlaylistId = p.PlaylistId) FROM Playlist p ORDER BY PlaylistId"),
        ("Track | where any InvoiceLine | count",
         "SELECT count(*) FROM Track t WHERE EXISTS (SELECT 1 FROM InvoiceLine l WHERE l.TrackId = t.TrackId)"),
        ("Invoice | select InvoiceId, c = Customer.Country | count", "SELECT count(*) FROM Invoice"),
        ("Album | where Artist.Name is nil | count",
         "SELECT count(*) FROM Album a WHERE NOT EXISTS (SELECT 1 FROM Artist r WHERE r.ArtistId = a.ArtistId AND r.Name IS NOT NULL)"),
        ("Invoice | group by Customer.Country | select Customer.Country, n = count() | order Customer.Country",
         "SELECT c.Country, count(*) FROM Invoice i LEFT JOIN Customer c ON c.CustomerId = i.CustomerId GROUP BY c.Country ORDER BY c.Country"),
        ("Track | where all Playlist.Name != 'Music' | count",
         "SELECT count(*) FROM Track t WHERE NOT EXISTS (SELECT 1 FROM PlaylistTrack pt JOIN Playlist p ON p.PlaylistId = pt.PlaylistId WHERE pt.TrackId = t.TrackId AND p.Name = 'Music')"),
        ("Track | where none Playlist | count",
         "SELECT count(*) FROM Track t WHERE NOT EXISTS (SELECT 1 FROM PlaylistTrack pt JOIN Playlist p ON p.PlaylistId = pt.PlaylistId WHERE pt.TrackId = t.TrackId)"),
        ("Customer | select CustomerId, n = count(Invoice where Total > 10), s = sum(Invoice.Total) | order CustomerId",
         "SELECT CustomerId, (SELECT count(*) FROM Invoice i WHERE i.CustomerId = c.CustomerId AND i.Total > 10), (SELECT sum(Total) FROM Invoice i WHERE i.CustomerId = c.CustomerId) FROM Customer c ORDER BY CustomerId"),
        ("Track | group by Genre.Name | select Genre.Name, n = count() | order Genre.Name",
         "SELECT g.Name, count(*) FROM Track t LEFT JOIN Genre g ON g.GenreId = t.GenreId GROUP BY g.Name ORDER BY g.Name"),
        ("Track | where Album.Artist.Name == 'AC/DC' | count",
         "SELECT count(*) FROM Track t JOIN Album a ON a.AlbumId = t.AlbumId JOIN Artist r ON r.ArtistId = a.ArtistId WHERE r.Name = 'AC/DC'"),
    ])
    func theDSLGivesTheRowsThatExist(dsl: String, sql: String) throws {
        let test = try TestSession.chinook(readonly: false)
        test.run(DSLOrphanTests.orphans)
        #expect(test.sameRows(dsl: dsl, sql: sql), "\(test.run(dsl).output) vs \(test.run(sql + ";").output)")
    }

    @Test func theTruthDiffersFromWhatTheOrphansSuggest() throws {
        let test = try TestSession.chinook(readonly: false)
        test.run(DSLOrphanTests.orphans)
        #expect(test.value("Customer | where any Invoice.Total > 20 | count") == "4")
        #expect(test.value("Customer | where any Invoice | count") == "59")
        #expect(test.value("Invoice | select InvoiceId, c = Customer.Country | count") == "413")
        #expect(test.value("Album | where Artist.Name is nil | count") == "1")
    }
}
