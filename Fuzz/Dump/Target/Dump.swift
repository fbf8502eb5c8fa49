import RQLFuzzChecks

/// libFuzzer's entry point: the Dump check (a random database through .dump and back) on one input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.dump.fuzz(data, size)
}
