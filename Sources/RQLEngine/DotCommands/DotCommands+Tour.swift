extension DotCommand {
    static let tourCommands: [DotCommand] = [
        DotCommand(name: "tour", DotSyntax(.optional(.tour)), summary: "walk through a sample notebook step by step",
                   details: """
                       .tour starts the tour of the Reminders database; .tour NAME another sample notebook:
                         \(Tour.names.joined(separator: " "))
                       A tour runs in a session of its own, on a fresh copy of its sample, the notebook's clock and settings,
                       and says each step: the notebook's prose, then the command. Enter on an empty line (or .tour next)
                       runs it; anything else you type runs in the tour's session in between. .tour off ends the tour and
                       comes back to your database, settings, clock and open transaction as you left them.
                       rql run --step NAME shows the same notebook outside the prompt.
                       """) { session, arguments in
            switch arguments.text(.tour) {
            case "next": try session.runTourStep()
            case "off": try session.endTour()
            case let name?: try session.startTour(named: name)
            case nil: try session.startTour(named: "tour")
            }
        },
    ]
}

extension DotValue {
    /// A sample notebook to walk through, or what to do with the tour going on.
    static let tour = DotValue.word("NAME|next|off", completes: .words(["next", "off"] + Tour.names))
}
