import Dispatch

/// The full chunks of a `CellStore`, compressed in order on a queue of their
/// own, so that packing one overlaps with the reading of the next rows.
final class ChunkPacker: @unchecked Sendable {
    /// A chunk as kept: packed, or as it was when packing did not make it smaller.
    private struct Chunk {
        let bytes: [UInt8]
        let count: Int
        var isPacked: Bool { bytes.count != count }
    }

    /// Chunks above this size (a single row of that much) are kept as they are.
    private static let largestPacked = 1 << 24

    private let queue = DispatchQueue(label: "rql.cell-store.packing")
    /// Touched only on `queue`.
    private var chunks: [Chunk] = []

    func add(_ chunk: [UInt8]) {
        queue.async {
            let packed = chunk.count <= ChunkPacker.largestPacked ? ByteCompression.compress(chunk) : chunk
            self.chunks.append(Chunk(bytes: packed.count < chunk.count ? packed : chunk, count: chunk.count))
        }
    }

    /// Calls `body` with each chunk as it was added, in order, one unpacked at a time.
    func forEachChunk(_ body: ([UInt8]) -> Void) {
        let chunks = queue.sync { self.chunks }
        for chunk in chunks {
            guard chunk.isPacked else {
                body(chunk.bytes)
                continue
            }
            // A block `compress` made always unpacks to its count.
            guard let bytes = ByteCompression.decompress(chunk.bytes, count: chunk.count) else {
                assertionFailure("a packed chunk did not unpack")
                continue
            }
            body(bytes)
        }
    }
}
