import Foundation
import Testing
import RQLEngine

/// `.lint fkey-indexes`: each foreign key that no index serves, in the
/// collation its parent columns compare with, with the index that would.
@Suite struct LintTests {
    @Test func foreignKeysWithoutAnIndexAreListedWithTheirFix() throws {
        let test = try TestSession.inMemory("""
            CREATE TABLE parent (id INTEGER PRIMARY KEY, a TEXT, b TEXT, code TEXT COLLATE NOCASE UNIQUE, UNIQUE (a, b));
            CREATE TABLE bare (id INTEGER PRIMARY KEY, parentID INTEGER REFERENCES parent (id));
            CREATE TABLE served (id INTEGER PRIMARY KEY, parentID INTEGER REFERENCES parent (id));
            CREATE INDEX servedByParent ON served (parentID, id);
            CREATE TABLE pair (x TEXT, y TEXT, FOREIGN KEY (y, x) REFERENCES parent (a, b));
            CREATE INDEX pairXY ON pair (x, y);
            CREATE TABLE coded (code TEXT REFERENCES parent (code));
            CREATE INDEX codedBinary ON coded (code);
            CREATE TABLE junction (parentID INTEGER REFERENCES parent (id), other INTEGER, PRIMARY KEY (parentID, other)) WITHOUT ROWID;
            CREATE TABLE self (id INTEGER PRIMARY KEY REFERENCES parent (id));
            """)
        #expect(test.run(".lint fkey-indexes").output == """
            bare(parentID) → parent(id): CREATE INDEX "bare_parentID" ON "bare" ("parentID");
            coded(code) → parent(code): CREATE INDEX "coded_code" ON "coded" ("code" COLLATE NOCASE);

            """)
    }

    @Test func theSampleNeedsNone() throws {
        #expect(try TestSession().run(".lint fkey-indexes").output == "every foreign key has an index that starts with its columns\n")
    }

    @Test(.enabled(if: Chinook.isAvailable, "skipped: the Chinook lint, as ../shared/data/chinook.sqlite is absent"))
    func chinookNeedsNone() throws {
        let chinook = try TestSession.chinook(readonly: false)
        #expect(chinook.run(".lint fkey-indexes").output == "every foreign key has an index that starts with its columns\n")
    }

    @Test func anotherCheckIsAnError() throws {
        #expect(try TestSession().run(".lint schema").errors == "error: .lint takes fkey-indexes, not \"schema\"\n")
    }
}
