import RQLFuzzChecks

/// libFuzzer's entry point: the Inspectors check (.summarize of a random database beside SQLite's aggregates, and .expert leaving it as it was) on one input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.inspectors.fuzz(data, size)
}
