import CVips

extension ImagePipeline {
  /// The dominant colour: the most populated cell of a 16×16×16 RGB histogram of a 32 px
  /// version, averaged within that cell.
  func dominantColor(_ image: VipsImageRef) throws(AppError) -> String {
    guard let small = image.applying({ lots_vips_fit($0, 32, 32) }),
      let rgb = small.applying({ lots_vips_srgb8($0) }), let pixels = rgb.pixels()
    else { throw Self.corrupt }
    let bands = rgb.bands
    guard bands >= 3 else { throw Self.corrupt }
    var counts = [Int](repeating: 0, count: 4096)
    var sums = [(Int, Int, Int)](repeating: (0, 0, 0), count: 4096)
    var index = 0
    while index + 2 < pixels.count {
      let (r, g, b) = (Int(pixels[index]), Int(pixels[index + 1]), Int(pixels[index + 2]))
      let cell = (r >> 4) << 8 | (g >> 4) << 4 | (b >> 4)
      counts[cell] += 1
      sums[cell] = (sums[cell].0 + r, sums[cell].1 + g, sums[cell].2 + b)
      index += bands
    }
    let best = counts.indices.max { counts[$0] < counts[$1] } ?? 0
    let n = max(counts[best], 1)
    return Self.hex(sums[best].0 / n, sums[best].1 / n, sums[best].2 / n)
  }

  static func hex(_ r: Int, _ g: Int, _ b: Int) -> String {
    let digits = Array("0123456789abcdef")
    var text = "#"
    for value in [r, g, b] {
      text.append(digits[(value >> 4) & 15])
      text.append(digits[value & 15])
    }
    return text
  }
}
