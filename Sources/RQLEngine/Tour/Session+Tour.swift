import RQLLanguage

extension Session {
    /// `.tour [NAME]`: starts walking through a sample notebook in a session
    /// of its own (the notebook's fresh database, pinned clock and counting
    /// `uuid()`, its width and settings), so each step prints what the
    /// notebook recorded, and says the first step. This session's database,
    /// settings, clock and open transaction wait as they are.
    func startTour(named name: String) throws {
        guard let text = Tour.notebook(named: name) else {
            throw CommandError(.unknownTour(name))
        }
        guard let notebooks else { throw CommandError(.notAvailable(command: ".tour")) }
        let (tour, session) = try notebooks.tour(named: name, text: text, console: console, diagnostics: diagnostics)
        if let tourSession { tourSession.close() }
        self.tour = tour
        tourSession = session
        if interruptsOnSIGINT { pointSIGINT(at: session) }
        let steps = tour.steps.count == 1 ? "1 step" : "\(tour.steps.count) steps"
        writeWrapped("""
            \(tour.name).rql, step by step: \(steps) on a fresh copy of the \(tour.target.displayName) sample, on the notebook's clock.
            Enter runs the next step; type anything in between; .tour off comes back to \(target.displayName) as you left it.

            """, hangingIndent: 0)
        sayNextStep()
    }

    /// `.tour next` (Enter at the prompt, during a tour): runs the step's
    /// command in the tour's session, like `.read` runs a script's, then
    /// says the next step. `.record` records the step's command.
    func runTourStep() throws {
        guard var tour, let tourSession, tour.position < tour.steps.count else {
            throw CommandError(.noTour)
        }
        let step = tour.steps[tour.position]
        tour.position += 1
        self.tour = tour
        let outcome = tourSession.execute(step.command)
        current?.outcome.changedRows = outcome.changedRows
        recording?.instead = (step.command, outcome)
        sayNextStep()
    }

    /// `.tour off`.
    func endTour() throws {
        guard let tour else { throw CommandError(.noTour) }
        finish()
        output.write("the tour of \(tour.name).rql ended before step \(tour.position + 1) of \(tour.steps.count); back to \(target.displayName)\n")
    }

    /// Writes the next step's narration and command, or the end of the tour.
    private func sayNextStep() {
        guard let tour else { return }
        guard tour.position < tour.steps.count else {
            finish()
            let others = Tour.names.filter { $0 != tour.name }
            output.write("\nThat was the last step of \(tour.name).rql; back to \(target.displayName). Other tours: \(others.joined(separator: " ")) (.tour NAME).\n")
            return
        }
        let step = tour.steps[tour.position]
        output.write("\n")
        for line in step.narration { output.write(line.isEmpty ? "\n" : "  \(line)\n") }
        if !step.narration.isEmpty { output.write("\n") }
        output.write(step.command.typed(after: "next> "))
    }

    /// Ends the tour: its session closes, and this one is where commands go again.
    private func finish() {
        tour = nil
        tourSession?.close()
        tourSession = nil
        if interruptsOnSIGINT { pointSIGINT(at: self) }
    }
}
