import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Checks responses against the OpenAPI document and counts them: each must be documented for
/// its path template, method and status, and its body must match the schema given there.
final class DocumentCheck {
  private let schema: OpenAPISchema
  /// How many responses were checked.
  private(set) var count = 0

  init() throws { schema = try OpenAPISchema.load() }

  /// Checks one response of `method` on `template`.
  func callAsFunction(
    _ template: String, _ response: TestResponse, _ method: HTTPRequest.Method
  ) throws {
    let problems = schema.problems(
      path: template, method: method.rawValue, status: Int(response.status.code),
      body: Data(buffer: response.body))
    let documented = try #require(
      problems, "\(method) \(template) \(response.status.code) is not documented")
    #expect(documented.isEmpty, "\(method) \(template): \(documented)")
    count += 1
  }
}
