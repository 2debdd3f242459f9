/// A 3D transform applied to an element about its centre, in this order: perspective,
/// translation, rotation about the X axis, uniform scale.
///
/// It holds what the LOTs layouts need (carousel scaling, Safari-style stack tilting) and maps
/// directly to a `CATransform3D` and to a CSS transform:
/// `perspective(p) translate3d(x, y, z) rotateX(θ) scale(s)` where `m34 = -1 / p`.
public struct LayoutTransform: Hashable, Sendable {
  /// The uniform scale factor; 1 is identity.
  public var scale: Double
  /// The translation along x, in points.
  public var translateX: Double
  /// The translation along y, in points.
  public var translateY: Double
  /// The translation along z (towards the viewer), in points.
  public var translateZ: Double
  /// The rotation about the X axis, in radians.
  public var rotateX: Double
  /// The `m34` entry of the perspective matrix (for example `-1 / 1000`); 0 is no perspective.
  public var perspective: Double

  /// Creates a transform; every parameter defaults to identity.
  public init(
    scale: Double = 1, translateX: Double = 0, translateY: Double = 0, translateZ: Double = 0,
    rotateX: Double = 0, perspective: Double = 0
  ) {
    self.scale = scale
    self.translateX = translateX
    self.translateY = translateY
    self.translateZ = translateZ
    self.rotateX = rotateX
    self.perspective = perspective
  }

  /// The transform that changes nothing.
  public static let identity = LayoutTransform()

  /// Whether this transform changes nothing.
  public var isIdentity: Bool { self == .identity }
}
