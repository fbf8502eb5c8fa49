extension Parser {
    mutating func statement() throws(DSLError) -> Statement {
        let second = peek()
        let secondIsName: Bool = {
            switch second.kind {
            case .word, .quotedWord: return true
            default: return false
            }
        }()
        switch current.keyword {
        case "def" where secondIsName: return try definition()
        case "enum" where secondIsName && peek(2).isSymbol(.dot): return try enumDefinition()
        case "alias" where secondIsName && peek(2).isSymbol(.dot): return try aliasDefinition()
        case "let" where secondIsName && peek(2).isSymbol(.assign): return try letDefinition()
        case "insert" where secondIsName:
            advance()
            let table = try source()
            let assignments = try self.assignments()
            let upsert = try self.upsert()
            var returning: [SelectItem]?
            // `returning` as a clause, or as a stage after `|` as in `T | insert … | returning …`.
            if current.isSymbol(.pipe), peek().isKeyword("returning") { advance() }
            if accept(keyword: "returning") != nil { returning = try selectItems() }
            return .insert(table, assignments, upsert: upsert, returning: returning)
        default:
            return .query(try query())
        }
    }

    mutating func query() throws(DSLError) -> Query {
        try enter()
        defer { leave() }
        let start = current.span
        let source = try self.source()
        var stages: [Stage] = []
        while let pipe = accept(.pipe) {
            stages.append(try stage(after: pipe))
        }
        return Query(source: source, stages: stages, span: start.through(tokens[max(0, position - 1)].span))
    }

    mutating func source() throws(DSLError) -> Source {
        var name = try self.name("a table name")
        // `emp.employees`: a table of an attached database.
        if current.isSymbol(.dot), peek().isName {
            advance()
            let table = try self.name("a table name after the database's")
            name = Name(text: name.text + "." + table.text, span: name.span.through(table.span))
        }
        var alias: Name?
        if accept(keyword: "as") != nil { alias = try self.name("an alias after `as`") }
        return Source(name: name, alias: alias)
    }

    private mutating func stage(after pipe: Token) throws(DSLError) -> Stage {
        let keyword = current
        guard let word = keyword.keyword else {
            let atEnd = current.kind == .end || current.isSymbol(.pipe)
            throw DSLError(.missingStage(found: current.description, atEnd: atEnd), at: current.span)
        }
        advance()
        var keywordSpan = keyword.span
        let kind: Stage.Kind
        switch word {
        case "where", "filter":
            kind = .filter(try expression())
        case "select":
            kind = .select(try selectItems())
        case "order", "sort":
            _ = accept(keyword: "by")
            kind = .order(try sortItems())
        case "limit":
            let count = try expression()
            var offset: Expression?
            if accept(keyword: "offset") != nil { offset = try expression() }
            kind = .limit(count, offset: offset)
        case "offset":
            kind = .offset(try expression())
        case "group":
            _ = accept(keyword: "by")
            kind = .group(try groupKeys())
        case "having":
            kind = .having(try expression())
        case "distinct":
            kind = .distinct
        case "count":
            kind = .count
        case "join":
            kind = .join(try join(isLeft: false))
        case "left":
            _ = accept(keyword: "outer")
            keywordSpan = keywordSpan.through(try expect(keyword: "join", "`left` starts `left join`").span)
            kind = .join(try join(isLeft: true))
        case "find":
            kind = .find(try expressionList())
        case "search":
            let raw = accept(keyword: "match") != nil
            kind = .search(try expression(), raw: raw)
        case "update":
            kind = .update(try assignments())
        case "delete":
            kind = .delete
        case "insert":
            let assignments = try self.assignments()
            kind = .insert(assignments, upsert: try upsert())
        case "returning":
            kind = .returning(try selectItems())
        case "chart":
            kind = .chart(try name("a chart: bar, column, line or spark"))
        case "union", "intersect", "except":
            let op: Stage.SetOperator = word.lowercased() == "intersect" ? .intersect : word.lowercased() == "except" ? .except
                : accept(keyword: "all") != nil ? .unionAll : .union
            try expect(.leftParen, "the other query goes in parentheses: union (tags | select title)")
            let other = try query()
            try expect(.rightParen, "close the other query")
            kind = .compound(op, other)
        default:
            let suggestions = Suggestions.closest(to: word, in: Parser.stageNames)
            throw DSLError(.unknownStage(word, suggestions: suggestions), at: keyword.span)
        }
        return Stage(kind: kind, keywordSpan: keywordSpan, span: pipe.span.through(tokens[max(0, position - 1)].span))
    }

    private mutating func join(isLeft: Bool) throws(DSLError) -> Join {
        let source = try self.source()
        var condition: Expression?
        if accept(keyword: "on") != nil { condition = try expression() }
        return Join(isLeft: isLeft, source: source, condition: condition)
    }

    /// `group by` keys, each named as a `select` item is: `y = expr` or `expr as y`.
    mutating func groupKeys() throws(DSLError) -> [(Expression, text: String, alias: Name?)] {
        var keys: [(Expression, text: String, alias: Name?)] = []
        repeat {
            var alias: Name?
            let value: Expression
            if atName, peek().isSymbol(.assign) {
                alias = try name("a name for the key")
                advance()
                value = try expression()
            } else {
                value = try expression()
                if accept(keyword: "as") != nil { alias = try name("a name for the key after `as`") }
            }
            keys.append((value, text: text(of: value.span), alias: alias))
        } while accept(.comma) != nil
        return keys
    }

    mutating func selectItems() throws(DSLError) -> [SelectItem] {
        var items: [SelectItem] = []
        repeat {
            if let star = accept(.star) {
                items.append(.star(star.span))
            } else if atName, peek().isSymbol(.dot), peek(2).isSymbol(.star) {
                let relation = try name("a name")
                advance()
                let star = advance()
                items.append(.relationStar(Name(text: relation.text, span: relation.span.through(star.span))))
            } else if atName, peek().isSymbol(.assign) {
                let alias = try name("a column name")
                advance()
                let value = try expression()
                items.append(.expression(value, alias: alias, text: text(of: value.span)))
            } else {
                let value = try expression()
                var alias: Name?
                if accept(keyword: "as") != nil { alias = try name("a column name after `as`") }
                items.append(.expression(value, alias: alias, text: text(of: value.span)))
            }
        } while accept(.comma) != nil
        return items
    }

    mutating func sortItems() throws(DSLError) -> [SortItem] {
        var items: [SortItem] = []
        repeat {
            var descending = false
            if accept(.minus) != nil { descending = true }
            let value = try expression()
            if accept(keyword: "desc") != nil { descending = true } else { _ = accept(keyword: "asc") }
            var nullsFirst: Bool?
            if accept(keyword: "nulls") != nil {
                if accept(keyword: "first") != nil {
                    nullsFirst = true
                } else {
                    try expect(keyword: "last", "`nulls first` or `nulls last`")
                    nullsFirst = false
                }
            }
            items.append(SortItem(expression: value, descending: descending, nullsFirst: nullsFirst))
        } while accept(.comma) != nil
        return items
    }

    mutating func expressionList() throws(DSLError) -> [Expression] {
        var values: [Expression] = [try expression()]
        while accept(.comma) != nil { values.append(try expression()) }
        return values
    }

    mutating func assignments() throws(DSLError) -> [Assignment] {
        var items: [Assignment] = []
        repeat {
            let column = try name("a column name")
            if accept(.assign) != nil {
                items.append(.set(column, try expression()))
            } else if current.isSymbol(.equal) {
                throw DSLError(.equalsInAssignment(column: column.text), at: current.span)
            } else {
                items.append(.helper(column))
            }
        } while accept(.comma) != nil
        return items
    }

    /// `on conflict [(COL, …)] ignore` or `on conflict (COL, …) update SET, …`, when it follows.
    mutating func upsert() throws(DSLError) -> Upsert? {
        guard current.isKeyword("on"), peek().isKeyword("conflict") else { return nil }
        let start = advance().span
        let span = start.through(advance().span)
        var columns: [Name] = []
        if accept(.leftParen) != nil {
            repeat { columns.append(try name("a column that must be unique")) } while accept(.comma) != nil
            try expect(.rightParen, "close the column list")
        }
        if accept(keyword: "ignore") != nil { return Upsert(columns: columns, updates: nil, span: span) }
        guard accept(keyword: "update") != nil else {
            throw unexpected(expected: "`ignore` or `update`", label: "on conflict … ignore, or on conflict (column) update column = value")
        }
        guard !columns.isEmpty else {
            throw DSLError(.upsertWithoutColumns, at: span)
        }
        return Upsert(columns: columns, updates: try assignments(), span: span)
    }

    // MARK: Definitions

    private mutating func definition() throws(DSLError) -> Statement {
        advance()
        var table: Name?
        var name = try self.name("a helper name")
        if accept(.dot) != nil {
            table = name
            name = try self.name("a helper name after `.`")
        }
        if accept(.define) != nil {
            guard let table else {
                throw DSLError(.mutationHelperWithoutTable(name.text), at: name.span)
            }
            return .defineMutation(table: table, name: name, try assignments())
        }
        try expect(.assign, "`=` (or `:=` for a mutation helper)")
        if let table, name.text == "fts" {
            let ftsTable = try self.name("the name of an FTS5 table")
            var key: Name?
            if accept(.leftParen) != nil {
                key = try self.name("a column of the FTS5 table")
                try expect(.rightParen, "close the key column")
            }
            return .defineSearch(table: table, ftsTable: ftsTable, keyColumn: key)
        }
        return .define(table: table, name: name, try expression())
    }

    private mutating func enumDefinition() throws(DSLError) -> Statement {
        advance()
        let table = try name("a table name")
        try expect(.dot, "enum table.column = …")
        let column = try name("a column name")
        try expect(.assign, "enum table.column = name value, …")
        var cases: [(Name, Expression)] = []
        repeat {
            let caseName = try name("a case name")
            cases.append((caseName, try unary()))
        } while accept(.comma) != nil
        return .defineEnum(table: table, column: column, cases)
    }

    private mutating func aliasDefinition() throws(DSLError) -> Statement {
        advance()
        let table = try name("a table name")
        try expect(.dot, "alias table.name = target")
        let alias = try name("an alias name")
        try expect(.assign, "alias table.name = target")
        return .alias(table: table, name: alias, target: try name("the name the alias stands for"))
    }

    private mutating func letDefinition() throws(DSLError) -> Statement {
        advance()
        let name = try self.name("a query name")
        try expect(.assign, "let name = query")
        return .letQuery(name, try query())
    }
}
