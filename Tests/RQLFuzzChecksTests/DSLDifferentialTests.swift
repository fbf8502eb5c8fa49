import Testing
import RQLFuzzChecks

/// A fixed-seed slice of the DSL differential tester (`make fuzz` runs it
/// at length): random queries compiled by rql and by the reference
/// lowering give the same rows on random databases of each schema.
@Suite struct DSLDifferentialTests {
    @Test(arguments: DifferentialSchema.allCases)
    func rqlGivesTheDefinitionsRows(schema: DifferentialSchema) {
        let check = DSLDifferentialCheck()
        var problems: [String] = []
        for database in 0..<UInt64(12) {
            problems += check.compare(schema: schema, databaseSeed: database, querySeed: 1000 + database, queries: 60)
        }
        #expect(check.pairs >= 700)
        #expect(problems.isEmpty, "\(problems.count) problems:\n\(problems.prefix(3).joined(separator: "\n\n"))")
    }
}
