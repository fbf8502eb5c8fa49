import Foundation
import Testing
import RQLEngine
@testable import RQLNotebook

/// What `rql check` reports: a diff that shows the changed lines within a
/// cell, and a JUnit file.
@Suite struct CheckReportTests {
    @Test func aChangedRowIsOneLineOutAndOneIn() {
        #expect(LineDiff.lines(from: ["a", "b", "c", "d"], to: ["a", "x", "c", "d", "e"])
                == [.same("a"), .removed("b"), .added("x"), .same("c"), .same("d"), .added("e")])
        #expect(LineDiff.lines(from: [], to: ["a"]) == [.added("a")])
        #expect(LineDiff.lines(from: ["a", "b"], to: ["b", "a"]) == [.removed("a"), .same("b"), .added("a")])
    }

    @Test func theDiffKeepsTheUnchangedRowsAsContext() throws {
        let notebook = try Notebook(text: """
            -- @mode list
            SELECT title FROM tags ORDER BY title;
            --> adulting
            --> bus
            --> kids
            --> night
            --> optional
            --> social
            --> someday
            """, path: "x.rql")
        let check = NotebookCheck(notebook, try NotebookRunner().run(notebook))
        #expect(check.diff == """
            --- x.rql\t(recorded)
            +++ x.rql\t(fresh)
            x.rql:2: output drifted
            @@ -2,8 +2,8 @@
             SELECT title FROM tags ORDER BY title;
             --> adulting
            ---> bus
            +--> car
             --> kids
             --> night
             --> optional
             --> social
             --> someday

            """)
    }

    @Test func theJUnitReportCountsAndEscapes() throws {
        let notebook = try Notebook(text: """
            -- @mode list
            -- @name tags
            SELECT count(*) FROM tags;
            --> 8

            SELECT nope;

            -- @skip
            SELECT 1;

            -- @requires sqlite < 3.0
            SELECT 2;

            SELECT '<&"Zoë 🎉">' || char(1);
            --> <&"Zoë 🎉">\u{1}
            """, path: "a&b.rql")
        var report = JUnitReport()
        report.entries = [.checked(NotebookCheck(notebook, try NotebookRunner().run(notebook))),
                          .unreadable(path: "gone.rql", NotebookError(path: "gone.rql", line: 0, .cannotOpen(reason: "no such file")))]
        let xml = report.xml
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"rql check\" tests=\"6\" failures=\"1\" errors=\"2\" skipped=\"2\" time=\""))
        #expect(xml.contains("<testsuite name=\"a&amp;b.rql\" tests=\"5\" failures=\"1\" errors=\"1\" skipped=\"2\""))
        #expect(xml.contains("<testcase name=\"tags (line 3)\" classname=\"a&amp;b.rql\""))
        #expect(xml.contains("<failure message=\"output drifted\">a&amp;b.rql:3: output drifted\n@@ -3,2 +3,2 @@\n SELECT count(*) FROM tags;\n---&gt; 8\n+--&gt; 7\n</failure>"))
        #expect(xml.contains("<testcase name=\"line 6: SELECT nope;\""))
        #expect(xml.contains("<error message=\"unexpected error\">error: no such column: nope"))
        #expect(xml.contains("<skipped message=\"@skip\"/>"))
        #expect(xml.contains("<skipped message=\"@requires; this is SQLite \(Session.sqliteVersion)\"/>"))
        #expect(xml.contains("<testcase name=\"line 14: SELECT '&lt;&amp;&quot;Zoë 🎉&quot;&gt;' || char(1);\""))
        #expect(xml.contains("<error message=\"cannot open the notebook: no such file\">gone.rql: error: cannot open the notebook: no such file</error>"))
        #expect(!xml.unicodeScalars.contains("\u{1}"))
    }

    @Test func secondsHaveThreeDecimals() {
        #expect(XML.seconds(0) == "0.000")
        #expect(XML.seconds(1.2345) == "1.235")
        #expect(XML.seconds(0.05) == "0.050")
    }
}
