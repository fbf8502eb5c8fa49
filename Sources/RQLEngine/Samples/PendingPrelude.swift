import GRDB
import RQLLanguage

/// A sample's prelude that is still to be made, and the version of the
/// catalog (`Session.catalogVersion`) the sample had when it opened.
struct PendingPrelude {
    let sample: Sample
    let catalogVersion: [String]

    /// The catalog the sample had when it opened: the session's while its
    /// databases and schemas are as they were then, else that of a new copy
    /// of the sample, built as the session builds it. Nil when neither can
    /// be read.
    func catalog(of session: Session) -> Catalog? {
        if let version = try? session.queue.inDatabase(Session.catalogVersion), version == catalogVersion {
            return try? session.dslCatalog()
        }
        guard let copy = try? Connection.open(.sample(sample), setup: session.connectionSetup) else { return nil }
        defer { try? copy.close() }
        return try? copy.inDatabase { try CatalogReader.read($0) }
    }
}
