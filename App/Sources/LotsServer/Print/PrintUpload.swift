import Foundation
import Hummingbird
import LotsCore
import NIOCore
import NIOPosix

/// One file sent to print: a form whose one part is `file`. A PDF (by its first bytes, never
/// its name) is stored and its pages counted by ``PageCounter``; an image goes through the
/// photo pipeline's checks (format, dimensions, decoding memory) and its upright copy without
/// metadata is stored, as one page. A refused file leaves nothing behind.
enum PrintUpload {
  /// Reads, checks and stores the file of `request` for `accountID`.
  /// - Throws: ``AppError`` 400/413/415/422 beside the field `file`, 408 for a body still
  ///   arriving after the upload's time, 409 at ``PrintLimits/unorderedFiles``.
  static func read(_ request: Request, accountID: Int64, services: AppServices) async throws
    -> PrintFile
  {
    let boundary = try MultipartForm.boundary(contentType: request.headers[.contentType])
    let part = try await Request.withDeadline(
      services.configuration.uploadBodyTimeout,
      late: "the file took too long to arrive: try again on a better connection"
    ) { deadline in
      var reader = MultipartReader(boundary: boundary, admit: admit)
      var parts: [MultipartForm.Part] = []
      try await reader.read(
        request.body, deadline: deadline, maximumBytes: maximumBodyBytes,
        bytesPerSecond: services.configuration.uploadBytesPerExtraSecond
      ) { parts.append($0) }
      guard let part = parts.first else {
        throw AppError.badRequest("send a file", field: "file")
      }
      return part
    }
    guard !part.bytes.isEmpty else {
      throw AppError.badRequest("the file is empty", field: "file")
    }
    let name = Self.name(part.filename)
    if part.bytes.starts(with: Array("%PDF-".utf8)) {
      return try await storePDF(part.bytes, name: name, accountID: accountID, services: services)
    }
    return try await storeImage(part.bytes, name: name, accountID: accountID, services: services)
  }

  /// The largest body: the file and its part's headers.
  static let maximumBodyBytes = PrintLimits.fileBytes + 64 * 1024

  /// At most one part, `file`, of at most ``PrintLimits/fileBytes``.
  private static func admit(_ part: MultipartForm.Part, index: Int) throws(AppError) -> Int {
    guard part.name == "file" else {
      throw AppError.badRequest("unknown field '\(part.name.prefix(40))'")
    }
    guard index == 1 else { throw AppError.badRequest("send one file at a time", field: "file") }
    return PrintLimits.fileBytes
  }

  private static func storePDF(
    _ bytes: [UInt8], name: String, accountID: Int64, services: AppServices
  ) async throws -> PrintFile {
    guard let counter = services.pageCounter else { throw PrintFileError.counterUnavailable }
    let files = services.printFiles
    let (path, sha256) = try await NIOThreadPool.singleton.runIfActive {
      try files.put(bytes, fileExtension: "pdf")
    }
    do {
      guard let url = files.url(of: path) else { throw PrintFileError.damaged }
      let pages = try await counter.pages(of: url)
      guard pages <= PrintLimits.filePages else {
        throw AppError(
          .unprocessableContent,
          "this PDF has \(pages) pages: at most \(PrintLimits.filePages) are printed at once",
          field: "file")
      }
      return try await services.storage.addPrintFile(
        NewPrintFile(
          accountID: accountID, name: name, kind: .pdf, bytes: bytes.count, sha256: sha256,
          pages: pages, path: path),
        now: Date())
    } catch {
      files.remove(path)
      throw error
    }
  }

  private static func storeImage(
    _ bytes: [UInt8], name: String, accountID: Int64, services: AppServices
  ) async throws -> PrintFile {
    let pipeline = services.pipeline
    let processed: ProcessedPhoto
    do {
      processed = try await services.imageWork.run { try pipeline.process(bytes) }
    } catch let error as AppError {
      if error.status == .unsupportedMediaType {
        throw AppError(.unsupportedMediaType, "send a PDF, JPEG, PNG or HEIC file", field: "file")
      }
      throw AppError(error.status, error.message, field: "file")
    }
    let original = processed.original
    let files = services.printFiles
    let (path, sha256) = try await NIOThreadPool.singleton.runIfActive {
      try files.put(original.bytes, fileExtension: original.fileExtension)
    }
    do {
      return try await services.storage.addPrintFile(
        NewPrintFile(
          accountID: accountID, name: name, kind: .image, bytes: original.bytes.count,
          sha256: sha256, pages: 1, path: path),
        now: Date())
    } catch {
      files.remove(path)
      throw error
    }
  }

  /// A file's name as sent, without any folder, control characters or more than 120
  /// characters ("file" when there is none).
  static func name(_ filename: String?) -> String {
    let last = (filename ?? "").split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? ""
    let clean = String(last.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) })
    let trimmed = clean.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? "file" : String(trimmed.prefix(120))
  }

  /// A stored file as a download: its own type, its name for saving, never shown inline.
  static func download(_ data: Data, name: String, kind: PrintFile.Kind) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = kind == .pdf ? "application/pdf" : "image/jpeg"
    let ascii = String(
      name.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" ? Character($0) : "_" })
    let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "file"
    headers[.contentDisposition] = "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    headers[.cacheControl] = "private, no-store"
    return Response(
      status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}
