import Glibc
import RQLFuzzChecks

/// libFuzzer's entry point: runs the Renderer check on one input and aborts,
/// so that libFuzzer keeps the input, when an invariant does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let problems = FuzzCheck.renderer.problems(Array(UnsafeBufferPointer(start: data, count: size)))
    guard problems.isEmpty else {
        let message = Array((problems.joined(separator: "\n") + "\n").utf8)
        _ = write(2, message, message.count)
        abort()
    }
    return 0
}
