/// The upload formats LOTs accepts, recognised by their first bytes, never by a file name.
enum ImageFormat: String, Sendable, CaseIterable {
  case jpeg, png, webp, heic

  /// The shim's code for the one libvips loader that may read this format (`LOTS_JPEG`, ...).
  var loaderCode: Int {
    switch self {
    case .jpeg: 0
    case .png: 1
    case .webp: 2
    case .heic: 3
    }
  }

  /// Sniffs the format of an upload.
  init?(sniffing bytes: [UInt8]) {
    func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
      bytes.count >= offset + prefix.count
        && Array(bytes[offset..<offset + prefix.count]) == prefix
    }
    if starts([0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
      self = .webp
    } else if starts(Array("ftyp".utf8), at: 4), bytes.count >= 12,
      let brand = String(bytes: bytes[8..<12], encoding: .ascii),
      ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"].contains(brand)
    {
      self = .heic
    } else {
      return nil
    }
  }
}
