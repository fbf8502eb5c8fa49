import CLibEdit
import FoundationEssentials
import Glibc
import RQLRender

extension LineEditor {
    /// Tab: replaces the word before the cursor with the one candidate (and a
    /// space), or with the longest prefix the candidates share; when that
    /// adds nothing, lists the candidates under the line.
    func complete() -> UInt8 {
        guard let completer, let info = el_line(editLine) else { return UInt8(CC_ERROR) }
        let line = info.pointee
        let before = String(decoding: UnsafeRawBufferPointer(start: line.buffer, count: line.cursor - line.buffer),
                            as: UTF8.self)
        let after = String(decoding: UnsafeRawBufferPointer(start: line.cursor, count: line.lastchar - line.cursor),
                           as: UTF8.self)
        let completion = completer(before, after)
        guard let replacement = completion.replacement() else {
            if completion.candidates.count > 1 {
                writeColumns(completion.candidates)
                return UInt8(CC_REDISPLAY)
            }
            return UInt8(CC_REFRESH_BEEP)
        }
        // libedit counts characters (Unicode scalars), not bytes.
        el_deletestr(editLine, Int32(completion.word.unicodeScalars.count))
        guard el_insertstr(editLine, replacement) == 0 else { return UInt8(CC_ERROR) }
        return UInt8(CC_REFRESH)
    }

    /// The candidates in columns, below the line being edited (a name's
    /// control characters as symbols).
    private func writeColumns(_ candidates: [String]) {
        var size = winsize()
        let columns = ioctl(fileno(output), UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
        fputs("\n" + ColumnLayout.lines(candidates.map(CellText.visibleLine), width: columns).map { $0 + "\n" }.joined(), output)
        fflush(output)
    }
}

extension LineEditor.Completion {
    /// The text that takes the word's place, or nil when Tab adds nothing:
    /// the one candidate and a space, or the candidates' longest common
    /// prefix (compared without case, spelled as the first candidate spells
    /// it) when it is longer than the word.
    public func replacement() -> String? {
        guard let first = candidates.first else { return nil }
        if candidates.count == 1 {
            let ends = first.hasSuffix(".") || first.hasSuffix("/") || first.hasSuffix("(")
            return first == word && ends ? nil : first + (ends ? "" : " ")
        }
        var shared = first.count
        for candidate in candidates.dropFirst() {
            shared = min(shared, zip(first.lowercased(), candidate.lowercased()).prefix { $0 == $1 }.count)
        }
        let prefix = String(first.prefix(shared))
        return prefix.count > word.count ? prefix : nil
    }
}
