import Testing

/// The suites that use the bridge's process-wide state (`Buffers`, `StagedItems`), which the
/// wasm module's single thread never shares: nested here, they run one test at a time, never
/// beside each other (one suite's buffer growth freed the buffer another was reading).
@Suite(.serialized) enum SharedBridgeState {}
