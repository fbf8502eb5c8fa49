import RQLLanguage

extension Session {
    /// `.tour [NAME]`: opens a fresh copy of the notebook's database and
    /// says the first step.
    func startTour(named name: String) throws {
        guard let text = Tour.notebook(named: name) else {
            throw CommandError("there is no tour named \"\(name)\"",
                               notes: [Suggestions.didYouMean(name, in: Tour.names),
                                       "tours: " + Tour.names.joined(separator: " ")].compactMap { $0 })
        }
        guard let notebooks else { throw CommandError(".tour is not available here") }
        var tour = try notebooks.tour(named: name, text: text)
        try open(tour.target)
        tour.settingsBefore = self.tour?.settingsBefore ?? settings
        self.tour = tour
        let steps = tour.steps.count == 1 ? "1 step" : "\(tour.steps.count) steps"
        output.write("""
            \(tour.name).rql, step by step: \(steps) on a fresh copy of the \(tour.target.displayName) sample.
            Enter runs the next step; type anything in between; .tour off ends the tour.

            """)
        sayNextStep()
    }

    /// `.tour next` (Enter at the prompt, during a tour): runs the step's
    /// command, like `.read` runs a script's, then says the next step.
    func runTourStep() throws {
        guard var tour, tour.position < tour.steps.count else {
            throw CommandError("no tour is running", notes: [".tour starts the Reminders tour; .help tour lists the others"])
        }
        let step = tour.steps[tour.position]
        tour.position += 1
        self.tour = tour
        // Like `.read`'s commands, the step is not recorded apart from the `.tour next` that ran it.
        readDepth += 1
        defer {
            readDepth -= 1
            sayNextStep()
        }
        execute(step.command)
    }

    /// `.tour off`.
    func endTour() throws {
        guard let tour else { throw CommandError("no tour is running") }
        finish(tour)
        output.write("the tour of \(tour.name).rql ended before step \(tour.position + 1) of \(tour.steps.count)\n")
    }

    /// Writes the next step's narration and command, or the end of the tour.
    private func sayNextStep() {
        guard let tour else { return }
        guard tour.position < tour.steps.count else {
            finish(tour)
            let others = Tour.names.filter { $0 != tour.name }
            output.write("\nThat was the last step of \(tour.name).rql. Other tours: \(others.joined(separator: " ")) (.tour NAME).\n")
            return
        }
        let step = tour.steps[tour.position]
        output.write("\n")
        for line in step.narration { output.write(line.isEmpty ? "\n" : "  \(line)\n") }
        if !step.narration.isEmpty { output.write("\n") }
        output.write(step.command.typed(after: "next> "))
    }

    /// Ends `tour`, with the settings its steps changed put back.
    private func finish(_ tour: Tour) {
        self.tour = nil
        if let before = tour.settingsBefore { settings = before }
    }
}
