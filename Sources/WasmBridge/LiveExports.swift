import EngineBridge
import LiveCollection

/// Creates an empty live list; returns its handle, or 0 when 64 exist already.
@_expose(wasm, "lots_live_create")
@_cdecl("lots_live_create")
public func lotsLiveCreate() -> Int32 {
  liveLists.add(LiveBox())
}

/// Frees a live list; its handle may be reused.
@_expose(wasm, "lots_live_destroy")
@_cdecl("lots_live_destroy")
public func lotsLiveDestroy(_ handle: Int32) {
  liveLists.remove(handle)
}

/// Performs operation `code` on a live list (`LiveCommands.Operation`: pages, stream events,
/// the first visible index, showing held inserts, reading the state or the identities), with
/// the input buffer's first `count` values and the numbers `a` and `b`. Writes the result into
/// the output buffer; returns the number of values written, or -1 for a bad handle, operation
/// or input.
@_expose(wasm, "lots_live")
@_cdecl("lots_live")
public func lotsLive(_ handle: Int32, _ code: Int32, _ a: Double, _ b: Double, _ count: Int32)
  -> Int32
{
  guard let box = liveLists.box(handle) else { return -1 }
  return LiveCommands.perform(&box.list, code, a, b, count: count)
}
