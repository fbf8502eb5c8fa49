import RQLFuzzChecks

/// libFuzzer's entry point: the Import check (the readers of .import) on one input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.importReaders.fuzz(data, size)
}
