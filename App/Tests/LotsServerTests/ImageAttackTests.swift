import CVips
import Foundation
import Testing

@testable import LotsServer

/// Uploads made to reach a decoder LOTs never meant to run, or to exhaust memory: each is
/// refused, and the generic loader cannot reach any other decoder at all.
@Suite(.oncePerRun) struct ImageAttackTests {
  let pipeline = ImagePipeline()

  static func refused(_ bytes: [UInt8], _ status: HTTPStatusCode, _ message: String) {
    #expect(throws: AppError.self) { try ImagePipeline().process(bytes) }
    do {
      _ = try ImagePipeline().process(bytes)
    } catch {
      #expect(error.status.code == status.rawValue, "\(error.message)")
      #expect(error.message.contains(message), "\(error.message)")
    }
  }

  enum HTTPStatusCode: Int {
    case unsupported = 415
    case unprocessable = 422
  }

  @Test func onlyFourLoadersAreReachable() throws {
    #expect(ImagePipeline.started)
    let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>"#.utf8)
    let pdf = Array("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF".utf8)
    let gif =
      Array("GIF89a".utf8) + [
        1, 0, 1, 0, 0, 0, 0, 0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3B,
      ]
    let ppm = Array("P6\n1 1\n255\n".utf8) + [255, 0, 0]
    for (name, bytes) in [("SVG", svg), ("PDF", pdf), ("GIF", gif), ("PPM", ppm)] {
      let image = bytes.withUnsafeBytes { lots_vips_any_load($0.baseAddress, $0.count) }
      #expect(image == nil, "\(name) reached a loader")
      if let image { g_object_unref(image) }
      vips_error_clear()
    }
    let jpeg = try SyntheticPhoto.make(width: 8, height: 8)
    let image = jpeg.withUnsafeBytes { lots_vips_any_load($0.baseAddress, $0.count) }
    #expect(image != nil, "the JPEG loader stays reachable")
    if let image { g_object_unref(image) }
  }

  @Test func avifDisguisedAsHEICIsRefused() throws {
    var avif = try SyntheticPhoto.make(width: 64, height: 48, encoding: .avif)
    #expect(ImageFormat(sniffing: avif) == nil, "AVIF's own brand is not accepted")
    // The major brand rewritten to a generic HEIF one: the sniffer now says HEIC.
    avif.replaceSubrange(8..<12, with: Array("mif1".utf8))
    #expect(ImageFormat(sniffing: avif) == .heic)
    Self.refused(avif, .unsupported, "JPEG, PNG, WebP or HEIC")
  }

  @Test func otherFormatsBehindAcceptedMagicAreNotDecoded() throws {
    // A GIF (and an SVG) after a JPEG signature: the JPEG decoder fails, nothing else is tried.
    let gif = Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0, 0x3B]
    Self.refused([0xFF, 0xD8, 0xFF] + gif, .unprocessable, "could not be decoded")
    let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
    Self.refused([0xFF, 0xD8, 0xFF] + svg, .unprocessable, "could not be decoded")
  }

  @Test func decodedMemoryIsBoundedByBandsAndDepth() throws {
    // 5,000 × 5,000 is within 50 megapixels, but as 16-bit RGBA it decodes to 200 MB.
    let deep = PostInputTests.pngHeader(width: 5_000, height: 5_000, bitDepth: 16, colorType: 6)
    Self.refused(
      deep, .unprocessable, "16 bits: processing it would take 424 MB, more than 360 MB")
    // The same size as 8-bit grey (25 MB) passes the check (and then fails on its empty data).
    let grey = PostInputTests.pngHeader(width: 5_000, height: 5_000, bitDepth: 8, colorType: 0)
    Self.refused(grey, .unprocessable, "could not be decoded")
  }

  /// Small real files of each format whose headers claim a huge image: refused from the header,
  /// by pixels, or by what the format's decoder would hold (bands, depth, progressive scans).
  @Test func decompressionBombsOfEachFormatAreRefusedBeforeDecoding() throws {
    let jpeg = try SyntheticPhoto.make(width: 64, height: 48)
    Self.refused(Bombs.jpeg(jpeg, 9_000, 9_000), .unprocessable, "more than 50 megapixels")
    // 45.5 MP: 137 MB as RGB, but CMYK decodes to 4 bands (182 MB, 364 with the rotation's copy).
    let cmyk = try SyntheticPhoto.make(width: 64, height: 48, encoding: .cmykJPEG)
    Self.refused(Bombs.jpeg(cmyk, 7_000, 6_500), .unprocessable, "4 bands of 8 bits: processing")
    // 40 MP: a baseline JPEG holds 264 MB at its peak; a progressive one keeps every
    // coefficient of every scan besides (2 bytes a sample: 120 MB more at 4:4:4).
    let progressive = try SyntheticPhoto.make(width: 64, height: 48, encoding: .progressiveJPEG)
    Self.refused(
      Bombs.jpeg(progressive, 8_000, 5_000), .unprocessable, "processing it would take 384 MB")
    #expect(try Self.memory(Bombs.jpeg(jpeg, 8_000, 5_000), .jpeg).peak == 264_000_000)

    let webp = try SyntheticPhoto.make(width: 64, height: 48, encoding: .webp)
    Self.refused(Bombs.webp(webp, 16_000, 16_000), .unprocessable, "more than 50 megapixels")
    // 14.3 MP: decoding a WebP and encoding it again hold 20 bytes a pixel besides the image,
    // so the alpha band's 14 MB more is too much.
    #expect(try Self.memory(Bombs.webp(webp, 5_200, 2_750), .webp).peak == 352_900_000)
    let alpha = try SyntheticPhoto.make(width: 64, height: 48, encoding: .webpWithAlpha)
    Self.refused(
      Bombs.webp(alpha, 5_200, 2_750), .unprocessable, "processing it would take 367 MB")

    let heic = try SyntheticPhoto.make(width: 64, height: 48, encoding: .heic)
    Self.refused(Bombs.heic(heic, 9_000, 9_000), .unprocessable, "more than 50 megapixels")
    #expect(try Self.memory(Bombs.heic(heic, 5_000, 4_800), .heic).peak == 312_000_000)
    Self.refused(Bombs.heic(heic, 6_000, 5_000), .unprocessable, "processing it would take 384 MB")

    let png = PostInputTests.pngHeader(width: 10_000, height: 6_000)
    Self.refused(png, .unprocessable, "more than 50 megapixels")
  }

  /// The estimate of a file's header, without decoding it.
  static func memory(_ bytes: [UInt8], _ format: ImageFormat) throws -> DecodeMemory {
    #expect(ImageFormat(sniffing: bytes) == format)
    return DecodeMemory(format, try #require(VipsImageRef.header(of: bytes, as: format)))
  }

  /// A JPEG of a hundred scans and more makes the decoder go over the image again for each: it
  /// is refused by counting markers; markers inside a segment (an EXIF thumbnail) don't count.
  @Test func jpegsWithTooManyScansAreRefused() throws {
    let jpeg = try SyntheticPhoto.make(width: 64, height: 48)
    let progressive = try SyntheticPhoto.make(width: 64, height: 48, encoding: .progressiveJPEG)
    #expect(JPEGScans.count(in: jpeg) == 1)
    #expect((2...20).contains(JPEGScans.count(in: progressive)))
    // An APP1 segment holding a start-of-scan marker of its own, as a thumbnail would.
    let thumbnail: [UInt8] = [0xFF, 0xE1, 0x00, 0x08, 0xFF, 0xDA, 0x00, 0x04, 0xFF, 0xD9]
    #expect(JPEGScans.count(in: Array(jpeg[0..<2]) + thumbnail + jpeg[2...]) == 1)
    // The last scan repeated 150 times before the end-of-image marker.
    let lastScan = Bombs.lastScan(of: progressive)
    let many =
      Array(progressive.dropLast(2)) + Array(repeating: lastScan, count: 150).flatMap { $0 }
      + [0xFF, 0xD9]
    #expect(JPEGScans.count(in: many) == JPEGScans.count(in: progressive) + 150)
    Self.refused(many, .unprocessable, "JPEG scans: more than 100")
    // Truncated anywhere or overwritten at random: a count, never a trap or a hang.
    let seed = SeededRandom.replaySeed ?? UInt64.random(in: 1...UInt64.max)
    print("ImageAttackTests scans seed \(seed) (replay with LOTS_SEED=\(seed))")
    var random = SeededRandom(seed: seed)
    for cut in 0..<progressive.count { _ = JPEGScans.count(in: Array(progressive.prefix(cut))) }
    for _ in 0..<2_000 {
      var bytes = progressive
      for _ in 0..<8 { bytes[random.int(in: 0..<bytes.count)] = UInt8(random.int(in: 0..<256)) }
      #expect(JPEGScans.count(in: bytes) <= bytes.count / 4)
    }
  }
}

/// Rewrites the dimensions real files declare, leaving their data as small as it was.
enum Bombs {
  /// The JPEG with its frame header (baseline or progressive) saying `width` × `height`.
  static func jpeg(_ bytes: [UInt8], _ width: Int, _ height: Int) -> [UInt8] {
    var bytes = bytes
    var index = 2
    while index + 8 < bytes.count, bytes[index] == 0xFF {
      let marker = bytes[index + 1]
      if marker == 0xC0 || marker == 0xC2 {
        bytes.replaceSubrange(index + 5..<index + 9, with: be16(height) + be16(width))
        return bytes
      }
      index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
    }
    Issue.record("no frame header")
    return bytes
  }

  /// The WebP with its extended header's canvas and its VP8 frame saying `width` × `height`.
  static func webp(_ bytes: [UInt8], _ width: Int, _ height: Int) -> [UInt8] {
    var bytes = bytes
    if Array(bytes[12..<16]) == Array("VP8X".utf8) {
      bytes.replaceSubrange(24..<30, with: le(width - 1, 3) + le(height - 1, 3))
    }
    let start = bytes.firstRange(of: [0x9D, 0x01, 0x2A])
    #expect(start != nil, "a lossy VP8 frame")
    if let start {
      bytes.replaceSubrange(
        start.upperBound..<start.upperBound + 4, with: le(width, 2) + le(height, 2))
    }
    return bytes
  }

  /// The HEIC with every image-size property (`ispe`) saying `width` × `height`.
  static func heic(_ bytes: [UInt8], _ width: Int, _ height: Int) -> [UInt8] {
    var bytes = bytes
    var from = 0
    while let found = bytes[from...].firstRange(of: Array("ispe".utf8)) {
      let at = found.upperBound + 4  // after version and flags
      bytes.replaceSubrange(at..<at + 8, with: be32(width) + be32(height))
      from = found.upperBound
    }
    return bytes
  }

  /// The last start-of-scan segment of a JPEG and its entropy-coded data, up to the end marker.
  static func lastScan(of jpeg: [UInt8]) -> [UInt8] {
    let sos = jpeg.indices.dropLast().last { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA }!
    return Array(jpeg[sos..<jpeg.count - 2])
  }

  static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 255), UInt8(value & 255)] }
  static func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value) }
  static func le(_ value: Int, _ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(value >> (8 * $0) & 255) }
  }
}

@Suite(.oncePerRun) struct HEIFItemsTests {
  @Test func readsTheItemTypesOfRealFiles() throws {
    let heic = try SyntheticPhoto.make(width: 64, height: 48, encoding: .heic)
    let avif = try SyntheticPhoto.make(width: 64, height: 48, encoding: .avif)
    #expect(HEIFItems.types(in: heic)?.contains("hvc1") == true)
    #expect(HEIFItems.types(in: avif)?.contains("av01") == true)
    #expect(HEIFItems.isHEVC(heic))
    #expect(!HEIFItems.isHEVC(avif))
  }

  @Test func garbledBoxesNeverCrashTheReader() throws {
    let heic = try SyntheticPhoto.make(width: 64, height: 48, encoding: .heic)
    let seed = SeededRandom.replaySeed ?? UInt64.random(in: 1...UInt64.max)
    print("HEIFItemsTests seed \(seed) (replay with LOTS_SEED=\(seed))")
    var random = SeededRandom(seed: seed)
    // Truncated anywhere, or with bytes written over the boxes: an answer, never a trap.
    for cut in 0..<min(heic.count, 700) { _ = HEIFItems.types(in: Array(heic.prefix(cut))) }
    for _ in 0..<2_000 {
      var bytes = heic
      for _ in 0..<8 {
        bytes[random.int(in: 0..<min(bytes.count, 600))] = UInt8(random.int(in: 0..<256))
      }
      _ = HEIFItems.types(in: bytes)
    }
    // The first bytes of the meta box cut off: no item types can be read.
    #expect(!HEIFItems.isHEVC(Array(heic.prefix(40))))
  }
}
