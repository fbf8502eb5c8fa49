import RQLFuzzChecks

/// libFuzzer's entry point: the Chart check on one input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzCheck.chart.fuzz(data, size)
}
