import CVips
import Foundation
import Testing

@testable import LotsServer

/// Uploads made to reach a decoder LOTs never meant to run, or to exhaust memory: each is
/// refused, and the generic loader cannot reach any other decoder at all.
@Suite struct ImageAttackTests {
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
    Self.refused(deep, .unprocessable, "16 bits: more than 160 MB decoded")
    // The same size as 8-bit grey (25 MB) passes the check (and then fails on its empty data).
    let grey = PostInputTests.pngHeader(width: 5_000, height: 5_000, bitDepth: 8, colorType: 0)
    Self.refused(grey, .unprocessable, "could not be decoded")
  }
}

@Suite struct HEIFItemsTests {
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
