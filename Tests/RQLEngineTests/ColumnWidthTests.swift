import Foundation
import RQLEngine
import Testing

/// Width by need at ordinary terminal widths: numbers, keys and NULL are
/// never cut; short text keeps its width; wide text shrinks; columns from
/// the middle hide behind `…` when even that is too wide.
@Suite struct ColumnWidthTests {
    private func boxes(_ commands: String, on test: TestSession, width: Int) -> String {
        test.session.settings.lineWidth = width
        return test.run(commands).output
    }

    /// `Customer | limit 3`, `Track | limit 3` and `Invoice | limit 2` in box mode.
    private static let goldens: [Int: String] = [
        60: """
            ┌────────────┬───────────┬───┬──────────────┬──────────────┐
            │ CustomerId │ FirstName │ … │ Email        │ SupportRepId │
            ├────────────┼───────────┼───┼──────────────┼──────────────┤
            │          1 │ Luís      │ … │ luisg@embra… │            3 │
            │          2 │ Leonie    │ … │ leonekohler… │            5 │
            │          3 │ François  │ … │ ftremblay@g… │            3 │
            └────────────┴───────────┴───┴──────────────┴──────────────┘
            (9 columns hidden to fit: .mode line shows every column)
            ┌─────────┬─────────────────────┬───┬──────────┬───────────┐
            │ TrackId │ Name                │ … │ Bytes    │ UnitPrice │
            ├─────────┼─────────────────────┼───┼──────────┼───────────┤
            │       1 │ For Those About To… │ … │ 11170334 │      0.99 │
            │       2 │ Balls to the Wall   │ … │  5510424 │      0.99 │
            │       3 │ Fast As a Shark     │ … │  3990994 │      0.99 │
            └─────────┴─────────────────────┴───┴──────────┴───────────┘
            (5 columns hidden to fit: .mode line shows every column)
            ┌───────────┬────────────┬───┬───────────────────┬───────┐
            │ InvoiceId │ CustomerId │ … │ BillingPostalCode │ Total │
            ├───────────┼────────────┼───┼───────────────────┼───────┤
            │         1 │          2 │ … │ 70174             │  1.98 │
            │         2 │          4 │ … │ 0171              │  3.96 │
            └───────────┴────────────┴───┴───────────────────┴───────┘
            (5 columns hidden to fit: .mode line shows every column)

            """,
        80: """
            ┌────────────┬───────────┬───────────┬───┬──────────────────────┬──────────────┐
            │ CustomerId │ FirstName │ LastName  │ … │ Email                │ SupportRepId │
            ├────────────┼───────────┼───────────┼───┼──────────────────────┼──────────────┤
            │          1 │ Luís      │ Gonçalves │ … │ luisg@embraer.com.br │            3 │
            │          2 │ Leonie    │ Köhler    │ … │ leonekohler@surfeu.… │            5 │
            │          3 │ François  │ Tremblay  │ … │ ftremblay@gmail.com  │            3 │
            └────────────┴───────────┴───────────┴───┴──────────────────────┴──────────────┘
            (8 columns hidden to fit: .mode line shows every column)
            ┌─────────┬────────────────┬─────────┬───┬──────────────┬──────────┬───────────┐
            │ TrackId │ Name           │ AlbumId │ … │ Milliseconds │ Bytes    │ UnitPrice │
            ├─────────┼────────────────┼─────────┼───┼──────────────┼──────────┼───────────┤
            │       1 │ For Those Abo… │       1 │ … │       343719 │ 11170334 │      0.99 │
            │       2 │ Balls to the … │       2 │ … │       342562 │  5510424 │      0.99 │
            │       3 │ Fast As a Sha… │       3 │ … │       230619 │  3990994 │      0.99 │
            └─────────┴────────────────┴─────────┴───┴──────────────┴──────────┴───────────┘
            (3 columns hidden to fit: .mode line shows every column)
            ┌───────────┬────────────┬──────────────┬───┬────────────┬─────────────┬───────┐
            │ InvoiceId │ CustomerId │ InvoiceDate  │ … │ BillingCo… │ BillingPos… │ Total │
            ├───────────┼────────────┼──────────────┼───┼────────────┼─────────────┼───────┤
            │         1 │          2 │ 2021-01-01 … │ … │ Germany    │ 70174       │  1.98 │
            │         2 │          4 │ 2021-01-02 … │ … │ Norway     │ 0171        │  3.96 │
            └───────────┴────────────┴──────────────┴───┴────────────┴─────────────┴───────┘
            (3 columns hidden to fit: .mode line shows every column)

            """,
        120: """
            ┌────────────┬───────────┬───────────┬───────────────────┬───┬──────────────┬─────────────┬─────────────┬──────────────┐
            │ CustomerId │ FirstName │ LastName  │ Company           │ … │ Phone        │ Fax         │ Email       │ SupportRepId │
            ├────────────┼───────────┼───────────┼───────────────────┼───┼──────────────┼─────────────┼─────────────┼──────────────┤
            │          1 │ Luís      │ Gonçalves │ Embraer - Empres… │ … │ +55 (12) 39… │ +55 (12) 3… │ luisg@embr… │            3 │
            │          2 │ Leonie    │ Köhler    │ NULL              │ … │ +49 0711 28… │ NULL        │ leonekohle… │            5 │
            │          3 │ François  │ Tremblay  │ NULL              │ … │ +1 (514) 72… │ NULL        │ ftremblay@… │            3 │
            └────────────┴───────────┴───────────┴───────────────────┴───┴──────────────┴─────────────┴─────────────┴──────────────┘
            (5 columns hidden to fit: .mode line shows every column)
            ┌─────────┬───────────────┬─────────┬─────────────┬─────────┬────────────────────┬──────────────┬──────────┬───────────┐
            │ TrackId │ Name          │ AlbumId │ MediaTypeId │ GenreId │ Composer           │ Milliseconds │ Bytes    │ UnitPrice │
            ├─────────┼───────────────┼─────────┼─────────────┼─────────┼────────────────────┼──────────────┼──────────┼───────────┤
            │       1 │ For Those Ab… │       1 │           1 │       1 │ Angus Young, Malc… │       343719 │ 11170334 │      0.99 │
            │       2 │ Balls to the… │       2 │           2 │       1 │ U. Dirkschneider,… │       342562 │  5510424 │      0.99 │
            │       3 │ Fast As a Sh… │       3 │           2 │       1 │ F. Baltes, S. Kau… │       230619 │  3990994 │      0.99 │
            └─────────┴───────────────┴─────────┴─────────────┴─────────┴────────────────────┴──────────────┴──────────┴───────────┘
            ┌───────────┬────────────┬──────────────┬──────────────┬─────────────┬──────────────┬────────────┬─────────────┬───────┐
            │ InvoiceId │ CustomerId │ InvoiceDate  │ BillingAddr… │ BillingCity │ BillingState │ BillingCo… │ BillingPos… │ Total │
            ├───────────┼────────────┼──────────────┼──────────────┼─────────────┼──────────────┼────────────┼─────────────┼───────┤
            │         1 │          2 │ 2021-01-01 … │ Theodor-Heu… │ Stuttgart   │ NULL         │ Germany    │ 70174       │  1.98 │
            │         2 │          4 │ 2021-01-02 … │ Ullevålsvei… │ Oslo        │ NULL         │ Norway     │ 0171        │  3.96 │
            └───────────┴────────────┴──────────────┴──────────────┴─────────────┴──────────────┴────────────┴─────────────┴───────┘

            """,
    ]

    @Test(.enabled(if: Chinook.isAvailable, "skipped: the Chinook width goldens, as ../shared/data/chinook.sqlite is absent"))
    func chinookAtSixtyEightyAndOneHundredTwentyColumns() throws {
        let test = try TestSession.chinook(readonly: false, mode: .box)
        for width in [60, 80, 120] {
            let shown = boxes("Customer | limit 3\nTrack | limit 3\nInvoice | limit 2", on: test, width: width)
            #expect(shown == ColumnWidthTests.goldens[width], "at \(width) columns")
            #expect(shown.split(separator: "\n").allSatisfy { $0.count <= width })
        }
    }

    @Test func keysAreNeverCutAndFindingThemIsNotTraced() throws {
        let test = try TestSession(mode: .box)
        let shown = boxes("""
            .trace on
            SELECT r.id, r.remindersListID, r.title || ' ' || r.title AS twice, l.title FROM reminders r
              JOIN remindersLists l ON l.id = r.remindersListID LIMIT 2;
            """, on: test, width: 100)
        #expect(shown == """
            SELECT r.id, r.remindersListID, r.title || ' ' || r.title AS twice, l.title FROM reminders r
              JOIN remindersLists l ON l.id = r.remindersListID LIMIT 2;
            ┌──────────────────────────────────────┬──────────────────────────────────────┬───┬──────────┐
            │ id                                   │ remindersListID                      │ … │ title    │
            ├──────────────────────────────────────┼──────────────────────────────────────┼───┼──────────┤
            │ 00000000-0000-4000-8000-00000000b001 │ 00000000-0000-4000-8000-00000000a001 │ … │ Personal │
            │ 00000000-0000-4000-8000-00000000b002 │ 00000000-0000-4000-8000-00000000a001 │ … │ Personal │
            └──────────────────────────────────────┴──────────────────────────────────────┴───┴──────────┘
            (1 column hidden to fit: .mode line shows every column)

            """)
    }
}
