import RQLEngine
import RQLLanguage
import RQLRender

/// The catalogs the DSL compiler is fuzzed against, read once by rql's own
/// catalog reader: the Reminders sample with its prelude's definitions, and
/// a Chinook music store schema.
struct FuzzCatalog {
    var catalog: Catalog
    var definitions: Definitions

    nonisolated(unsafe) static let all: [FuzzCatalog] = [
        reading(.sample(.reminders), schema: nil),
        reading(.file(path: ":memory:", readonly: false), schema: chinookSchema),
    ].compactMap { $0 }

    private static func reading(_ target: DatabaseTarget, schema: String?) -> FuzzCatalog? {
        let output = ByteOutput(.memory)
        guard let session = try? Session(options: .init(target: target, colorAllowed: false, output: output,
                                                        diagnostics: output)) else { return nil }
        if let schema { _ = session.run(script: schema, origin: "chinook", policy: .continueUnlessBail) }
        guard let catalog = try? session.dslCatalog() else { return nil }
        return FuzzCatalog(catalog: catalog, definitions: session.definitions)
    }

    /// The Chinook sample database's tables, keys and indexes, without rows.
    static let chinookSchema = """
        CREATE TABLE Artist (ArtistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Album (AlbumId INTEGER PRIMARY KEY, Title TEXT NOT NULL,
          ArtistId INTEGER NOT NULL REFERENCES Artist (ArtistId));
        CREATE TABLE Genre (GenreId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE MediaType (MediaTypeId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE Track (TrackId INTEGER PRIMARY KEY, Name TEXT NOT NULL,
          AlbumId INTEGER REFERENCES Album (AlbumId), MediaTypeId INTEGER NOT NULL REFERENCES MediaType (MediaTypeId),
          GenreId INTEGER REFERENCES Genre (GenreId), Composer TEXT, Milliseconds INTEGER NOT NULL, Bytes INTEGER,
          UnitPrice NUMERIC NOT NULL);
        CREATE TABLE Playlist (PlaylistId INTEGER PRIMARY KEY, Name TEXT);
        CREATE TABLE PlaylistTrack (PlaylistId INTEGER NOT NULL REFERENCES Playlist (PlaylistId),
          TrackId INTEGER NOT NULL REFERENCES Track (TrackId), PRIMARY KEY (PlaylistId, TrackId));
        CREATE TABLE Employee (EmployeeId INTEGER PRIMARY KEY, LastName TEXT NOT NULL, FirstName TEXT NOT NULL,
          Title TEXT, ReportsTo INTEGER REFERENCES Employee (EmployeeId), BirthDate DATETIME, HireDate DATETIME,
          Address TEXT, City TEXT, State TEXT, Country TEXT, PostalCode TEXT, Phone TEXT, Fax TEXT, Email TEXT);
        CREATE TABLE Customer (CustomerId INTEGER PRIMARY KEY, FirstName TEXT NOT NULL, LastName TEXT NOT NULL,
          Company TEXT, Address TEXT, City TEXT, State TEXT, Country TEXT, PostalCode TEXT, Phone TEXT, Fax TEXT,
          Email TEXT NOT NULL, SupportRepId INTEGER REFERENCES Employee (EmployeeId));
        CREATE TABLE Invoice (InvoiceId INTEGER PRIMARY KEY, CustomerId INTEGER NOT NULL REFERENCES Customer (CustomerId),
          InvoiceDate DATETIME NOT NULL, BillingAddress TEXT, BillingCity TEXT, BillingState TEXT, BillingCountry TEXT,
          BillingPostalCode TEXT, Total NUMERIC NOT NULL);
        CREATE TABLE InvoiceLine (InvoiceLineId INTEGER PRIMARY KEY,
          InvoiceId INTEGER NOT NULL REFERENCES Invoice (InvoiceId), TrackId INTEGER NOT NULL REFERENCES Track (TrackId),
          UnitPrice NUMERIC NOT NULL, Quantity INTEGER NOT NULL);
        CREATE INDEX IFK_TrackAlbumId ON Track (AlbumId);
        CREATE INDEX IFK_InvoiceLineTrackId ON InvoiceLine (TrackId);
        """
}
