import CVips

/// Owns one `VipsImage` reference and releases it when dropped.
///
/// The pointer stays private: every libvips call on the image runs inside a method of this
/// reference, which keeps the image alive until it returns. A caller passing the pointer itself
/// could see the reference released (and the image freed) between reading the pointer and the C
/// call, once the optimiser shortens the reference's lifetime to its last use.
final class VipsImageRef {
  private let pointer: UnsafeMutablePointer<CVips.VipsImage>

  init?(_ pointer: UnsafeMutablePointer<CVips.VipsImage>?) {
    guard let pointer else { return nil }
    self.pointer = pointer
  }

  deinit { g_object_unref(pointer) }

  /// The header of `bytes`, read lazily by `format`'s one loader (no pixel decoded), or nil
  /// when that loader cannot read it.
  static func header(of bytes: [UInt8], as format: ImageFormat) -> VipsImageRef? {
    bytes.withUnsafeBytes {
      VipsImageRef(lots_vips_header($0.baseAddress, $0.count, Int32(format.loaderCode)))
    }
  }

  /// `bytes` decoded whole by `format`'s one loader and turned upright, or nil when it fails.
  static func decoded(_ bytes: [UInt8], as format: ImageFormat) -> VipsImageRef? {
    bytes.withUnsafeBytes {
      VipsImageRef(lots_vips_decode($0.baseAddress, $0.count, Int32(format.loaderCode)))
    }
  }

  var width: Int { Int(vips_image_get_width(pointer)) }
  var height: Int { Int(vips_image_get_height(pointer)) }
  var bands: Int { Int(vips_image_get_bands(pointer)) }
  /// Bytes per band of a pixel (1 for 8-bit, 2 for 16-bit, 4 for float, ...).
  var bandBytes: Int { Int(lots_vips_band_bytes(pointer)) }
  /// The bytes the whole image takes decoded.
  var decodedBytes: Int { width * height * bands * bandBytes }

  /// The integer metadata field `name` (a loader's "interlaced", ...), or nil without one.
  func int(_ name: String) -> Int? {
    guard vips_image_get_typeof(pointer, name) != 0 else { return nil }
    var value: Int32 = 0
    return vips_image_get_int(pointer, name, &value) == 0 ? Int(value) : nil
  }

  /// The string metadata field `name`, or nil without one.
  func string(_ name: String) -> String? {
    guard vips_image_get_typeof(pointer, name) != 0 else { return nil }
    var value: UnsafePointer<CChar>?
    guard vips_image_get_string(pointer, name, &value) == 0, let value else { return nil }
    return String(cString: value)
  }

  /// The image a libvips operation makes from this one, or nil when it fails.
  func applying(
    _ operation: (UnsafeMutablePointer<CVips.VipsImage>) -> UnsafeMutablePointer<CVips.VipsImage>?
  ) -> VipsImageRef? {
    VipsImageRef(operation(pointer))
  }

  /// Encodes with a shim save function, copying the buffer into Swift memory.
  func encode(
    _ save: (
      UnsafeMutablePointer<CVips.VipsImage>, UnsafeMutablePointer<UnsafeMutableRawPointer?>,
      UnsafeMutablePointer<Int>
    ) -> Int32
  ) -> [UInt8]? {
    var buffer: UnsafeMutableRawPointer?
    var length = 0
    guard save(pointer, &buffer, &length) == 0, let buffer else { return nil }
    defer { g_free(buffer) }
    return Array(UnsafeRawBufferPointer(start: buffer, count: length))
  }

  /// The raw pixels of an 8-bit image.
  func pixels() -> [UInt8]? {
    var length = 0
    guard let memory = vips_image_write_to_memory(pointer, &length) else { return nil }
    defer { g_free(memory) }
    return Array(UnsafeRawBufferPointer(start: memory, count: length))
  }
}
