import RQLFuzzChecks

/// libFuzzer's entry point: the Serve check (one request to rql serve's API, answered in the process) on one input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.serve.fuzz(data, size)
}
