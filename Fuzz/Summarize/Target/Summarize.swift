import RQLFuzzChecks

/// libFuzzer's entry point: the Summarize check (.summarize of a random database beside SQLite's aggregates) on one input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.summarize.fuzz(data, size)
}
