import Foundation
import RQLRender

extension Notebook {
    /// Writes the notebook back with `outputs` replacing its cells' output
    /// blocks. Nothing changed: the file is not touched, and this returns
    /// false. Otherwise the new text goes to a temporary file beside it
    /// (synced, with the file's permissions) that replaces it, unless the
    /// file changed on disk since it was read: then it is left alone and
    /// this throws.
    public func write(replacingOutputs outputs: [Int: [String]]) throws -> Bool {
        let original = text()
        let updated = text(replacingOutputs: outputs)
        guard updated != original else { return false }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let permissions = (attributes?[.posixPermissions] as? NSNumber)?.uint16Value ?? 0o644
        do {
            try AtomicFile.replace(path, with: Data(updated.utf8), permissions: mode_t(permissions)) {
                guard FileManager.default.contents(atPath: path) == Data(original.utf8) else {
                    throw NotebookError(path: path, line: 0, .init(
                        "the notebook changed on disk since rql read it; nothing was written",
                        help: "run rql update again to record the outputs in the new text"))
                }
            }
        } catch let error as AtomicFileError {
            throw NotebookError(path: path, line: 0, .init(error.description))
        }
        return true
    }
}
