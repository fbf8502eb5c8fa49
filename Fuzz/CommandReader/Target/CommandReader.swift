import RQLFuzzChecks

/// libFuzzer's entry point: the CommandReader check on one input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.commandReader.fuzz(data, size)
}
