import CVips
import Foundation

/// A generated photo of a lunch seen from above (a table, a plate or a bowl, and the dish's
/// ingredients on it), drawn pixel by pixel from a seed: demo content without a network and
/// without a single stock photo.
struct LunchPhoto {
  /// What can lie on a plate, each with its own colour and texture.
  enum Ingredient: CaseIterable {
    case rice, salmon, greens, tomato, egg, noodles, curry, bread, avocado, carrot, tofu, broth
  }

  /// A dish: its name (for captions) and what it is made of.
  struct Dish {
    var name: String
    var ingredients: [Ingredient]
    /// Served in a bowl (broth fills it) rather than on a plate.
    var inBowl: Bool
  }

  static let dishes = [
    Dish(
      name: "Salmon poke bowl", ingredients: [.rice, .salmon, .avocado, .greens], inBowl: true),
    Dish(name: "Pho", ingredients: [.broth, .noodles, .greens], inBowl: true),
    Dish(name: "Shoyu ramen", ingredients: [.broth, .noodles, .egg, .greens], inBowl: true),
    Dish(name: "Curry rice", ingredients: [.rice, .curry, .carrot], inBowl: false),
    Dish(name: "Bibimbap", ingredients: [.rice, .egg, .greens, .carrot, .tofu], inBowl: true),
    Dish(name: "Caprese salad", ingredients: [.tomato, .tofu, .greens], inBowl: false),
    Dish(name: "Avocado toast", ingredients: [.bread, .avocado, .egg], inBowl: false),
    Dish(name: "Green salad", ingredients: [.greens, .tomato, .carrot, .egg], inBowl: false),
    Dish(name: "Salmon and rice", ingredients: [.rice, .salmon, .greens], inBowl: false),
    Dish(name: "Mapo tofu", ingredients: [.rice, .tofu, .curry], inBowl: false),
  ]

  /// One ingredient's place on the plate: an ellipse.
  struct Piece {
    var ingredient: Ingredient
    var x, y, radiusX, radiusY, angle: Double
  }

  let width: Int
  let height: Int
  let dish: Dish
  private let table: (Double, Double, Double)
  private let tableKind: Int
  private let plate: (Double, Double, Double)
  private let center: (Double, Double)
  private let radius: Double
  private var pieces: [Piece] = []
  private var random: SplitMix64

  /// Lays out a photo of a random dish from `seed`.
  init(width: Int, height: Int, seed: UInt64) {
    self.width = width
    self.height = height
    var random = SplitMix64(seed: seed)
    func unit() -> Double { Double(random.next() % 10_000) / 10_000 }
    dish = Self.dishes[Int(random.next() % UInt64(Self.dishes.count))]
    tableKind = Int(random.next() % 4)
    table = [(122, 84, 52), (214, 210, 204), (196, 180, 150), (58, 62, 66)][tableKind]
    plate =
      [(246, 244, 238), (238, 232, 218), (214, 226, 236), (40, 40, 44)][
        Int(random.next() % 4)]
    let short = Double(min(width, height))
    radius = short * (0.40 + 0.06 * unit())
    center = (
      Double(width) / 2 + (unit() - 0.5) * short * 0.08,
      Double(height) / 2 + (unit() - 0.5) * short * 0.08
    )
    // The first ingredient is the base (in a bowl, broth with the noodles heaped in the
    // middle); the others sit around and on it, one to three pieces each.
    for (index, ingredient) in dish.ingredients.enumerated() {
      let heaped = index == 0 || (ingredient == .noodles && dish.inBowl)
      if heaped {
        let size = index == 0 ? 0.72 : 0.46
        pieces.append(
          Piece(
            ingredient: ingredient, x: center.0, y: center.1, radiusX: radius * size,
            radiusY: radius * (size - 0.04), angle: unit() * 3))
        continue
      }
      for _ in 0..<(1 + Int(random.next() % 3)) {
        let turn = unit() * 6.283
        let distance = radius * (0.22 + 0.34 * unit())
        let size = radius * (0.12 + 0.1 * unit())
        pieces.append(
          Piece(
            ingredient: ingredient, x: center.0 + distance * cos(turn),
            y: center.1 + distance * sin(turn), radiusX: size * (1.1 + 0.5 * unit()),
            radiusY: size, angle: unit() * 3.14))
      }
    }
    self.random = random
  }

  /// The photo's pixels, RGB, row by row.
  /// - Complexity: O(*w* × *h* × *k*) for *k* ingredients.
  mutating func pixels() -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: width * height * 3)
    var offset = 0
    for y in 0..<height {
      for x in 0..<width {
        let noise = Double(random.next() % 13) - 6
        let colour = self.colour(Double(x), Double(y))
        bytes[offset] = Self.byte(colour.0 + noise)
        bytes[offset + 1] = Self.byte(colour.1 + noise)
        bytes[offset + 2] = Self.byte(colour.2 + noise)
        offset += 3
      }
    }
    return bytes
  }

  private func colour(_ x: Double, _ y: Double) -> (Double, Double, Double) {
    let dx = x - center.0
    let dy = y - center.1
    let distance = (dx * dx + dy * dy).squareRoot() / radius
    if distance > 1 {
      // The table, and the plate's soft shadow towards the bottom right.
      var colour = tableColour(x, y)
      let shadowX = x - center.0 - radius * 0.05
      let shadowY = y - center.1 - radius * 0.07
      let shadow = (shadowX * shadowX + shadowY * shadowY).squareRoot() / radius
      if shadow < 1.08 { colour = Self.scale(colour, 0.62 + 0.38 * max(0, (shadow - 0.9) / 0.18)) }
      return colour
    }
    // The rim, lit from the top left.
    let light = 1 + 0.08 * (-dx - dy) / (radius * 1.41)
    let rimStart = dish.inBowl ? 0.8 : 0.86
    if distance > rimStart { return Self.scale(plate, light * (distance > 0.97 ? 0.9 : 1.02)) }
    var colour = Self.scale(plate, light * 0.96)
    for piece in pieces {
      let (u, v) = rotated(x - piece.x, y - piece.y, piece.angle)
      let ellipse =
        (u * u) / (piece.radiusX * piece.radiusX) + (v * v) / (piece.radiusY * piece.radiusY)
      // Food has no perfect edge.
      let reach = ellipse * (1 + 0.09 * sin(atan2(v, u) * 5 + piece.angle * 3))
      guard reach < 1 else { continue }
      colour = Self.scale(texture(piece.ingredient, u, v, reach), 1.08 - 0.18 * reach)
    }
    return colour
  }

  private func tableColour(_ x: Double, _ y: Double) -> (Double, Double, Double) {
    switch tableKind {
    case 0:  // wood grain
      return Self.scale(table, 1 + 0.12 * sin(y * 0.045 + 2.5 * sin(x * 0.006)))
    case 1:  // marble veins
      return Self.scale(table, 1 - 0.1 * max(0, sin(x * 0.02 + 4 * sin(y * 0.011)) - 0.85) * 6)
    case 2:  // linen weave
      return Self.scale(table, 1 + 0.04 * sin(x * 0.9) * sin(y * 0.9))
    default:  // slate
      return Self.scale(table, 1 + 0.05 * sin(x * 0.013 + y * 0.021))
    }
  }

  private func texture(_ ingredient: Ingredient, _ u: Double, _ v: Double, _ reach: Double)
    -> (Double, Double, Double)
  {
    switch ingredient {
    case .rice:
      // Grains: small bright ovals with grey-beige gaps.
      let grain = sin(u * 0.9 + v * 0.35) * sin(v * 1.3 - u * 0.25)
      return grain > 0.25 ? (250, 248, 240) : grain > -0.2 ? (226, 220, 204) : (196, 188, 168)
    case .salmon:
      return sin((u + v) * 0.35) > 0.7 ? (250, 214, 190) : (240, 128, 84)
    case .greens:
      return Self.scale((76, 138, 58), 0.85 + 0.3 * abs(sin(u * 0.4) * cos(v * 0.3)))
    case .tomato:
      return reach < 0.45 && sin(u * 0.8) * sin(v * 0.8) > 0.3 ? (246, 190, 120) : (214, 58, 40)
    case .egg:
      return reach < 0.3 ? (250, 190, 40) : (250, 248, 240)
    case .noodles:
      return sin(v * 0.9 + 0.6 * sin(u * 0.08)) > 0.2 ? (238, 206, 120) : (196, 150, 70)
    case .curry:
      return Self.scale((186, 112, 38), 0.95 + 0.1 * sin(u * 0.1 + v * 0.07))
    case .bread:
      return reach > 0.8 ? (150, 96, 48) : (222, 180, 120)
    case .avocado:
      return reach > 0.75 ? (70, 110, 40) : (188, 206, 110)
    case .carrot:
      return sin(u * 0.5) > 0.8 ? (250, 170, 80) : (236, 120, 30)
    case .tofu:
      return
        (abs(u).truncatingRemainder(dividingBy: 24) < 1.5
        || abs(v).truncatingRemainder(dividingBy: 24) < 1.5)
        ? (214, 204, 180) : (242, 236, 220)
    case .broth:
      return Self.scale((200, 140, 80), 0.92 + 0.08 * sin(u * 0.05) * sin(v * 0.05))
    }
  }

  private func rotated(_ x: Double, _ y: Double, _ angle: Double) -> (Double, Double) {
    let (c, s) = (cos(angle), sin(angle))
    return (x * c + y * s, -x * s + y * c)
  }

  private static func scale(_ colour: (Double, Double, Double), _ factor: Double)
    -> (Double, Double, Double)
  {
    (colour.0 * factor, colour.1 * factor, colour.2 * factor)
  }

  private static func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value))) }

  /// The photo as a JPEG.
  /// - Throws: ``AppError`` 500 when libvips cannot make or encode it.
  mutating func jpeg() throws -> [UInt8] {
    let rgb = pixels()
    guard ImagePipeline.started,
      let image = rgb.withUnsafeBytes({
        VipsImageRef(lots_vips_from_rgb($0.baseAddress, $0.count, Int32(width), Int32(height)))
      }),
      let bytes = image.encode({ lots_vips_jpeg($0, 85, $1, $2) })
    else { throw AppError(.internalServerError, "could not make a lunch photo") }
    return bytes
  }
}
