import CLibEdit
import FoundationEssentials
import Glibc

/// A line editor on the terminal, over libedit: a prompt, emacs-style
/// editing, history recalled with the arrow keys (a multi-line entry comes
/// back whole), Tab completion, Ctrl-C that abandons the line, and
/// Ctrl-X Ctrl-E that hands it to the person's own editor.
///
/// It is the only code in rql that touches libedit.
///
///     let editor = LineEditor(program: "rql")
///     editor.completer = { before in LineEditor.Completion(word: "", candidates: []) }
///     switch editor.read(prompt: "rql> ") {
///     case .line(let text): print(text)
///     case .interrupted, .end: break
///     }
public final class LineEditor {
    /// What one `read(prompt:)` gave.
    public enum Reading: Equatable, Sendable {
        /// The text typed; several lines when a multi-line history entry was recalled.
        case line(String)
        /// Ctrl-C: the line was abandoned.
        case interrupted
        /// Ctrl-D on an empty line, or the end of input.
        case end
        /// Ctrl-X Ctrl-E (`v` in vi's command mode): the line typed so far,
        /// to edit in the person's own editor.
        case edit(String)
    }

    /// What Tab can put in place of the word before the cursor.
    public struct Completion: Equatable, Sendable {
        /// The word before the cursor that the candidates replace.
        public var word: String
        public var candidates: [String]

        public init(word: String, candidates: [String]) {
            self.word = word
            self.candidates = candidates
        }
    }

    /// Given the text before the cursor and the text after it, what Tab can complete there.
    public var completer: ((_ before: String, _ after: String) -> Completion)?

    let editLine: OpaquePointer
    private let history: OpaquePointer
    let output: UnsafeMutablePointer<FILE>
    private var prompt: UnsafeMutablePointer<CChar>?
    private var wasInterrupted = false
    private var wasEditAsked = false

    /// An editor reading standard input and writing to standard output (or
    /// standard error, when standard output is not a terminal). Keeps at
    /// most `historyCapacity` entries in memory.
    public init?(program: String, historyCapacity: Int = 2_000) {
        LineEditor.readCharactersAsTheEnvironmentSays()
        let toStandardError: Int32 = isatty(STDOUT_FILENO) != 0 ? 0 : 1
        guard let editLine = rql_el_init(program, toStandardError), let history = history_init(),
              let output = rql_el_output_file(toStandardError) else { return nil }
        self.output = output
        self.editLine = editLine
        self.history = history
        rql_history_set_size(history, Int32(historyCapacity))
        rql_history_set_unique(history, 1)
        rql_el_set_editor(editLine, "emacs")
        rql_el_set_signal(editLine, 1)
        rql_el_set_history(editLine, history)
        rql_el_keep_interrupt_key(editLine)
        rql_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        rql_el_set_prompt(editLine) { editLine in
            LineEditor.owning(editLine)?.prompt ?? nil
        }
        rql_el_add_function(editLine, "rql-complete", "complete the word before the cursor") { editLine, _ in
            LineEditor.owning(editLine)?.complete() ?? UInt8(CC_ERROR)
        }
        rql_el_add_function(editLine, "rql-interrupt", "abandon the line") { editLine, _ in
            LineEditor.owning(editLine)?.interrupt() ?? UInt8(CC_ERROR)
        }
        rql_el_add_function(editLine, "rql-edit", "edit the line in $VISUAL or $EDITOR") { editLine, _ in
            LineEditor.owning(editLine)?.askEdit() ?? UInt8(CC_ERROR)
        }
        // libedit's own configuration, as every libedit program reads it:
        // $EDITRC, else ~/.editrc (`bind -v` for vi keys, lines starting
        // `rql:` for rql alone). rql's own keys are bound after it, since
        // `bind -v` starts from vi's keymaps.
        el_source(editLine, nil)
        let usesVi = rql_el_uses_vi(editLine) != 0
        for bind in usesVi ? [rql_el_bind, rql_el_bind_command_mode] : [rql_el_bind] {
            bind(editLine, "^I", "rql-complete")
            bind(editLine, "^C", "rql-interrupt")
            bind(editLine, "^X^E", "rql-edit")
        }
        // vi's own `v` edits the line in vi; here, in the person's editor.
        if usesVi { rql_el_bind_command_mode(editLine, "v", "rql-edit") }
        // Up and down recall whole entries, as in most shells, rather than
        // searching for the text before the cursor (emacs keys search).
        // Not with vi's, whose arrows recall entries already: there, a
        // sequence starting with Escape would make Escape wait for the key
        // after it, and take it.
        guard !usesVi else { return }
        rql_el_bind(editLine, "\\e[A", "ed-prev-history")
        rql_el_bind(editLine, "\\e[B", "ed-next-history")
        rql_el_bind(editLine, "\\eOA", "ed-prev-history")
        rql_el_bind(editLine, "\\eOB", "ed-next-history")
    }

    deinit {
        el_end(editLine)
        history_end(history)
        free(prompt)
    }

    /// Shows `prompt` and reads one line (without its final newline).
    public func read(prompt text: String) -> Reading {
        free(prompt)
        prompt = strdup(text)
        wasInterrupted = false
        wasEditAsked = false
        var count: Int32 = 0
        guard let line = el_gets(editLine, &count), count > 0 else {
            if wasInterrupted { return .interrupted }
            fputs("\n", output)
            return .end
        }
        if wasInterrupted { return .interrupted }
        var text = String(cString: line)
        if text.hasSuffix("\n") { text.removeLast() }
        return wasEditAsked ? .edit(text) : .line(text)
    }

    /// Adds an entry to the history the arrow keys walk.
    public func addToHistory(_ entry: String) {
        rql_history_enter(history, entry)
    }

    /// libedit decodes keys and pasted text in the C library's character
    /// set, which is ASCII until a program sets one: every other character
    /// would vanish from the line and its history. This takes the
    /// environment's (`LC_ALL`, `LC_CTYPE`, `LANG`), or UTF-8 where the
    /// environment names none or only C/POSIX. Only the character set
    /// changes, not number formatting or collation.
    private static func readCharactersAsTheEnvironmentSays() {
        let name = setlocale(LC_CTYPE, "").map { String(cString: $0) }
        if name == nil || name == "C" || name == "POSIX" {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }

    private static func owning(_ editLine: OpaquePointer?) -> LineEditor? {
        guard let editLine, let data = rql_el_get_client_data(editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    /// Ctrl-C: shows `^C` at the end of the line and ends it, marked as abandoned.
    private func interrupt() -> UInt8 {
        // The wide-character view of the line, so that the distance is in characters.
        guard let info = el_wline(editLine) else { return UInt8(CC_ERROR) }
        _ = el_cursor(editLine, Int32(info.pointee.lastchar - info.pointee.cursor))
        _ = el_insertstr(editLine, "^C")
        el_push(editLine, "\n")
        wasInterrupted = true
        return UInt8(CC_REFRESH)
    }

    /// Ctrl-X Ctrl-E: ends the line, marked as to be edited.
    private func askEdit() -> UInt8 {
        guard let info = el_wline(editLine) else { return UInt8(CC_ERROR) }
        _ = el_cursor(editLine, Int32(info.pointee.lastchar - info.pointee.cursor))
        el_push(editLine, "\n")
        wasEditAsked = true
        return UInt8(CC_REFRESH)
    }
}
