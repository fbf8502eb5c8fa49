extension DotCommand {
    static let tourCommands: [DotCommand] = [
        DotCommand(name: "tour", usage: ".tour [NAME|next|off]", summary: "walk through a sample notebook step by step",
                   details: """
                       .tour starts the tour of the Reminders database; .tour NAME another sample notebook:
                         \(Tour.names.joined(separator: " "))
                       A tour opens a fresh copy of its sample and says each step: the notebook's prose, then the command.
                       Enter on an empty line (or .tour next) runs it; anything else you type runs as usual in between.
                       .tour off ends the tour; settings its steps changed (.mode, .sql on, …) are put back. rql run --step Samples/notebooks/NAME.rql shows the same notebook outside the prompt.
                       """,
                   arguments: 0...1, completes: .words(["next", "off"] + Tour.names)) { session, arguments in
            switch arguments.first {
            case "next": try session.runTourStep()
            case "off": try session.endTour()
            case let name?: try session.startTour(named: name)
            case nil: try session.startTour(named: "tour")
            }
        },
    ]
}
