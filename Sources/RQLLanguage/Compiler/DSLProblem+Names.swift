/// The words of problems with names: tables, columns, relationships,
/// helpers and enum cases.
extension DSLProblem {
    var nameWording: Wording? {
        switch self {
        case .unknownSource(let name, let suggestions, let tables, let views):
            return Wording("no table or view named `\(name)`", label: "unknown table",
                           notes: Self.didYouMean(suggestions) + [Self.listing("tables", tables)]
                               + (views.isEmpty ? [] : [Self.listing("views", views)]))
        case .unknownTable(let name, let suggestions):
            return Wording("no table or view named `\(name)`", label: "unknown table", notes: Self.didYouMean(suggestions))
        case .unknownColumn(let name, let table, let suggestions, let columns):
            return Wording("no column `\(name)` in `\(table)`", label: "unknown column",
                           notes: Self.didYouMean(suggestions) + [Self.listing("columns of `\(table)`", columns)])
        case .unknownName(let name, let suggestions, let enumCases, let resultColumns, let relations):
            return Self.unknownName(name, suggestions: suggestions, enumCases: enumCases, resultColumns: resultColumns,
                                    relations: relations)
        case .noMember(let name, let relation, let suggestions):
            return Wording("no column `\(name)` in \(relation.described)", label: "unknown column",
                           notes: Self.didYouMean(suggestions) + relation.notes)
        case .ambiguous(let name, let relations):
            return Wording("`\(name)` is ambiguous", label: "in more than one table",
                           notes: [.help("say which: " + Suggestions.phrase(relations.map { "`\($0).\(name)`" }))])
        case .tableNotValue(let name, let column):
            return Wording("`\(name)` is a table, not a value", label: "a table",
                           notes: [.help("name one of its columns: \(name).\(column)")])
        case .relationshipNotValue(let name, let target, let column):
            return Wording("`\(name)` is a relationship to `\(target)`, not a value", label: "name one of its columns",
                           notes: [.help("\(name).\(column)")])
        case .columnNotRelationship(let column, let member):
            return Wording("`\(column)` is a column, not a relationship", label: "no `\(member)` in a column",
                           notes: [.help("call a function on it as a method: \(column).lower()")])
        default:
            return relationshipWording
        }
    }

    /// The words of problems with relationships, enums, helpers and `name.*`.
    private var relationshipWording: Wording? {
        switch self {
        case .toManyNotValue(let name, let relation, let path):
            return Wording("`\(name)` is a to-many relationship of \(relation)", label: "many rows here",
                           notes: [.help("aggregate it: count(\(name)), or test it in `where`: any \(name)"
                                         + path.map { "." + $0 }.joined() + " …")])
        case .secondRelationship(let already):
            return Wording("one aggregate ranges over one to-many relationship", label: "a second relationship",
                           notes: [.note("this one already ranges over `\(already)`")])
        case .ambiguousEnumCase(let name, let matches):
            return Wording("`\(name)` is a case of several enums", label: "which one?",
                           notes: [.note(matches.map { "\($0.column).\(name) = \($0.value.literal)" }.joined(separator: ", ")),
                                   .help("compare it with its column: status == \(name)")])
        case .missingTable(let name):
            return Wording("no table `\(name)`", label: "")
        case .unknownRelationName(let name, let names):
            return Wording("no table or alias `\(name)` in this query", label: "unknown name",
                           notes: [Self.listing("names here", names)])
        case .helperUsesItself(let name, let definition):
            return Wording("helper `\(name)` uses itself", label: "endless expansion", notes: [.note(definition)])
        case .helpersTooDeep(let levels):
            return Wording("helpers nest too deeply", label: "more than \(levels) helpers inside each other")
        case .inHelper(let name, let definition, let inner):
            return Wording("in helper `\(name)`: \(inner.message)", label: "helper used here",
                           notes: inner.notes + [.note(definition)])
        default:
            return nil
        }
    }

    private static func unknownName(_ name: String, suggestions: [String], enumCases: [String]?, resultColumns: [String]?,
                                    relations: [RelationOutline]) -> Wording {
        var notes = didYouMean(suggestions)
        if let enumCases { notes.append(listing("the cases of this column's enum", enumCases)) }
        if let resultColumns { notes.append(listing("result columns so far", resultColumns)) }
        notes += relations.flatMap(\.notes)
        let described = Array(Set(relations.map(\.described))).sorted()
        let label = described.isEmpty ? "no columns can be used here"
            : "not a column, helper or relationship of " + Suggestions.phrase(described)
        return Wording("unknown name `\(name)`", label: label, notes: notes)
    }
}

extension DSLProblem.RelationOutline {
    /// `note: columns of …`, `note: relationships of …`, `note: helpers of …`.
    var notes: [DiagnosticNote] {
        var notes = [DSLProblem.listing("columns of \(described)", columns)]
        if !relationships.isEmpty {
            notes.append(DSLProblem.listing("relationships of \(described)", relationships.map(Self.outline)))
        }
        if !helpers.isEmpty { notes.append(DSLProblem.listing("helpers of \(described)", helpers)) }
        return notes
    }

    private static func outline(_ relationship: Relationship) -> String {
        switch relationship.kind {
        case .toOne: return "\(relationship.name) (one \(relationship.target))"
        case .toMany: return "\(relationship.name) (many)"
        case .manyToMany: return "\(relationship.name) (many, through \(relationship.junction ?? "?"))"
        }
    }
}
