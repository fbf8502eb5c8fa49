@testable import RQLLanguage

/// The SQL a DSL query compiles to against the test catalog, with no
/// definitions; "" for a statement that is not a query.
func compile(_ text: String) throws(DSLError) -> String {
    var definitions = Definitions()
    guard case .query(let query) = try DSL.compile(text, catalog: DSLFuzzTests.catalog, definitions: &definitions) else {
        return ""
    }
    return query.sql
}
