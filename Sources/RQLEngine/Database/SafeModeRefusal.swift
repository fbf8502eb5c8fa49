/// Why safe mode refused a command.
public enum SafeModeRefusal: Equatable, Sendable {
    case attach
    case vacuumInto
    case vacuum
    case fts3Tokenizer
    /// `PRAGMA name = 'folder'`.
    case folderPragma(String)
    /// A dot-command that touches files, by name.
    case dotCommand(String)
    case erdSVG
    /// `.read` of a file outside `folder`.
    case readOutside(folder: String)
}
