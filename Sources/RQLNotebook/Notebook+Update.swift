import FoundationEssentials
import Glibc
import RQLRender

extension Notebook {
    /// Writes the notebook back with `outputs` replacing its cells' output
    /// blocks. Nothing changed: the file is not touched, and this returns
    /// false. Otherwise `AtomicFile` replaces it (through a link, keeping
    /// its owner and mode; a read-only notebook is refused), unless the
    /// file changed on disk since it was read: then it is left alone and
    /// this throws.
    public func write(replacingOutputs outputs: [Int: [String]]) throws -> Bool {
        let original = text()
        let updated = text(replacingOutputs: outputs)
        guard updated != original else { return false }
        do {
            try AtomicFile.replace(path, with: Data(updated.utf8), permissions: 0o644) {
                guard FileManager.default.contents(atPath: path) == Data(original.utf8) else {
                    throw NotebookError(path: path, line: 0, .changedOnDisk)
                }
            }
        } catch let error as AtomicFileError {
            throw NotebookError(path: path, line: 0, .cannotWrite(reason: error.reason))
        }
        return true
    }
}
