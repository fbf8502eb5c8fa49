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
        // An exercise's answer was kept back: it shows now, as it runs.
        if step.exercise != nil { output.write(visible: step.command.typed(after: "next> ")) }
        let outcome = tourSession.execute(step.command)
        current?.outcome.changedRows = outcome.changedRows
        recording?.instead = (step.command, outcome)
        sayNextStep()
    }

    /// What the learner gives at an exercise of a tour.
    public enum TourAnswer: Sendable {
        /// A query to grade: right, and the step runs; wrong, and the counterexample.
        case query(String)
        /// `s`: the reference answer is shown and runs.
        case showReference
        /// `n`: the exercise is left, and the tour goes on.
        case skip
    }

    /// The exercise the tour waits at for the learner's answer, if it does.
    public var tourExercise: String? { tour?.exercise }

    /// The learner's answer to the exercise the tour waits at.
    public func answerTourExercise(_ answer: TourAnswer) {
        guard var tour, let tourSession, let exercise = tour.exercise, let notebooks,
              let text = Tour.notebook(named: tour.name) else { return }
        let step = tour.steps[tour.position]
        switch answer {
        case .query(let query):
            do {
                let grade = try notebooks.grade(tour: tour.name, text: text, exercise: exercise, answer: query)
                for line in grade.report { output.write(visible: line + "\n") }
                output.write("\n")
                guard grade.isRight else { return output.flush() }
            } catch {
                report(CommandError.from(error))
                return
            }
        case .showReference:
            break
        case .skip:
            tour.position += 1
            self.tour = tour
            sayNextStep()
            return output.flush()
        }
        output.write(visible: step.command.typed(after: "next> "))
        tour.position += 1
        self.tour = tour
        tourSession.execute(step.command)
        sayNextStep()
        output.flush()
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
        if let exercise = step.exercise {
            output.write("exercise \(exercise): write your answer, SQL or the DSL (s shows the reference, n skips)\n")
        } else {
            output.write(step.command.typed(after: "next> "))
        }
    }

    /// Ends the tour: its session closes, and this one is where commands go again.
    private func finish() {
        tour = nil
        tourSession?.close()
        tourSession = nil
        if interruptsOnSIGINT { pointSIGINT(at: self) }
    }
}
