import Foundation

/// A place on Earth, in degrees (WGS 84): restaurants, colleges, print stores.
struct GeoPoint: Sendable, Equatable {
  var latitude: Double
  var longitude: Double

  /// Metres to `other` by the equirectangular approximation (x = Δλ·cos φm, y = Δφ): within
  /// well under 1 % of the great-circle distance at campus scale.
  /// - Complexity: O(1).
  func metres(to other: GeoPoint) -> Double {
    let radians = Double.pi / 180
    let meanLatitude = (latitude + other.latitude) / 2 * radians
    let x = (other.longitude - longitude) * radians * cos(meanLatitude)
    let y = (other.latitude - latitude) * radians
    return 6_371_000 * (x * x + y * y).squareRoot()
  }
}

/// The latitude and longitude ranges around a point that hold every place within a radius:
/// what an index on (latitude, longitude) can scan before distances are computed.
struct GeoBox: Sendable, Equatable {
  var minLatitude: Double
  var maxLatitude: Double
  var minLongitude: Double
  var maxLongitude: Double
  /// Metres per degree of longitude divided by metres per degree of latitude at the centre:
  /// the scale that makes squared degree differences order by distance.
  var longitudeScale: Double

  /// The box around `center` holding everything within `radius` metres.
  init(around center: GeoPoint, radius: Double) {
    let metresPerDegree = 111_195.0
    let scale = max(cos(center.latitude * Double.pi / 180), 0.01)
    let latitude = radius / metresPerDegree
    let longitude = radius / (metresPerDegree * scale)
    minLatitude = center.latitude - latitude
    maxLatitude = center.latitude + latitude
    minLongitude = center.longitude - longitude
    maxLongitude = center.longitude + longitude
    longitudeScale = scale
  }
}
